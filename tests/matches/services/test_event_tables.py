"""Event rounds played on the site's refereed tables (issue 15): a published pod round (or wargame round)
seats each pod (pairing) at a table, and the table's end reports the pod (the match) once."""

from __future__ import annotations

import random

import pytest

from junling.models import AuditEvent
from matches.models import Match, Pod, Round
from matches.services import rounds as services
from matches.services.event_tables import REPORTED, UNCHANGED, TablesRefused, report_table_result
from matches.services.pods import current_pod_standings, report_pod
from matches.services.wargame import report_vp
from tables import services as table_services
from tables.models import Table
from tests.matches.factories import UserFactory, pod_event, running_tournament
from tests.tables.conftest import play_to_the_end

pytestmark = pytest.mark.django_db


def finish(table: Table, seed: int = 3) -> Table:
    """Play the table to its end by random legal choices, the last one through the acting service."""
    return play_to_the_end(table, random.Random(seed))


def test_a_pod_round_published_on_tables_seats_every_pod_at_a_started_table_on_the_events_map():
    tournament, organiser, _players = pod_event(7)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    assert rnd.pods.count() == 2
    for pod in rnd.pods.select_related("board_table"):
        table = pod.board_table
        assert table is not None and table.status == Table.Status.PLAYING
        assert table.system == tournament.system and table.map_hash == tournament.map_hash
        seated = list(table.seat_rows.order_by("index").values_list("user_id", flat=True))
        assert seated == list(pod.seats.order_by("seat").values_list("player_id", flat=True))
    assert AuditEvent.objects.filter(verb="round.on_tables", target_id=str(rnd.pk)).exists()


def test_a_wargame_round_on_tables_seats_player_a_at_his_sides_seat_and_gives_a_bye_no_table():
    tournament, organiser, _players = pod_event(5, system="wenlu")
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    for match in rnd.matches.all():
        if match.is_bye:
            assert match.board_table is None
            continue
        seats = dict(match.board_table.seat_rows.values_list("user_id", "index"))
        assert seats[match.player_a_id] == ("japan", "allies").index(match.side_a)
        assert seats[match.player_b_id] == 1 - seats[match.player_a_id]


def test_the_end_of_a_pods_table_reports_its_placements_and_regions_and_the_standings_follow():
    tournament, organiser, _players = pod_event(4)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.get()
    table = finish(pod.board_table)
    pod.refresh_from_db()
    assert pod.status == Pod.Status.FINISHED and pod.reported_by is None
    players = dict(table.seat_rows.values_list("index", "user_id"))
    figures = {s.player_id: (s.placement, s.regions) for s in pod.seats.all()}
    assert figures == {players[i]: (table.result["places"][i], table.result["scores"][i]) for i in range(4)}
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.FINISHED
    standings = {s.player: s.regions for s in current_pod_standings(tournament)}
    assert standings == {p: regions for p, (_place, regions) in figures.items()}
    assert AuditEvent.objects.filter(verb="pod.refereed", target_id=str(pod.pk)).count() == 1


def test_a_finished_table_reports_its_pod_once_even_if_the_finishing_service_runs_again():
    tournament, organiser, _players = pod_event(3)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.get()
    table = finish(pod.board_table)
    assert report_table_result(table) == UNCHANGED
    assert report_table_result(table) == UNCHANGED
    assert AuditEvent.objects.filter(verb="pod.refereed", target_id=str(pod.pk)).count() == 1


def test_the_end_of_a_wargame_table_is_the_matchs_victory_points_by_side_refereed():
    tournament, organiser, _players = pod_event(2, system="wenlu")
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    match = rnd.matches.get()
    table = finish(match.board_table, seed=4)
    match.refresh_from_db()
    seat_a = ("japan", "allies").index(match.side_a)
    assert match.status == Match.Status.FINISHED and match.result_source == Match.Source.REFEREED
    assert (match.vp_a, match.vp_b) == (table.result["scores"][seat_a], table.result["scores"][1 - seat_a])
    assert report_table_result(table) == UNCHANGED
    assert AuditEvent.objects.filter(verb="match.vp_refereed", target_id=str(match.pk)).count() == 1


def test_an_organisers_correction_of_a_refereed_pod_stands_when_the_table_reports_again():
    tournament, organiser, _players = pod_event(3)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.get()
    table = finish(pod.board_table)
    seats = list(pod.seats.order_by("seat"))
    corrected = {s.player_id: (k, 5) for k, s in enumerate(seats, start=1)}
    report_pod(pod, organiser, corrected)
    assert report_table_result(table) == UNCHANGED
    assert {s.player_id: (s.placement, s.regions) for s in pod.seats.all()} == corrected


def test_an_organisers_result_for_a_wargame_table_before_its_end_stands_after_it():
    tournament, organiser, _players = pod_event(2, system="wenlu")
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    match = rnd.matches.get()
    report_vp(match, organiser, 30, 2)
    finish(match.board_table, seed=4)
    match.refresh_from_db()
    assert (match.vp_a, match.vp_b, match.result_source) == (30, 2, Match.Source.ORGANISER)


def test_a_table_of_no_event_reports_nothing():
    alice, bob = UserFactory(), UserFactory()
    tournament, _organiser, _players = pod_event(2, system="wenlu")  # stores the maps
    table = table_services.do_create_table(alice, tournament.system, 2)
    table_services.do_join_table(bob, table)
    assert report_table_result(finish(table, seed=5)) != REPORTED


def test_a_card_game_round_cannot_be_published_on_tables_and_stays_a_draft():
    tournament, organiser, _players = running_tournament(4)
    rnd = services.pair_next_round(tournament, organiser)
    with pytest.raises(TablesRefused):
        services.publish_round(rnd, organiser, on_tables=True)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.DRAFT


def test_a_player_cannot_report_a_pod_played_on_a_table_by_hand_but_the_organiser_can():
    from matches.services.pods import PodReportRefused

    tournament, organiser, _players = pod_event(3)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.get()
    seats = list(pod.seats.order_by("seat").select_related("player"))
    rows = {s.player_id: (k, 3) for k, s in enumerate(seats, start=1)}
    with pytest.raises(PodReportRefused):
        report_pod(pod, seats[0].player, rows)
    assert report_pod(pod, organiser, rows).status == Pod.Status.FINISHED


def test_a_player_cannot_report_a_wargame_match_played_on_a_table_by_hand():
    from matches.services.results import ResultRefused

    tournament, organiser, _players = pod_event(2, system="wenlu")
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    match = rnd.matches.get()
    with pytest.raises(ResultRefused):
        report_vp(match, match.player_a, 10, 3)
