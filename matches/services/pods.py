"""Pod rounds of a placement-scored game (issue 15, 龙虎三国志): pair, report placements and regions, standings.

The algorithms are ``matches.tournament.pods`` (docs/tournaments.md, "Pods"); this module reads and
writes the database. Pairing a pod round makes a draft Round of Pods (published like any round);
a seated player reports the pod (placement and regions held of every seat) and another seated player
confirms it, or an organiser's report stands at once. The standings snapshot is computed from the
finished pods (Celery task ``matches.snapshot_standings``, as for matches).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import junling.outbox as outbox
from engine.systems import get_system
from junling.errors import Refused
from junling.models import record
from matches import task_names
from matches.access import access_organised, access_pod_report, can_organise
from matches.models import Pod, PodSeat, Registration, Round, StandingsSnapshot, Tournament
from matches.services.round_errors import unpairable
from matches.services.seeding import seeded_order
from matches.services.standings import finished_round_number, results_key, store_snapshot
from matches.tournament import (
    PairingWarning,
    PodChoices,
    PodResult,
    PodStanding,
    ResultError,
    TournamentError,
    check_choices,
    check_pods,
    compute_pod_standings,
    largest_pod,
    pair_pods,
)


class PodReportRefused(Refused):
    """A pod's report cannot be recorded: impossible placements or regions, or the pod is not open."""

    code = "pod.refused"


def pod_results(tournament: Tournament) -> tuple[list[int], list[PodResult], set[int]]:
    """Registration order, every finished pod of a published round, and the dropped players."""
    registrations = list(
        Registration.objects.filter(tournament=tournament)
        .order_by("registered_at", "id")
        .values_list("player_id", "dropped")
    )
    seats: dict[int, list[tuple[int, int, int]]] = {}
    number: dict[int, int] = {}
    rows = (
        PodSeat.objects.filter(pod__tournament=tournament, pod__status=Pod.Status.FINISHED)
        .exclude(pod__round__status=Round.Status.DRAFT)
        .order_by("pod__round__number", "pod__table", "seat")
        .values_list("pod_id", "pod__round__number", "player_id", "placement", "regions")
    )
    for pod_id, round_number, player, placement, regions in rows:
        seats.setdefault(pod_id, []).append((player, placement or 0, regions or 0))
        number[pod_id] = round_number
    results = [PodResult(number[pod], tuple(s)) for pod, s in seats.items()]
    return [p for p, _ in registrations], results, {p for p, gone in registrations if gone}


def pod_choices_of(tournament: Tournament) -> PodChoices:
    """The organiser's pod sizes, placement points and tiebreakers (issue 26; ``{}``: the defaults)."""
    return PodChoices.from_json(tournament.pod_choices)


class PodChoicesRefused(Refused):
    """An organiser's pod sizes, placement points or tiebreakers are not allowed (``params["field"]`` names which)."""

    code = "pod.choices"


def choices_message(field: str, problem: str, system: str, sizes: str) -> str:
    """The reader's words for ``check_choices``'s ``(field, problem)``."""
    game = get_system(system)
    if (field, problem) == ("sizes", "seats"):
        return _("Pods of 5 need a game whose tables seat 5; %(game)s seats at most %(n)s.") % {
            "game": game.name,
            "n": game.seats[1],
        }
    if (field, problem) == ("points", "count"):
        return _("Give %(n)s numbers of points, one for each seat of the largest pod, first place first.") % {
            "n": largest_pod(sizes)
        }
    messages = {
        ("points", "range"): _("Placement points are whole numbers from 0 to 1000."),
        ("points", "increasing"): _("Placement points never increase from first place to last."),
        ("tiebreakers", "unknown"): _("Choose a tiebreaker offered."),
        ("tiebreakers", "twice"): _("Choose each tiebreaker at most once."),
    }
    return messages.get((field, problem), _("Choose one of the pod sizes offered."))


def set_pod_choices(
    tournament: Tournament, actor: Any, *, sizes: str, points: list[int], tiebreakers: list[str]
) -> Tournament:
    """The organiser's pod sizes, placement points and tiebreakers, before the event starts (audited)."""
    access_organised(actor, tournament)
    if get_system(tournament.system).scoring != "placement":  # the choices are a pod event's (scoring_of)
        raise PodChoicesRefused(_("Only a pod event has pod sizes and placement points."), code="pod.not_pods")
    wrong = check_choices(sizes, points, tiebreakers, max_seats=get_system(tournament.system).seats[1])
    if wrong is not None:
        raise PodChoicesRefused(
            choices_message(*wrong, tournament.system, sizes), code=f"pod.{wrong[0]}", params={"field": wrong[0]}
        )
    choices = PodChoices(sizes, tuple(points), tuple(tiebreakers)).as_json()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
            raise PodChoicesRefused(
                _("Pod sizes, points and tiebreakers cannot change once the tournament has started."),
                code="pod.started",
            )
        before = tournament.pod_choices
        tournament.pod_choices = choices
        tournament.save(update_fields=["pod_choices"])
        record(actor, "tournament.pod_choices", tournament, before=before, **choices)
    return tournament


def current_pod_standings(tournament: Tournament) -> list[PodStanding]:
    players, results, dropped = pod_results(tournament)
    return compute_pod_standings(players, results, dropped, pod_choices_of(tournament))


def pair_pod_round(tournament: Tournament, actor: Any, number: int) -> Round:
    """Round ``number`` as a draft of pods (called by ``rounds.pair_next_round`` inside its transaction)."""
    standings = current_pod_standings(tournament)
    if number == 1:  # everyone on 0 points: the seeded random order, like a Swiss round 1
        standings = seeded_order(standings, tournament.pairing_seed)
    try:
        paired = pair_pods(standings, number, pod_choices_of(tournament).sizes)
    except TournamentError as exc:
        raise unpairable(exc) from exc
    # what the pairings page says: no repeat, repeats proved unavoidable, or the search's limit (issue 26)
    notes = [{"code": "pods.repeats", "params": {"n": paired.repeats, "proved": paired.proved}}]
    rnd = Round.objects.create(tournament=tournament, number=number, kind=Round.Kind.SWISS, notes=notes)
    # the pods' players are the ids the pairing was given: the registrations' player ids
    create_pods(tournament, rnd, [cast(list[int], list(p.players)) for p in sorted(paired.pods, key=lambda p: p.table)])
    record(
        actor,
        "round.pair",
        rnd,
        tournament=tournament.pk,
        number=number,
        kind="pods",
        tables=len(paired.pods),
        repeats=paired.repeats,
        proved=paired.proved,
        spread=paired.spread,
        seed=tournament.pairing_seed if number == 1 else None,
    )
    return rnd


def create_pods(tournament: Tournament, rnd: Round, groups: list[list[int]]) -> None:
    """The round's pods, table 1 upwards, each group's players seated in its order."""
    regs = {r.player_id: r.pk for r in Registration.objects.filter(tournament=tournament)}
    pods = Pod.objects.bulk_create(
        [Pod(round=rnd, tournament=tournament, table=table) for table in range(1, len(groups) + 1)], batch_size=2000
    )
    PodSeat.objects.bulk_create(
        [
            PodSeat(pod=pod, seat=seat, player_id=player, registration_id=regs.get(player))
            for pod, players in zip(pods, groups, strict=True)
            for seat, player in enumerate(players, start=1)
        ],
        batch_size=4000,
    )


def check_hand_pods(tournament: Tournament, groups: list[list[int]]) -> list[PairingWarning]:
    """Every rule an organiser's pods break (``matches.tournament.check_pods``), against the current standings
    and the game's seats."""
    return check_pods(current_pod_standings(tournament), groups, get_system(tournament.system).seats)


def _parse(pod: Pod, seats: list[PodSeat], rows: Mapping[int, tuple[Any, Any]]) -> PodResult:
    if set(rows) != {s.player_id for s in seats}:
        raise PodReportRefused(
            _("Give a placement and the regions held for every player of the pod."), code="pod.seats"
        )
    values = []
    for seat in seats:
        place, regions = rows[seat.player_id]
        try:
            values.append((seat.player_id, int(place), int(regions)))
        except (TypeError, ValueError):
            raise PodReportRefused(_("Placements and regions are whole numbers."), code="pod.not_a_number") from None
    result = PodResult(pod.round.number, tuple(values))
    try:
        result.check()
    except ResultError:
        raise PodReportRefused(
            _(
                "These placements are not a ranking: players who tie share the better place and the next"
                " place is skipped (1, 1, 3, 4); regions are 0 or more."
            ),
            code="pod.ranking",
        ) from None
    return result


def report_pod(pod: Pod, actor: Any, rows: Mapping[int, tuple[Any, Any]]) -> Pod:
    """A seated player's (or an organiser's) report: ``rows`` maps each player id to (placement, regions).

    An organiser's report finishes the pod (replacing any result); a player's waits until another player
    of the pod reports the same (then it is finished); a different report replaces it and waits again."""
    with transaction.atomic():
        pod = Pod.objects.select_for_update().select_related("round", "tournament").get(pk=pod.pk)
        access_pod_report(actor, pod)
        if pod.round.status == Round.Status.DRAFT:
            raise PodReportRefused(_("The round is not published yet."), code="result.round_draft")
        if pod.tournament.status == Tournament.Status.FINISHED:
            raise PodReportRefused(_("The tournament has finished."), code="tournament.finished")
        seats = list(pod.seats.order_by("seat"))
        result = _parse(pod, seats, rows)
        organiser = can_organise(actor, pod.tournament)
        if pod.board_table_id is not None and not organiser:
            raise PodReportRefused(
                _("This pod is played on the site: its table reports the result."), code="pod.on_table"
            )
        if pod.is_finished and not organiser:
            raise PodReportRefused(
                _("This pod is finished; ask an organiser to correct the result."), code="result.finished"
            )
        figures = {p: (place, regions) for p, place, regions in result.seats}
        same = all((s.placement, s.regions) == figures[s.player_id] for s in seats)
        confirmed = pod.status == Pod.Status.REPORTED and same and pod.reported_by_id != actor.pk
        before = _write(pod, seats, result, actor, finished=organiser or confirmed)
        record(actor, "pod.report", pod, seats=[list(s) for s in result.seats], before=before, status=pod.status)
    return pod


def _write(pod: Pod, seats: list[PodSeat], result: PodResult, actor: Any, *, finished: bool) -> list[list[Any]]:
    """Store a pod's placements and regions (finished, or waiting for another player); the figures before."""
    figures = {p: (place, regions) for p, place, regions in result.seats}
    before = [[s.player_id, s.placement, s.regions] for s in seats]
    for seat in seats:
        seat.placement, seat.regions = figures[seat.player_id]
    PodSeat.objects.bulk_update(seats, ["placement", "regions"])
    if finished:
        pod.status, pod.finished_at = Pod.Status.FINISHED, timezone.now()
    else:
        pod.status = Pod.Status.REPORTED
    pod.reported_by = actor
    pod.save(update_fields=["status", "finished_at", "reported_by"])
    if pod.is_finished:
        from matches.services.results import finish_round_if_done

        finish_round_if_done(Round.objects.select_for_update().get(pk=pod.round_id))
        outbox.enqueue(task_names.SNAPSHOT_STANDINGS, [pod.tournament_id])
    return before


def record_refereed_pod(pod: Pod, rows: Mapping[int, tuple[Any, Any]], *, table: int) -> bool:
    """The pod's table ended on the site: its engine result (``rows``: player id -> placement, regions)
    finishes the pod at once. False, and nothing changes, when the pod is finished already (the same end
    told twice, or an organiser's result that stands) or the tournament is over."""
    with transaction.atomic():
        pod = Pod.objects.select_for_update().select_related("round", "tournament").get(pk=pod.pk)
        if pod.is_finished or pod.tournament.status == Tournament.Status.FINISHED:
            return False
        seats = list(pod.seats.order_by("seat"))
        result = _parse(pod, seats, rows)
        before = _write(pod, seats, result, None, finished=True)
        record(None, "pod.refereed", pod, seats=[list(s) for s in result.seats], before=before, table=table)
    return True


def pod_standings_rows(standings: list[PodStanding], names: Mapping[int, str]) -> list[dict[str, Any]]:
    """JSON rows: rank, player, name, points, regions, firsts, pods played, opponents' points % (four decimals)."""
    return [
        {
            "rank": s.rank,
            "player": s.player,
            "name": names.get(s.player, str(s.player)),  # type: ignore[call-overload]
            "points": s.points,
            "regions": s.regions,
            "firsts": s.firsts,
            "rounds": s.rounds,
            "opp": round(s.opp_points_pct, 4),
            "record": s.record(),
            "dropped": s.dropped,
        }
        for s in standings
    ]


def snapshot_pod_standings(tournament: Tournament) -> StandingsSnapshot:
    """The pod event's snapshot for its current results (keyed by their hash, so idempotent)."""
    players, results, dropped = pod_results(tournament)
    choices = pod_choices_of(tournament)
    payload = {
        "pods": True,
        "choices": choices.as_json(),
        "players": players,
        "dropped": sorted(dropped),
        "results": sorted([r.round, [list(s) for s in r.seats]] for r in results),
    }

    def compute() -> tuple[int, list[dict[str, Any]]]:
        names = dict(
            get_user_model().objects.filter(registrations__tournament=tournament).values_list("pk", "username")
        )
        return finished_round_number(tournament), pod_standings_rows(
            compute_pod_standings(players, results, dropped, choices), names
        )

    return store_snapshot(tournament, results_key(payload), compute)
