"""A player's replay of his own game (matches/presenters/adjudication.py replay_page): the judge's step viewer
over the game's signed log, once the match is over, said to the player; never while the match runs."""

from __future__ import annotations

import pytest
from django.utils import translation

from matches.services.play import cache, lifecycle
from tests.matches.factories import UserFactory
from tests.matches.test_play_factories import human_match

pytestmark = pytest.mark.django_db


def test_a_player_steps_through_his_finished_game_told_in_his_own_words(client, setup):
    match = human_match(setup)
    lifecycle.do_concede(match, setup[2])  # bob concedes: the match is over
    alice = setup[1]
    client.force_login(alice)
    page = client.get(f"/play/matches/{match.pk}/games/1/replay?n=3", HTTP_ACCEPT_LANGUAGE="zh-hans")
    html = page.content.decode()
    assert page.status_code == 200 and 'id="step-view"' in html and 'id="step-next"' in html
    assert 'aria-current="step"' in html and "你" in html and 'id="seat-0"' in html
    assert html.index('id="seat-0"') < html.index('id="seat-1"')  # alice holds seat 0: her seat first
    listed = client.get("/me/games/").content.decode()
    assert f"/play/matches/{match.pk}/games/1/replay" in listed


def test_the_replay_shows_what_the_signed_log_shows_both_hands_after_the_match(client, setup):
    """docs/accounts.md: the player's log of a finished match holds both hands; the replay shows no more."""
    match = human_match(setup)
    lifecycle.do_concede(match, setup[2])  # bob concedes: the match is over
    client.force_login(setup[2])  # bob, seat 1
    with translation.override("en"):
        html = client.get(f"/play/matches/{match.pk}/games/1/replay?n=2", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.index('id="seat-1"') < html.index('id="seat-0"')
    assert html.count('class="hand"') == 2


def test_no_replay_while_the_match_runs_nor_for_someone_else(client, setup):
    match = human_match(setup)
    assert cache.current_game(match) is not None
    client.force_login(setup[1])
    assert client.get(f"/play/matches/{match.pk}/games/1/replay").status_code == 403
    lifecycle.do_concede(match, setup[2])
    client.force_login(UserFactory())
    assert client.get(f"/play/matches/{match.pk}/games/1/replay").status_code == 404
    client.force_login(setup[1])
    assert client.get(f"/play/matches/{match.pk}/games/1/replay").status_code == 200
    assert client.get(f"/play/matches/{match.pk}/games/2/replay").status_code == 404
