"""Tournament structure: Swiss round counts, round robin, single elimination and the top cut.

>>> swiss_rounds(40), top_cut_size(40)
(6, 8)
>>> top_cut([10, 20, 30, 40, 50, 60, 70, 80])
[(10, 80), (40, 50), (20, 70), (30, 60)]
>>> round_robin(["a", "b", "c"])
[[('a', None), ('b', 'c')], [('c', 'a'), ('b', None)], [('a', 'b'), ('c', None)]]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .standings import PlayerId, TournamentError

# (most players, Swiss rounds, top cut) after MTR Appendix E; 9-16 uses the "all other formats" row.
SWISS_TABLE: tuple[tuple[int, int, int], ...] = (
    (2, 1, 0),
    (4, 2, 0),
    (8, 3, 0),
    (16, 5, 4),
    (32, 5, 8),
    (64, 6, 8),
    (128, 7, 8),
    (226, 8, 8),
    (409, 9, 8),
    (1024, 10, 8),
)
"""Swiss rounds and top cut by attendance. Appendix E stops at "410+: 10 rounds"; from 1025
players Junling adds a round per doubling (ceil(log2 players)), so 10,000 players play 14."""


class StructureError(TournamentError):
    """A structure asked of too few players, duplicated players, or a bad cut size."""


def _check(players: Sequence[PlayerId], least: int) -> None:
    if len(players) < least:
        raise StructureError(f"needs at least {least} players, got {len(players)}")
    if len(set(players)) != len(players):
        raise StructureError(f"a player appears twice in {list(players)!r}")


def swiss_rounds(players: int) -> int:
    """Recommended Swiss rounds for this many players (table :data:`SWISS_TABLE`).

    >>> [swiss_rounds(n) for n in (8, 9, 33, 226, 227, 410, 1025, 10000)]
    [3, 5, 6, 8, 9, 10, 11, 14]
    """
    if players < 2:
        raise StructureError(f"a Swiss tournament needs at least 2 players, got {players}")
    for most, rounds, _cut in SWISS_TABLE:
        if players <= most:
            return rounds
    return math.ceil(math.log2(players))


def top_cut_size(players: int) -> int:
    """Players in the single-elimination top cut after Swiss: 0, 4 or 8 (table :data:`SWISS_TABLE`).

    >>> [top_cut_size(n) for n in (8, 12, 17, 5000)]
    [0, 4, 8, 8]
    """
    if players < 2:
        raise StructureError(f"a Swiss tournament needs at least 2 players, got {players}")
    for most, _rounds, cut in SWISS_TABLE:
        if players <= most:
            return cut
    return SWISS_TABLE[-1][2]


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two ``size``: 1 meets ``size``,
    and seeds 1 and 2 can only meet in the final.

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    if size < 1 or size & (size - 1):
        raise StructureError(f"a bracket size must be a power of two, got {size}")
    order = [1]
    while len(order) < size:
        n = 2 * len(order) + 1
        order = [x for s in order for x in (s, n - s)]
    return order


def single_elimination(seeds: Sequence[PlayerId]) -> list[tuple[PlayerId, PlayerId | None]]:
    """First-round matches of a single-elimination bracket, ``seeds`` best first.

    The bracket is the next power of two; the missing seeds are byes (``None``), so the
    byes fall to the top seeds. Matches are in bracket order: winners of matches 1 and 2
    meet next, then 3 and 4, and so on (:func:`next_elimination_round`).

    >>> single_elimination(["a", "b", "c", "d", "e", "f"])
    [('a', None), ('d', 'e'), ('b', None), ('c', 'f')]
    """
    _check(seeds, 2)
    size = 1 << (len(seeds) - 1).bit_length()
    order = bracket_order(size)
    matches: list[tuple[PlayerId, PlayerId | None]] = []
    for i in range(0, size, 2):
        hi, lo = order[i], order[i + 1]
        matches.append((seeds[hi - 1], seeds[lo - 1] if lo <= len(seeds) else None))
    return matches


def next_elimination_round(winners: Sequence[PlayerId]) -> list[tuple[PlayerId, PlayerId]]:
    """The next round's matches from the previous round's winners, in bracket order.

    >>> next_elimination_round(["a", "d", "b", "c"])
    [('a', 'd'), ('b', 'c')]
    """
    if len(winners) < 2 or len(winners) % 2:
        raise StructureError(f"an elimination round needs an even number (2 or more) of winners, got {len(winners)}")
    _check(winners, 2)
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def top_cut(ranked: Sequence[PlayerId], size: int | None = None) -> list[tuple[PlayerId, PlayerId | None]]:
    """Quarter-finals (or semi-finals) of the top cut: seeds 1–8, 4–5, 2–7, 3–6 (top 4: 1–4, 2–3).

    ``ranked`` is the final Swiss standings order; ``size`` (4 or 8) defaults to every
    player given if that is 4 or 8.

    >>> top_cut(["a", "b", "c", "d", "e"], 4)
    [('a', 'd'), ('b', 'c')]
    """
    size = len(ranked) if size is None else size
    if size not in (2, 4, 8):
        raise StructureError(f"a top cut has 2, 4 or 8 players, got {size}")
    if len(ranked) < size:
        raise StructureError(f"a top {size} needs {size} ranked players, got {len(ranked)}")
    return single_elimination(list(ranked[:size]))


def round_robin(players: Sequence[PlayerId]) -> list[list[tuple[PlayerId | None, PlayerId | None]]]:
    """Every round of a round robin by the circle method; ``None`` marks the bye when the count is odd.

    Player 1 stays put, the others rotate one place each round; everyone meets everyone
    exactly once in n-1 rounds (n rounded up to even). The fixed player alternates between
    first and second seat; a bye is always written ``(player, None)``.

    >>> [len(r) for r in round_robin(list(range(6)))]
    [3, 3, 3, 3, 3]
    """
    _check(players, 2)
    slots: list[PlayerId | None] = list(players)
    if len(slots) % 2:
        slots.append(None)
    n = len(slots)
    fixed, ring = slots[0], slots[1:]
    rounds: list[list[tuple[PlayerId | None, PlayerId | None]]] = []
    for r in range(n - 1):
        row = [fixed, *ring]
        first = (fixed, row[n - 1]) if r % 2 == 0 else (row[n - 1], fixed)
        matches = [first] + [(row[i], row[n - 1 - i]) for i in range(1, n // 2)]
        rounds.append([(b, a) if a is None else (a, b) for a, b in matches])
        ring = ring[-1:] + ring[:-1]
    return rounds
