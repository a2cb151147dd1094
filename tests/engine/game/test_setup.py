"""Setup: §3.3, §2.6.4, rulings G1, G2, D1, G10 (commandment of an undeclared faction)."""

from __future__ import annotations

import pytest

from engine.game import ChooseCommandment, CoinFlip, GameSetupError, IllegalAction, Termination
from engine.game.terms import CHANCE, Area, Phase
from tests.engine.game.conftest import shu_deck, wei_deck


def test_g2_commandments_are_chosen_before_the_coin_flip_player_0_then_player_1(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=1)
    assert s.phase is Phase.COMMANDMENT and s.current_player() == 0
    s.apply(ChooseCommandment(s.pool[0][1]))
    assert s.current_player() == 1
    s.apply(ChooseCommandment(None))
    assert s.phase is Phase.COIN_FLIP and s.current_player() == CHANCE


def test_2_6_4_commandment_stays_face_down_until_the_game_begins(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=1)
    chosen = s.pool[0][0]
    s.apply(ChooseCommandment(chosen))
    assert s.observation(1)["sides"][0]["command"] is None
    assert s.observation(1)["sides"][0]["has_command"] is True
    assert s.observation(0)["sides"][0]["command"]["id"] == chosen
    s.apply(ChooseCommandment(None))
    s.apply(CoinFlip(0))
    assert s.observation(1)["sides"][0]["command"]["id"] == chosen
    assert s.area_of(chosen) is Area.COMMAND


def test_d1_commandment_must_come_from_the_own_pool(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=1)
    enemy_pool_card = s.pool[1][0]
    err = s.validate(ChooseCommandment(enemy_pool_card))
    assert err is not None and err.rule == "ruling D1"
    deck_card = s.resource[0][0]
    assert s.validate(ChooseCommandment(deck_card)) is not None


def test_d1_unchosen_commandments_stay_in_the_pool_outside_the_game(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=1)
    a, b = s.pool[0]
    s.apply(ChooseCommandment(a))
    assert s.area_of(b) is Area.POOL
    assert s.command[0] == a


def test_2_6_4_a_player_with_an_empty_pool_is_not_asked(game):
    deck = shu_deck()
    s = game.new_initial_state((deck[0], [], deck[2]), wei_deck(), seed=1)
    assert s.current_player() == 1


def test_g1_coin_flip_first_player_skips_first_draw_both_draw_five(game):
    for first in (0, 1):
        s = game.new_initial_state(shu_deck(), wei_deck(), seed=3)
        s.apply(ChooseCommandment(None))
        s.apply(ChooseCommandment(None))
        s.apply(CoinFlip(first))
        while s.is_chance_node():
            s.apply(s.sample_chance())
        assert s.phase is Phase.MAIN and s.active == first and s.turn == 1
        assert len(s.hand[0]) == len(s.hand[1]) == 5


def test_g1_second_player_draws_at_his_first_turn(game):
    from engine.game import EndTurn

    s = game.new_initial_state(shu_deck(), wei_deck(), seed=3)
    s.apply(ChooseCommandment(None))
    s.apply(ChooseCommandment(None))
    s.apply(CoinFlip(1))
    while s.is_chance_node():
        s.apply(s.sample_chance())
    s.apply(EndTurn())
    while s.is_chance_node():
        s.apply(s.sample_chance())
    assert s.active == 0 and len(s.hand[0]) == 6


def test_g1_coin_flip_is_recorded_in_the_history(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=3)
    s.apply(ChooseCommandment(None))
    s.apply(ChooseCommandment(None))
    flip = s.sample_chance()
    s.apply(flip)
    assert s.history[-1] == flip and isinstance(flip, CoinFlip)


def test_g1_the_coin_names_player_0_or_1(game):
    s = game.new_initial_state(shu_deck(), wei_deck(), seed=3)
    s.apply(ChooseCommandment(None))
    s.apply(ChooseCommandment(None))
    with pytest.raises(IllegalAction) as exc:
        s.apply(CoinFlip(2))
    assert exc.value.rule == "ruling G1"


def test_g10_commandment_of_an_undeclared_faction_loses_when_revealed(game):
    deck = wei_deck()
    s = game.new_initial_state(shu_deck(), (deck[0], deck[1], ["蜀"]), seed=3)
    s.apply(ChooseCommandment(None))
    s.apply(ChooseCommandment(s.pool[1][0]))
    s.apply(CoinFlip(0))
    assert s.outcome is not None
    assert s.outcome.winner == 0 and s.outcome.termination is Termination.UNDECLARED_FACTION


def test_setup_unknown_card_names_are_reported(game):
    with pytest.raises(GameSetupError, match="不存在"):
        game.new_initial_state((["关羽", "不存在"], [], ["蜀"]), wei_deck())


def test_setup_names_resolve_through_the_database(game):
    s = game.new_initial_state((["關羽", "关羽"], [], ["蜀"]), wei_deck())
    assert s.names[0] == s.names[1] == "关羽"


def test_setup_accepts_a_decklist(game):
    from engine.decklist import parse_decklist

    decklist = parse_decklist("势力: 蜀\n3 关羽\n2 丈八蛇矛\n令:\n1 反军\n")
    s = game.new_initial_state(decklist, wei_deck())
    assert [s.names[c] for c in s.resource[0]] == ["关羽"] * 3 + ["丈八蛇矛"] * 2
    assert [s.names[c] for c in s.pool[0]] == ["反军"]
    assert s.factions[0] == ("蜀",)


def test_setup_a_malformed_deck_value_is_a_setup_error(game):
    with pytest.raises(GameSetupError):
        game.new_initial_state(42, wei_deck())
