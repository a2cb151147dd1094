"""Acting in a refereed game: refusals with the rule, stale and racing actions, the bots' replies."""

from __future__ import annotations

import pytest

from matches.models import RefereedEntry
from matches.services.play import acting, cache, lifecycle
from matches.services.play.errors import ActionRefused
from tests.matches.test_play_factories import human_match, quick_setup, state_of, to_act, winning_step

pytestmark = pytest.mark.django_db


def test_an_illegal_action_is_refused_with_the_rule_and_changes_nothing(setup):
    match = human_match(setup)
    state, user = to_act(match, setup)
    seat = state.current_player()
    own_hand_card = state.hand[seat][0]
    steps = cache.current_game(match).steps
    with pytest.raises(ActionRefused) as err:
        acting.do_act(match, user, {"type": "move", "general": own_hand_card, "to": "border"}, step=steps)
    assert err.value.rule == "§3.6.5" and "not one of your generals" in err.value.reason
    assert cache.current_game(match).steps == steps


def test_an_action_out_of_turn_is_refused(setup):
    match = human_match(setup)
    _state_now, user = to_act(match, setup)
    other = setup[2] if user == setup[1] else setup[1]
    with pytest.raises(ActionRefused, match="not your turn"):
        acting.do_act(match, other, {"type": "end_turn"})


def test_a_stale_action_is_refused_with_a_clear_message(setup):
    match = human_match(setup)
    _state_now, user = to_act(match, setup)
    steps = cache.current_game(match).steps
    acting.do_act(match, user, {"type": "end_turn"}, step=steps)
    _state_now, user2 = to_act(match, setup)
    with pytest.raises(ActionRefused, match="moved on") as err:
        acting.do_act(match, user2, {"type": "end_turn"}, step=steps)
    assert err.value.stale


def test_the_greedy_bot_replies_server_side_after_each_human_action(setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "greedy")
    state = state_of(match)
    assert state.current_player() == 0  # the bot moved first if it won the coin flip
    row = cache.current_game(match)
    acting.do_act(match, alice, {"type": "end_turn"}, step=row.steps)
    row.refresh_from_db()
    assert RefereedEntry.objects.filter(game=row, actor=1).exists()
    state = state_of(match)
    assert state.current_player() == 0 or state.is_terminal()


def test_a_bot_match_is_played_to_its_end_against_the_random_bot(setup):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "random")
    for _ in range(300):
        match.refresh_from_db()
        if match.is_finished:
            break
        state = state_of(match)
        acting.do_act(match, alice, winning_step(state, 0))
    match.refresh_from_db()
    assert match.is_finished and match.games.get().log is not None


@pytest.mark.django_db(transaction=True)
def test_two_actions_sent_at_once_apply_one_and_refuse_the_other_as_stale():
    """Actions on one game are serialised: of two sent for the same step, exactly one is applied."""
    import threading

    from django.db import connection

    setup = quick_setup()
    match = human_match(setup)
    state, user = to_act(match, setup)
    step = cache.current_game(match).steps
    results: list[str] = []
    barrier = threading.Barrier(2)

    def send() -> None:
        try:
            barrier.wait()
            acting.do_act(match, user, {"type": "end_turn"}, step=step)
            results.append("applied")
        except ActionRefused as exc:
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
    row = cache.current_game(match)
    assert RefereedEntry.objects.filter(game=row).count() == row.steps
    assert state.turn + 1 == cache.load_state(row).turn


def test_in_chinese_a_refusal_and_why_the_game_ended_are_chinese_with_the_players_names(setup):
    import re

    from django.utils import translation

    from matches.presenters.play import player_view
    from tests.matches.services.test_play_lifecycle import play_until_match_over

    match = human_match(setup)
    state, user = to_act(match, setup)
    hand_card = state.hand[state.current_player()][0]
    with translation.override("zh-hans"), pytest.raises(ActionRefused) as err:
        acting.do_act(match, user, {"type": "move", "general": hand_card, "to": "border"})
    assert err.value.reason.endswith("不是你在战场上的武将") and err.value.rule == "§3.6.5"
    play_until_match_over(match, setup)
    names = {setup[1].username, setup[2].username}
    with translation.override("zh-hans"):
        reason = player_view(match, setup[1])["games"][0]["reason"]
    # said to the reader: he is 你, his opponent is named (junling.second_person)
    assert "资源" in reason and (reason.startswith("你") or setup[2].username in reason)
    for name in names:
        reason = reason.replace(name, "")
    assert not re.search(r"[A-Za-z]{2,}", reason), reason


def test_the_ticked_cards_go_into_the_field_the_kind_declares(setup):
    match = human_match(setup)
    state = state_of(match)
    names = acting.read_action(state, 0, {"type": "name_cards"}, ["关羽"])
    discard = acting.read_action(state, 0, {"type": "discard"}, ["3", "5"])
    recruit = acting.read_action(state, 0, {"type": "recruit", "card": 1}, ["4"])
    assert names.names == ("关羽",) and discard.cards == (3, 5) and recruit.payment == (4,)


def test_a_malformed_action_is_refused_saying_why_in_the_readers_language(setup):
    from django.utils import translation

    state = state_of(human_match(setup))
    with translation.override("zh-hans"), pytest.raises(ActionRefused) as err:
        acting.read_action(state, 0, {"type": "fly"}, None)
    assert err.value.code == "play.malformed" and "未知的行动类型" in err.value.message
