"""Hidden information in refereed matches (§3.1.10, FAQ): while a match runs, nothing a player can get shows
the opponent's hand, either RESOURCE's order (the seed) or the log."""

from __future__ import annotations

import datetime
import json

import pytest
from django.utils import translation

from matches.models import RefereedGame
from matches.presenters import narration
from matches.services.play import acting, cache, lifecycle
from matches.services.play.errors import ActionRefused
from tests.matches.test_play_factories import quick_setup, winning_step

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    """Messages are checked in English (the site's default language is Chinese)."""
    with translation.override("en"):
        yield


@pytest.fixture
def running():
    """A match alice (蜀) vs bob (魏), a few actions in, alice to act; (match, alice, bob, state)."""
    _fmt, alice, bob, deck_a, deck_b = quick_setup()
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a), deck_b)
    users = {0: alice, 1: bob}
    for _ in range(50):
        state = cache.load_state(cache.current_game(match))
        seat = state.current_player()
        if seat == 0 and state.turn >= 3 and state.field[0]:
            break
        # bob only ends turns, so that his cards stay in his hand
        action = winning_step(state, seat) if seat == 0 else {"type": "end_turn"}
        if seat == 0 and action["type"] in ("move", "siege"):
            action = {"type": "end_turn"}
        acting.do_act(match, users[seat], action)
    state = cache.load_state(cache.current_game(match))
    assert state.current_player() == 0 and state.hand[1]
    return match, alice, bob, state


def _secrets(state, viewer: int) -> list[str]:
    """Names (Chinese and English) of the opponent's cards the viewer cannot see, and the seed."""
    visible = narration.visible_ids(state, viewer)
    seen = {state.names[c] for c in visible}
    hidden = {state.names[c] for c in state.hand[1 - viewer] + state.resource[1 - viewer]} - seen
    db = state.game.db
    row = RefereedGame.objects.get(refereed_match__match__isnull=False, finished_at__isnull=True)
    out = sorted(hidden) + sorted(db[n].name_en for n in hidden if db[n].name_en)
    return [*out, str(row.seed), row.salt]


def _assert_clean(text: str, secrets: list[str], where: str) -> None:
    for secret in secrets:
        assert secret not in text, f"{where} shows {secret!r}"


def test_every_page_and_api_answer_of_a_running_match_hides_the_opponent_hand_and_the_seed(client, running):
    match, alice, bob, state = running
    secrets = _secrets(state, 0)
    assert secrets  # bob holds cards alice has not seen
    client.force_login(alice)
    opponent_card = state.hand[1][0]
    opponent_resource = state.resource[1][0]
    answers = {
        "page": client.get(f"/play/matches/{match.pk}/"),
        "table": client.get(f"/play/matches/{match.pk}/table"),
        "my matches": client.get("/play/matches/"),
        "api state": client.get(f"/api/play/matches/{match.pk}/"),
        "log page": client.get(f"/play/matches/{match.pk}/games/1/log"),
        "log api": client.get(f"/api/play/matches/{match.pk}/games/1/log"),
    }
    for i, card in enumerate((opponent_card, opponent_resource)):
        for kind in ("move", "recruit", "siege"):
            data = {
                "move": {"type": "move", "general": card, "to": "border"},
                "recruit": {"type": "recruit", "card": card},
            }
            data["siege"] = {"type": "siege", "general": card}
            action = data[kind]
            answers[f"api act {kind} {i}"] = client.post(
                f"/api/play/matches/{match.pk}/act", {"action": action}, content_type="application/json"
            )
            answers[f"page act {kind} {i}"] = client.post(
                f"/play/matches/{match.pk}/act", {"action": json.dumps(action)}, HTTP_HX_REQUEST="true"
            )
    answers["stale"] = client.post(
        f"/api/play/matches/{match.pk}/act",
        {"action": {"type": "end_turn"}, "step": 1},
        content_type="application/json",
    )
    for where, response in answers.items():
        assert response.status_code < 500, where
        _assert_clean(response.content.decode(), secrets, where)
    assert answers["api act move 0"].status_code == 400
    assert answers["api act move 0"].json()["error"]["params"]["rule"] == "§3.6.5"
    assert answers["log page"].status_code == 403 and answers["log api"].status_code == 403
    # the check can fail: bob's own page and API answer do show his hand
    client.force_login(bob)
    own = (
        client.get(f"/play/matches/{match.pk}/").content.decode()
        + client.get(f"/api/play/matches/{match.pk}/").content.decode()
    )
    assert all(state.names[c] in own for c in state.hand[1])


def test_an_illegal_action_naming_an_opponent_hand_card_is_refused_without_its_name(running):
    match, alice, _bob, state = running
    hidden = state.hand[1][0]
    with pytest.raises(ActionRefused) as err:
        acting.do_act(match, alice, {"type": "move", "general": hidden, "to": "border"})
    assert err.value.rule == "§3.6.5"
    assert state.names[hidden] not in str(err.value) and "cannot see" in err.value.reason


def test_the_feed_names_a_draw_to_its_owner_only(running):
    row = RefereedGame.objects.get(finished_at__isnull=True)
    lines = [e.feed for e in row.entries.filter(actor=-1)]  # [seat 0's lines, seat 1's lines]: [[code, params]]
    bob_draws = [f[1][0] for f in lines if f[1][0][0] == "narrate.draw" and f[1][0][1]["player"]["seat"] == 1]
    assert bob_draws and all(isinstance(params["card"]["card"], int) for _code, params in bob_draws)
    alice_hears = [f[0][0] for f in lines if f[0][0][1].get("player", {}).get("seat") == 1]
    assert alice_hears and all("card" not in params for _code, params in alice_hears)


def test_the_observation_a_player_gets_has_no_opponent_hand(client, running):
    match, alice, _bob, _state = running
    client.force_login(alice)
    view = client.get(f"/api/play/matches/{match.pk}/").json()
    opponent = view["observation"]["sides"][1]
    assert "hand" not in opponent and opponent["hand_size"] > 0
    assert "seed" not in json.dumps(view)


def test_the_log_is_refused_while_the_match_runs_and_given_after_it(client, running):
    match, alice, bob, _state = running
    client.force_login(alice)
    assert client.get(f"/api/play/matches/{match.pk}/games/1/log").status_code == 403
    lifecycle.do_concede(match, bob)
    response = client.get(f"/api/play/matches/{match.pk}/games/1/log")
    assert response.status_code == 200 and response.json()["signature"]
    assert str(RefereedGame.objects.get().seed) in response.content.decode()  # the end entry reveals the seed


def test_a_resource_card_put_into_discard_face_down_is_named_to_nobody(running):
    """Upkeep (ruling G9) puts RESOURCE cards into DISCARD face down: neither seat hears their names."""
    _match, _alice, _bob, state = running
    row = RefereedGame.objects.get(finished_at__isnull=True)
    face_down = 0
    for entry in row.entries.filter(actor=-1):
        for seat in (0, 1):
            [(code, params)] = entry.feed[seat]
            if code.startswith("narrate.resource_to_discard"):
                face_down += 1
                assert "card" not in params
    assert face_down >= 2 and state.discard[0]  # alice's general's upkeep, heard by both seats


def test_an_illegal_action_naming_a_card_of_my_own_resource_does_not_name_it(client, running):
    match, alice, _bob, state = running
    own_resource = state.resource[0][0]
    client.force_login(alice)
    for action in (
        {"type": "recruit", "card": own_resource},
        {"type": "move", "general": own_resource, "to": "border"},
        {"type": "event", "card": own_resource},
    ):
        response = client.post(f"/api/play/matches/{match.pk}/act", {"action": action}, content_type="application/json")
        assert response.status_code == 400
        text = response.content.decode()
        assert state.label(own_resource) not in text and response.json()["error"]["params"]["rule"]


def test_g9_a_discard_to_the_hand_limit_is_chosen_on_the_page_and_named_to_the_discarder_only(client):
    """Ruling G9: the player chooses what to discard; the cards go face down, so the opponent hears a count."""
    from engine.game import Phase

    _fmt, alice, bob, deck_a, deck_b = quick_setup()
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a), deck_b)
    users = {0: alice, 1: bob}
    for _ in range(60):
        state = cache.load_state(cache.current_game(match))
        if state.phase is Phase.HAND_LIMIT:
            break
        acting.do_act(match, users[state.current_player()], {"type": "end_turn"})
    assert state.phase is Phase.HAND_LIMIT
    seat = state.current_player()
    client.force_login(users[seat])
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'data-kind="discard"' in page and 'data-field="cards"' in page and 'name="cards"' in page
    over = len(state.hand[seat]) - state.limit[seat]
    thrown = state.hand[seat][:over]
    client.post(
        f"/play/matches/{match.pk}/act",
        {"action": json.dumps({"type": "discard"}), "payment_choice": "cards", "cards": [str(c) for c in thrown]},
    )
    row = cache.current_game(match)
    entry = row.entries.get(action__type="discard")
    assert [c["card"] for c in entry.feed[seat][0][1]["cards"]["cards"]] == thrown
    assert entry.feed[1 - seat] == [["narrate.discard_hidden", {"player": {"seat": seat}, "count": over}]]
    client.force_login(users[1 - seat])
    with translation.override("en"):
        other = client.get(f"/api/play/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert any("discard" in line and f"{over} card" in line for line in other["feed"])


def test_the_presenter_never_puts_the_opponent_hand_or_the_seed_in_a_view_even_with_a_window_expired(
    setup, frozen_clock
):
    """The presenter is the one builder of every table: its views for each seat, open or expired window."""
    from django.template.loader import render_to_string

    from matches.presenters import play as presenter
    from matches.services.play import windows
    from tests.matches.test_play_factories import human_match, play_until_window

    match = human_match(setup)
    state = play_until_window(match, setup)
    row = cache.current_game(match)
    deadline = windows.response_deadline(row, state)
    users = {0: setup[1], 1: setup[2]}
    for at in (deadline - datetime.timedelta(seconds=1), deadline):  # open, then expired
        frozen_clock.at = at
        for seat, user in users.items():
            db = state.game.db
            seen = {state.names[c] for c in narration.visible_ids(state, seat)}
            seen |= {db[n].name_en for n in seen if db[n].name_en}
            # "Shu General 1" is hidden while "Shu General 11" is seen: look for whole names only.
            secrets = [s for s in _secrets(state, seat) if not any(s in name for name in seen)]
            assert len(secrets) > 2  # hidden cards, besides the seed and the salt
            view = presenter.api_view(match, user, "en")
            _assert_clean(json.dumps(view, ensure_ascii=False, default=str), secrets, f"api view {seat}")
            context = presenter.table_context(match, user, "en")
            html = render_to_string("matches/play/_table.html", context)
            _assert_clean(html, secrets, f"table {seat}")
            assert all(state.names[c] in json.dumps(view, ensure_ascii=False) for c in state.hand[seat])
