"""The table's presenter: what a seat sees, a response window's countdown and its expiry, and that
nothing a GET asks for writes."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from junling.errors import NotAllowed
from matches.models import RefereedEntry
from matches.presenters import play as presenter
from matches.services.play import cache, lifecycle, windows
from tests.decks.factories import make_user
from tests.matches.test_play_factories import human_match, play_until_window

pytestmark = pytest.mark.django_db

SECOND = datetime.timedelta(seconds=1)


@pytest.fixture
def window(setup, frozen_clock):
    match = human_match(setup)
    state = play_until_window(match, setup)
    row = cache.current_game(match)
    users = {0: setup[1], 1: setup[2]}
    return match, row, windows.response_deadline(row, state), frozen_clock, users[state.current_player()]


def test_the_view_holds_the_seat_observation_and_its_controls(setup):
    match = human_match(setup)
    alice = setup[1]
    view = presenter.player_view(match, alice, "en")
    state = cache.load_state(cache.current_game(match))
    assert view["observation"] == state.observation(0) and view["seat"] == 0
    assert view["step"] == cache.current_game(match).steps and view["window_expired"] is False
    assert bool(view["controls"]) == view["your_turn"]
    with pytest.raises(NotAllowed):
        presenter.player_view(match, make_user("carol"), "en")


def test_a_waiting_challenge_shows_who_must_accept(setup):
    _fmt, alice, bob, deck_a, _deck_b = setup
    match = lifecycle.do_challenge(alice, bob, deck_a)
    assert presenter.player_view(match, bob)["to_accept"] is True
    assert presenter.player_view(match, alice)["waiting"] is True


def test_an_open_window_counts_down_from_its_stored_deadline(window):
    match, _row, deadline, clock, responder = window
    clock.at = deadline - 12 * SECOND
    view = presenter.player_view(match, responder, "en")
    assert view["seconds_left"] == 12 and view["deadline"] == deadline.isoformat()
    assert view["your_turn"] and "pass" in {c["kind"] for c in view["controls"]}


def test_a_late_request_sees_the_window_expired_without_writing(window, client):
    match, row, deadline, clock, responder = window
    clock.at = deadline + SECOND
    before = presenter.table_version(match)
    assert before.endswith(".expired")
    view = presenter.player_view(match, responder, "en")
    assert view["window_expired"] and view["seconds_left"] == 0 and view["controls"] == []
    assert not view["your_turn"]
    client.force_login(responder)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"/play/matches/{match.pk}/").content.decode()
        client.get(f"/play/matches/{match.pk}/table")
        client.get(f"/api/play/matches/{match.pk}/")
    writes = [q["sql"] for q in queries if q["sql"].split()[0].upper() in ("INSERT", "UPDATE", "DELETE")]
    assert writes == []
    assert 'id="window-expired"' in page and "/settle" in page and 'data-kind="pass"' not in page
    row.refresh_from_db()
    assert row.steps == RefereedEntry.objects.filter(game=row).count() and presenter.table_version(match) == before


def test_the_version_changes_when_a_window_runs_out_so_a_polling_page_redraws(window, client):
    match, _row, deadline, clock, responder = window
    clock.at = deadline - SECOND
    open_version = presenter.table_version(match)
    client.force_login(responder)
    assert client.get(f"/play/matches/{match.pk}/table", {"v": open_version}).status_code == 204
    clock.at = deadline
    assert presenter.table_version(match) != open_version
    assert client.get(f"/play/matches/{match.pk}/table", {"v": open_version}).status_code == 200


def test_the_table_context_groups_the_controls_and_carries_the_version(setup):
    match = human_match(setup)
    state = cache.load_state(cache.current_game(match))
    user = setup[1] if state.current_player() == 0 else setup[2]
    context = presenter.table_context(match, user, "en")
    view = context["view"]
    assert view["version"] == presenter.table_version(match)
    assert {c["kind"] for g in view["groups"] for c in g["controls"]} == {c["kind"] for c in view["controls"]}


def test_my_matches_lists_a_challenge_to_accept_with_the_opponent(setup):
    _fmt, alice, bob, deck_a, _deck_b = setup
    match = lifecycle.do_challenge(alice, bob, deck_a)
    rows = presenter.my_matches_context(bob)["rows"]
    assert [(r["match"], r["opponent"], r["to_accept"]) for r in rows] == [(match, "alice", True)]


def test_a_bot_opponent_is_named_in_the_readers_language():
    from django.utils import translation

    from matches.presenters.play import bot_label

    with translation.override("zh-hans"):
        assert bot_label("ismcts-1") == "搜索型机器人（入门）" and bot_label("random") == "随机机器人"
    with translation.override("en"):
        assert bot_label("greedy") == "Greedy bot"
