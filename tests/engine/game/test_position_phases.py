"""Positions in every phase a judge needs (docs/positions.md "Phases"): the draw phase, the upkeep, the
hand-limit discard, an open response window and a card text's choice, each reached by the engine's own
steps from the position's main phase and refused with the rule that passes a moment by."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from typing import Any

import pytest

from engine.cards import starter_database
from engine.game import Choose, Discard, Game, Pass
from engine.game.position import PositionError, position_from_state, state_from_position
from engine.game.terms import Phase
from engine.game.turn import hand_limit
from engine.log.names import resolve_action

HJ = ["裴元绍", "何仪", "程远志", "邓茂"] * 3


@pytest.fixture(scope="module")
def game():
    return Game(starter_database())


def small(**changes: Any) -> dict[str, Any]:
    """Two 黄巾 decks of 12, player 0's turn 3; 裴元绍 in 自城外."""
    deck = {"resource": list(HJ), "pool": [], "factions": ["黄巾"]}
    pos: dict[str, Any] = {
        "format": "junling-position/1",
        "decks": [copy.deepcopy(deck), copy.deepcopy(deck)],
        "turn": 3,
        "first": 0,
        "players": [
            {
                "resource": ["何仪", "程远志", "邓茂", "何仪", "程远志", "邓茂"],
                "hand": ["裴元绍", "何仪", "程远志"],
                "discard": ["邓茂", "裴元绍"],
                "battlefield": [{"general": "裴元绍", "zone": "border"}],
            },
            {"resource": list(HJ)},
        ],
    }
    pos.update(changes)
    return pos


def _refused(game, pos, resolve=resolve_action) -> PositionError:
    with pytest.raises(PositionError) as err:
        state_from_position(game, pos, resolve)
    assert err.value.to_dict()["reason"]
    return err.value


# --- the draw phase (取, §3.4) ------------------------------------------------------------------------


def test_3_4_a_position_in_the_draw_phase_waits_for_the_card_drawn(game):
    s = state_from_position(game, small(phase="draw"))
    assert s.phase is Phase.DRAW and s.is_chance_node()
    s.apply(s.sample_chance())
    assert s.phase is Phase.MAIN and len(s.hand[0]) == 4 and len(s.resource[0]) == 5


def test_3_4_a_draw_phase_position_round_trips(game):
    s = state_from_position(game, small(phase="draw"))
    pos = position_from_state(s)
    assert pos["phase"] == "draw"
    assert position_from_state(state_from_position(game, json.loads(json.dumps(pos)))) == pos


def test_3_3_the_draw_phase_comes_before_any_general_acts(game):
    pos = small(phase="draw")
    pos["players"][0]["battlefield"][0]["moved"] = True
    err = _refused(game, pos)
    assert (err.message.code, err.rule) == ("position.draw_after_acts", "§3.3")


def test_3_3_6_ruling_G1_no_draw_phase_on_the_first_players_first_turn(game):
    err = _refused(game, small(phase="draw", turn=1))
    assert (err.message.code, err.rule) == ("position.draw_first_turn", "§3.3.6, ruling G1")


def test_1_4_no_draw_phase_without_a_card_to_draw(game):
    pos = small(phase="draw")
    me = pos["players"][0]
    me["discard"] += me.pop("resource")
    err = _refused(game, pos)
    assert (err.message.code, err.rule) == ("position.draw_no_card", "§1.4")


# --- the upkeep (终, §3.8, ruling G9) ------------------------------------------------------------------


def test_3_8_a_position_in_the_upkeep_waits_for_the_face_down_cards(game):
    s = state_from_position(game, small(phase="upkeep"))
    assert s.phase is Phase.UPKEEP and s.is_chance_node()
    s.apply(s.sample_chance())
    assert len(s.resource[0]) == 5 and len(s.discard[0]) == 3


def test_3_8_an_upkeep_position_round_trips(game):
    pos = position_from_state(state_from_position(game, small(phase="upkeep")))
    assert pos["phase"] == "upkeep"
    assert position_from_state(state_from_position(game, pos)) == pos


def test_3_8_no_upkeep_to_stand_in_without_generals(game):
    pos = small(phase="upkeep")
    me = pos["players"][0]
    me["battlefield"] = []
    me["hand"].append("裴元绍")
    err = _refused(game, pos)
    assert (err.message.code, err.rule) == ("position.upkeep_not_waiting", "§3.8")


def test_3_8_ruling_G9_an_upkeep_the_resource_cannot_pay_ended_the_game(game):
    pos = small(phase="upkeep")
    me = pos["players"][0]
    me["discard"] += me.pop("resource")
    err = _refused(game, pos)
    assert (err.message.code, err.rule) == ("position.upkeep_unpaid", "§3.8, ruling G9")
    assert err.message.params["cost"] == 1 and err.message.params["have"] == 0


# --- the hand-limit discard (§2.2.5, ruling G9) ----------------------------------------------------------


def _big_hand() -> dict[str, Any]:
    pos = small(phase="hand_limit")
    me = pos["players"][0]
    me["hand"] += me.pop("resource") + me.pop("discard")  # 11 cards
    return pos


def test_2_2_5_a_position_at_the_hand_limit_discard_asks_for_the_excess(game):
    s = state_from_position(game, _big_hand())
    assert s.phase is Phase.HAND_LIMIT and s.deciding == 0
    (legal,) = s.legal_actions()
    assert legal.count == len(s.hand[0]) - hand_limit(s, 0) > 0
    s.apply(Discard(tuple(s.hand[0][: legal.count])))
    assert s.active == 1


def test_2_2_5_a_hand_limit_position_round_trips(game):
    pos = position_from_state(state_from_position(game, _big_hand()))
    assert pos["phase"] == "hand_limit"
    assert position_from_state(state_from_position(game, pos)) == pos


def test_2_2_5_ruling_G9_no_discard_to_stand_in_within_the_hand_limit(game):
    err = _refused(game, small(phase="hand_limit"))
    assert (err.message.code, err.rule) == ("position.hand_limit_not_due", "§2.2.5, ruling G9")
    assert err.message.params["held"] == 3


# --- an open response window and a choice (ruling G11) -----------------------------------------------


def _facing(**changes: Any) -> dict[str, Any]:
    pos = small(**changes)
    pos["players"][0]["battlefield"][0]["zone"] = "enemy_border"
    them = pos["players"][1]
    them["resource"].remove("何仪")
    them["battlefield"] = [{"general": "何仪", "zone": "border"}]
    return pos


def test_ruling_G11_a_position_with_a_melee_declared_stands_in_its_response_window(game):
    pending = {"type": "melee", "attacker": "裴元绍", "defender": "何仪"}
    s = state_from_position(game, _facing(phase="response", pending=pending), resolve_action)
    assert s.phase is Phase.RESPONSE and s.deciding == 1 and s.pending.kind == "melee"
    assert Pass() in s.legal_actions()


def test_ruling_G11_an_illegal_declared_action_is_refused_with_its_own_rule(game):
    pending = {"type": "melee", "attacker": "裴元绍", "defender": "何仪"}
    pos = _facing(phase="response", pending=pending)
    pos["players"][0]["battlefield"][0]["attacked"] = True  # it has attacked this turn already
    err = _refused(game, pos)
    assert err.message.code.startswith("refusal.") and err.rule and err.where == "pending"


def test_ruling_G11_a_declared_action_only_in_a_window_or_a_choice(game):
    pending = {"type": "melee", "attacker": "裴元绍", "defender": "何仪"}
    err = _refused(game, _facing(phase="main", pending=pending))
    assert (err.message.code, err.rule) == ("position.pending_phase", "ruling G11")


def test_a_position_in_a_window_is_written_as_its_declaring_moment_not_as_a_state(game):
    pending = {"type": "melee", "attacker": "裴元绍", "defender": "何仪"}
    s = state_from_position(game, _facing(phase="response", pending=pending), resolve_action)
    with pytest.raises(PositionError) as err:
        position_from_state(s)
    assert err.value.message.code == "position.phase_unwritten"


def _pincer() -> dict[str, Any]:
    mine = ["前后夹攻", "刘备", "简雍", "关羽"] + ["孙子兵法"] * 8
    theirs = ["张飞"] + ["孙子兵法"] * 11
    return {
        "format": "junling-position/1",
        "decks": [
            {"resource": mine, "pool": [], "factions": ["蜀"]},
            {"resource": theirs, "pool": [], "factions": ["蜀"]},
        ],
        "turn": 3,
        "first": 0,
        "phase": "choice",
        "pending": {"type": "event", "card": "前后夹攻", "payment": ["孙子兵法", "孙子兵法"], "target": "张飞"},
        "players": [
            {
                "resource": ["孙子兵法"] * 5,
                "hand": ["前后夹攻", "孙子兵法", "孙子兵法", "孙子兵法"],
                "battlefield": [{"general": n, "zone": "enemy_border"} for n in ("刘备", "简雍", "关羽")],
            },
            {"resource": ["孙子兵法"] * 11, "battlefield": [{"general": "张飞", "zone": "border"}]},
        ],
    }


def test_ruling_G17_a_position_in_a_choice_waits_for_the_pincer_attacks_two_generals(game):
    s = state_from_position(game, _pincer(), resolve_action)
    assert s.phase is Phase.CHOICE and s.deciding == 0 and s.choice["count"] == 2
    s.apply(Choose(tuple(s.choice["options"][:2])))
    assert s.phase is not Phase.CHOICE


def test_a_declared_action_that_sets_off_no_choice_is_refused(game):
    pending = {"type": "melee", "attacker": "裴元绍", "defender": "何仪"}
    err = _refused(game, _facing(phase="choice", pending=pending))
    assert err.message.code == "position.no_choice"


def test_cli_prints_a_window_position_with_its_declared_action(tmp_path):
    pending = {"type": "melee", "attacker": "裴元绍", "defender": "何仪"}
    f = tmp_path / "window.json"
    f.write_text(json.dumps(_facing(phase="response", pending=pending), ensure_ascii=False), encoding="utf-8")
    run = [sys.executable, "-m", "engine", "position", str(f)]
    out = subprocess.run([*run, "--json"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["ok"] and data["position"]["phase"] == "response" and data["position"]["pending"] == pending
    zh = subprocess.run([*run, "--lang", "zh"], capture_output=True, text=True, check=True)
    assert "应对" in zh.stdout and "在下列主阶段中宣布的行动" in zh.stdout and "melee" in zh.stdout
    bad = _facing(phase="draw")
    bad["players"][0]["battlefield"][0]["attacked"] = True
    f.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    refused = subprocess.run([*run, "--lang", "zh"], capture_output=True, text=True)
    assert refused.returncode == 1 and "§3.3" in refused.stdout
