"""The call box at a player's own table (issue 27): the card table of a tournament match played refereed, and
the board-game table of an event's pod; the judge's round health view links to that table."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.services import rounds as services
from tests.matches.factories import pod_event

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_a_pod_player_calls_a_judge_from_his_board_game_table_and_the_judge_can_watch_it():
    tournament, organiser, _ = pod_event(4)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.select_related("board_table").get()
    seated = pod.seats.first().player
    client = client_for(seated)
    page = client.get(f"/tables/{pod.board_table_id}/").content.decode()
    assert 'id="call-judge"' in page and 'name="kind" value="pod"' in page
    table_url = f"/tables/{pod.board_table_id}/"
    assert client.post("/calls/new", {"kind": "pod", "table": pod.pk, "next": table_url})["Location"] == table_url
    assert "A judge is called to table 1" in client.get(table_url).content.decode()
    health = client_for(organiser).get(f"/tournaments/{tournament.pk}/rounds/1/health").content.decode()
    assert f'href="/tables/{pod.board_table_id}/watch/"' in health and "Waiting for a judge" in health


def test_a_player_calls_a_judge_from_his_refereed_card_table_of_a_tournament_round():
    from django.utils import timezone

    from matches.models import JudgeCall, Match, Round, Tournament
    from matches.services.play import lifecycle
    from matches.services.registration import register_deck
    from tests.matches.factories import TournamentFactory, UserFactory
    from tests.matches.test_play_factories import quick_setup

    fmt, alice, bob, deck_a, deck_b = quick_setup()
    judge = UserFactory(username="floor-judge")
    tournament = TournamentFactory(format=fmt, judges=[judge])
    reg_a, reg_b = register_deck(alice, tournament, deck_a), register_deck(bob, tournament, deck_b)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    rnd = Round.objects.create(
        tournament=tournament, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    match = Match.objects.create(
        tournament=tournament,
        round=rnd,
        table=4,
        player_a=alice,
        player_b=bob,
        registration_a=reg_a,
        registration_b=reg_b,
    )
    lifecycle.do_start_refereed_match(match, alice)
    client = client_for(bob)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'id="call-judge"' in page and "data-alert-controls" in page
    client.post("/calls/new", {"kind": "match", "table": match.pk})
    assert JudgeCall.objects.get().table == 4
    floor = client_for(judge).get(f"/tournaments/{tournament.pk}/floor").content.decode()
    assert f'href="/watch/matches/{match.pk}/"' in floor
