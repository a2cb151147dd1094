"""The board-game interface the site plays through (docs/boardgames.md), the same for every board game."""

from __future__ import annotations

import json

import pytest

from engine.boardgame import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalAction,
    LogError,
    RandomBot,
    State,
    apply_json,
    default_game,
    make_game,
    play,
    seats_to_act,
)
from engine.longhu.data import DEFAULT_DATA as LONGHU_DATA
from engine.longhu.data import DEFAULT_MAP as LONGHU_MAP
from engine.systems import UnknownSystemError, all_systems
from engine.wenlu.data import DEFAULT_DATA as WENLU_DATA
from engine.wenlu.data import DEFAULT_MAP as WENLU_MAP

BOARD_GAMES = [s.id for s in all_systems() if s.has_map]
FILES = {"longhu": (LONGHU_MAP, LONGHU_DATA), "wenlu": (WENLU_MAP, WENLU_DATA)}


def _finished(system: str, seed: int, seats: int = 2) -> State:
    game = default_game(system, seats)
    return play(game.new_initial_state(seed), [RandomBot(seed + k) for k in range(seats)])


def test_every_board_game_of_the_systems_table_has_the_interface():
    assert BOARD_GAMES == ["longhu", "wenlu"]
    for system in BOARD_GAMES:
        game = default_game(system)
        assert isinstance(game, Game) and isinstance(game.new_initial_state(1), State)


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_make_game_from_map_and_data_json_is_the_bundled_game(system):
    map_path, data_path = FILES[system]
    game = make_game(system, json.loads(map_path.read_text()), json.loads(data_path.read_text()), 2)
    assert game.metadata() == default_game(system).metadata()


def test_make_game_refuses_an_unknown_system_and_a_seat_count_the_game_does_not_have():
    with pytest.raises(UnknownSystemError):
        make_game("chess", {}, {}, 2)
    data = json.loads(WENLU_DATA.read_text())
    with pytest.raises(ValueError, match="2 players"):
        make_game("wenlu", json.loads(WENLU_MAP.read_text()), data, 3)
    with pytest.raises(ValueError, match="2 to 4"):
        default_game("longhu", 5)


@pytest.mark.parametrize(("system", "seats"), [("longhu", 2), ("longhu", 4), ("wenlu", 2)])
def test_who_acts_is_one_seat_at_a_decision_and_nobody_at_chance_or_the_end(system, seats):
    state = default_game(system, seats).new_initial_state(3)
    bots = [RandomBot(k) for k in range(seats)]
    while not state.is_terminal():
        p = state.current_player()
        assert seats_to_act(state) == ([] if p == CHANCE else [p])
        state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))
    assert state.current_player() == TERMINAL and state.to_act() == []


@pytest.mark.parametrize(("system", "seats"), [("longhu", 3), ("wenlu", 2)])
def test_the_result_scores_each_seat_and_the_returns_share_one_among_the_winners(system, seats):
    state = _finished(system, 5, seats)
    result = state.result()
    assert result["system"] == system
    assert len(result["placement"]) == len(result["scores"]) == seats
    assert all(result["placement"][w] == 1 for w in result["winners"])
    returns = state.returns()
    assert sum(returns) == pytest.approx(1 if result["winners"] else 0)
    assert [i for i, r in enumerate(returns) if r > 0] == result["winners"]


def test_longhu_is_scored_by_placement_and_regions_held():
    result = _finished("longhu", 2, 3).result()
    assert result["score"] == "regions" and result["margin"] is None
    assert result["scores"] == result["detail"]["regions"]


def test_wenlu_is_scored_by_victory_points_and_their_margin_ruling_w22():
    result = _finished("wenlu", 2).result()
    japan, allies = result["detail"]["scores"]["japan"], result["detail"]["scores"]["allies"]
    assert result["score"] == "victory points" and result["scores"] == [japan, allies]
    assert result["margin"] == [japan - allies, allies - japan]


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_a_running_game_has_no_result_and_zero_returns(system):
    state = default_game(system).new_initial_state(1)
    assert state.result() is None and state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_the_log_goes_to_json_and_back_and_replays_to_the_same_state(system):
    state = _finished(system, 8)
    game = state.game
    entries = json.loads(json.dumps(state.log()))
    assert game.log_from_json(entries) == state.history
    verdict = game.replay(8, entries)
    assert verdict["ok"] and verdict["first_illegal"] is None
    assert verdict["state"].to_json() == state.to_json()


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_replay_stops_at_the_first_illegal_entry_with_its_index_code_and_rule(system):
    state = _finished(system, 4)
    entries = state.log()
    k = next(i for i, a in enumerate(state.history) if not a.is_chance and i > 10)
    bad = [*entries[:k], {"type": "pick", "choice": "no such thing"}, *entries[k + 1 :]]
    verdict = state.game.replay(4, bad)
    assert not verdict["ok"] and verdict["first_illegal"] == k and verdict["applied"] == k
    assert verdict["code"].endswith("not_offered") and verdict["rule"]
    assert verdict["params"]["action"] == "Pick(choice='no such thing')"


def test_replay_of_an_unreadable_entry_names_it_without_a_rule():
    verdict = default_game("wenlu").replay(1, [{"type": "fly"}])
    assert verdict["first_illegal"] == 0 and verdict["code"] == "" and "not an action" in verdict["error"]


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_apply_json_raises_the_games_illegal_action_and_leaves_the_state_unchanged(system):
    game = default_game(system)
    state = game.new_initial_state(2)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        apply_json(game, state, {"type": "pass"})
    assert err.value.code.endswith("chance_due") and err.value.rule
    assert type(err.value).__module__ == f"engine.{system}.errors"
    with pytest.raises(LogError):
        apply_json(game, state, {"type": "roll"})
    assert state.to_json() == before


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_an_observation_shows_the_options_only_to_the_seat_that_must_choose_and_never_the_seed(system):
    state = default_game(system).new_initial_state(6)
    while state.is_chance_node():
        state.apply(state.sample_chance())
    seat = state.to_act()[0]
    assert state.observation(seat)["pending"]["options"]
    assert "options" not in state.observation(1 - seat)["pending"]
    assert "options" not in state.observation(None)["pending"]
    assert "seed" not in json.dumps(state.observation(seat))


def test_wenlu_observation_hides_the_other_sides_event_cards_and_a_spectator_sees_only_counts():
    state = _finished("wenlu", 3)
    hands = state.board.hands
    assert state.observation(0)["hands"] == {"japan": sorted(hands["japan"]), "allies": len(hands["allies"])}
    assert state.observation(1)["hands"] == {"japan": len(hands["japan"]), "allies": sorted(hands["allies"])}
    assert state.observation(None)["hands"] == {s: len(v) for s, v in hands.items()}
    assert "pool" not in state.observation(None)["loc"].values()


def test_longhu_observation_hides_the_face_down_free_retainers_s2_2_1():
    state = default_game("longhu", 3).new_initial_state(1)
    in_cup = [n for n, w in state.board.loc.items() if w == "cup"]
    obs = state.observation(0)
    assert in_cup and obs["retainer_cup"] == len(in_cup)
    assert not set(in_cup) & set(obs["characters"])
