"""Pod events (issue 15, 龙虎三国志): a board-game tournament names its system and map, players join without a
deck, the organiser pairs pods, players report placements and regions, standings come from the pods."""

from __future__ import annotations

import pytest

from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.models import Pod, Round
from matches.services import registration as registration_services
from matches.services import rounds as services
from matches.services.board_maps import known_maps
from matches.services.pods import PodReportRefused, current_pod_standings, report_pod
from matches.services.registration import TournamentStateError
from matches.services.scoring import snapshot_standings
from matches.services.standings import latest_snapshot
from tests.matches.factories import FormatFactory, UserFactory, play_pods, pod_event, stored_map_hash

pytestmark = pytest.mark.django_db


def test_known_maps_are_the_stored_maps_by_content_hash():
    assert known_maps("longhu") == {}
    stored_map_hash("longhu")
    (longhu,) = known_maps("longhu")
    assert longhu.startswith("sha256:")
    assert known_maps("generals-order") == {}


def test_a_board_game_tournament_needs_a_known_map_and_no_format():
    organiser = UserFactory()
    with pytest.raises(TournamentStateError, match="maps"):
        registration_services.create_tournament(organiser, name="x", format=None, system="longhu", map_hash="sha256:0")
    with pytest.raises(TournamentStateError, match="no format"):
        registration_services.create_tournament(
            organiser, name="x", format=FormatFactory(), system="longhu", map_hash=stored_map_hash("longhu")
        )


def test_a_card_game_tournament_still_needs_a_format():
    with pytest.raises(TournamentStateError, match="format"):
        registration_services.create_tournament(UserFactory(), name="x", format=None)


def test_ten_players_are_paired_in_one_pod_of_four_and_two_of_three_and_everyone_plays():
    tournament, organiser, players = pod_event(10)
    rnd = services.pair_next_round(tournament, organiser)
    sizes = [pod.seats.count() for pod in rnd.pods.order_by("table")]
    assert sizes == [4, 3, 3]
    seated = sorted(pid for pod in rnd.pods.all() for pid in pod.seats.values_list("player_id", flat=True))
    assert seated == sorted(p.pk for p in players)
    assert not rnd.matches.exists()
    assert AuditEvent.objects.filter(verb="round.pair", target_id=str(rnd.pk)).exists()


def test_a_players_report_waits_for_another_player_of_the_pod_to_confirm_it():
    tournament, organiser, _players = pod_event(4)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    pod = rnd.pods.get()
    seats = list(pod.seats.order_by("seat").select_related("player"))
    rows = {s.player_id: (k, 9 - k) for k, s in enumerate(seats, start=1)}
    pod = report_pod(pod, seats[0].player, rows)
    assert pod.status == Pod.Status.REPORTED
    pod = report_pod(pod, seats[0].player, rows)
    assert pod.status == Pod.Status.REPORTED  # the same player again does not confirm
    pod = report_pod(pod, seats[1].player, rows)
    assert pod.status == Pod.Status.FINISHED
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED


def test_a_player_outside_the_pod_cannot_report_it():
    tournament, organiser, _players = pod_event(4)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    pod = rnd.pods.get()
    with pytest.raises(NotAllowed):
        report_pod(pod, UserFactory(), {})


def test_placements_that_are_no_ranking_are_refused():
    tournament, organiser, _players = pod_event(4)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    pod = rnd.pods.get()
    ids = list(pod.seats.order_by("seat").values_list("player_id", flat=True))
    with pytest.raises(PodReportRefused, match="ranking"):
        report_pod(pod, organiser, {ids[0]: (1, 5), ids[1]: (1, 5), ids[2]: (2, 3), ids[3]: (4, 1)})


def test_a_draft_pod_round_cannot_be_reported():
    tournament, organiser, _players = pod_event(4)
    rnd = services.pair_next_round(tournament, organiser)
    pod = rnd.pods.get()
    ids = list(pod.seats.values_list("player_id", flat=True))
    with pytest.raises(PodReportRefused, match="not published"):
        report_pod(pod, organiser, {p: (k, 1) for k, p in enumerate(ids, start=1)})


def test_round_two_pods_avoid_round_one_opponents_and_the_standings_count_placements_and_regions():
    tournament, organiser, _players = pod_event(16)  # four pods of 4: round 2 can seat one from each
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_pods(r1, organiser)
    r2 = services.pair_next_round(tournament, organiser)
    met = {frozenset(p.seats.values_list("player_id", flat=True)) for p in r1.pods.all()}
    for pod in r2.pods.all():
        seated = set(pod.seats.values_list("player_id", flat=True))
        assert all(len(seated & group) <= 1 for group in met)
    top = current_pod_standings(tournament)[0]
    assert (top.points, top.regions, top.firsts) == (12, 8, 1)
    snapshot = snapshot_standings(tournament.pk)
    assert snapshot == latest_snapshot(tournament)
    assert snapshot.rows[0]["points"] == 12 and snapshot.rows[0]["regions"] == 8
    assert snapshot_standings(tournament.pk).pk == snapshot.pk  # the same results: the same snapshot


def test_a_pod_round_can_be_re_paired_after_a_drop():
    tournament, organiser, players = pod_event(8)
    rnd = services.pair_next_round(tournament, organiser)
    services.drop_player(tournament, organiser, players[0])
    rnd = services.repair_round(rnd, organiser)
    assert sorted(p.seats.count() for p in rnd.pods.all()) == [3, 4]


def test_an_organiser_seats_the_pods_by_hand_and_the_draft_is_replaced():
    tournament, organiser, players = pod_event(7)
    services.pair_next_round(tournament, organiser)
    ids = [p.pk for p in players]
    outcome = services.pair_by_hand(tournament, organiser, [ids[:4], ids[4:]])
    assert outcome.saved and outcome.warnings == []
    rnd = tournament.rounds.get()  # the old draft is gone
    seated = [list(p.seats.order_by("seat").values_list("player_id", flat=True)) for p in rnd.pods.order_by("table")]
    assert seated == [ids[:4], ids[4:]]
    assert AuditEvent.objects.filter(verb="round.pair_by_hand", actor=organiser).exists()


def test_pods_by_hand_of_a_size_the_game_does_not_seat_are_never_saved_even_confirmed():
    tournament, organiser, players = pod_event(6)
    ids = [p.pk for p in players]
    outcome = services.pair_by_hand(tournament, organiser, [ids[:5], ids[5:]], confirm=True)
    assert not outcome.saved
    assert [w.code for w in outcome.warnings] == ["pairing.table_size", "pairing.table_size"]
    assert "5" in outcome.warnings[0].text and not Round.objects.filter(tournament=tournament).exists()


def test_pods_by_hand_that_seat_players_together_again_need_the_organisers_confirmation():
    tournament, organiser, _players = pod_event(8)
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_pods(r1, organiser)
    again = [list(p.seats.values_list("player_id", flat=True)) for p in r1.pods.order_by("table")]
    first = services.pair_by_hand(tournament, organiser, again)
    assert not first.saved and {w.code for w in first.warnings} == {"pairing.rematch"}
    second = services.pair_by_hand(tournament, organiser, again, confirm=True)
    assert second.saved and second.round.number == 2 and second.round.notes


def test_parse_pods_reads_a_pod_a_line_and_names_the_line_of_an_unknown_player():
    usernames = {"ann": 1, "bo": 2, "cy": 3}
    assert services.parse_pods("ann bo\n\n cy, ann", usernames) == [[1, 2], [3, 1]]
    with pytest.raises(services.RoundError, match="Line 2: dee"):
        services.parse_pods("ann bo\ncy dee", usernames)


def test_joining_a_card_game_tournament_without_a_deck_is_refused(tournament):
    with pytest.raises(registration_services.RegistrationRefused):
        registration_services.join_event(UserFactory(), tournament)
