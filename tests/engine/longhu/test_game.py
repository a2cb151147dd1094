"""The game's course (§3, §4, §7, §8) and properties over seeded random games."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from engine.__main__ import main as engine_main
from engine.boardgame.procedure import Chance, Decision
from engine.longhu import Draw, Go, IllegalAction, LogError, Pass, Pick, Roll, Split, action_from_json
from engine.longhu.bots import RandomBot, play
from engine.longhu.messages import MESSAGES
from engine.longhu.state import board_json, check_pieces

ROOT = Path(__file__).resolve().parents[3]
GAMES = 6


def run(game, seed, on_action=None):
    s = game.new_initial_state(seed)
    return play(s, [RandomBot(seed + k) for k in range(game.players)], on_action=on_action)


def test_s3_1_two_players_pick_three_countries_each_snake_order(game):
    s = game.new_initial_state(3)
    while s.is_chance_node():
        s.apply(Roll(6) if not s.history else Roll(1))
    picks = []
    while isinstance(s.pending, Decision) and s.pending.what == "ask_choose_country":
        picks.append(s.current_player())
        s.apply(s.legal_actions()[0])
    assert picks == [0, 1, 1, 0, 0, 1]
    owners = [o for o in s.board.owner.values() if o is not None]
    assert sorted(owners) == [0, 0, 0, 1, 1, 1]


def test_s4_1_3_round_one_never_opens_with_a_traitor_and_ruling_L3_traitors_run_by_the_opponent(game):
    seen = {"first": None, "traitor_turns": 0}

    def check(st, action):
        b = st.board
        if b.turn_country and seen["first"] is None:
            seen["first"] = b.turn_country
            assert not b.is_traitor(b.turn_country)
        fate_die = isinstance(st.pending, Chance) and st.pending.what == "chance_fate"
        if fate_die and b.is_traitor(b.turn_country) and b.prev_runner is not None:
            assert b.turn_player == 1 - b.prev_runner
            seen["traitor_turns"] += 1

    for seed in range(4):
        seen["first"] = None
        run(game, seed, check)
    assert seen["traitor_turns"] > 0


def test_s7_outcome_has_winner_regions_and_placement(game):
    s = run(game, 7)
    out = s.outcome
    assert out["termination"] in ("rounds", "conquest", "draw", "traitors")
    assert set(out) >= {"winners", "regions", "production", "placement", "traitor_regions"}
    if out["winners"]:
        assert all(out["placement"][w] == 1 for w in out["winners"])


def test_three_players_play_to_the_end(game3):
    s = run(game3, 2)
    assert s.is_terminal() and len(s.outcome["regions"]) == 3


def test_illegal_actions_are_refused_with_a_code_and_the_state_is_unchanged(game):
    s = game.new_initial_state(1)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(Pick("曹操"))  # a die is due
    assert err.value.code == "chance_due" and err.value.rule == "§3-1(2)"
    with pytest.raises(IllegalAction) as err:
        s.apply(Roll(7))
    assert err.value.code == "not_an_outcome"
    assert s.to_json() == before
    while s.is_chance_node():
        s.apply(s.sample_chance())
    with pytest.raises(IllegalAction) as err:
        s.apply(Pick("董卓"))  # traitors cannot be chosen (§3-1(1))
    assert err.value.code == "not_offered" and isinstance(err.value, ValueError)
    with pytest.raises(IllegalAction) as err:
        s.apply(Pass())
    assert err.value.code == "wrong_decision"


def test_every_refusal_code_has_an_english_template():
    codes = set()
    for path in (ROOT / "engine" / "longhu").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction":
                codes.add(node.args[0].value)  # type: ignore[attr-defined]
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "note":
                codes.add(node.args[0].value)  # type: ignore[attr-defined]
    assert codes and codes <= set(MESSAGES)


def test_rule_areas_do_not_import_each_other():
    areas = {"battle", "diplomacy", "fate", "movement", "order", "production", "roundend", "victory"}
    for name in areas:
        tree = ast.parse((ROOT / "engine" / "longhu" / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                mod = node.module.rsplit(".", 1)[-1]
                assert mod not in areas, f"{name} imports {node.module}"
                assert not (node.module == "engine.longhu" and {a.name for a in node.names} & areas)


def test_log_replay_reproduces_the_game_and_a_tampered_log_names_the_entry(game):
    s = run(game, 5)
    data = json.loads(json.dumps(s.to_json(), ensure_ascii=False))
    assert game.state_from_json(data) == s
    bad = json.loads(json.dumps(data))
    bad["history"][0] = {"type": "roll", "value": 9}
    with pytest.raises(LogError, match="entry 0"):
        game.state_from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["board"]["round"] = 99
    with pytest.raises(LogError):
        game.state_from_json(bad)


def test_properties_over_seeded_random_games(game):
    """At every step: every piece in exactly one place; the action's JSON, applied to a shadow game, gives
    the same board; observations hide the retainer cup, the seed and others' options. At sampled steps:
    malformed actions are refused with a code and change nothing; the whole state's JSON replays to an
    equal state, and every listed action applies."""
    steps = {"n": 0}
    for seed in range(GAMES):
        shadow = game.new_initial_state(100 + seed)

        def check(st, action, shadow=shadow):
            assert not check_pieces(st.board)
            shadow.apply(action_from_json(json.loads(json.dumps(action.to_json(), ensure_ascii=False))))
            assert board_json(shadow.board) == board_json(st.board)
            assert all(st.validate(o) is None for o in st.legal_actions())
            assert st.board.outcome is None or st.is_terminal()  # ruling L23: a conquest ends it at once
            for p in range(game.players):
                obs = st.observation(p)
                assert "seed" not in obs and "history" not in obs
                assert all(v[0] != "cup" for v in obs["characters"].values())
                pending = obs.get("pending", {})
                if "options" in pending:
                    assert pending["player"] == p
            steps["n"] += 1
            if steps["n"] % 97 == 0:
                before = board_json(st.board), len(st.history)
                for bogus in (Pick("nowhere"), Roll(0), Draw("nobody"), Go("大海"), Split((99,)), Pass()):
                    if bogus in st.legal_actions():
                        continue
                    with pytest.raises(IllegalAction) as err:
                        st.apply(bogus)
                    assert err.value.code in MESSAGES
                    assert (board_json(st.board), len(st.history)) == before
            if steps["n"] % 300 == 0:
                again = game.state_from_json(json.loads(json.dumps(st.to_json(), ensure_ascii=False)))
                assert again == st
                for option in st.legal_actions()[:4]:
                    trial = again.clone()
                    trial.apply(option)

        s = run(game, 100 + seed, check)
        assert s.is_terminal()


@pytest.mark.slow
def test_many_random_games_end_without_an_exception(game, game3):
    for seed in range(60):
        assert run(game if seed % 3 else game3, seed).is_terminal()


def test_cli_play_and_battle(tmp_path, capsys):
    log = tmp_path / "g.json"
    assert engine_main(["longhu", "play", "--bots", "random", "random", "--seed", "7", "--log", str(log)]) == 0
    assert "winner(s)" in capsys.readouterr().out
    assert json.loads(log.read_text(encoding="utf-8"))["seed"] == 7
    example = ROOT / "engine" / "data" / "battles" / "longhu_example.json"
    assert engine_main(["battle", "longhu", str(example), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] == "attacker" and all(step["rule"] for step in out["steps"])
    assert engine_main(["battle", "longhu", str(example)]) == 0
    assert "[§5-2, ruling L16]" in capsys.readouterr().out
