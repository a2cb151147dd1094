"""The one game interface (engine/interface.py, issue 25): every system with a rules engine implements it, the
card game included, and a random simulation over every game serialises and replays at every step."""

from __future__ import annotations

import json

import pytest

from engine import errors, interface
from engine.systems import all_systems, get_system

ENGINES = [s.id for s in all_systems() if s.engine is not None]
SEATS = [(s.id, n) for s in all_systems() if s.engine is not None for n in sorted({s.seats[0], s.seats[1]})]


def test_every_system_with_a_rules_engine_is_listed_here_the_card_game_included():
    assert ENGINES == ["generals-order", "longhu", "wenlu"]


@pytest.mark.parametrize("system", ENGINES)
def test_every_engine_implements_the_game_and_state_protocols(system):
    game = interface.default_game(system)
    state = game.new_initial_state(1)
    assert isinstance(game, interface.Game) and isinstance(state, interface.State)
    assert game.system == system and game.players == get_system(system).seats[0]


@pytest.mark.parametrize("system", ENGINES)
def test_every_engine_names_its_bots_and_each_bot_chooses_a_legal_action(system):
    game = interface.default_game(system)
    assert "random" in game.bots()
    for name in game.bots()[:2]:
        bot = game.bot(name, 3)
        assert isinstance(bot, interface.Bot)
        state = game.new_initial_state(3)
        while state.is_chance_node():
            state.apply(state.sample_chance())
        assert state.validate(bot.choose(state)) is None


@pytest.mark.parametrize("system", ENGINES)
def test_a_refusal_of_every_engine_is_the_one_illegal_action_with_code_and_rule(system):
    game = interface.default_game(system)
    moves = []
    end = interface.play(
        game.new_initial_state(2),
        [game.bot("random", 1), game.bot("random", 2)],
        on_action=lambda state, action: moves.append(action),
    )
    refusal = end.validate(moves[-1])  # the game is over: nothing more stands
    assert isinstance(refusal, errors.IllegalAction) and isinstance(refusal, ValueError)
    assert refusal.code and refusal.rule
    with pytest.raises(errors.IllegalAction):
        end.apply(moves[-1])


@pytest.mark.parametrize("system", ENGINES)
def test_an_unreadable_action_of_every_engine_is_the_one_log_error(system):
    game = interface.default_game(system)
    with pytest.raises(errors.LogError):
        game.action_from_json({"no": "such action"})
    verdict = game.replay(0, [{"no": "such action"}])
    assert verdict["ok"] is False and verdict["first_illegal"] == 0 and verdict["code"] == ""


@pytest.mark.parametrize("system", ENGINES)
def test_a_concession_is_scored_without_changing_the_state(system):
    game = interface.default_game(system)
    state = game.new_initial_state(4)
    before = json.dumps(state.to_json(), sort_keys=True)
    out = state.conceded(0)
    assert out["termination"] == "concession"
    assert json.dumps(state.to_json(), sort_keys=True) == before and not state.is_terminal()


@pytest.mark.parametrize(("system", "seats"), SEATS)
def test_random_games_serialise_and_replay_at_every_step(system, seats):
    """OpenSpiel's random-simulation test: at every step the action goes through its JSON and a second state fed
    only with what was read back stays equal to the first (its JSON without history), the observations are JSON
    and the noted steps have their shape; every 200 steps and at the end the whole state reads back from its JSON
    (which replays its history) and the log replays from the seed; at the end result and returns agree."""
    game = interface.default_game(system, seats)
    state = game.new_initial_state(11)
    shadow = game.new_initial_state(11)
    bots = [game.bot("random", 20 + p) for p in range(seats)]
    steps = 0
    while not state.is_terminal():
        for p in range(seats):
            json.dumps(state.observation(p))
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(prob for _, prob in outcomes) - 1) < 1e-9
            action = state.sample_chance()
        else:
            assert state.to_act() == [state.current_player()]
            action = bots[state.current_player()].choose(state)
        n = state.step_count()
        state.apply(action)
        assert all({"code", "rule", "params"} <= set(step) for step in state.steps_since(n))
        shadow.apply(game.action_from_json(json.loads(json.dumps(action.to_json()))))
        assert shadow.to_json(history=False) == state.to_json(history=False)
        steps += 1
        if steps % 200 == 0 or state.is_terminal():
            data = json.loads(json.dumps(state.to_json()))
            assert game.state_from_json(data).to_json() == data
            verdict = game.replay(11, state.log())
            assert verdict["ok"], verdict
            assert verdict["state"].to_json() == data
        assert steps < 20_000
    result = state.result()
    assert result is not None and state.to_act() == []
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0 if result["winners"] else 0.0)
    assert all(returns[w] > 0 for w in result["winners"])


def test_make_game_builds_the_card_game_from_its_database_and_decks():
    default = interface.default_game("generals-order")
    game = interface.make_game(
        "generals-order", None, {"database": default.rules_game.db, "decks": list(default.decks)}, 2
    )
    assert game.metadata() == default.metadata()
    with pytest.raises(ValueError, match="2 players"):
        interface.make_game("generals-order", None, {"database": default.rules_game.db, "decks": []}, 3)
