"""Two-player wargame events (issue 15, 文禄朝鲜之役): victory-point results, sides balanced across rounds,
an optional sealed bid for sides, and standings by points and VP margin.

Nothing here imports Django; ``docs/tournaments.md`` ("Wargame events") documents every rule with a
worked example. Rounds are paired by :func:`matches.tournament.pair_swiss` (it reads ``player``,
``points``, ``opponents``, ``byes`` and ``dropped`` of each line, which :class:`WargameStanding` has)::

    >>> r = [VpResult(1, "ann", "bo", 14, 9, "japan"), VpResult(1, "cy", "di", 6, 6, "allies")]
    >>> [(s.rank, s.player, s.points, s.margin) for s in compute_vp_standings(["ann", "bo", "cy", "di"], r)]
    [(1, 'ann', 3, 5), (2, 'cy', 1, 0), (3, 'di', 1, 0), (4, 'bo', 0, -5)]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import networkx as nx

from .standings import (
    DRAW_POINTS,
    LOSS_POINTS,
    PERCENTAGE_FLOOR,
    TIE_SCALE,
    WIN_POINTS,
    PlayerId,
    ResultError,
)

MARGIN_CAP = 10
"""A game's margin counts at most ±10 VP in the standings, so one rout does not outweigh a win."""


@dataclass(frozen=True, slots=True)
class VpResult:
    """One played wargame: each player's victory points, the side ``player`` played, and the VP each gave
    up by winning the bid for his side (0 without a bid; at most one of the two bids is paid)."""

    round: int
    player: PlayerId
    opponent: PlayerId
    player_vp: int
    opponent_vp: int
    player_side: str
    player_bid: int = 0
    opponent_bid: int = 0

    def margin(self) -> int:
        """The player's margin after the bid: (his VP − his bid) − (the opponent's VP − the opponent's bid)."""
        return (self.player_vp - self.player_bid) - (self.opponent_vp - self.opponent_bid)


@dataclass(frozen=True, slots=True)
class VpBye:
    """A round without an opponent (an odd field): a win with margin 0 and no side."""

    round: int
    player: PlayerId


class WargameStanding(NamedTuple):
    """One player's line: points from won/drawn/lost games, capped VP margin, opponents' match-win %."""

    rank: int
    player: PlayerId
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    rounds: int
    margin: int
    """The sum of the games' margins, each capped at ±MARGIN_CAP."""
    vp: int
    """Victory points scored (after bids): the last tiebreaker before registration."""
    match_win_pct: float
    opp_match_win_pct: float
    sides: tuple[tuple[str, int], ...]
    """How often the player has played each side, e.g. (("allies", 1), ("japan", 2))."""
    last_side: str
    opponents: tuple[PlayerId, ...]
    dropped: bool
    registration: int

    def record(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"


def compute_vp_standings(
    players: Sequence[PlayerId],
    results: Iterable[VpResult | VpBye],
    dropped: Collection[PlayerId] = (),
    *,
    sides: tuple[str, str] = ("japan", "allies"),
    cap: int = MARGIN_CAP,
) -> list[WargameStanding]:
    """Ranked: points (win 3, draw 1, loss 0 by the sign of the margin after bids), then capped margin,
    then opponents' match-win % (MTR style, floored at 0.33), then VP scored, then registration order."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    pts, wins, draws, losses, byes, rounds, margin, vp = ([0] * n for _ in range(8))
    played: list[dict[str, int]] = [{} for _ in players]
    last: list[tuple[int, str]] = [(0, "")] * n
    opponents: list[list[PlayerId]] = [[] for _ in players]
    seen: set[tuple[int, PlayerId]] = set()
    for r in results:
        if r.round < 1:
            raise ResultError(f"round {r.round}: rounds start at 1")
        entries: list[tuple[PlayerId, PlayerId | None, int, int]]
        if isinstance(r, VpBye):
            entries = [(r.player, None, 0, 0)]
        else:
            if r.player == r.opponent:
                raise ResultError(f"round {r.round}: {r.player!r} cannot play himself")
            if min(r.player_vp, r.opponent_vp, r.player_bid, r.opponent_bid) < 0:
                raise ResultError(f"round {r.round}: victory points and bids are never negative")
            entries = [
                (r.player, r.opponent, r.margin(), r.player_vp - r.player_bid),
                (r.opponent, r.player, -r.margin(), r.opponent_vp - r.opponent_bid),
            ]
        for player, opponent, m, scored in entries:
            if player not in index or (opponent is not None and opponent not in index):
                raise ResultError(f"round {r.round}: {player!r} or {opponent!r} is not registered")
            if (r.round, player) in seen:
                raise ResultError(f"round {r.round}: {player!r} has two results")
            seen.add((r.round, player))
            i = index[player]
            rounds[i] += 1
            if opponent is None:
                byes[i] += 1
                wins[i] += 1
                pts[i] += WIN_POINTS
                continue
            opponents[i].append(opponent)
            margin[i] += max(-cap, min(cap, m))
            vp[i] += scored
            if m > 0:
                wins[i], pts[i] = wins[i] + 1, pts[i] + WIN_POINTS
            elif m == 0:
                draws[i], pts[i] = draws[i] + 1, pts[i] + DRAW_POINTS
            else:
                losses[i], pts[i] = losses[i] + 1, pts[i] + LOSS_POINTS
        if isinstance(r, VpResult):
            other = _other_side(r.player_side, sides)
            for player, side in ((r.player, r.player_side), (r.opponent, other)):
                i = index[player]
                played[i][side] = played[i].get(side, 0) + 1
                if r.round >= last[i][0]:
                    last[i] = (r.round, side)
    mwp = [max(PERCENTAGE_FLOOR, pts[i] / (WIN_POINTS * r)) if r else PERCENTAGE_FLOOR for i, r in enumerate(rounds)]
    omwp = [
        sum(mwp[index[q]] for q in opponents[i]) / len(opponents[i]) if opponents[i] else PERCENTAGE_FLOOR
        for i in range(n)
    ]
    gone = set(dropped)
    order = sorted(range(n), key=lambda i: (-pts[i], -margin[i], -round(omwp[i] * TIE_SCALE), -vp[i], i))
    return [
        WargameStanding(
            rank,
            players[i],
            pts[i],
            wins[i],
            draws[i],
            losses[i],
            byes[i],
            rounds[i],
            margin[i],
            vp[i],
            mwp[i],
            omwp[i],
            tuple(sorted(played[i].items())),
            last[i][1],
            tuple(opponents[i]),
            players[i] in gone,
            i,
        )
        for rank, i in enumerate(order, start=1)
    ]


def _other_side(side: str, sides: tuple[str, str]) -> str:
    if side not in sides:
        raise ResultError(f"side {side!r} is not one of {sides}")
    return sides[1] if side == sides[0] else sides[0]


def side_balance(standing: WargameStanding, sides: tuple[str, str]) -> int:
    """Games on the first side minus games on the second (positive: due the second side)."""
    counts = dict(standing.sides)
    return counts.get(sides[0], 0) - counts.get(sides[1], 0)


def assign_side(a: WargameStanding, b: WargameStanding, sides: tuple[str, str], *, coin: bool = False) -> str:
    """The side ``a`` plays against ``b``, balancing each player's sides across rounds (after the FIDE
    colour-allocation rules, FIDE Handbook C.04.3, with sides for colours):

    1. a player who has played one side more often gets the other; if both are due the same side, the
       one further out of balance gets it;
    2. equally out of balance: the player who played that side less recently gets it (each player
       alternates from his last game);
    3. still equal (round 1, or identical histories): the higher-ranked player (``a``, paired first)
       gets the first side, or the second if the round's seeded ``coin`` says so.

    >>> s = compute_vp_standings(["ann", "bo"], [VpResult(1, "ann", "bo", 9, 3, "japan")])
    >>> assign_side(s[0], s[1], ("japan", "allies"))
    'allies'
    """
    ba, bb = side_balance(a, sides), side_balance(b, sides)
    if ba != bb:
        # The one further from balance (in either direction) gets the side he is due; the other the rest.
        if abs(ba) >= abs(bb):
            return sides[1] if ba > 0 else sides[0]
        return sides[0] if bb > 0 else sides[1]
    if a.last_side != b.last_side:
        if a.last_side:
            return _other_side(a.last_side, sides)
        return b.last_side
    return sides[1] if coin else sides[0]


@dataclass(frozen=True, slots=True)
class Bid:
    """A player's sealed bid: the side he wants and the VP he will give up to get it (0: no bid)."""

    side: str
    vp: int = 0


def resolve_bid(a: Bid, b: Bid, due_a: str, sides: tuple[str, str]) -> tuple[str, int, int]:
    """The sides after a sealed bid: ``(side of a, VP a gives up, VP b gives up)``.

    Different wishes: each plays the side he asked for and nobody gives anything. The same wish: the
    higher bid gets that side and gives up his bid; equal bids go to the player the balance rule made
    due that side (``due_a`` is the side :func:`assign_side` gave ``a``), who gives up his bid.

    >>> resolve_bid(Bid("japan", 3), Bid("japan", 5), "japan", ("japan", "allies"))
    ('allies', 0, 5)
    >>> resolve_bid(Bid("japan", 2), Bid("allies", 0), "allies", ("japan", "allies"))
    ('japan', 0, 0)
    """
    for bid in (a, b):
        if bid.side not in sides or bid.vp < 0:
            raise ResultError(f"a bid names one of {sides} and gives up 0 VP or more, not {bid}")
    if a.side != b.side:
        return a.side, 0, 0
    wanted = a.side
    if a.vp > b.vp or (a.vp == b.vp and due_a == wanted):
        return wanted, a.vp, 0
    return _other_side(wanted, sides), 0, b.vp


def sides_of_round(
    pairs: Sequence[tuple[PlayerId, PlayerId | None]],
    standings: Mapping[PlayerId, WargameStanding],
    sides: tuple[str, str],
    *,
    coins: Sequence[bool] = (),
) -> list[str]:
    """The side of each table's first player (``""`` for a bye), by :func:`assign_side`."""
    out = []
    for k, (a, b) in enumerate(pairs):
        if b is None:
            out.append("")
            continue
        out.append(assign_side(standings[a], standings[b], sides, coin=coins[k] if k < len(coins) else False))
    return out


def _due(standing: WargameStanding, sides: tuple[str, str]) -> int:
    """+1: due the second side; −1: due the first; 0: either."""
    balance = side_balance(standing, sides)
    return (balance > 0) - (balance < 0)


def due_sides(standings: Iterable[WargameStanding], sides: tuple[str, str]) -> dict[PlayerId, int]:
    """Each player's due side for :func:`matches.tournament.pair_swiss` (``due``): +1 the second side,
    −1 the first, 0 either (issue 26: the sides are part of the matching's cost)."""
    return {s.player: _due(s, sides) for s in standings}


def balance_side_pairs(
    pairs: Sequence[tuple[PlayerId, PlayerId | None]],
    standings: Mapping[PlayerId, WargameStanding],
    sides: tuple[str, str],
) -> list[tuple[PlayerId, PlayerId | None]]:
    """The Swiss pairs with opponents swapped between tables where that lets both tables give each player
    the side he is due (as the FIDE Dutch system transposes for colours): only where each player's new
    opponent is on the points of his old one and they have not met, so points, pair-downs, crossings and
    rematches are as paired (a pair-down table swaps its lower player with one on his points). A table
    whose players are due the same side looks for the nearest such table.

    >>> r = [VpResult(1, "a", "w", 1, 0, "japan"), VpResult(1, "b", "x", 1, 0, "japan"),
    ...      VpResult(1, "c", "y", 1, 0, "allies"), VpResult(1, "d", "z", 1, 0, "allies")]
    >>> s = {p.player: p for p in compute_vp_standings(list("abcdwxyz"), r)}
    >>> balance_side_pairs([("a", "b"), ("c", "d")], s, ("japan", "allies"))  # a, b due the allies; c, d Japan
    [('a', 'd'), ('c', 'b')]
    """
    out = list(pairs)
    due = {p: _due(standings[p], sides) for pair in out for p in pair if p is not None}
    point = {p: standings[p].points for p in due}
    # each table number keeps its points (a swap never changes them): (higher, lower), a bye's lower -1
    shape = [(point[a], -1) if b is None else (max(point[a], point[b]), min(point[a], point[b])) for a, b in out]

    def clash(k: int) -> bool:
        a, b = out[k]
        return b is not None and due[a] != 0 and due[a] == due[b]

    def fits(pair: tuple[PlayerId, PlayerId], k: int) -> bool:
        x, y = point[pair[0]], point[pair[1]]
        return (x, y) == shape[k] or (y, x) == shape[k]

    for k in range(len(out)):
        if not clash(k):
            continue
        a, b = out[k]
        assert b is not None  # a clash is a table of two
        mine = shape[k]
        for step in range(1, len(out)):
            done = False
            near = [j for j in (k + step, k - step) if 0 <= j < len(out) and (set(shape[j]) & set(mine))]
            if not near:  # the tables run in points order: none further on shares a player's points
                break
            for j in near:
                c, d = out[j]
                if d is None:
                    continue
                # each table keeps its points (issue 26 item 4: a pair-down table may float another player
                # of the upper group instead), so the pair-downs and crossings stay as paired
                options = [o for o in (((a, d), (c, b)), ((a, c), (b, d))) if fits(o[0], k) and fits(o[1], j)]
                for new_k, new_j in options:
                    pa, pb = new_k
                    pc, pd = new_j
                    if pb in standings[pa].opponents or pd in standings[pc].opponents:
                        continue
                    before = clash(k) + clash(j)
                    saved = out[k], out[j]
                    out[k], out[j] = new_k, new_j
                    if clash(k) + clash(j) < before:
                        done = True
                        break
                    out[k], out[j] = saved
                if done:
                    break
            if done:
                break
    return _repair_point_groups(out, standings, sides)


def _shape(pair: tuple[PlayerId, PlayerId | None], pts: Callable[[PlayerId | None], int]) -> list[tuple[int, int]]:
    """A table's points, higher first (what a side swap must keep)."""
    x, y = pts(pair[0]), pts(pair[1])
    return [(max(x, y), min(x, y))]


REPAIR_LIMIT = 64
"""A point group's tables are re-paired for sides only up to this many players (networkx is cubic)."""


def _repair_point_groups(
    pairs: list[tuple[PlayerId, PlayerId | None]],
    standings: Mapping[PlayerId, WargameStanding],
    sides: tuple[str, str],
) -> list[tuple[PlayerId, PlayerId | None]]:
    """Each point group's tables re-paired for sides where an exact matching gives fewer tables two players
    due the same side than the swaps did (issue 26 item 4: a swap fixes a clash only with a table of the
    opposite clash; a chain of tables needs the matching). A group's tables are those with a player on its
    points; the other player of a pair-down table keeps a seat against some player of the group (no edge
    between two such players), so every table keeps its points and the pair-downs and crossings stay as
    paired; no rematch (no edge), everyone paired. Each table number keeps its points and takes the best-ranked
    new table of those points."""
    due = {p: _due(standings[p], sides) for pair in pairs for p in pair if p is not None}
    rank = {p: k for k, p in enumerate(p for pair in pairs for p in pair if p is not None)}

    def pts(p: PlayerId | None) -> int:
        return standings[p].points if p is not None else -1

    groups: dict[int, list[int]] = {}
    for k, (a, b) in enumerate(pairs):
        if b is not None:
            for points in {standings[a].points, standings[b].points}:
                groups.setdefault(points, []).append(k)
    out = list(pairs)
    done: set[int] = set()
    for points, tables in groups.items():
        tables = [k for k in tables if k not in done]  # a pair-down table is re-paired with one group only
        if len(tables) < 2 or 2 * len(tables) > REPAIR_LIMIT:
            continue
        current = [out[k] for k in tables]
        clashes = sum(due[a] != 0 and due[a] == due[b] for a, b in current if b is not None)
        if not clashes:
            continue
        players = [p for pair in current for p in pair if p is not None]
        fixed = {p for p in players if standings[p].points != points}
        graph = nx.Graph()
        for x, a in enumerate(players):
            for b in players[x + 1 :]:
                if not (a in fixed and b in fixed) and b not in standings[a].opponents:
                    graph.add_edge(a, b, weight=1 if due[a] != 0 and due[a] == due[b] else 2)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) != len(players):
            continue
        if sum(due[a] != 0 and due[a] == due[b] for a, b in matching) >= clashes:
            continue
        new = sorted(((a, b) if rank[a] < rank[b] else (b, a) for a, b in matching), key=lambda t: rank[t[0]])
        for k in tables:  # each table number keeps its points: the best-ranked new table of those points
            shape = _shape(out[k], pts)
            out[k] = new.pop(next(n for n, pair in enumerate(new) if _shape(pair, pts) == shape))
        done.update(tables)
    return out
