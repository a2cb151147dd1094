"""Refereed play in matches/access.py: who is seated, who may see a table and the logs, who may start."""

from __future__ import annotations

import pytest
from django.http import Http404

from junling.errors import NotAllowed
from matches import access
from matches.models import Match
from matches.services.play import lifecycle
from tests.decks.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot_match(setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    return lifecycle.do_start_bot_match(alice, deck_a, "random")


def test_the_seats_of_a_match(setup, bot_match):
    _fmt, alice, bob, _deck_a, _deck_b = setup
    assert access.seat_of(bot_match, alice) == 0 and access.seat_of(bot_match, bob) is None
    assert access.access_seat(bot_match, alice) == 0
    with pytest.raises(NotAllowed) as err:
        access.access_seat(bot_match, bob)
    assert err.value.status == 403


def test_only_the_players_see_the_table_others_get_404(setup, bot_match):
    _fmt, alice, bob, _deck_a, _deck_b = setup
    staff = make_user("staff", is_staff=True)
    assert access.access_refereed_match(alice, bot_match.pk) == bot_match
    for user in (bob, staff):
        assert not access.can_watch(bot_match, user)
        with pytest.raises(Http404):
            access.access_refereed_match(user, bot_match.pk)


def test_a_match_that_is_not_refereed_is_404_even_for_its_players(setup):
    _fmt, alice, bob, _deck_a, _deck_b = setup
    match = Match.objects.create(player_a=alice, player_b=bob)
    with pytest.raises(Http404):
        access.access_refereed_match(alice, match.pk)


def test_logs_are_for_players_judges_and_staff_and_only_after_the_match(setup, bot_match):
    _fmt, alice, bob, _deck_a, _deck_b = setup
    staff = make_user("staff", is_staff=True)
    assert all(access.can_see_logs(bot_match, u) for u in (alice, staff)) and not access.can_see_logs(bot_match, bob)
    assert not access.can_download_logs(bot_match, alice)
    lifecycle.do_concede(bot_match, alice)
    bot_match.refresh_from_db()
    assert access.can_download_logs(bot_match, alice) and access.can_download_logs(bot_match, staff)
    with pytest.raises(Http404):
        access.access_match_logs(bob, bot_match.pk)


def test_a_tournament_judge_may_see_the_logs_and_either_player_may_start_it(setup):
    from matches.services.registration import register_deck

    fmt, alice, bob, deck_a, deck_b = setup
    judge = make_user("judge")
    tournament = make_tournament(fmt, make_user("organiser"), judges=[judge])
    reg_a, reg_b = register_deck(alice, tournament, deck_a), register_deck(bob, tournament, deck_b)
    match = Match.objects.create(
        tournament=tournament, player_a=alice, player_b=bob, registration_a=reg_a, registration_b=reg_b
    )
    assert access.access_match_to_start(bob, match.pk) == match
    with pytest.raises(Http404):
        access.access_match_to_start(judge, match.pk)
    lifecycle.do_start_refereed_match(match, bob)
    assert access.can_see_logs(match, judge) and not access.can_watch(match, judge)
    with pytest.raises(Http404):
        access.access_match_to_start(bob, match.pk)  # started already
