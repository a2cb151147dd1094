"""Positions (docs/positions.md): round trips, every impossible position refused with its rule, the
command line, and a log that starts from a position."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cards import starter_database
from engine.game import Game
from engine.game.bots import RandomBot
from engine.game.cli import load_deck
from engine.game.errors import LogError
from engine.game.position import PositionError, player_view, position_from_state, state_from_position
from engine.game.terms import CHANCE, TERMINAL, Phase
from engine.log import Recorder, load_log
from engine.replay import adjudicate

MIDGAME = Path(__file__).parent / "positions" / "midgame.json"


@pytest.fixture(scope="module")
def db():
    return starter_database()


@pytest.fixture(scope="module")
def game(db):
    return Game(db)


def midgame() -> dict[str, Any]:
    return json.loads(MIDGAME.read_text(encoding="utf-8"))


def small(**changes: Any) -> dict[str, Any]:
    """A small position: two 黄巾 decks of 12, player 0's turn 3."""
    deck = {"resource": ["裴元绍", "何仪", "程远志", "邓茂"] * 3, "pool": [], "factions": ["黄巾"]}
    pos: dict[str, Any] = {
        "format": "junling-position/1",
        "decks": [copy.deepcopy(deck), copy.deepcopy(deck)],
        "turn": 3,
        "first": 0,
        "phase": "main",
        "players": [
            {
                "resource": ["何仪", "程远志", "邓茂", "何仪", "程远志", "邓茂"],
                "hand": ["裴元绍", "何仪", "程远志"],
                "discard": ["邓茂", "裴元绍"],
                "battlefield": [{"general": "裴元绍", "zone": "border"}],
            },
            {"resource": deck["resource"]},
        ],
    }
    pos.update(changes)
    return pos


def bot_positions(game, seeds=range(3), every=7):
    """Positions of bot games in their main phases."""
    for seed in seeds:
        s = game.new_initial_state(load_deck("shu_starter"), load_deck("wei_starter"), seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        k = 0
        while s.current_player() != TERMINAL:
            if s.phase is Phase.MAIN and s.chance is None and not s.frames and s.turn >= 1:
                k += 1
                if k % every == 0:
                    yield s
            p = s.current_player()
            s.apply(s.sample_chance() if p == CHANCE else bots[p].choose(s))


def test_positions_round_trip_position_state_position(game):
    count = 0
    for state in bot_positions(game):
        pos = position_from_state(state)
        again = state_from_position(game, json.loads(json.dumps(pos)))
        assert position_from_state(again) == pos
        for p in (0, 1):  # the same table: what each player sees, but for the ids of interchangeable copies
            assert len(again.hand[p]) == len(state.hand[p]) and again.hidden == state.hidden
        count += 1
    assert count > 20


def test_the_midgame_position_file_is_possible_and_round_trips(game):
    pos = midgame()
    state = state_from_position(game, pos)
    back = position_from_state(state)
    for key in ("turn", "first", "active", "phase", "players", "decks"):
        assert back[key] == pos[key]
    assert any(g.get("equipment") for pl in pos["players"] for g in pl["battlefield"])


def test_state_from_json_refuses_a_card_in_hand_and_on_the_battlefield_at_once(game):
    state = state_from_position(game, small())
    data = state.to_json()
    general = data["field"][0][0]
    data["hand"][0].append(general)
    with pytest.raises(LogError) as err:
        game.state_from_json(data)
    assert err.value.said.code == "log.state_card_twice" and "§3.2" in str(err.value)
    data = state.to_json()
    data["discard"][0].pop()
    with pytest.raises(LogError) as err:
        game.state_from_json(data)
    assert err.value.said.code == "log.state_card_nowhere"


def _player(pos: dict[str, Any], p: int = 0) -> dict[str, Any]:
    return pos["players"][p]


def _with(change) -> dict[str, Any]:
    pos = small()
    change(pos)
    return pos


IMPOSSIBLE = [
    # (what, the change, the code, the rule)
    (
        "a card in hand and on the battlefield",
        lambda p: _player(p)["hand"].append("裴元绍"),
        "position.too_many",
        "ruling D1",
    ),
    ("a card in no area", lambda p: _player(p)["discard"].pop(), "position.missing", "§3.2"),
    ("a card not in the database", lambda p: _player(p)["hand"].append("孙悟空"), "position.unknown_card", ""),
    (
        "two own generals of one name on the battlefield and in CASUALTY",
        lambda p: (
            _player(p)["discard"].remove("裴元绍"),
            _player(p)["hand"].remove("裴元绍"),
            _player(p).update(casualty=["裴元绍"]),
            _player(p)["hand"].append("裴元绍"),
        ),
        "position.general_twice",
        "ruling G13",
    ),
    (
        "a general in the enemy's fortress",
        lambda p: _player(p)["battlefield"][0].update(zone="enemy_fortress"),
        "position.enemy_fortress",
        "ruling G4",
    ),
    (
        "a non-general in CASUALTY",
        lambda p: (
            p.update(decks=[dict(p["decks"][0], resource=p["decks"][0]["resource"] + ["太平要术"]), p["decks"][1]])
            or _player(p).update(casualty=["太平要术"])
        ),
        "position.casualty_not_general",
        "§3.2.2",
    ),
    ("the wrong player to act", lambda p: p.update(active=1), "position.turn_order", "ruling G1"),
    ("a phase the engine has not", lambda p: p.update(phase="over"), "position.phase_any", ""),
    (
        "a window without its declared action",
        lambda p: p.update(phase="response"),
        "position.pending_phase",
        "ruling G11",
    ),
    (
        "the enemy's general has acted in my turn",
        lambda p: _player(p, 1).update(
            resource=_player(p, 1)["resource"][1:], battlefield=[{"general": "裴元绍", "acted": True}]
        ),
        "position.flag_not_active",
        "ruling G8",
    ),
    (
        "an effect used by a card the general does not carry",
        lambda p: _player(p)["battlefield"][0].update(used=["何仪"]),
        "position.used_not_here",
        "ruling G8",
    ),
    ("a malformed pile", lambda p: _player(p).update(hand="裴元绍"), "position.shape", ""),
    ("another format", lambda p: p.update(format="junling-position/0"), "position.format", ""),
]


@pytest.mark.parametrize(("what", "change", "code", "rule"), IMPOSSIBLE, ids=[c[0] for c in IMPOSSIBLE])
def test_an_impossible_position_is_refused_with_the_first_rule_it_breaks(game, what, change, code, rule):
    state_from_position(game, small())  # the unchanged position is possible
    with pytest.raises(PositionError) as err:
        state_from_position(game, _with(change))
    assert (err.value.message.code, err.value.rule) == (code, rule), str(err.value)
    assert err.value.to_dict()["reason"]


def _shu_position(game, **player0: Any) -> dict[str, Any]:
    """The midgame position with player 0's first general changed."""
    pos = midgame()
    general = _player(pos)["battlefield"][0]
    general.update(player0)
    return pos


def _from_resource(pl: dict[str, Any], name: str) -> str:
    """Take a card out of a player's unseen RESOURCE (to put it elsewhere)."""
    pl["resource"].remove(name)
    pl["unseen"] -= 1
    return name


def test_golden_rules_on_equipment_two_troops_on_one_general_are_refused(game):
    pos = midgame()
    pl = _player(pos)
    zhang = pl["battlefield"][0]
    assert zhang["equipment"] == ["白耳兵"]
    zhang["equipment"].append(_from_resource(pl, "白耳兵"))
    with pytest.raises(PositionError) as err:
        state_from_position(game, pos)
    assert (err.value.message.code, err.value.rule) == ("refusal.equip.troop_slot", "ruling G13")


def test_golden_rules_on_equipment_two_own_armaments_of_one_name_are_refused(game):
    pos = midgame()
    pl = _player(pos)
    pl["battlefield"][0]["equipment"].append(_from_resource(pl, "双股剑"))
    state_from_position(game, copy.deepcopy(pos))  # one is fine
    pl["battlefield"][1]["equipment"] = [_from_resource(pl, "双股剑")]
    with pytest.raises(PositionError) as err:
        state_from_position(game, pos)
    assert (err.value.message.code, err.value.rule) == ("refusal.equip.unique", "ruling G13")


def test_a_players_view_hides_the_other_hand_and_every_face_down_pile(game):
    pos = position_from_state(state_from_position(game, midgame()))
    view = player_view(pos, 1)
    assert view["players"][0]["hand"] == {"hidden": len(pos["players"][0]["hand"])}
    assert view["players"][1]["hand"] == pos["players"][1]["hand"]
    assert all(isinstance(pl["resource"], dict) and isinstance(pl["discard"], dict) for pl in view["players"])


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "position", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_prints_a_position_in_english_chinese_and_json(tmp_path):
    out = run(str(MIDGAME))
    assert out.returncode == 0, out.stderr
    assert "possible position" in out.stdout and "carries" in out.stdout
    zh = run(str(MIDGAME), "--lang", "zh", "--player", "1")
    assert zh.returncode == 0 and "可能的局面" in zh.stdout and "所见" in zh.stdout
    assert "carries" not in zh.stdout and "hand" not in zh.stdout
    js = json.loads(run(str(MIDGAME), "--json").stdout)
    assert js["ok"] and js["position"]["turn"] == midgame()["turn"]
    bad = midgame()
    bad["players"][0]["hand"].append(bad["players"][0]["battlefield"][0]["general"])
    (tmp_path / "bad.json").write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    refused = run(str(tmp_path / "bad.json"), "--json")
    assert refused.returncode == 1
    error = json.loads(refused.stdout)["error"]
    assert (error["code"], error["rule"]) == ("position.too_many", "ruling D1")
    words = run(str(tmp_path / "bad.json"), "--lang", "zh")
    assert words.returncode == 1 and "不可能的局面" in words.stdout and "ruling" not in words.stdout
    assert run(str(tmp_path / "nope.json")).returncode == 2


def test_a_log_may_start_from_a_position_and_replays_from_there(game, db):
    pos = midgame()
    start = state_from_position(game, pos)
    rec = Recorder(start.clone(), transcribed=True)
    rng = random.Random(5)
    bots = [RandomBot(5), RandomBot(6)]
    for _ in range(60):
        p = rec.state.current_player()
        if p == TERMINAL:
            break
        rec.apply(rec.state.sample_chance(rng) if p == CHANCE else bots[p].choose(rec.state))
    log = load_log(rec.dumps())
    log["header"]["position"] = pos
    for e in log["entries"]:
        e.pop("hash", None)
        e.pop("state", None)
    verdict = adjudicate(log, db=db, until=len(log["entries"]) - 1)
    assert verdict.legal and not verdict.problems, verdict.problems
    want = rec.state.to_json(history=False)
    assert {k: verdict.state[k] for k in ("hand", "field", "discard", "turn")} == {
        k: want[k] for k in ("hand", "field", "discard", "turn")
    }
    bad = copy.deepcopy(log)
    bad["header"]["position"]["players"][0]["hand"].append("曹操")
    refused = adjudicate(bad, db=db)
    assert refused.legal is None and refused.problems[0].kind == "setup"
    assert refused.problems[0].where.startswith("header.position")
