"""§5 battles through the calculator: each step as the text and rulings L13–L20 say."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.longhu.calculator import CalculatorError, calculate

ROOT = Path(__file__).resolve().parents[3]


def side(strength, *chars, **kw):
    return {"strength": strength, "characters": list(chars), **kw}


def ch(name, **values):
    return {"name": name, **values}


def texts(result):
    return [s["text"] for s in result["steps"]]


def test_s5_2_strategy_damage_is_table_value_times_stars_plus_squares():
    r = calculate(
        {
            "attacker": side({"A": 10}, ch("军师", strategist=True, command=2, squares=1)),
            "defender": side({"B": 10}, neutral=True),
            "strategy": [0, 1, 1, 2, 2, 3],
            "dice": [6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
            "no_retreat": True,
            "seed": 3,
        }
    )
    assert r["steps"][0]["rule"] == "§5-2, ruling L16"
    assert "3x" in texts(r)[0] and "9 damage" in texts(r)[0]
    assert r["losses"]["B"] >= 9


def test_s5_3_only_the_highest_valour_rolls_and_hits_on_die_at_most_valour():
    r = calculate(
        {
            "attacker": side({"A": 3}, ch("勇将", valour=5)),
            "defender": side({"B": 5}, ch("弱将", valour=2), neutral=True),
            "dice": [4, 6, 6, 6, 6, 6, 6, 6, 6],
            "seed": 3,
        }
    )
    valour = [s for s in r["steps"] if s["code"] == "step_valour"]
    assert len(valour) == 1 and "勇将" in valour[0]["text"] and "4 damage" in valour[0]["text"]


def test_ruling_L16_tied_valour_both_best_roll():
    r = calculate(
        {
            "attacker": side({"A": 9}, ch("甲", valour=3)),
            "defender": side({"B": 9}, ch("乙", valour=3), neutral=True),
            "dice": [1, 5] + [6] * 10,
            "no_retreat": True,
            "seed": 1,
        }
    )
    valour = [s for s in r["steps"] if s["code"] == "step_valour"]
    assert len(valour) == 2
    assert "1 damage" in valour[0]["text"] and "no damage" in valour[1]["text"]


def test_s5_4_melee_at_most_five_dice_hitting_on_command():
    r = calculate(
        {
            "attacker": side({"A": 9}, ch("将", command=2)),
            "defender": side({"B": 1}, neutral=True),
            "dice": [1, 2, 3, 4, 5, 6],
        }
    )
    melee = [s for s in r["steps"] if s["code"] == "step_melee"]
    assert "5 dice 1 2 3 4 5: 2 hit(s)" in melee[0]["text"]
    assert r["winner"] == "attacker"


def test_ruling_L17_commander_plus_another_strategists_stars_no_character_is_one():
    r = calculate(
        {
            "attacker": side({"A": 1}, ch("将", command=2), ch("师", strategist=True, command=1)),
            "defender": side({"B": 1}, neutral=True),
            "strategy": [0] * 6,
            "dice": [1, 3, 2],
        }
    )
    melee = [s for s in r["steps"] if s["code"] == "step_melee"]
    assert "command 3" in melee[0]["text"]  # 2 + the strategist's star
    assert "command 1" in melee[1]["text"]  # no character: 1


def test_s5_5_attacker_retreats_to_the_region_it_came_from():
    r = calculate(
        {
            "attacker": side({"A": 5}, ch("将", command=1), retreat_to=["许昌"]),
            "defender": side({"B": 5}, ch("守", command=1)),
            "dice": [6] * 10,
            "decisions": ["许昌"],
        }
    )
    assert r["retreat"] == {"side": "attacker", "to": "许昌"}
    assert r["winner"] == "defender"
    assert any(s["rule"] == "§5-5, ruling L18" for s in r["steps"])


def test_s5_5_a_side_of_armies_only_cannot_retreat():
    r = calculate(
        {
            "attacker": side({"A": 2}, retreat_to=["许昌"]),
            "defender": side({"B": 2}, neutral=True),
            "dice": [6, 6, 6, 6, 1, 1, 1, 1],
        }
    )
    assert r["retreat"] is None and r["winner"] == "defender"


def test_s5_6_3_both_armies_gone_the_attacker_loses():
    r = calculate(
        {
            "attacker": side({"A": 1}, ch("攻", command=1, loyalty=6)),
            "defender": side({"B": 1}, ch("守", command=1), neutral=True),
            "dice": [1, 1, 6],
        }
    )
    assert r["winner"] == "defender"
    assert any(s["code"] == "step_both_gone" for s in r["steps"])
    assert r["captures"] == [] and r["escapes"]  # 攻 rolled 6: not captured, nowhere to go


def test_s5_7_capture_on_1_or_2_then_loyalty_decides():
    r = calculate(
        {
            "attacker": side({"A": 5}, ch("将", command=6)),
            "defender": side({"B": 1}, ch("忠", loyalty=5), ch("叛", loyalty=2), neutral=True),
            "dice": [1, 1, 1, 1, 1, 6, 1, 2, 4, 3],  # melee, then both capture rolls, then loyalties (L20)
        }
    )
    assert r["winner"] == "attacker"
    assert r["captures"] == [
        {"character": "忠", "result": "beheaded", "to": None},
        {"character": "叛", "result": "defected", "to": "A"},
    ]


def test_ruling_L13_defender_with_characters_only_has_lost():
    r = calculate({"attacker": side({"A": 3}), "defender": side({"B": 0}, ch("孤", loyalty=1)), "dice": [5]})
    assert r["winner"] == "attacker" and r["steps"][0]["rule"] == "ruling L13"


def test_s5_1_betrayal_test_turns_an_enemy_ally_and_the_battle_ends():
    r = calculate(
        {
            "attacker": side({"A": 5}, ch("说客", diplomacy=3)),
            "defender": side({"B": 5, "C": 3}, home="B"),
            "dice": [2],
            "decisions": ["C"],
            "seed": 5,
        }
    )
    assert "success" in texts(r)[0] and "+1" in texts(r)[0]
    assert any(s["code"] == "step_turned" for s in r["steps"])
    assert "A+C melee" in next(t for t in texts(r) if "melee" in t)  # C now fights for A (ruling L15)


def test_s8_2_no_betrayal_test_against_traitors():
    r = calculate(
        {
            "attacker": side({"A": 3}, ch("说客", diplomacy=6, command=6)),
            "defender": side({"T": 1}, traitor=True),
            "dice": [1, 1, 1, 6],
        }
    )
    assert not any(s["code"] == "step_betrayal" for s in r["steps"])


def test_the_bundled_example_file_and_missing_dice_are_reported():
    spec = json.loads((ROOT / "engine" / "data" / "battles" / "longhu_example.json").read_text(encoding="utf-8"))
    r = calculate(spec)
    assert r["winner"] == "attacker" and r["losses"] == {"董卓": 6}
    with pytest.raises(CalculatorError):
        calculate({"attacker": side({"A": 3}), "defender": side({"B": 3}, neutral=True), "dice": [1]})


def test_ruling_L15_the_defender_may_turn_the_attacking_country_and_the_attack_ends():
    r = calculate(
        {
            "attacker": side({"A": 5}, ch("甲", diplomacy=0), home="H"),
            "defender": side({"B": 5}, ch("说客", diplomacy=6)),
            "dice": [1],
            "decisions": ["A"],
        }
    )
    assert r["winner"] == "defender" and r["steps"][-1]["code"] == "step_ended"


def test_bad_input_is_an_error_message_not_a_traceback(tmp_path, capsys):
    bad = tmp_path / "b.json"
    bad.write_text(json.dumps({"attacker": side({"A": 1}, ch("x", valour=-3)), "defender": side({"B": 1})}))
    assert main(["battle", "longhu", str(bad)]) == 2
    assert "characters[0].valour" in capsys.readouterr().err


@pytest.mark.parametrize("lang,word", [("en", "the contested region"), ("zh", "争夺之地")])
def test_the_calculators_steps_name_its_region_in_words_not_by_its_id_battle(lang, word):
    r = calculate(
        {
            "attacker": side({"A": 10}, ch("军师", strategist=True, command=2, squares=1)),
            "defender": side({"B": 1}, neutral=True),
            "dice": [6] * 20,
            "no_retreat": True,
            "seed": 3,
        },
        lang,
    )
    result = [t for s, t in zip(r["steps"], texts(r), strict=True) if s["code"] == "step_result"]
    assert result and word in result[-1]
    assert not any("in battle" in t for t in texts(r))
