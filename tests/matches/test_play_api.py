"""Refereed match API: who may see and act, refusals with the rule, stale actions, logs after the end."""

from __future__ import annotations

import pytest

from matches.models import Match
from matches.services.play import lifecycle
from tests.decks.factories import make_user
from tests.matches.test_play_factories import quick_setup

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot_match():
    _fmt, alice, bob, deck_a, _deck_b = quick_setup()
    return lifecycle.do_start_bot_match(alice, deck_a, "random"), alice, bob


def test_starting_a_bot_match_over_the_api(client):
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    client.force_login(alice)
    response = client.post(
        "/api/play/bot", {"deck_version": deck_a.pk, "bot": "greedy"}, content_type="application/json"
    )
    assert response.status_code == 201 and response.json()["your_turn"] is True
    assert Match.objects.get().bot == "greedy"


def test_an_anonymous_client_gets_nothing(client, bot_match):
    match, _alice, _bob = bot_match
    assert client.get(f"/api/play/matches/{match.pk}/").status_code in (401, 403)


def test_a_user_who_is_not_a_player_gets_404_everywhere(client, bot_match):
    match, _alice, bob = bot_match
    client.force_login(bob)
    assert client.get(f"/api/play/matches/{match.pk}/").status_code == 404
    act = client.post(
        f"/api/play/matches/{match.pk}/act", {"action": {"type": "end_turn"}}, content_type="application/json"
    )
    assert act.status_code == 404
    assert client.post(f"/api/play/matches/{match.pk}/concede").status_code == 404
    assert client.get(f"/api/play/matches/{match.pk}/games/1/log").status_code == 404


def test_the_player_acts_and_gets_the_refusal_rule_for_an_illegal_action(client, bot_match):
    match, alice, _bob = bot_match
    client.force_login(alice)
    view = client.get(f"/api/play/matches/{match.pk}/").json()
    hand = view["observation"]["sides"][0]["hand"]
    bad = client.post(
        f"/api/play/matches/{match.pk}/act",
        {"action": {"type": "move", "general": hand[0]["id"], "to": "border"}, "step": view["step"]},
        content_type="application/json",
    )
    assert bad.status_code == 400 and bad.json()["error"]["params"]["rule"] == "§3.6.5"
    ok = client.post(
        f"/api/play/matches/{match.pk}/act",
        {"action": {"type": "end_turn"}, "step": view["step"]},
        content_type="application/json",
    )
    assert ok.status_code == 200 and ok.json()["step"] > view["step"]


def test_a_stale_step_gets_409(client, bot_match):
    match, alice, _bob = bot_match
    client.force_login(alice)
    step = client.get(f"/api/play/matches/{match.pk}/").json()["step"]
    client.post(f"/api/play/matches/{match.pk}/act", {"action": {"type": "end_turn"}}, content_type="application/json")
    stale = client.post(
        f"/api/play/matches/{match.pk}/act",
        {"action": {"type": "end_turn"}, "step": step},
        content_type="application/json",
    )
    assert stale.status_code == 409 and stale.json()["error"]["params"]["stale"] is True


def test_a_malformed_action_is_refused_clearly(client, bot_match):
    match, alice, _bob = bot_match
    client.force_login(alice)
    for action in ({"type": "fly"}, "nonsense", {"type": "reveal", "card": "蜀将一一"}, None):
        response = client.post(f"/api/play/matches/{match.pk}/act", {"action": action}, content_type="application/json")
        assert response.status_code == 400 and response.json()["error"]["message"]


def test_staff_may_download_the_log_after_the_match_and_not_before(client, bot_match):
    match, alice, _bob = bot_match
    staff = make_user("judge", is_staff=True)
    client.force_login(staff)
    assert client.get(f"/api/play/matches/{match.pk}/games/1/log").status_code == 403
    lifecycle.do_concede(match, alice)
    response = client.get(f"/api/play/matches/{match.pk}/games/1/log")
    assert response.status_code == 200 and response.json()["header"]["format"] == "junling-log/1"


def test_refusals_come_in_the_one_envelope_with_code_status_and_params(client, bot_match):
    match, alice, _bob = bot_match
    client.force_login(alice)
    stale = client.post(
        f"/api/play/matches/{match.pk}/act",
        {"action": {"type": "end_turn"}, "step": 0},
        content_type="application/json",
    ).json()["error"]
    assert stale["code"] == "play.stale" and stale["status"] == 409 and stale["params"]["stale"] is True
    invalid = client.post(
        "/api/play/bot", {"deck_version": 1, "bot": "random", "best_of": 5}, content_type="application/json"
    )
    assert invalid.status_code == 400 and invalid.json()["error"]["code"] == "invalid"
    assert "best_of" in invalid.json()["error"]["params"]["fields"]


def test_a_window_that_ran_out_is_shown_expired_and_settled_by_a_post(client, setup, frozen_clock):
    import datetime

    from matches.services.play import cache, windows
    from tests.matches.test_play_factories import human_match, play_until_window

    match = human_match(setup)
    state = play_until_window(match, setup)
    frozen_clock.at = windows.response_deadline(cache.current_game(match), state) + datetime.timedelta(seconds=1)
    client.force_login(setup[1 + state.current_player()])
    view = client.get(f"/api/play/matches/{match.pk}/").json()
    assert view["window_expired"] is True and view["controls"] == [] and view["seconds_left"] == 0
    settled = client.post(f"/api/play/matches/{match.pk}/settle")
    assert settled.status_code == 200 and settled.json()["match_over"] is True


def test_an_action_of_no_player_kind_is_refused_as_invalid_input_before_the_referee(client, bot_match):
    match, alice, _bob = bot_match
    client.force_login(alice)
    for action in ({"type": "fly"}, {"type": "coin_flip", "first_player": 0}, ["end_turn"]):
        response = client.post(f"/api/play/matches/{match.pk}/act", {"action": action}, content_type="application/json")
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid"
        assert "action" in response.json()["error"]["params"]["fields"]


def test_starting_the_strongest_bot_on_a_clock_over_the_api(client):
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    client.force_login(alice)
    body = {"deck_version": deck_a.pk, "bot": "ismcts-3", "clock_total": 600, "clock_increment": 5}
    response = client.post("/api/play/bot", body, content_type="application/json")
    assert response.status_code == 201 and response.json()["clock"]["control"] == "10+5"
    match = Match.objects.get()
    assert match.bot == "ismcts-3" and match.refereed.clock_total == 600


def test_a_bot_time_control_out_of_bounds_is_a_field_error(client):
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    client.force_login(alice)
    body = {"deck_version": deck_a.pk, "bot": "greedy", "clock_total": 30}
    response = client.post("/api/play/bot", body, content_type="application/json")
    assert response.status_code == 400 and "clock_total" in response.json()["error"]["params"]["fields"]
    assert not Match.objects.exists()
