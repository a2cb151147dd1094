"""``python -m engine position GAME FILE`` (engine.boardgame.position_cli): a board game's position checked and
printed with its legal actions, an action checked against it with the rule it breaks; the card game's
``position FILE`` unchanged."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.boardgame import default_game
from engine.boardgame.position import position_from_state


def _file(tmp_path: Path, system: str, seats: int = 2, steps: int = 150) -> tuple[Path, Any]:
    game = default_game(system, seats)
    s = game.new_initial_state(3)
    rng = random.Random(3)
    while len(s.history) < steps or s.is_chance_node():
        s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    path = tmp_path / f"{system}.json"
    path.write_text(json.dumps(position_from_state(s), ensure_ascii=False), encoding="utf-8")
    return path, s


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_position_game_file_lists_every_legal_action_of_the_position(system: str, tmp_path: Path, capsys) -> None:
    path, s = _file(tmp_path, system, 3 if system == "longhu" else 2)
    assert main(["position", system, str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["legal_actions"] == [a.to_json() for a in s.legal_actions()]
    assert out["pending"]["player"] == s.current_player()


def test_position_game_file_prints_the_position_in_chinese_without_english_lines(tmp_path: Path, capsys) -> None:
    path, s = _file(tmp_path, "wenlu")
    assert main(["position", "wenlu", str(path), "--lang", "zh"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "文禄朝鲜之役：可能的局面"
    assert lines[2].startswith(f"{s.current_player() + 1} 号座行动")
    assert sum(1 for line in lines if line.startswith("  合法：")) == len(s.legal_actions())


def test_an_illegal_action_is_answered_with_the_rule_it_breaks_and_exit_1(tmp_path: Path, capsys) -> None:
    path, s = _file(tmp_path, "wenlu")
    bad = {"type": "pick", "choice": "no-such-region"}
    assert main(["position", "wenlu", str(path), "--json", "--action", json.dumps(bad)]) == 1
    verdict = json.loads(capsys.readouterr().out)["action"]
    refusal = s.validate(default_game("wenlu", 2).action_from_json(bad))
    assert refusal is not None
    assert verdict == {
        "legal": False,
        "code": refusal.code,
        "params": verdict["params"],
        "rule": refusal.rule,
        "reason": verdict["reason"],
    }
    assert verdict["rule"] and "no-such-region" in verdict["reason"]


def test_a_legal_action_is_answered_legal_with_its_label(tmp_path: Path, capsys) -> None:
    path, s = _file(tmp_path, "longhu", 2)
    action = s.legal_actions()[-1].to_json()
    assert main(["position", "longhu", str(path), "--action", json.dumps(action, ensure_ascii=False)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == "legal: " + default_game("longhu", 2).label(action, "en")


def test_an_impossible_board_position_exits_1_with_the_rule_and_where(tmp_path: Path, capsys) -> None:
    path, _ = _file(tmp_path, "longhu")
    pos = json.loads(path.read_text(encoding="utf-8"))
    region = next(r for r, here in pos["board"]["strength"].items() if here)
    country = next(iter(pos["board"]["strength"][region]))
    pos["board"]["strength"][region][country] += 5
    path.write_text(json.dumps(pos, ensure_ascii=False), encoding="utf-8")
    assert main(["position", "longhu", str(path), "--lang", "zh"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("不可能的局面（§4-4(6)），位于 board.supply.")


def test_an_unknown_game_or_a_missing_file_is_a_usage_error(tmp_path: Path, capsys) -> None:
    assert main(["position", "generals-order", str(tmp_path / "x.json")]) == 2
    assert main(["position", "wenlu", str(tmp_path / "missing.json")]) == 2
