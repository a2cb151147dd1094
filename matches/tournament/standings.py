"""Results and standings with the Magic tournament rules' tiebreakers (MTR Appendix C).

Results are small frozen values; :func:`compute_standings` turns the players and
every result so far into ranked :class:`Standing` rows::

    >>> results = [
    ...     MatchResult(1, "ann", "bo", 2, 1),
    ...     MatchResult(1, "cy", "di", 2, 0),
    ...     MatchResult(2, "ann", "cy", 2, 0),
    ...     MatchResult(2, "bo", "di", 1, 1, draws=1),
    ... ]
    >>> [(s.rank, s.player, s.points) for s in compute_standings(["ann", "bo", "cy", "di"], results)]
    [(1, 'ann', 6), (2, 'cy', 3), (3, 'bo', 1), (4, 'di', 1)]

Choices (all documented in ``docs/tournaments.md``):

* match points: win 3, draw 1, loss 0; a :class:`Bye` is a match win and 2–0 in games;
* a :class:`MissedRound` (a late entrant's loss for a round they were not there for)
  is a match loss and 0–2 in games;
* match-win % and game-win % are floored at 0.33; opponents' figures (OMW%, OGW%)
  average the opponents' floored figures and leave byes and missed rounds out;
* ranking: points, OMW%, GW%, OGW% (higher first), then registration order.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

PlayerId = Hashable
"""A player's id: an int or a str (one kind per tournament); compared only for equality."""

WIN_POINTS = 3
DRAW_POINTS = 1
LOSS_POINTS = 0
PERCENTAGE_FLOOR = 0.33
"""MTR Appendix C: a match-win or game-win percentage below 0.33 counts as 0.33."""
BYE_GAMES = (2, 0)
"""A bye counts as a 2–0 match win in games (MTR Appendix C)."""
MISSED_ROUND_GAMES = (0, 2)
"""Junling's choice: a missed-round loss mirrors the bye, 0–2 in games."""
TIE_SCALE = 10**9
"""Tiebreakers are compared rounded to nine decimals (times this, to the nearest whole), so that
equal averages summed in a different order (floating point) still tie and fall through to the next key."""


class TournamentError(ValueError):
    """Bad tournament input (a result or a pairing that cannot be right); says what and where."""


class ResultError(TournamentError):
    """A result names an unknown player, a player twice in one round, or impossible games."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One played match: the games each player won and the drawn games.

    The match goes to whoever won more games; equal games (including an intentional
    draw recorded as 0–0–0) make a drawn match.
    """

    round: int
    player: PlayerId
    opponent: PlayerId
    player_wins: int
    opponent_wins: int
    draws: int = 0


@dataclass(frozen=True, slots=True)
class Bye:
    """A round without an opponent: a match win, 2–0 in games (MTR Appendix C)."""

    round: int
    player: PlayerId


@dataclass(frozen=True, slots=True)
class MissedRound:
    """A late entrant's match loss for a round played before they joined (0–2 in games).

    Record one only when the tournament's late-entry policy is "losses for missed rounds";
    under the default policy a late entrant simply has no result for those rounds.
    """

    round: int
    player: PlayerId


Result = MatchResult | Bye | MissedRound


class Standing(NamedTuple):
    """One player's line in the standings, after every result given.

    A named tuple rather than a frozen dataclass: 10,000 of them are built per round.
    """

    rank: int
    player: PlayerId
    points: int
    wins: int
    draws: int
    losses: int
    byes: int
    rounds: int
    game_points: int
    games: int
    match_win_pct: float
    game_win_pct: float
    opp_match_win_pct: float
    opp_game_win_pct: float
    opponents: tuple[PlayerId, ...]
    dropped: bool
    registration: int
    """Position of the player in the registration order given: the final tiebreaker."""

    def record(self) -> str:
        """Wins–losses–draws, the usual way to print a record.

        >>> compute_standings([1, 2], [MatchResult(1, 1, 2, 2, 0)])[0].record()
        '1-0-0'
        """
        return f"{self.wins}-{self.losses}-{self.draws}"


def late_entry_results(player: PlayerId, missed_rounds: Iterable[int]) -> list[MissedRound]:
    """The missed-round losses a late entrant gets under the "losses for missed rounds" policy.

    >>> late_entry_results("zed", [1, 2])
    [MissedRound(round=1, player='zed'), MissedRound(round=2, player='zed')]
    """
    return [MissedRound(r, player) for r in missed_rounds]


def _floor(value: float) -> float:
    return value if value > PERCENTAGE_FLOOR else PERCENTAGE_FLOOR


def compute_standings(
    players: Sequence[PlayerId],
    results: Iterable[Result],
    dropped: Collection[PlayerId] = (),
) -> list[Standing]:
    """Rank every registered player (dropped ones too) by MTR Appendix C.

    ``players`` is the registration order (the final, deterministic tiebreaker);
    ``results`` every result of every round so far; ``dropped`` the players who have
    left (they keep their line and still count as opponents). A player with no
    rounds yet has 0.33 for every percentage.

    Raises :class:`ResultError` for a result naming an unknown player, a player with
    two results in one round, negative games, or a player playing themself.

    >>> s = compute_standings(["a", "b", "c"], [MatchResult(1, "a", "b", 2, 1), Bye(1, "c")])
    >>> [(x.player, x.points, round(x.game_win_pct, 4), round(x.opp_match_win_pct, 4)) for x in s]
    [('c', 3, 1.0, 0.33), ('a', 3, 0.6667, 0.33), ('b', 0, 0.3333, 1.0)]
    """
    index: dict[PlayerId, int] = {}
    for i, p in enumerate(players):
        if p in index:
            raise ResultError(f"player {p!r} is registered twice (positions {index[p] + 1} and {i + 1})")
        index[p] = i
    n = len(players)
    wins = [0] * n
    draws = [0] * n
    losses = [0] * n
    byes = [0] * n
    game_points = [0] * n
    games = [0] * n
    opponents: list[list[int]] = [[] for _ in range(n)]
    seen: set[int] = set()
    stride = n + 1
    where = index.get

    def bad(result: Result) -> ResultError:
        # Slow path: find out exactly what is wrong with this result.
        if not isinstance(result, MatchResult | Bye | MissedRound):
            return ResultError(f"{result!r} is not a MatchResult, Bye or MissedRound")
        if not isinstance(result.round, int) or result.round < 1:
            return ResultError(f"{result!r}: the round must be a whole number from 1")
        named = [result.player] + ([result.opponent] if isinstance(result, MatchResult) else [])
        for p in named:
            try:
                i = index[p]
            except (KeyError, TypeError):
                return ResultError(f"{result!r}: player {p!r} is not registered")
            if result.round * stride + i in seen:
                return ResultError(f"{result!r}: player {p!r} already has a result in round {result.round}")
        if isinstance(result, MatchResult):
            if result.player == result.opponent:
                return ResultError(f"{result!r}: a player cannot play themself")
            return ResultError(f"{result!r}: games cannot be negative")
        return ResultError(f"{result!r} is not a MatchResult, Bye or MissedRound")

    for r in results:
        if type(r) is MatchResult:
            rnd = r.round
            a = where(r.player)
            b = where(r.opponent)
            aw, bw, d = r.player_wins, r.opponent_wins, r.draws
            if a is None or b is None or a == b or rnd < 1 or aw < 0 or bw < 0 or d < 0:
                raise bad(r)
            ka, kb = rnd * stride + a, rnd * stride + b
            if ka in seen or kb in seen:
                raise bad(r)
            seen.add(ka)
            seen.add(kb)
            played = aw + bw + d
            games[a] += played
            games[b] += played
            game_points[a] += 3 * aw + d
            game_points[b] += 3 * bw + d
            opponents[a].append(b)
            opponents[b].append(a)
            if aw > bw:
                wins[a] += 1
                losses[b] += 1
            elif bw > aw:
                wins[b] += 1
                losses[a] += 1
            else:
                draws[a] += 1
                draws[b] += 1
        elif type(r) is Bye or type(r) is MissedRound:
            rnd = r.round
            a = where(r.player)
            if a is None or rnd < 1 or rnd * stride + a in seen:
                raise bad(r)
            seen.add(rnd * stride + a)
            if type(r) is Bye:
                byes[a] += 1
                wins[a] += 1
                games[a] += BYE_GAMES[0] + BYE_GAMES[1]
                game_points[a] += 3 * BYE_GAMES[0]
            else:
                losses[a] += 1
                games[a] += MISSED_ROUND_GAMES[0] + MISSED_ROUND_GAMES[1]
                game_points[a] += 3 * MISSED_ROUND_GAMES[0]
        else:
            raise bad(r)

    # Points and rounds follow from the record (a bye is a win, a missed round a loss).
    points = [WIN_POINTS * wins[i] + DRAW_POINTS * draws[i] + LOSS_POINTS * losses[i] for i in range(n)]
    rounds = [wins[i] + draws[i] + losses[i] for i in range(n)]
    mwp = [_floor(points[i] / (3 * rounds[i])) if rounds[i] else PERCENTAGE_FLOOR for i in range(n)]
    gwp = [_floor(game_points[i] / (3 * games[i])) if games[i] else PERCENTAGE_FLOOR for i in range(n)]
    omwp = [PERCENTAGE_FLOOR] * n
    ogwp = [PERCENTAGE_FLOOR] * n
    for i in range(n):
        opp = opponents[i]
        if opp:
            k = len(opp)
            omwp[i] = sum(map(mwp.__getitem__, opp)) / k
            ogwp[i] = sum(map(gwp.__getitem__, opp)) / k

    # One integer key per player (points, then the three tiebreakers rounded to TIE_SCALE), so the
    # sort allocates no tuples; the stable sort of ascending indices keeps registration order last.
    q = TIE_SCALE
    keys = [
        ((points[i] * 2 * q + int(omwp[i] * q + 0.5)) * 2 * q + int(gwp[i] * q + 0.5)) * 2 * q + int(ogwp[i] * q + 0.5)
        for i in range(n)
    ]
    order = sorted(range(n), key=keys.__getitem__, reverse=True)
    unknown = [p for p in dropped if p not in index]
    if unknown:
        raise ResultError(f"dropped players {unknown!r} are not registered")
    gone = {index[p] for p in dropped}
    return [
        Standing(
            rank,
            players[i],
            points[i],
            wins[i],
            draws[i],
            losses[i],
            byes[i],
            rounds[i],
            game_points[i],
            games[i],
            mwp[i],
            gwp[i],
            omwp[i],
            ogwp[i],
            tuple([players[j] for j in opponents[i]]),
            i in gone,
            i,
        )
        for rank, i in enumerate(order, start=1)
    ]
