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

import gc
from collections import deque
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from itertools import compress, groupby, repeat, starmap
from operator import add, and_, attrgetter, is_, is_not, itemgetter, mul, rshift, truediv
from typing import Any, NamedTuple

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
        return _bad(result, index, lambda rnd, i: rnd * stride + i in seen)

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


class StandingsTally:
    """Running standings: each player's record, games and opponents, fed one round at a time.

    :func:`compute_standings` reads every result of every round again; a tally keeps per-player
    totals, so a new round costs its own results plus one pass to rank. :meth:`sync` takes the same
    inputs as :func:`compute_standings` and gives the same standings::

        >>> tally = StandingsTally()
        >>> r1 = [MatchResult(1, "ann", "bo", 2, 1), MatchResult(1, "cy", "di", 2, 0)]
        >>> tally.sync(["ann", "bo", "cy", "di"], r1)
        >>> r2 = r1 + [MatchResult(2, "ann", "cy", 2, 0), MatchResult(2, "bo", "di", 1, 1, draws=1)]
        >>> tally.sync(["ann", "bo", "cy", "di"], r2)  # only round 2 is added
        >>> [(s.rank, s.player, s.points) for s in tally.standings()]
        [(1, 'ann', 6), (2, 'cy', 3), (3, 'bo', 1), (4, 'di', 1)]

    A player's record (wins, draws, losses, byes, matches, games, game points) is one packed int, so a
    result adds one number per player (``_RECORD_FIELDS``); everything that follows from a record
    (points, rounds, the percentages, the player's own part of the ranking key) is worked out once per
    distinct record at ranking time (a 100,000-player event has a few thousand) and looked up. Each
    round keeps a column of every player's opponent's position, over which the opponents' averages
    are summed round by round. A round that had no results is added a column at a time (C loops over
    the round: ``_add_round``); a changed round one result at a time (``_apply``).

    A round whose results changed since they were added (a judge's ruling, an organiser's
    override, a late entrant's missed-round loss) is replaced: its old results are taken out of
    the totals and its new ones put in, so the cost is that round's, not the whole event's.
    A registration order that is not the old one followed by newcomers starts the tally afresh.
    A match of 2**31 games or more is refused (a packed field would overflow; the site stores
    games as small integers).

    Not thread-safe: one tally per thread, or a lock around it.
    """

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.players: list[PlayerId] = []
        self._index: dict[PlayerId, int] = {}
        self._record: list[int] = []
        """Each player's record packed in one int (``_RECORD_FIELDS``)."""
        self._columns: dict[int, list[int]] = {}
        """Round -> each player's opponent's position in that round, -1 for none (a bye, a missed round,
        no result): the opponents' averages are summed a round at a time over these (see _standings)."""
        self._column_matches: dict[int, int] = {}
        """Round -> its matches in ``_columns`` (a round's column goes when its last match does)."""
        self._opp_ids: list[tuple[PlayerId, ...]] = []
        self._present: dict[int, set[int]] = {}
        """Round -> the positions of the players with a result in it: built from ``_by_round`` when a
        result is added or taken out one by one (``_apply``), dropped after each ``set_round``."""
        self._by_round: dict[int, tuple[Result, ...]] = {}
        self._described: dict[int, tuple[tuple[Any, ...], complex, int, int]] = {}
        """Record -> (its Standing fields from points to game-win %, match-win % + game-win % * 1j,
        the part of the ranking key it decides, its matches against an opponent): filled at ranking
        time, kept between calls."""

    def register(self, players: Iterable[PlayerId]) -> None:
        """Append players to the registration order (late entrants come last)."""
        index = self._index
        known = len(self.players)
        for p in players:
            if p in index:
                raise ResultError(f"player {p!r} is registered twice (positions {index[p] + 1} and {len(index) + 1})")
            index[p] = len(self.players)
            self.players.append(p)
            self._record.append(0)
            self._opp_ids.append(())
        for column in self._columns.values():
            column.extend(repeat(-1, len(self.players) - known))

    def sync(self, players: Sequence[PlayerId], results: Iterable[Result]) -> None:
        """Make the tally hold exactly these players and results (what :func:`compute_standings` takes).

        Rounds whose results are the ones already added (compared by value, in order) cost nothing
        but the comparison; new rounds are added; changed rounds replaced; vanished rounds removed.
        On a :class:`ResultError` the tally is emptied (the next sync adds everything again).
        """
        try:
            with collector_paused():
                self._sync(players, results)
        except ResultError:
            self._reset()  # the next sync starts afresh
            raise

    def _sync(self, players: Sequence[PlayerId], results: Iterable[Result]) -> None:
        known = len(self.players)
        if len(players) < known or list(players[:known]) != self.players:
            self._reset()  # not the old order plus newcomers: every round is added again below
            known = 0
        if len(players) > known:
            self.register(players[known:])
        if not isinstance(results, Sequence):
            results = list(results)
        grouped: dict[Any, list[Result]] = {}
        try:
            for number, group in groupby(results, _round_of):
                if number in grouped:
                    grouped[number].extend(group)
                else:
                    grouped[number] = list(group)
        except AttributeError:
            raise next(_bad(r, self._index, self._has_round) for r in results if not hasattr(r, "round")) from None
        for number in [n for n in self._by_round if n not in grouped]:
            self.set_round(number, ())
        for number in sorted(grouped, key=_sort_key):
            new = grouped[number]
            old = self._by_round.get(number)
            if old is None or len(old) != len(new) or not _same(old, new):
                self.set_round(number, new)

    def set_round(self, number: int, results: Iterable[Result]) -> None:
        """Make ``results`` the results of round ``number``, replacing any it had (each must be of that round).

        On a :class:`ResultError` the tally is left as it was.
        """
        new = tuple(results)
        try:
            rounds = set(map(_round_of, new))
        except AttributeError:
            rounds = {None}
        if rounds and rounds != {number}:
            r = next(r for r in new if getattr(r, "round", None) != number)
            raise ResultError(f"{r!r} is not a result of round {number}")
        old = self._by_round.get(number, ())
        if not old and new and self._add_round(number, new):
            self._by_round[number] = new
            return
        # Only what differs is taken out and put in: a late entrant's missed-round loss is appended
        # to its round, a ruling changes one result in the middle.
        head = _common_prefix(old, new)
        tail = _common_prefix(old[head:][::-1], new[head:][::-1])
        gone, added = old[head : len(old) - tail], new[head : len(new) - tail]
        if len(gone) == len(added):
            # Changed in place (rulings scattered over the round): only the positions that differ.
            moved = [k for k in compress(range(len(gone)), map(is_not, gone, added)) if gone[k] != added[k]]
            gone, added = tuple(gone[k] for k in moved), tuple(added[k] for k in moved)
        try:
            self._apply(gone, -1)
            try:
                self._apply(added, 1)
            except ResultError:
                self._apply(gone, 1)
                raise
        finally:
            self._present.clear()
        if new:
            self._by_round[number] = new
        else:
            self._by_round.pop(number, None)

    def _add_round(self, number: int, results: tuple[Result, ...]) -> bool:
        """Add a round that had no results, a column at a time (each step a C loop over the round);
        False, with nothing changed, when anything is out of the ordinary (then ``_apply`` adds the
        results one by one and finds what is wrong).

        The same sums as ``_apply``: every player of the round appears once (checked), so each
        player's new record, round bit and opponents are worked out from the old ones and stored.
        """
        if type(number) is not int or number < 1 or set(map(type, map(_round_of, results))) != {int}:
            return False
        kinds = list(map(type, results))
        matches = list(compress(results, map(is_, kinds, repeat(MatchResult))))
        byes = list(compress(results, map(is_, kinds, repeat(Bye))))
        missed = list(compress(results, map(is_, kinds, repeat(MissedRound))))
        if len(matches) + len(byes) + len(missed) != len(results):
            return False
        index = self._index
        try:
            pa = list(map(_PLAYER, matches))
            pb = list(map(_OPPONENT, matches))
            a = _gather(index, pa)
            b = _gather(index, pb)
            alone = _gather(index, list(map(_PLAYER, byes)))
            gone = _gather(index, list(map(_PLAYER, missed)))
        except (KeyError, TypeError):
            return False
        everyone = [*a, *b, *alone, *gone]
        if len(set(everyone)) != len(everyone):
            return False  # a player twice in the round (or against themself)
        record, opp_ids = self._record, self._opp_ids
        if matches:
            # What a match adds to each player's record, by its score (a round has a handful of scores).
            scores = list(map(_SCORE, matches))
            try:
                deltas = _gather(_DELTAS, scores)
            except (KeyError, TypeError):
                if not all(map(_add_delta, scores)):
                    return False  # negative games, too many, or not whole numbers
                deltas = list(starmap(_deltas_of, scores))  # (the table may be cleared by another thread)
            new_a = list(map(add, _gather(record, a), map(_FIRST, deltas)))
            new_b = list(map(add, _gather(record, b), map(_SECOND, deltas)))
            ids_a = list(map(add, _gather(opp_ids, a), zip(pb)))
            ids_b = list(map(add, _gather(opp_ids, b), zip(pa)))
            _scatter(record, a, new_a)
            _scatter(record, b, new_b)
            _scatter(opp_ids, a, ids_a)
            _scatter(opp_ids, b, ids_b)
            column = [-1] * len(record)
            _scatter(column, a, b)
            _scatter(column, b, a)
            self._columns[number] = column
            self._column_matches[number] = len(matches)
        _scatter(record, alone, list(map(add, _gather(record, alone), repeat(_BYE_RECORD))))
        _scatter(record, gone, list(map(add, _gather(record, gone), repeat(_MISSED_RECORD))))
        return True

    def _apply(self, results: Sequence[Result], sign: int) -> None:
        """Add (sign 1) or take out (sign -1) results; a bad result undoes the ones before it and raises."""
        where = self._index.get
        record, opp_ids, present = self._record, self._opp_ids, self._present_in
        columns, column_matches = self._columns, self._column_matches
        bye_record, missed_record = sign * _BYE_RECORD, sign * _MISSED_RECORD
        most = _MOST_GAMES
        for k, r in enumerate(results):
            kind = type(r)
            if type(r) is MatchResult:  # not `kind is`: mypy narrows r on type(r) only
                rnd = r.round
                pa = r.player
                pb = r.opponent
                a = where(pa)
                b = where(pb)
                aw, bw, d = r.player_wins, r.opponent_wins, r.draws
                if a is None or b is None or a == b or type(rnd) is not int or rnd < 1 or aw < 0 or bw < 0 or d < 0:
                    raise self._refuse(results, k, sign)
                played = aw + bw + d
                if played >= most:
                    raise self._refuse(results, k, sign)
                seen = present(rnd)
                if sign > 0:
                    if a in seen or b in seen:
                        raise self._refuse(results, k, sign)
                    seen.add(a)
                    seen.add(b)
                    column = columns.get(rnd)
                    if column is None:
                        column = columns[rnd] = [-1] * len(record)
                        column_matches[rnd] = 0
                    column[a] = b
                    column[b] = a
                    column_matches[rnd] += 1
                    opp_ids[a] += (pb,)
                    opp_ids[b] += (pa,)
                else:
                    seen.discard(a)
                    seen.discard(b)
                    column = columns[rnd]
                    column[a] = column[b] = -1
                    column_matches[rnd] -= 1
                    if not column_matches[rnd]:
                        del columns[rnd], column_matches[rnd]
                    opp_ids[a] = _without(opp_ids[a], pb)
                    opp_ids[b] = _without(opp_ids[b], pa)
                ra, rb = _DELTAS.get((aw, bw, d)) or _deltas_of(aw, bw, d)
                if sign > 0:
                    record[a] += ra
                    record[b] += rb
                else:
                    record[a] -= ra
                    record[b] -= rb
            elif kind is Bye or kind is MissedRound:
                rnd = r.round
                a = where(r.player)
                if a is None or type(rnd) is not int or rnd < 1:
                    raise self._refuse(results, k, sign)
                seen = present(rnd)
                if sign > 0:
                    if a in seen:
                        raise self._refuse(results, k, sign)
                    seen.add(a)
                else:
                    seen.discard(a)
                record[a] += bye_record if kind is Bye else missed_record
            else:
                raise self._refuse(results, k, sign)

    def _refuse(self, results: Sequence[Result], k: int, sign: int) -> ResultError:
        """The error for results[k], after undoing the results before it."""
        r = results[k]
        if type(r) is MatchResult and r.player_wins + r.opponent_wins + r.draws >= _MOST_GAMES:
            error = ResultError(f"{r!r}: more games than a tally counts (2**31 a match)")
        else:
            error = _bad(r, self._index, self._has_round)
        if k:
            self._apply(results[:k], -sign)
        return error

    def _has_round(self, rnd: int, i: int) -> bool:
        return i in self._present_in(rnd)

    def _present_in(self, rnd: int) -> set[int]:
        """The positions of the players with a result in round ``rnd`` (kept until set_round ends)."""
        seen = self._present.get(rnd)
        if seen is None:
            results = self._by_round.get(rnd, ())
            matches = compress(results, map(is_, map(type, results), repeat(MatchResult)))
            seen = self._present[rnd] = set(_gather(self._index, list(map(_PLAYER, results))))
            seen.update(_gather(self._index, list(map(_OPPONENT, matches))))
        return seen

    def standings(self, dropped: Collection[PlayerId] = ()) -> list[Standing]:
        """The ranked standings of everything added, as :func:`compute_standings` gives them."""
        with collector_paused():
            return self._standings(dropped)

    def _describe(self, records: list[int]) -> dict[int, tuple[tuple[Any, ...], complex, int, int]]:
        """What each record decides, for these records (computed for the ones not seen before)."""
        described = self._described
        present = set(records)
        if len(described) > 2 * len(present) + 4096:
            # Records of earlier rounds nobody has any more: dropped so that the table stays small.
            described = self._described = {r: described[r] for r in present.intersection(described)}
        fresh = list(present.difference(described))
        if not fresh:
            return described
        # Each field of the new records a column at a time (C loops), with the expressions of
        # compute_standings so that the floats are bit for bit equal: points / (3 * rounds) floored at
        # 0.33, where max(x, 0.33) is x when x > 0.33 and else 0.33 (x itself when equal: the same
        # float); no rounds means no points, and 0 / 3 floored is the floor compute_standings gives.
        floor = repeat(PERCENTAGE_FLOOR)
        q = TIE_SCALE
        q2 = 2 * q

        def field(shift: int, mask: int) -> list[int]:
            return list(map(and_, map(rshift, fresh, repeat(shift)), repeat(mask)))

        wins = list(map(and_, fresh, repeat(_FIELD_MASK)))
        draws = field(_DRAW_SHIFT, _FIELD_MASK)
        losses = field(_LOSS_SHIFT, _FIELD_MASK)
        byes = field(_BYE_SHIFT, _FIELD_MASK)
        matches = field(_MATCH_SHIFT, _FIELD_MASK)
        games = field(_GAME_SHIFT, _GAMES_MASK)
        game_points = list(map(rshift, fresh, repeat(_GAME_POINT_SHIFT)))
        points = list(map(add, map(mul, wins, repeat(WIN_POINTS)), map(mul, draws, repeat(DRAW_POINTS))))
        if LOSS_POINTS:
            points = list(map(add, points, map(mul, losses, repeat(LOSS_POINTS))))
        rounds = list(map(add, map(add, wins, draws), losses))
        mwp = list(map(max, map(truediv, points, map(mul, map(max, rounds, repeat(1)), repeat(3))), floor))
        gwp = list(map(max, map(truediv, game_points, map(mul, map(max, games, repeat(1)), repeat(3))), floor))
        own = map(
            add,
            map(mul, points, repeat(q2 * q2 * q2)),
            map(mul, map(int, map(add, map(mul, gwp, repeat(q)), repeat(0.5))), repeat(q2)),
        )
        blocks = zip(points, wins, draws, losses, byes, rounds, game_points, games, mwp, gwp)
        described.update(zip(fresh, zip(blocks, map(complex, mwp, gwp), own, matches)))
        return described

    def _standings(self, dropped: Collection[PlayerId]) -> list[Standing]:
        index = self._index
        unknown = [p for p in dropped if p not in index]
        if unknown:
            raise ResultError(f"dropped players {unknown!r} are not registered")
        n = len(self.players)
        floor = PERCENTAGE_FLOOR
        records = self._record
        described = self._describe(records)
        info = _gather(described, records)
        # Opponents' averages in C: each round's column of opponents' positions fetches their figures
        # (match-win % and game-win % at once as the two halves of a complex number), zip gives each
        # player's figures round by round and sum adds them. Each half is summed in round order, the
        # order in which compute_standings adds the floats of results given round by round, so bit for
        # bit the same; position -1 (no opponent that round) fetches the 0j appended, and adding 0.0
        # changes no sum.
        values = list(map(_SECOND, info))
        values.append(0j)
        columns = [_gather(values, self._columns[number]) for number in sorted(self._columns)]
        sums = list(map(sum, zip(*columns))) if columns else [0j] * n
        counts = list(map(_FOURTH, info))
        alone = list(_positions(counts, 0))
        for i in alone:
            counts[i] = 1  # the sum is 0: divided by 1, then replaced by the floor
        omwp = list(map(truediv, map(_REAL, sums), counts))
        ogwp = list(map(truediv, map(_IMAG, sums), counts))
        for i in alone:
            omwp[i] = ogwp[i] = floor
        # The ranking key of compute_standings, ((points * 2q + OMW) * 2q + GW) * 2q + OGW with each
        # percentage rounded to q as int(x * q + 0.5): the points and GW part comes with the record.
        q = TIE_SCALE
        om_part = map(mul, map(int, map(add, map(mul, omwp, repeat(q)), repeat(0.5))), repeat(4 * q * q))
        og_part = map(int, map(add, map(mul, ogwp, repeat(q)), repeat(0.5)))
        keys = list(map(add, map(add, map(_THIRD, info), om_part), og_part))
        order = sorted(range(n), key=keys.__getitem__, reverse=True)
        ranks = [0] * n
        deque(map(ranks.__setitem__, order, range(1, n + 1)), 0)
        gone = [False] * n
        for p in dropped:
            gone[index[p]] = True
        # Rows built in registration order straight from the columns (the records' fields transposed
        # into columns; zip and tuple.__new__ in C, no Python call per row), then put in rank order.
        fields = list(zip(*map(_FIRST, info))) if n else []
        rows = list(
            map(
                _make_standing,
                zip(ranks, self.players, *fields, omwp, ogwp, self._opp_ids, gone, range(n)),
            )
        )
        return list(_gather(rows, order))


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic garbage collection inside the block (restored after it, if it was on).

    The tally and the pairing build hundreds of thousands of small tuples and lists at 100,000 players
    and never a reference cycle; without this, the collector's full passes over everything alive (an
    event's 600,000 results) land in the middle of them (measured up to 1.5x the tally and 2.8x the
    pairing, ``docs/benchmarks.md``). The collection is not lost: it runs at the next allocations
    after the block, by which time the previous round's standings are usually freed. The collector is
    process-wide: another thread's work goes uncollected for the call's duration (well under a second).
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _positions(values: list[Any], value: Any) -> Iterable[int]:
    """Every index of ``value`` in ``values`` (the search runs in C)."""
    i = -1
    try:
        while True:
            i = values.index(value, i + 1)
            yield i
    except ValueError:
        return


def _gather(values: Any, keys: Sequence[Any]) -> Sequence[Any]:
    """[values[k] for k in keys], in C (an itemgetter of two keys or more gives a tuple)."""
    if len(keys) > 1:
        got: tuple[Any, ...] = itemgetter(*keys)(values)
        return got
    return [values[k] for k in keys]


_DELTAS: dict[tuple[int, int, int], tuple[int, int]] = {}
"""(player's games won, opponent's, drawn) -> what the match adds to each one's packed record."""


def _add_delta(score: tuple[int, int, int]) -> bool:
    """Put a match score's deltas in ``_DELTAS``; False for a score the tally refuses (``_apply`` says why)."""
    aw, bw, d = score
    if not (type(aw) is int and type(bw) is int and type(d) is int) or min(score) < 0:
        return False
    played = aw + bw + d
    if played >= _MOST_GAMES:
        return False
    if len(_DELTAS) > 4096:
        _DELTAS.clear()  # scores never seen again (every one is whole and small in a real event)
    _DELTAS[score] = _deltas_of(aw, bw, d)
    return True


def _deltas_of(aw: int, bw: int, d: int) -> tuple[int, int]:
    """What a match of this score adds to the player's and to the opponent's packed record."""
    games = (aw + bw + d) * _GAME + _MATCH
    if aw > bw:
        ra, rb = _WIN, _LOSS
    elif bw > aw:
        ra, rb = _LOSS, _WIN
    else:
        ra = rb = _DRAW
    return ra + games + (3 * aw + d) * _GAME_POINT, rb + games + (3 * bw + d) * _GAME_POINT


def _scatter(values: list[Any], positions: Iterable[int], new: Iterable[Any]) -> None:
    """values[positions[k]] = new[k] for every k, in C."""
    deque(map(values.__setitem__, positions, new), 0)


_make_standing = partial(tuple.__new__, Standing)
_PLAYER, _OPPONENT = attrgetter("player"), attrgetter("opponent")
_SCORE = attrgetter("player_wins", "opponent_wins", "draws")
_FIRST, _SECOND, _THIRD, _FOURTH = itemgetter(0), itemgetter(1), itemgetter(2), itemgetter(3)
_REAL, _IMAG = attrgetter("real"), attrgetter("imag")

_RECORD_FIELDS = (
    "wins, draws, losses, byes, matches against an opponent (32 bits each), games (64 bits), game points (the rest)"
)
"""A tally's packed record, lowest bits first: a result adds one int to each of its players."""
_DRAW_SHIFT, _LOSS_SHIFT, _BYE_SHIFT, _MATCH_SHIFT, _GAME_SHIFT, _GAME_POINT_SHIFT = 32, 64, 96, 128, 160, 224
_FIELD_MASK = (1 << 32) - 1
_GAMES_MASK = (1 << 64) - 1
_WIN, _DRAW, _LOSS, _BYE, _MATCH = 1, 1 << _DRAW_SHIFT, 1 << _LOSS_SHIFT, 1 << _BYE_SHIFT, 1 << _MATCH_SHIFT
_GAME, _GAME_POINT = 1 << _GAME_SHIFT, 1 << _GAME_POINT_SHIFT
_MOST_GAMES = 1 << 31
"""A match of this many games or more is refused by the tally (its games could overflow their field)."""
_BYE_RECORD = _BYE + _WIN + (BYE_GAMES[0] + BYE_GAMES[1]) * _GAME + 3 * BYE_GAMES[0] * _GAME_POINT
_MISSED_RECORD = (
    _LOSS + (MISSED_ROUND_GAMES[0] + MISSED_ROUND_GAMES[1]) * _GAME + 3 * MISSED_ROUND_GAMES[0] * _GAME_POINT
)
_round_of = attrgetter("round")


def _sort_key(number: object) -> tuple[int, object]:
    # Round numbers are ints; anything else sorts last and is refused by set_round.
    return (0, number) if isinstance(number, int) else (1, 0)


def _same(old: tuple[Result, ...], new: list[Result]) -> bool:
    # A tuple comparison tries identity first: the very objects added before compare in C,
    # equal new ones (read again from a database) by value.
    return old == tuple(new)


def _common_prefix(a: tuple[Result, ...], b: tuple[Result, ...]) -> int:
    """How many leading results are the same: compared a block at a time in C, then one by one."""
    n = min(len(a), len(b))
    k = 0
    step = 512
    while k < n and a[k : k + step] == b[k : k + step]:
        k += step
    if k >= n:
        return n
    while k < n and a[k] == b[k]:
        k += 1
    return k


def _without(values: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
    k = values.index(value)
    return values[:k] + values[k + 1 :]


def _bad(result: Result, index: dict[PlayerId, int], has_round: Callable[[int, int], bool]) -> ResultError:
    # Slow path: find out exactly what is wrong with this result (the messages of compute_standings).
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
        if has_round(result.round, i):
            return ResultError(f"{result!r}: player {p!r} already has a result in round {result.round}")
    if isinstance(result, MatchResult):
        if result.player == result.opponent:
            return ResultError(f"{result!r}: a player cannot play themself")
        return ResultError(f"{result!r}: games cannot be negative")
    return ResultError(f"{result!r} is not a MatchResult, Bye or MissedRound")
