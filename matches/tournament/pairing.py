"""Swiss pairings and the hand-pairing check.

:func:`pair_swiss` pairs the next round from the current standings::

    >>> from matches.tournament.standings import compute_standings, MatchResult
    >>> players = ["ann", "bo", "cy", "di", "ed"]
    >>> r1 = pair_swiss(compute_standings(players, []), round_number=1)
    >>> [(p.player, p.opponent) for p in r1.pairings]
    [('ann', 'cy'), ('bo', 'di'), ('ed', None)]

Rules (``docs/tournaments.md`` has the whole story):

* players are paired within their point group, the top half against the bottom half,
  in standings order; no rematches, ever;
* an odd point group sends its lowest-ranked player down to the next group (a pair-down),
  and no more pair-downs are made than the rematch rule forces;
* with an odd number of active players the bye goes to the lowest-ranked player who has
  not had one and whose bye still leaves a legal pairing; only when nobody without a bye
  can take it does a player get a second bye, and :attr:`SwissRound.notes` says so;
* dropped players are never paired;
* if no pairing without a rematch exists, :class:`NoLegalPairingError` is raised: nothing
  is ever paired against the rules silently.

The pairing works point group by point group (greedy with swap repair, exact maximum-weight
matching with networkx only on small groups and on the few players the greedy pass leaves),
so 10,000 players pair in well under a second (``bench/bench_tournament.py``).
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from heapq import heappop, heappush
from itertools import compress, count
from operator import attrgetter, contains, gt, itemgetter, ne, not_, sub
from typing import Any, NamedTuple

import networkx as nx

from .standings import PlayerId, Standing, TournamentError, collector_paused

SMALL_GROUP = 12
"""A point group this size or smaller is paired exactly (networkx), together with its neighbours."""
EXACT_REGION = 32
"""Consecutive small point groups are merged into one exactly paired region of up to this many players,
so that pair-downs between them are chosen globally (networkx is cubic: 32 players take ~30 ms)."""


GLOBAL_EXACT = 64
"""A field this small whose players have met a quarter of it on average is paired in one exact
matching: block by block can then miss the fewest pair-downs (~0.25 s at 64 players)."""
IMPROVE_WINDOW = 32
"""Players (consecutive in rank) re-paired together when a boundary is crossed more than needed."""
IMPROVE_SOLVES = 6
"""At most this many exact window solves per round, so a pathological round stays fast."""


class NoLegalPairingError(TournamentError):
    """No pairing of the active players avoids every rematch (and a second bye, if it came to that)."""


class Pairing(NamedTuple):
    """One table of a round; ``opponent`` is None for the bye.

    A named tuple rather than a frozen dataclass: 50,000 of them are built for 100,000 players.
    """

    table: int
    player: PlayerId
    opponent: PlayerId | None


@dataclass(frozen=True)
class SwissRound:
    """A round's pairings and how far they had to bend.

    ``pair_downs`` counts matches between players on different points; ``crossings``
    counts, for those matches, every point-group boundary between the two players (a
    6-point player against a 0-point player across a 3-point group is 2 crossings);
    ``required_crossings`` is the least any pairing could have: one for every boundary
    with an odd number of paired players above it. ``notes`` lists every relaxation made.
    """

    round: int
    pairings: tuple[Pairing, ...]
    pair_downs: int
    crossings: int
    required_crossings: int
    notes: tuple[str, ...] = ()

    @property
    def bye(self) -> PlayerId | None:
        """The player with the bye this round, if any."""
        for p in self.pairings:
            if p.opponent is None:
                return p.player
        return None


# --- internals: players are positions 0..m-1 in standings order ------------------------------------------


class _Pairer:
    """Pairs positions 0..m-1; ``group`` (non-decreasing) is each one's point group, ``ids`` its player
    and ``opp`` the players it has met (the standings' tuples as they are: a tuple of a dozen ids is
    searched about as fast as a set, and converting 100,000 of them cost more than the pairing)."""

    def __init__(
        self,
        group: list[int],
        ids: Sequence[PlayerId],
        opp: Sequence[tuple[PlayerId, ...]],
        due: Sequence[int] | None = None,
    ) -> None:
        self.group = group
        self.ids = ids
        self.opp = opp
        self.due = due
        n = len(group)
        # With sides (issue 26): a side clash (both players due the same side) weighs more than any table's
        # shape; a pair-down more than every clash and shape together; a crossing more than all of those:
        # the sides never cost a crossing or a pair-down.
        self.side_weight = 2 * n + 1
        self.down_weight = (n // 2 + 1) * (self.side_weight + 2 * n) + 1 if due is not None else 0
        self.cross_weight = (n + 1) * (n + 1)
        if due is not None:
            self.cross_weight = (n // 2 + 1) * (self.down_weight + self.side_weight + 2 * n) + 1
        self.big = self.cross_weight * ((group[-1] if group else 0) + 3)
        self.start: dict[int, int] = {}
        self.size: dict[int, int] = {}
        k = group[0] if group else 0
        while group and k <= group[-1]:  # groups are dense and sorted: two bisections per group
            lo, hi = bisect_left(group, k), bisect_right(group, k)
            if hi > lo:
                self.start[k], self.size[k] = lo, hi - lo
            k += 1

    def exact(
        self, players: list[int], float_from_group: int | None, half: int | None = None
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """Max-cardinality, min-penalty matching of ``players``; returns pairs and the unmatched.

        With ``float_from_group`` set and an odd count, one player may be left to float down;
        a dummy vertex makes the lowest-ranked member the preferred one.
        """
        g = self.group
        graph = nx.Graph()
        graph.add_nodes_from(players)
        starts, sizes = self.start, self.size
        ids, opp, due = self.ids, self.opp, self.due
        for i, a in enumerate(players):
            met = opp[a]
            for b in players[i + 1 :]:
                if ids[b] in met:
                    continue
                lo, hi = (a, b) if a < b else (b, a)
                cross = g[hi] - g[lo]
                # Within a group prefer the top half against the bottom half; a pair-down
                # prefers the bottom of the upper group against the top of the lower group.
                if cross == 0:
                    shape = abs((hi - lo) - (sizes[g[hi]] // 2 if half is None else half))
                else:
                    shape = (hi - starts[g[hi]]) + (starts[g[lo]] + sizes[g[lo]] - 1 - lo)
                if due is not None:
                    shape += self.down_weight * (cross > 0) + self.side_weight * (due[a] != 0 and due[a] == due[b])
                graph.add_edge(a, b, weight=self.big - cross * self.cross_weight - shape)
        if float_from_group is not None and len(players) % 2 == 1:
            for a in players:
                future = float_from_group + 1 - g[a]
                graph.add_edge(a, -1, weight=self.big - future * self.cross_weight - (len(self.group) - a))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        pairs = []
        matched = set()
        for a, b in matching:
            if a == -1 or b == -1:
                continue
            pairs.append((a, b) if a < b else (b, a))
            matched.add(a)
            matched.add(b)
        return pairs, sorted(p for p in players if p not in matched)

    def greedy(self, floaters: list[int], members: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
        ids, opp = self.ids, self.opp
        used: set[int] = set()
        pairs: list[tuple[int, int]] = []
        down: list[int] = []
        for f in floaters:
            for m in members:
                if m not in used and ids[m] not in opp[f]:
                    used.add(m)
                    pairs.append((f, m))
                    break
            else:
                down.append(f)
        rest = [m for m in members if m not in used]
        if len(rest) % 2 == 1:
            down.append(rest.pop())
        h = len(rest) // 2
        top, bottom = rest[:h], rest[h:]
        unresolved: list[int] = []
        # Tables top to bottom: a rematch swaps its bottom player with the nearest table that takes it.
        # Only the tables that clash are visited (found in C); a swap with a later table looks at it again.
        todo = list(compress(range(h), map(contains, map(opp.__getitem__, top), map(ids.__getitem__, bottom))))
        seen = -1
        while todo:
            i = heappop(todo)
            if i <= seen:
                continue
            seen = i
            t = top[i]
            if ids[bottom[i]] not in opp[t]:
                continue
            for j in (*range(i + 1, h), *range(i - 1, -1, -1)):
                if ids[bottom[j]] not in opp[t] and ids[bottom[i]] not in opp[top[j]]:
                    bottom[i], bottom[j] = bottom[j], bottom[i]
                    if j > i:
                        heappush(todo, j)
                    break
            else:
                unresolved.append(i)
        if unresolved:
            # Re-pair the stuck tables together with their neighbours exactly.
            bad = set(unresolved)
            near: set[int] = set(bad)
            for i in unresolved:
                near.update(range(max(0, i - 4), min(h, i + 5)))
            window = sorted([top[i] for i in near] + [bottom[i] for i in near])
            for i in range(h):
                if i not in near:
                    pairs.append((top[i], bottom[i]))
            fixed, left = self.exact(window, None, half=h)
            pairs.extend(fixed)
            down.extend(left)
        else:
            pairs.extend(zip(top, bottom))
        return pairs, sorted(down)

    def pair(self) -> list[tuple[int, int]] | None:
        g = self.group
        m = len(g)
        if m == 0:
            return []
        if m <= GLOBAL_EXACT and 4 * self._meetings() >= m * m:
            # A small field that has met a quarter of itself: pair it all at once, exactly.
            found, left = self.exact(list(range(m)), None)
            return None if left else found
        bounds = [0, *compress(range(1, m), map(ne, g[1:], g)), m]
        # Blocks: a large point group alone (greedy), or a run of small groups (exact).
        blocks: list[tuple[bool, list[int]]] = []
        run: list[int] = []
        for k in range(len(bounds) - 1):
            members = list(range(bounds[k], bounds[k + 1]))
            if len(members) > SMALL_GROUP:
                if run:
                    blocks.append((True, run))
                    run = []
                blocks.append((False, members))
                continue
            if run and len(run) + len(members) > EXACT_REGION:
                blocks.append((True, run))
                run = []
            run.extend(members)
        if run:
            blocks.append((True, run))
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        for n_block, (exact, members) in enumerate(blocks):
            last = n_block == len(blocks) - 1
            if exact:
                found, floaters = self.exact(floaters + members, None if last else g[members[-1]])
            else:
                found, floaters = self.greedy(floaters, members)
            pairs.extend(found)
        if floaters:
            repaired = self._repair_bottom(pairs, floaters)
            if repaired is None:
                return None
            pairs = repaired
        return self._improve(pairs)

    def _meetings(self) -> int:
        """Matches each player has played against the others here (dropped opponents left out)."""
        here = set(self.ids)
        return sum(len(here.intersection(met)) for met in self.opp)

    def _improve(self, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Local search across block borders: around every point-group boundary crossed more often
        than its parity needs, re-pair exactly the players of a window of ranks whose opponents are in
        the window too, and keep the result when it crosses fewer boundaries."""
        g = self.group
        m = len(g)
        # With dense group numbers, boundary k (between groups k-1 and k) starts at starts[k - 1].
        starts = [self.start[k] for k in sorted(self.start)][1:]
        # Only the few pairs across a boundary are counted; the partner table is built once needed.
        cross = {min(a, b): max(a, b) for a, b in pairs if g[a] != g[b]}
        partner: list[int] = []
        solves = 0
        improved = True
        while improved and solves < IMPROVE_SOLVES:
            improved = False
            crossing = dict.fromkeys(starts, 0)
            for a, b in cross.items():
                for k in range(g[a] + 1, g[b] + 1):
                    crossing[starts[k - 1]] += 1
            for pos in starts:
                if crossing[pos] <= pos % 2 or solves >= IMPROVE_SOLVES:
                    continue
                if not partner:
                    partner = [0] * m
                    for a, b in pairs:
                        partner[a], partner[b] = b, a
                lo, hi = max(0, pos - IMPROVE_WINDOW // 2), min(m, pos + IMPROVE_WINDOW // 2)
                window = [p for p in range(lo, hi) if lo <= partner[p] < hi]
                if len(window) < 4:
                    continue
                before = sum(g[partner[p]] - g[p] for p in window if p < partner[p])
                solves += 1
                found, left = self.exact(window, None)
                if left or sum(g[b] - g[a] for a, b in found) >= before:
                    continue
                for p in window:
                    cross.pop(p, None)
                for a, b in found:
                    partner[a], partner[b] = b, a
                    if g[a] != g[b]:
                        cross[a] = b
                improved = True
                break
        if not partner:
            return pairs
        return [(a, partner[a]) for a in range(m) if a < partner[a]]

    def _repair_bottom(self, pairs: list[tuple[int, int]], left: list[int]) -> list[tuple[int, int]] | None:
        """Re-pair the unpaired players with ever more of the lowest-ranked tables, exactly."""
        pairs = sorted(pairs, key=lambda p: max(p))
        k = max(4, 2 * len(left))
        while True:
            k = min(k, len(pairs))
            keep, redo = pairs[: len(pairs) - k], pairs[len(pairs) - k :]
            window = sorted(left + [x for p in redo for x in p])
            found, unmatched = self.exact(window, None)
            if not unmatched:
                return keep + found
            if k == len(pairs):
                return None
            k *= 2


def _dense(groups: list[int]) -> list[int]:
    """Renumber point groups 0, 1, 2, ... without gaps (a group may vanish with the bye player);
    -1 marks a player left out and stays -1."""
    levels = {k: i for i, k in enumerate(sorted({k for k in groups if k >= 0}))}
    return [levels[k] if k >= 0 else -1 for k in groups]


def _required(group: list[int]) -> int:
    """Boundaries with an odd number of players above them (``group`` is sorted): two bisections each."""
    return sum(1 for k in set(group) if bisect_left(group, k) % 2 == 1)


_dropped_of = attrgetter("dropped")
_player_of = attrgetter("player")
_opponents_of = attrgetter("opponents")
_points_of = attrgetter("points")
_first = itemgetter(0)
_second = itemgetter(1)
_make_pairing = partial(tuple.__new__, Pairing)


def pair_swiss(
    standings: Sequence[Standing], round_number: int, *, due: Mapping[PlayerId, int] | None = None
) -> SwissRound:
    """Pair round ``round_number`` of a Swiss tournament from the current standings.

    ``due`` (a two-sided game, issue 26): each player's due side, +1 or −1 (0: either). Wherever the
    pairing is exact (small point groups, regions, windows), two players due the same side cost more
    than any table's shape but less than a crossing: no extra pair-down or crossing is ever made for
    sides, and the bye and the rematch rule are as without them.

    ``standings`` must be in rank order (as :func:`compute_standings` returns them); dropped
    players are left out, late entrants simply appear with their points. Raises
    :class:`NoLegalPairingError` when no pairing without a rematch exists.

    >>> from matches.tournament.standings import compute_standings, MatchResult
    >>> s = compute_standings([1, 2, 3, 4], [MatchResult(1, 1, 3, 2, 0), MatchResult(1, 2, 4, 2, 1)])
    >>> [(p.player, p.opponent) for p in pair_swiss(s, 2).pairings]
    [(1, 2), (4, 3)]

    Player 4 lost 1–2, player 3 lost 0–2: same points, so the game-win % puts 4 above 3.
    """
    with collector_paused():  # hundreds of thousands of small tuples, no cycle: see collector_paused
        return _pair_swiss(standings, round_number, due)


def _pair_swiss(
    standings: Sequence[Standing], round_number: int, due_of: Mapping[PlayerId, int] | None = None
) -> SwissRound:
    active = list(compress(standings, map(not_, map(_dropped_of, standings))))
    n = len(active)
    ids = list(map(_player_of, active))
    due = None if due_of is None else [due_of.get(p, 0) for p in ids]
    opp = list(map(_opponents_of, active))
    points = list(map(_points_of, active))
    group_of_points = {p: i for i, p in enumerate(sorted(set(points), reverse=True))}
    groups = list(map(group_of_points.__getitem__, points))
    if any(map(gt, groups, groups[1:])):
        raise TournamentError("standings must be in rank order (points never increasing)")
    notes: list[str] = []
    without_bye = groups

    def attempt(excluded: int | None) -> list[tuple[int, int]] | None:
        nonlocal without_bye
        if excluded is None:
            return _Pairer(groups, ids, opp, due).pair()
        e = excluded
        sub_groups = groups[:e] + groups[e + 1 :]
        if groups.count(groups[e]) == 1:
            sub_groups = _dense(sub_groups)  # the bye empties its point group
        sub_due = None if due is None else due[:e] + due[e + 1 :]
        found = _Pairer(sub_groups, ids[:e] + ids[e + 1 :], opp[:e] + opp[e + 1 :], sub_due).pair()
        if found is None:
            return None
        without_bye = sub_groups
        return [(a + (a >= e), b + (b >= e)) for a, b in found]

    bye: int | None = None
    result: list[tuple[int, int]] | None
    if n % 2 == 0:
        result = attempt(None)
        if result is None:
            raise NoLegalPairingError(f"round {round_number}: no pairing of the {n} players avoids a rematch")
    else:
        byes = [s.byes for s in active]
        fresh = [i for i in range(n - 1, -1, -1) if not byes[i]]
        again = [i for i in range(n - 1, -1, -1) if byes[i]]
        result = None
        for candidate in fresh + again:
            result = attempt(candidate)
            if result is not None:
                bye = candidate
                break
        if result is None or bye is None:
            raise NoLegalPairingError(
                f"round {round_number}: no pairing of the {n} players avoids a rematch, whoever has the bye"
            )
        if byes[bye] > 0:
            notes.append(
                f"round {round_number}: {ids[bye]!r} gets a second bye: every player without a bye"
                " would leave a rematch"
            )
        skipped = [ids[i] for i in fresh if i > bye]
        if skipped:
            notes.append(
                f"round {round_number}: the bye goes to {ids[bye]!r}, not to lower-ranked {skipped!r}:"
                " their bye would leave a rematch"
            )

    # Tables in rank order of their higher-ranked player; every step below runs in C (map, zip, sort).
    result = [(a, b) if a < b else (b, a) for a, b in result]
    result.sort(key=_first)
    high = list(map(_first, result))
    low = list(map(_second, result))
    dense = list(without_bye)
    if bye is not None:
        dense.insert(bye, -1)
    apart = list(map(sub, map(dense.__getitem__, low), map(dense.__getitem__, high)))
    downs, crossings = len(apart) - apart.count(0), sum(apart)
    pairings = list(map(_make_pairing, zip(count(1), map(ids.__getitem__, high), map(ids.__getitem__, low))))
    if bye is not None:
        pairings.append(Pairing(len(pairings) + 1, ids[bye], None))
    return SwissRound(
        round=round_number,
        pairings=tuple(pairings),
        pair_downs=downs,
        crossings=crossings,
        required_crossings=_required(without_bye),
        notes=tuple(notes),
    )


# --- hand pairing check -------------------------------------------------------------------------------------


class PairingProblem(enum.Enum):
    """What a proposed pairing breaks."""

    REMATCH = "rematch"
    """The two players have already played each other."""
    UNEQUAL_POINTS = "unequal-points"
    """Players on different points meet beyond the pair-downs an odd point group needs."""
    SECOND_BYE = "second-bye"
    """The bye goes to a player who has had one while an active player without one exists."""
    EXTRA_BYE = "extra-bye"
    """More than one bye, or a bye although the active players are even in number."""
    DROPPED_PLAYER = "dropped-player"
    """A dropped player is paired."""
    PAIRED_TWICE = "paired-twice"
    """A player appears at more than one table (or against themself)."""
    MISSING = "missing"
    """An active player is in no table."""
    UNKNOWN_PLAYER = "unknown-player"
    """A player in the pairing is not in the standings."""
    TABLE_SIZE = "table-size"
    """A pod (a multi-player table) seats fewer or more players than the game allows."""


def N_(text: str) -> str:
    """Marks a template for ``makemessages`` (``--keyword=N_``); the site translates it when it shows it."""
    return text


WARNING_TEXT = {
    "pairing.self": N_("table %(table)s: %(a)s is paired against themself"),
    "pairing.unknown": N_("table %(table)s: %(a)s is not in the standings"),
    "pairing.paired_twice": N_("table %(table)s: %(a)s is already paired at table %(other)s"),
    "pairing.dropped": N_("table %(table)s: %(a)s has dropped"),
    "pairing.rematch": N_("table %(table)s: %(a)s and %(b)s have already played"),
    "pairing.missing": N_("%(a)s is active but in no table"),
    "pairing.table_size": N_("table %(table)s: %(n)s players, but the game seats %(low)s to %(high)s"),
    "pairing.extra_bye": N_("table %(table)s: a bye for %(a)s is one bye too many"),
    "pairing.second_bye": N_("table %(table)s: %(a)s already had a bye while %(count)s active players have not"),
    "pairing.unequal_points": N_(
        "table %(table)s: %(a)s on %(a_points)s points against %(b)s on %(b_points)s "
        "is a pair-down no odd point group needs"
    ),
}
"""What each warning says (``a`` and ``b`` are players: the site puts their names in)."""
PLAYER_PARAMS = ("a", "b")


@dataclass(frozen=True)
class PairingWarning:
    """One broken rule in a hand-made pairing: ``code`` (a key of WARNING_TEXT) and its ``params``."""

    problem: PairingProblem
    table: int | None
    players: tuple[PlayerId, ...]
    code: str
    params: dict[str, Any]
    text: str | None = None
    """The warning as the site says it (the reader's language, players by name), once it is set."""

    @property
    def message(self) -> str:
        """The warning: ``text`` if set, else in English with players by id."""
        if self.text is not None:
            return self.text
        params = {k: repr(v) if k in PLAYER_PARAMS else v for k, v in self.params.items()}
        return WARNING_TEXT[self.code] % params


def check_pairing(
    standings: Sequence[Standing], proposed: Sequence[tuple[PlayerId, PlayerId | None]]
) -> list[PairingWarning]:
    """Every rule a proposed round breaks, table by table (tables number from 1).

    ``proposed`` lists ``(player, opponent)``, opponent None for a bye. An empty list means
    the pairing is clean.

    >>> from matches.tournament.standings import compute_standings, MatchResult
    >>> s = compute_standings([1, 2, 3, 4], [MatchResult(1, 1, 2, 2, 0), MatchResult(1, 3, 4, 2, 0)])
    >>> [w.problem.value for w in check_pairing(s, [(1, 2), (3, 4)])]
    ['rematch', 'rematch', 'unequal-points', 'unequal-points']
    """
    by_id = {s.player: s for s in standings}
    warnings: list[PairingWarning] = []
    seen: dict[PlayerId, int] = {}
    byes: list[tuple[int, PlayerId]] = []
    active = [s for s in standings if not s.dropped]
    points_order = sorted({s.points for s in active}, reverse=True)

    def warn(
        problem: PairingProblem, table: int | None, players: tuple[PlayerId, ...], code: str, **params: Any
    ) -> None:
        warnings.append(PairingWarning(problem, table, players, code, {"table": table, **params}))

    matches: list[tuple[int, Standing, Standing]] = []
    for table, (a, b) in enumerate(proposed, start=1):
        row = [a] if b is None else [a, b]
        if b is not None and a == b:
            warn(PairingProblem.PAIRED_TWICE, table, (a,), "pairing.self", a=a)
        known = True
        for p in row:
            if p not in by_id:
                warn(PairingProblem.UNKNOWN_PLAYER, table, (p,), "pairing.unknown", a=p)
                known = False
                continue
            if p in seen and not (b is not None and a == b):
                warn(PairingProblem.PAIRED_TWICE, table, (p,), "pairing.paired_twice", a=p, other=seen[p])
            seen.setdefault(p, table)
            if by_id[p].dropped:
                warn(PairingProblem.DROPPED_PLAYER, table, (p,), "pairing.dropped", a=p)
        if not known:
            continue
        if b is None:
            byes.append((table, a))
        elif a != b:
            sa, sb = by_id[a], by_id[b]
            if b in sa.opponents:
                warn(PairingProblem.REMATCH, table, (a, b), "pairing.rematch", a=a, b=b)
            if sa.points != sb.points:
                matches.append((table, sa, sb))

    for s in active:
        if s.player not in seen:
            warn(PairingProblem.MISSING, None, (s.player,), "pairing.missing", a=s.player)

    if len(byes) > 1 or (byes and len(active) % 2 == 0):
        for table, p in byes[1:] if len(active) % 2 else byes:
            warn(PairingProblem.EXTRA_BYE, table, (p,), "pairing.extra_bye", a=p)
    if byes:
        table, p = byes[0]
        if p in by_id and by_id[p].byes > 0:
            without = [s.player for s in active if s.byes == 0]
            if without:
                warn(PairingProblem.SECOND_BYE, table, (p,), "pairing.second_bye", a=p, count=len(without))

    # Pair-downs: a boundary between point groups may be crossed only if an odd number of paired
    # players sits above it, and then once.
    bye_players = {p for _, p in byes}
    paired_points = sorted((s.points for s in active if s.player not in bye_players), reverse=True)
    allowance = {}
    for k in range(1, len(points_order)):
        above = sum(1 for x in paired_points if x >= points_order[k - 1])
        allowance[k] = above % 2
    group = {pts: i for i, pts in enumerate(points_order)}
    for table, sa, sb in matches:
        hi, lo = sorted((group[sa.points], group[sb.points]))
        over = [k for k in range(hi + 1, lo + 1) if allowance.get(k, 0) <= 0]
        for k in range(hi + 1, lo + 1):
            allowance[k] = allowance.get(k, 0) - 1
        if over:
            warn(
                PairingProblem.UNEQUAL_POINTS,
                table,
                (sa.player, sb.player),
                "pairing.unequal_points",
                a=sa.player,
                a_points=sa.points,
                b=sb.player,
                b_points=sb.points,
            )
    return warnings
