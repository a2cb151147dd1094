"""Tournament standings from the database: results as plain values, snapshots keyed by the results.

The algorithm is matches.tournament.compute_standings; this module only reads the matches and
registrations (a few flat queries, no per-player query) and stores the rows of a snapshot. Each process
keeps a StandingsTally for the last few tournaments: every call still reads every result, but only the
rounds that changed since this process last saw them are added up again (a ruling or an override
replaces its round's results), which is most of the computation of a large event.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from matches.models import Match, Registration, Round, StandingsSnapshot, Tournament
from matches.tournament import Bye, MatchResult, MissedRound, Result, Standing, StandingsTally

# Rounds whose results count in the standings; a top cut is a bracket, not more Swiss points.
STANDING_KINDS = (Round.Kind.SWISS, Round.Kind.ROUND_ROBIN, Round.Kind.ELIMINATION)


@dataclass(frozen=True)
class TournamentResults:
    """Everything the standings are computed from: registration order, results, drops, names."""

    players: list[int]
    results: list[Result]
    dropped: set[int]
    names: dict[int, str]
    round_number: int

    def key(self) -> str:
        """sha256 of the inputs: equal results give equal keys, so a snapshot is computed once."""
        payload = {
            "players": self.players,
            "dropped": sorted(self.dropped),
            "results": sorted(_result_tuple(r) for r in self.results),
        }
        return results_key(payload)


def _result_tuple(result: Result) -> list[Any]:
    if isinstance(result, MatchResult):
        return [
            "m",
            result.round,
            result.player,
            result.opponent,
            result.player_wins,
            result.opponent_wins,
            result.draws,
        ]
    if isinstance(result, Bye):
        return ["b", result.round, result.player, None, 0, 0, 0]
    return ["x", result.round, result.player, None, 0, 0, 0]


def match_result(
    number: int, player_a: int, player_b: int | None, is_bye: bool, source: str, a: int, b: int, d: int
) -> Result:
    """One finished match as an algorithm value (bye, missed round or played match)."""
    if is_bye:
        return Bye(number, player_a)
    if source == Match.Source.MISSED or player_b is None:
        return MissedRound(number, player_a)
    return MatchResult(number, player_a, player_b, a, b, d)


def tournament_results(tournament: Tournament, *, kinds: tuple[str, ...] = STANDING_KINDS) -> TournamentResults:
    """The registrations and every finished match of the counted rounds, in three flat queries."""
    registrations = list(
        Registration.objects.filter(tournament=tournament)
        .order_by("registered_at", "id")
        .values_list("player_id", "dropped")
    )
    players = [p for p, _ in registrations]
    dropped = {p for p, gone in registrations if gone}
    names = dict(get_user_model().objects.filter(registrations__tournament=tournament).values_list("pk", "username"))
    rows = (
        # A draft round's byes are not results yet: the round may be paired again.
        Match.objects.filter(round__tournament=tournament, round__kind__in=kinds, status=Match.Status.FINISHED)
        .exclude(round__status=Round.Status.DRAFT)
        .order_by("round__number", "table", "id")
        .values_list(
            "round__number",
            "player_a_id",
            "player_b_id",
            "is_bye",
            "result_source",
            "games_won_a",
            "games_won_b",
            "games_drawn",
        )
    )
    results = [match_result(*row) for row in rows]
    last = (
        Round.objects.filter(tournament=tournament, status=Round.Status.FINISHED)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return TournamentResults(players, results, dropped, names, last or 0)


TALLIES_KEPT = 2
"""Tournaments whose tally a process keeps (a 100,000-player tally holds about 100 MB)."""
_tallies: OrderedDict[int, StandingsTally] = OrderedDict()
_tallies_lock = threading.Lock()


def standings_of(tournament_id: int, data: TournamentResults) -> list[Standing]:
    """compute_standings(data.players, data.results, data.dropped), through this process's tally."""
    with _tallies_lock:
        tally = _tallies.pop(tournament_id, None) or StandingsTally()
        tally.sync(data.players, data.results)  # a ResultError empties it: the next call starts afresh
        standings = tally.standings(data.dropped)
        _tallies[tournament_id] = tally
        while len(_tallies) > TALLIES_KEPT:
            _tallies.popitem(last=False)
    return standings


def current_standings(tournament: Tournament) -> list[Standing]:
    """The standings after every finished match so far (matches.tournament.compute_standings)."""
    return standings_of(tournament.pk, tournament_results(tournament))


def standings_rows(standings: list[Standing], names: dict[int, str]) -> list[dict[str, Any]]:
    """JSON rows: rank, player, name, points, MW%, GW%, OMW%, OGW% (four decimals), record, dropped."""
    return [
        {
            "rank": s.rank,
            "player": s.player,
            "name": names.get(s.player, str(s.player)),  # type: ignore[call-overload]
            "points": s.points,
            "mwp": round(s.match_win_pct, 4),
            "gwp": round(s.game_win_pct, 4),
            "omwp": round(s.opp_match_win_pct, 4),
            "ogwp": round(s.opp_game_win_pct, 4),
            "record": s.record(),
            "rounds": s.rounds,
            "dropped": s.dropped,
        }
        for s in standings
    ]


def results_key(payload: Any) -> str:
    """The hash a snapshot is keyed by: of the canonical JSON of everything its rows are computed from."""
    return hashlib.sha256(json.dumps(payload, separators=(",", ":")).encode()).hexdigest()


def finished_round_number(tournament: Tournament) -> int:
    """The number of the tournament's last finished round (0 before the first ends)."""
    last = (
        Round.objects.filter(tournament=tournament, status=Round.Status.FINISHED)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return last or 0


def store_snapshot(
    tournament: Tournament, key: str, compute: Callable[[], tuple[int, list[dict[str, Any]]]]
) -> StandingsSnapshot:
    """The snapshot keyed by ``key``: found if stored (it becomes the latest again), else ``compute()``'s
    (round number, rows) stored.

    Idempotent: two workers storing the same key at once store one snapshot (the unique key decides).
    """
    existing = StandingsSnapshot.objects.filter(tournament=tournament, results_key=key).first()
    if existing is not None:
        # The same results again (an override undone): this snapshot is the latest once more.
        StandingsSnapshot.objects.filter(pk=existing.pk).update(computed_at=timezone.now())
        return existing
    round_number, rows = compute()
    try:
        with transaction.atomic():
            return StandingsSnapshot.objects.create(
                tournament=tournament, round_number=round_number, results_key=key, rows=rows
            )
    except IntegrityError:  # another worker stored the same snapshot first
        return StandingsSnapshot.objects.get(tournament=tournament, results_key=key)


def snapshot_swiss_standings(tournament: Tournament) -> StandingsSnapshot:
    """A two-player event's snapshot for its current results (keyed by their hash, so idempotent)."""
    data = tournament_results(tournament)
    return store_snapshot(
        tournament,
        data.key(),
        lambda: (data.round_number, standings_rows(standings_of(tournament.pk, data), data.names)),
    )


def latest_snapshot(tournament: Tournament) -> StandingsSnapshot | None:
    return StandingsSnapshot.objects.filter(tournament=tournament).order_by("-computed_at", "-id").first()
