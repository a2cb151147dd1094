"""Issue 26 item 2: a board-game event's standings show each player's seats (pods: times in each seat) and
sides (wargames: games on each side), counted over finished pods and games only, in both languages."""

from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client

from matches.models import PodSeat
from matches.presenters.pods import pod_standings_page, seat_counts, side_counts
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from matches.services.wargame import report_vp
from tests.matches.factories import play_pods, pod_event

pytestmark = pytest.mark.django_db


def _pods_played(players: int, rounds: int):
    tournament, organiser, people = pod_event(players, rounds=rounds + 1)
    for _ in range(rounds):
        rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
        play_pods(rnd, organiser)
    snapshot_standings(tournament.pk)
    return tournament, organiser, people


def _wargame_played():
    tournament, organiser, _people = pod_event(4, rounds=2, system="wenlu")
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    for m in rnd.matches.all():
        report_vp(m, organiser, 12, 7)
    snapshot_standings(tournament.pk)
    return tournament, organiser, rnd


def test_seat_counts_are_each_players_times_in_each_seat_over_the_finished_pods():
    tournament, _, people = _pods_played(7, 2)
    counts = seat_counts(tournament, [p.pk for p in people])
    for p in people:
        seats = PodSeat.objects.filter(pod__tournament=tournament, player=p).values_list("seat", flat=True)
        assert counts[p.pk] == Counter(seats) and sum(counts[p.pk].values()) == 2


def test_a_published_pod_not_yet_finished_does_not_count_in_the_seats():
    tournament, organiser, people = _pods_played(7, 1)
    services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    assert all(sum(c.values()) == 1 for c in seat_counts(tournament, [p.pk for p in people]).values())


def test_the_pod_standings_rows_carry_the_seats_in_seat_order_with_zeros():
    tournament, _, _ = _pods_played(7, 1)
    view = pod_standings_page(tournament, query="", page=None)
    assert view["seat_numbers"] == [1, 2, 3, 4]
    for row in view["page"]:
        assert len(row["seats"]) == 4 and sum(row["seats"]) == 1


def test_side_counts_give_each_player_one_game_on_the_side_he_played_and_none_on_the_other():
    tournament, _, rnd = _wargame_played()
    expected = {}
    for m in rnd.matches.all():
        other = "allies" if m.side_a == "japan" else "japan"
        expected[m.player_a_id] = {m.side_a: 1, other: 0}
        expected[m.player_b_id] = {other: 1, m.side_a: 0}
    assert side_counts(tournament, list(expected)) == expected


def test_the_wargame_standings_page_shows_the_sides_by_name_in_both_languages():
    tournament, organiser, _ = _wargame_played()
    client = Client()
    client.force_login(organiser)
    english = client.get(f"/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chinese = client.get(f"/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Games played on each side" in english
    assert "Japan 1 · Korea and Ming 0" in english or "Japan 0 · Korea and Ming 1" in english
    assert "执每一方的局数" in chinese and "Japan" not in chinese


def test_the_pod_standings_page_shows_the_seats_column_in_both_languages():
    tournament, organiser, _ = _pods_played(7, 1)
    client = Client()
    client.force_login(organiser)
    english = client.get(f"/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chinese = client.get(f"/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Times in seat 1, 2, 3, 4, in that order" in english and "1 · 0 · 0 · 0" in english
    assert "依次为坐第 1, 2, 3, 4 号座位的次数" in chinese and "Times in seat" not in chinese
