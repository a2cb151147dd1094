"""Refereed matches (issue 7): start, act, refusals with the rule, bots, concession, the end, restarts."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import translation

from engine.game import Phase
from engine.replay.verdict import adjudicate
from matches.models import GameLog, Match, RefereedEntry, RefereedGame
from matches.services import play
from tests.decks.factories import make_card_database_version, make_deck, make_format
from tests.matches.test_play_factories import quick_cards, quick_setup, winning_step

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    """Messages are checked in English (the site's default language is Chinese)."""
    with translation.override("en"):
        yield


@pytest.fixture
def setup():
    return quick_setup()


def _human_match(setup, best_of: int = 1) -> Match:
    _fmt, alice, bob, deck_a, deck_b = setup
    match = play.challenge(alice, bob, deck_a, best_of=best_of)
    return play.accept_challenge(bob, match, deck_b)


def _state(match: Match):
    return play.load_state(play.current_game(match))


def _to_act(match: Match, setup):
    state = _state(match)
    return state, (setup[1] if state.current_player() == 0 else setup[2])


def _play_until_match_over(match: Match, setup, limit: int = 200) -> None:
    for _ in range(limit):
        match.refresh_from_db()
        if match.is_finished:
            return
        state, user = _to_act(match, setup)
        play.act(match, user, winning_step(state, state.current_player()), step=play.current_game(match).steps)
    raise AssertionError("the match did not end")


def test_accepting_a_challenge_starts_game_one_with_a_secret_seed_and_stored_entries(setup):
    match = _human_match(setup)
    row = play.current_game(match)
    assert match.status == Match.Status.PLAYING and row.number == 1
    # coin flip (G1) and both opening hands are applied at once and stored
    assert row.steps == RefereedEntry.objects.filter(game=row).count() >= 11
    assert _state(match).phase is Phase.MAIN


def test_a_refereed_game_ends_by_depletion_records_the_result_and_stores_a_signed_log(setup):
    match = _human_match(setup)
    _play_until_match_over(match, setup)
    match.refresh_from_db()
    assert match.result_source == Match.Source.REFEREED and match.games_won_a + match.games_won_b == 1
    game = match.games.get()
    assert game.log is not None and game.log.signed and game.log.source == GameLog.Source.REFEREED
    assert "§1.4 2)" in game.reason or "deplet" in game.reason.lower() or "RESOURCE" in game.reason
    verdict = adjudicate(game.log.content, db=match.refereed.database_version.to_engine(), key=play.signing_key())
    assert verdict.ok and verdict.signature == "valid" and verdict.seed == "matches"
    assert RefereedGame.objects.get(match_game=game).log == game.log


def test_an_illegal_action_is_refused_with_the_rule_and_changes_nothing(setup):
    match = _human_match(setup)
    state, user = _to_act(match, setup)
    seat = state.current_player()
    own_hand_card = state.hand[seat][0]
    steps = play.current_game(match).steps
    with pytest.raises(play.ActionRefused) as err:
        play.act(match, user, {"type": "move", "general": own_hand_card, "to": "border"}, step=steps)
    assert err.value.rule == "§3.6.5" and "not one of your generals" in err.value.reason
    assert play.current_game(match).steps == steps


def test_in_chinese_a_refusal_and_why_the_game_ended_are_chinese_with_the_players_names(setup):
    match = _human_match(setup)
    state, user = _to_act(match, setup)
    hand_card = state.hand[state.current_player()][0]
    with translation.override("zh-hans"), pytest.raises(play.ActionRefused) as err:
        play.act(match, user, {"type": "move", "general": hand_card, "to": "border"})
    assert err.value.reason.endswith("不是你在战场上的武将") and err.value.rule == "§3.6.5"
    _play_until_match_over(match, setup)
    names = {setup[1].username, setup[2].username}
    with translation.override("zh-hans"):
        reason = play.player_view(match, setup[1])["games"][0]["reason"]
    assert "资源" in reason and any(name in reason for name in names)
    for name in names:
        reason = reason.replace(name, "")
    assert not re.search(r"[A-Za-z]{2,}", reason), reason


def test_an_action_out_of_turn_is_refused(setup):
    match = _human_match(setup)
    _state_now, user = _to_act(match, setup)
    other = setup[2] if user == setup[1] else setup[1]
    with pytest.raises(play.ActionRefused, match="not your turn"):
        play.act(match, other, {"type": "end_turn"})


def test_a_stale_action_is_refused_with_a_clear_message(setup):
    match = _human_match(setup)
    _state_now, user = _to_act(match, setup)
    steps = play.current_game(match).steps
    play.act(match, user, {"type": "end_turn"}, step=steps)
    _state_now, user2 = _to_act(match, setup)
    with pytest.raises(play.ActionRefused, match="moved on") as err:
        play.act(match, user2, {"type": "end_turn"}, step=steps)
    assert err.value.stale


def test_the_greedy_bot_replies_server_side_after_each_human_action(setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = play.start_bot_match(alice, deck_a, "greedy")
    state = _state(match)
    assert state.current_player() == 0  # the bot moved first if it won the coin flip
    row = play.current_game(match)
    play.act(match, alice, {"type": "end_turn"}, step=row.steps)
    row.refresh_from_db()
    assert RefereedEntry.objects.filter(game=row, actor=1).exists()
    state = _state(match)
    assert state.current_player() == 0 or state.is_terminal()


def test_a_bot_match_is_played_to_its_end_against_the_random_bot(setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = play.start_bot_match(alice, deck_a, "random")
    for _ in range(300):
        match.refresh_from_db()
        if match.is_finished:
            break
        state = _state(match)
        play.act(match, alice, winning_step(state, 0))
    match.refresh_from_db()
    assert match.is_finished and match.games.get().log is not None


def test_concede_gives_the_game_to_the_opponent_and_ends_a_best_of_one(setup):
    match = _human_match(setup)
    play.concede(match, setup[1])
    match.refresh_from_db()
    assert match.is_finished and (match.games_won_a, match.games_won_b) == (0, 1)
    assert "conceded" in match.games.get().reason
    with pytest.raises(play.ActionRefused):
        play.concede(match, setup[2])


def test_a_best_of_three_starts_game_two_after_game_one(setup):
    match = _human_match(setup, best_of=3)
    play.concede(match, setup[1])
    match.refresh_from_db()
    assert not match.is_finished and play.current_game(match).number == 2
    play.concede(match, setup[1])
    match.refresh_from_db()
    assert match.is_finished and match.games_won_b == 2 and match.games.count() == 2


def test_a_restart_rebuilds_the_same_state_from_the_entries_in_the_database(setup):
    match = _human_match(setup)
    for _ in range(6):
        state, user = _to_act(match, setup)
        play.act(match, user, winning_step(state, state.current_player()))
    before = _state(match).to_json()
    play.forget_states()
    row = RefereedGame.objects.get(pk=play.current_game(match).pk)
    assert play.load_state(row).to_json() == before


def test_a_response_window_left_open_past_its_time_limit_is_passed_by_the_referee(setup):
    match = _human_match(setup)
    for _ in range(40):
        state, user = _to_act(match, setup)
        if state.phase is Phase.RESPONSE:
            break
        play.act(match, user, winning_step(state, state.current_player()))
    assert state.phase is Phase.RESPONSE  # a siege opened the defender's window (ruling G11)
    row = play.current_game(match)
    old = datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=play.RESPONSE_SECONDS + 1)
    RefereedEntry.objects.filter(game=row).update(created_at=old)
    play.refresh(match)
    match.refresh_from_db()
    assert match.is_finished  # the siege resolved: 45 asked of a smaller RESOURCE (§1.4 2)


def test_a_deck_with_an_unsupported_card_is_refused_naming_the_card(setup):
    fmt, alice, _bob, _deck_a, _deck_b = setup
    from tests.matches.test_play_factories import SHU, deck_text

    version = make_deck(alice, fmt, deck_text(SHU[:13], "蜀", "3 妖术"), name="with sorcery").latest_version()
    assert version.legal
    with pytest.raises(play.PlayRefused, match="妖术"):
        play.start_bot_match(alice, version, "random")


def test_a_deck_of_another_card_database_is_refused(setup):
    _fmt, alice, bob, deck_a, _deck_b = setup
    other = make_format([make_card_database_version(quick_cards(unsupported="x"), name="other-db", version="2")])
    from tests.matches.test_play_factories import WEI, deck_text

    version = make_deck(bob, other, deck_text(WEI, "魏")).latest_version()
    match = play.challenge(alice, bob, deck_a)
    with pytest.raises(play.PlayRefused, match="same card database"):
        play.accept_challenge(bob, match, version)


@pytest.mark.django_db(transaction=True)
def test_two_actions_sent_at_once_apply_one_and_refuse_the_other_as_stale():
    """Actions on one game are serialised: of two sent for the same step, exactly one is applied."""
    import threading

    from django.db import connection

    setup = quick_setup()
    match = _human_match(setup)
    state, user = _to_act(match, setup)
    step = play.current_game(match).steps
    results: list[str] = []
    barrier = threading.Barrier(2)

    def send() -> None:
        try:
            barrier.wait()
            play.act(match, user, {"type": "end_turn"}, step=step)
            results.append("applied")
        except play.ActionRefused as exc:
            assert exc.stale, exc
            results.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["applied", "stale"]
    row = play.current_game(match)
    assert RefereedEntry.objects.filter(game=row).count() == row.steps
    assert state.turn + 1 == play.load_state(row).turn


def test_a_result_the_tournament_refuses_leaves_the_game_and_its_log_for_an_organiser(setup):
    """An organiser entered the result while the game ran: the refereed result is refused, nothing fails."""
    from junling.models import AuditEvent

    match = _human_match(setup)
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, result_source=Match.Source.ORGANISER, games_won_a=1
    )
    play.concede(match, setup[1])
    match.refresh_from_db()
    assert match.result_source == Match.Source.ORGANISER and match.games_won_a == 1
    assert play.current_game(match).log is not None and play.current_game(match).is_over
    assert AuditEvent.objects.filter(verb="match.play.result_refused").exists()


def test_a_card_marked_unsupported_in_the_stored_cards_refuses_the_deck_too(setup):
    """Card.unsupported set on the site's stored card (not in the engine's copy) is enough to refuse."""
    from decks.models import Card

    _fmt, alice, _bob, deck_a, _deck_b = setup
    from tests.matches.test_play_factories import SHU

    Card.objects.create(
        version=deck_a.card_database_version, name=SHU[0], type="人", lookup_key=SHU[0], unsupported="a text"
    )
    with pytest.raises(play.PlayRefused, match=SHU[0]):
        play.start_bot_match(alice, deck_a, "random")
