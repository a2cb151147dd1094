"""Refereed match pages: play against a bot, challenge and accept, the table, acting, conceding, the summary."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from matches.models import Match
from matches.services.play import acting, cache, lifecycle, windows
from matches.services.play.errors import PlayRefused
from tests.decks.factories import make_deck
from tests.matches.test_play_factories import SHU, deck_text, quick_setup

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    return quick_setup()


def test_the_play_page_offers_my_decks_and_both_bots(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    client.force_login(alice)
    page = client.get("/play/").content.decode()
    assert f'value="{deck_a.pk}"' in page and 'value="greedy"' in page and 'value="random"' in page


def test_playing_a_bot_from_the_page_opens_the_table_with_my_hand(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    client.force_login(alice)
    response = client.post("/play/bot", {"deck_version": deck_a.pk, "bot": "greedy", "best_of": "1"})
    match = Match.objects.get(bot="greedy")
    assert response.status_code == 302 and response["Location"] == f"/play/matches/{match.pk}/"
    page = client.get(response["Location"]).content.decode()
    state = cache.load_state(cache.current_game(match))
    assert all(state.names[c] in page for c in state.hand[0])
    assert 'id="opponent-hand-count"' in page and 'data-kind="end_turn"' in page


def test_a_deck_with_an_unsupported_card_is_refused_on_the_page_naming_it(client, setup):
    fmt, alice, _bob, _deck_a, _deck_b = setup
    version = make_deck(alice, fmt, deck_text(SHU[:13], "蜀", "3 妖术")).latest_version()
    client.force_login(alice)
    response = client.post("/play/bot", {"deck_version": version.pk, "bot": "random"})
    assert response.status_code == 400 and "妖术" in response.content.decode()
    assert not Match.objects.exists()


def test_a_challenge_is_accepted_from_my_matches_and_both_players_see_the_table(client, setup):
    _fmt, alice, bob, deck_a, deck_b = setup
    client.force_login(alice)
    response = client.post("/play/challenge", {"opponent": "bob", "deck_version": deck_a.pk, "best_of": "1"})
    match = Match.objects.get(player_b=bob)
    assert response.status_code == 302 and match.status == Match.Status.PENDING
    client.force_login(bob)
    assert "accept-form" in client.get("/play/matches/").content.decode()
    client.post(f"/play/matches/{match.pk}/accept", {"deck_version": deck_b.pk})
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    for user in (alice, bob):
        client.force_login(user)
        assert client.get(f"/play/matches/{match.pk}/").status_code == 200


def test_challenging_an_unknown_player_says_so(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    client.force_login(alice)
    response = client.post("/play/challenge", {"opponent": "nobody", "deck_version": deck_a.pk})
    assert response.status_code == 400 and "nobody" in response.content.decode()


def test_the_table_is_not_redrawn_while_the_game_has_not_moved(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "random")
    client.force_login(alice)
    first = client.get(f"/play/matches/{match.pk}/table")
    version = first.content.decode().split('data-version="')[1].split('"')[0]
    assert client.get(f"/play/matches/{match.pk}/table", {"v": version}).status_code == 204
    acting.do_act(match, alice, {"type": "end_turn"})
    assert client.get(f"/play/matches/{match.pk}/table", {"v": version}).status_code == 200


def test_an_illegal_action_from_the_page_shows_the_rule_it_breaks(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "random")
    state = cache.load_state(cache.current_game(match))
    client.force_login(alice)
    action = json.dumps({"type": "move", "general": state.hand[0][0], "to": "border"})
    response = client.post(f"/play/matches/{match.pk}/act", {"action": action}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and 'id="play-error"' in page and "§3.6.5" in page


def test_conceding_from_the_page_shows_the_summary_with_the_log_link(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "random")
    client.force_login(alice)
    response = client.post(f"/play/matches/{match.pk}/concede")
    assert response.status_code == 302
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'id="game-over"' in page and f"/play/matches/{match.pk}/games/1/log" in page
    log = client.get(f"/play/matches/{match.pk}/games/1/log")
    assert log.status_code == 200 and json.loads(log.content)["header"]["signed"] is True


def test_another_user_cannot_see_a_match_table(client, setup):
    _fmt, alice, bob, deck_a, _deck_b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "random")
    client.force_login(bob)
    assert client.get(f"/play/matches/{match.pk}/").status_code == 404
    assert client.post(f"/play/matches/{match.pk}/act", {"action": '{"type": "end_turn"}'}).status_code == 404


def test_a_tournament_match_is_started_refereed_with_the_registered_decks_and_judges_get_its_log(client, setup):
    from matches.services.registration import register_deck
    from tests.decks.factories import make_tournament, make_user

    fmt, alice, bob, deck_a, deck_b = setup
    judge = make_user("judge")
    tournament = make_tournament(fmt, make_user("organiser"), judges=[judge])
    reg_a, reg_b = register_deck(alice, tournament, deck_a), register_deck(bob, tournament, deck_b)
    match = Match.objects.create(
        tournament=tournament, player_a=alice, player_b=bob, registration_a=reg_a, registration_b=reg_b, best_of=1
    )
    client.force_login(bob)
    assert "start-form" in client.get("/play/matches/").content.decode()
    assert client.post(f"/play/matches/{match.pk}/start").status_code == 302
    refereed = match.refereed
    assert (refereed.deck_a, refereed.deck_b) == (deck_a, deck_b)
    client.force_login(judge)
    assert client.get(f"/play/matches/{match.pk}/games/1/log").status_code == 403  # not before the end
    lifecycle.do_concede(match, alice)
    match.refresh_from_db()
    assert match.is_finished and match.result_source == Match.Source.REFEREED and match.games_won_b == 1
    assert client.get(f"/play/matches/{match.pk}/games/1/log").status_code == 200
    assert client.get(f"/play/matches/{match.pk}/").status_code == 404  # judges get logs, not a seat


def test_the_challenged_player_is_told_to_accept_and_may_decline(client, setup):
    _fmt, alice, bob, deck_a, _deck_b = setup
    match = lifecycle.do_challenge(alice, bob, deck_a)
    client.force_login(bob)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'id="play-to-accept"' in page and "/play/matches/" in page
    assert client.post(f"/play/matches/{match.pk}/withdraw").status_code == 302
    assert not Match.objects.filter(pk=match.pk).exists()


def test_an_accepted_challenge_cannot_be_withdrawn(setup):
    _fmt, alice, bob, deck_a, deck_b = setup
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a), deck_b)
    with translation.override("en"), pytest.raises(PlayRefused, match="concede"):
        lifecycle.do_withdraw_challenge(alice, match)


def test_a_commandment_is_chosen_and_a_recruit_paid_with_chosen_cards_from_the_table(client):
    """§2.6.4: the command pool's commandment is chosen first; §3.5 / ruling G3: a recruit names its payment."""
    from engine.game import PaymentChoice, Phase, Recruit
    from engine.game.bots import RandomBot
    from tests.decks.factories import legal_text, make_card_database_version, make_format, make_user

    fmt = make_format([make_card_database_version()])
    carol = make_user("carol")
    version = make_deck(carol, fmt, legal_text()).latest_version()
    match = lifecycle.do_start_bot_match(carol, version, "greedy")
    client.force_login(carol)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'data-kind="choose_commandment"' in page and "蜀令" in page
    state = cache.load_state(cache.current_game(match))
    assert state.phase is Phase.COMMANDMENT
    choose = next(a for a in state.legal_actions() if getattr(a, "card", None) is not None)
    acting.do_act(match, carol, choose.to_json())
    for _ in range(20):  # end turns until a recruit needs a payment (a general of cost 1 or more)
        state = cache.load_state(cache.current_game(match))
        pay = next(
            (a for a in state.legal_actions() if isinstance(a, PaymentChoice) and isinstance(a.template, Recruit)), None
        )
        if pay is not None:
            break
        other = RandomBot(0).choose(state).to_json()  # e.g. a discard down to the hand limit (ruling G9)
        acting.do_act(match, carol, {"type": "end_turn"} if state.phase is Phase.MAIN else other)
    assert pay is not None
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert 'name="payment_choice"' in page and 'fieldset class="payment"' in page
    template = {"type": "recruit", "card": pay.template.card}
    too_few = client.post(
        f"/play/matches/{match.pk}/act",
        {"action": json.dumps(template), "payment_choice": "1", "payment": []},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert "裁定 G3" in too_few or "§3.5" in too_few or "§2.8" in too_few  # the page speaks Chinese by default
    paid = [str(c) for c in pay.choices[: pay.count]]
    client.post(
        f"/play/matches/{match.pk}/act", {"action": json.dumps(template), "payment_choice": "1", "payment": paid}
    )
    state = cache.load_state(cache.current_game(match))
    assert pay.template.card in state.field[0]


def test_a_best_of_three_table_shows_game_one_result_while_game_two_runs(client, setup):
    _fmt, alice, bob, deck_a, deck_b = setup
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a, best_of=3), deck_b)
    lifecycle.do_concede(match, alice)
    client.force_login(alice)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    assert "game-result" in page and "bob" in page and 'id="game-over"' not in page
    assert client.get(f"/play/matches/{match.pk}/games/1/log").status_code == 403  # the match still runs


def test_g11_the_responder_gets_a_prompt_naming_the_pending_action_with_its_time_limit(client, setup):
    from engine.game import Phase
    from tests.matches.test_play_factories import winning_step

    _fmt, alice, bob, deck_a, deck_b = setup
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a), deck_b)
    users = {0: alice, 1: bob}
    for _ in range(60):
        state = cache.load_state(cache.current_game(match))
        if state.phase is Phase.RESPONSE:
            break
        seat = state.current_player()
        acting.do_act(match, users[seat], winning_step(state, seat))
    responder = users[state.current_player()]
    besieger = state.names[state.pending.general]
    client.force_login(responder)
    page = client.get(f"/play/matches/{match.pk}/").content.decode()
    prompt = page.split('id="response-prompt"')[1].split("</p>")[0]
    assert besieger in prompt and 'class="countdown" data-seconds="' in prompt
    seconds = int(prompt.split('data-seconds="')[1].split('"')[0])
    assert 0 < seconds <= windows.RESPONSE_SECONDS
    assert 'data-kind="pass"' in page


def test_card_names_on_the_table_follow_the_chosen_language(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "random")
    client.force_login(alice)
    english = client.get(f"/play/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chinese = client.get(f"/play/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    hand = english.split('id="my-hand"')[1].split("</p>")[0]
    assert "Shu General" in hand and "蜀将" not in hand
    assert "蜀将" in chinese.split('id="my-hand"')[1].split("</p>")[0]


def test_the_play_forms_accept_only_my_decks_and_valid_input(client, setup):
    _fmt, alice, _bob, deck_a, deck_b = setup
    client.force_login(alice)
    with translation.override("en"):
        for url, data in (
            ("/play/bot", {"deck_version": deck_b.pk, "bot": "random"}),  # bob's deck
            ("/play/bot", {"deck_version": "x", "bot": "random"}),
            ("/play/challenge", {"opponent": "bob", "deck_version": deck_b.pk}),
        ):
            response = client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")
            assert response.status_code == 400 and "Choose one of your decks" in response.content.decode(), url
        response = client.post("/play/bot", {"deck_version": deck_a.pk, "bot": "clever"}, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 400 and "Choose a bot" in response.content.decode()
    assert not Match.objects.exists()


def test_an_action_with_a_malformed_step_is_refused_on_the_table_and_nothing_is_applied(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "random")
    steps = cache.current_game(match).steps
    client.force_login(alice)
    response = client.post(
        f"/play/matches/{match.pk}/act", {"action": '{"type": "end_turn"}', "step": "soon"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and 'id="play-error"' in response.content.decode()
    assert cache.current_game(match).steps == steps


def test_the_play_page_offers_the_strongest_bot_with_a_time_control(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    client.force_login(alice)
    page = client.get("/play/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'value="ismcts-3"' in page and "Searching bot, strongest" in page
    assert 'name="clock_minutes"' in page and 'name="clock_increment"' in page
    response = client.post(
        "/play/bot", {"deck_version": deck_a.pk, "bot": "ismcts-3", "clock_minutes": "5", "clock_increment": "3"}
    )
    match = Match.objects.get(bot="ismcts-3")
    assert response.status_code == 302 and (match.refereed.clock_total, match.refereed.clock_increment) == (300, 3)


def test_a_bot_game_with_a_time_control_out_of_bounds_is_refused_on_the_page(client, setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    client.force_login(alice)
    response = client.post(
        "/play/bot", {"deck_version": deck_a.pk, "bot": "greedy", "clock_minutes": "181"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400 and "1 to 180 minutes" in response.content.decode()
    assert not Match.objects.exists()
