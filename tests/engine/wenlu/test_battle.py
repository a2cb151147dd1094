"""文禄朝鲜之役 battles (seed 003 §8, §13.32), through the calculator: the rules' worked examples and rulings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main as engine_main
from engine.wenlu.battle import dice_groups
from engine.wenlu.calculator import CalculatorError, build, calculate

TACHIBANA = [
    {"id": "立花宗茂", "faction": "立花", "fa": 5},
    {"id": "立花军", "faction": "立花"},
    {"id": "生驹亲正", "faction": "生驹", "fa": 2},
    {"id": "生驹军", "faction": "生驹"},
    {"id": "小西军", "faction": "小西"},
]
KOREANS = [{"id": "朝鲜军", "nation": "korea", "count": 4}]


def _attack_steps(r, side):
    return [s["params"] for s in r["steps"] if s["code"] == "wenlu.step.attack" and s["params"]["side"] == side]


def test_8_1_4_example_tachibana_and_ikoma():
    """§8.1(4) 例: 立花宗茂 (FA 5) and his unit hit on 5 or less, 生驹亲正 (FA 2) and his on 2 or less, the 小西
    unit without its general rolls nothing."""
    b, region, _ = build({"japan": TACHIBANA, "allies": KOREANS})
    groups = dice_groups(b, b.field(region, "japan"))
    assert [(g, n, fa) for g, n, fa, _u in groups] == [("立花宗茂", 2, 5), ("生驹亲正", 2, 2)]
    # Japanese initiative (6+1 against 1), then the four dice: 5 and 6 for 立花, 2 and 3 for 生驹
    r = calculate({"japan": TACHIBANA, "allies": KOREANS, "dice": [6, 1, 5, 6, 2, 3], "seed": 1})
    first = _attack_steps(r, "japan")[:2]
    assert [(a["general"], a["rolls"], a["hits"]) for a in first] == [("立花宗茂", "5 6", 1), ("生驹亲正", "2 3", 1)]
    assert r["steps"][0]["rule"] == "§8.1, ruling W8"


def test_8_1_4_example_yi_sun_sin_and_cut_supply_take_two():
    """§8.1(4) 例: 李舜臣出击 and a cut supply line give FA −2: a general of FA 2 or less cannot hit."""
    japan = [dict(TACHIBANA[0], cut=True), TACHIBANA[1], dict(TACHIBANA[2], cut=True), TACHIBANA[3]]
    b, region, _ = build({"japan": japan, "allies": KOREANS, "cards": ["李舜臣出击"]})
    assert [(g, fa) for g, _n, fa, _u in dice_groups(b, b.field(region, "japan"))] == [("立花宗茂", 3), ("生驹亲正", 0)]
    r = calculate({"japan": japan, "allies": KOREANS, "cards": ["李舜臣出击"], "dice": [6, 1, 3, 4, 1, 1], "seed": 0})
    a = _attack_steps(r, "japan")
    assert (a[0]["hits"], a[1]["hits"]) == (1, 0)  # 3 ≤ 3 hits, 4 does not; 生驹's two 1s miss at FA 0
    assert a[0]["mods"] == "-1 §6.3, -1 李舜臣出击"


def test_8_1_2_initiative_higher_field_ability_gets_one_and_a_tie_lets_both_attack():
    spec = {
        "japan": [{"id": "小西行长", "faction": "小西", "fa": 4}],
        "allies": [{"id": "申砬", "nation": "korea", "fa": 1}],
        "dice": [3, 4, 6, 6],  # 3+1 = 4 against 4: both attack, both miss
        "seed": 5,
    }
    r = calculate(spec)
    init = next(s["params"] for s in r["steps"] if s["code"] == "wenlu.step.initiative")
    assert (init["japan_bonus"], init["allies_bonus"], init["attackers"]) == (1, 0, "japan + allies")
    assert r["dice"][:4] == [3, 4, 6, 6]


def test_ruling_w10_a_side_without_a_general_never_gets_the_bonus():
    r = calculate(
        {
            "japan": [{"id": "小西军", "faction": "小西"}],
            "allies": [{"id": "申砬", "nation": "korea", "fa": 1}],
            "dice": [5, 5, 2],
            "seed": 1,
        }
    )
    init = next(s["params"] for s in r["steps"] if s["code"] == "wenlu.step.initiative")
    assert (init["japan_bonus"], init["allies_bonus"], init["attackers"]) == (0, 1, "allies")


def test_8_1_1_battle_commander_by_rank_then_faction_size():
    japan = [
        {"id": "宇喜多秀家", "faction": "宇喜多", "rank": "cic", "fa": 3},
        {"id": "立花宗茂", "faction": "立花", "fa": 5},
        {"id": "黑田长政", "faction": "黑田", "rank": "cic", "fa": 4},
        {"id": "黑田军", "faction": "黑田", "count": 2},
    ]
    r = calculate({"japan": japan, "allies": KOREANS, "seed": 2})
    lead = next(s for s in r["steps"] if s["code"] == "wenlu.step.leader" and s["params"]["side"] == "japan")
    assert lead["params"]["general"] == "黑田长政" and lead["rule"] == "§8.1(1)②, ruling W9"


def test_8_1_5_losses_flip_every_unreduced_counter_first_then_remove():
    japan = [{"id": "小西行长", "faction": "小西", "fa": 1}, {"id": "小西军", "faction": "小西", "reduced": True}]
    allies = [
        {"id": "金命元", "nation": "korea", "rank": "cic", "fa": 6},
        {"id": "朝鲜军", "nation": "korea", "count": 2},
    ]
    # initiative 1 (+0) against 6 (+1); 金命元 rolls 3 dice, all hit
    r = calculate({"active": "allies", "japan": japan, "allies": allies, "dice": [6, 1, 1, 1, 1], "seed": 0})
    assert r["losses"]["japan"] == [
        {"counter": "小西行长", "result": "reduced"},
        {"counter": "小西军", "result": "removed"},
        {"counter": "小西行长", "result": "removed"},
    ]
    assert r["winner"] == "allies"


def test_8_1_5_korean_units_go_to_the_pool_and_the_king_is_removed():
    allies = [{"id": "朝鲜军", "nation": "korea"}, {"id": "朝鲜国王", "nation": "korea", "kind": "king"}]
    japan = [{"id": "加藤清正", "faction": "加藤", "fa": 6}, {"id": "加藤军", "faction": "加藤", "count": 3}]
    r = calculate({"japan": japan, "allies": allies, "dice": [6, 1, 1, 1, 6, 6], "seed": 0})
    assert r["losses"]["allies"] == [
        {"counter": "朝鲜军", "result": "replacement"},
        {"counter": "朝鲜国王", "result": "removed"},
    ]
    assert r["captures"] == [{"counter": "朝鲜国王", "kind": "king"}]
    assert r["losses_by_side"] == {"japan": 0, "allies": 2}


def test_q6_a_reduced_general_leads_its_units_but_rolls_no_die_itself():
    b, region, _ = build(
        {
            "japan": [
                {"id": "小西行长", "faction": "小西", "fa": 4, "reduced": True},
                {"id": "小西军", "faction": "小西", "count": 5},
            ],
            "allies": KOREANS,
        }
    )
    assert [(g, n) for g, n, _fa, _u in dice_groups(b, b.field(region, "japan"))] == [("小西行长", 3)]


def test_8_1_3_a_commander_in_chief_leads_eight_a_general_four():
    b, region, _ = build(
        {
            "japan": [
                {"id": "宇喜多秀家", "faction": "宇喜多", "rank": "cic", "fa": 3},
                {"id": "宇喜多军", "faction": "宇喜多", "count": 9},
            ],
            "allies": KOREANS,
        }
    )
    assert [n for _g, n, _fa, _u in dice_groups(b, b.field(region, "japan"))] == [8]


def test_ruling_w13_no_die_can_hit_stops_the_battle():
    r = calculate(
        {
            "japan": [{"id": "相良赖房", "faction": "相良", "fa": 1, "cut": True}],
            "allies": [{"id": "巡察使", "nation": "korea", "fa": 0}],
            "dice": [],
        }
    )
    assert r["stalemate"] and r["winner"] is None and r["dice"] == []


def test_8_2_retreat_declared_side_does_not_attack_and_goes_back_where_it_came_from():
    japan = [
        {"id": "小西行长", "faction": "小西", "fa": 4, "from": "釜山"},
        {"id": "小西军", "faction": "小西", "from": "釜山"},
    ]
    roads = [{"to": "釜山"}, {"to": "庆州"}]
    allies = [
        {"id": "金命元", "nation": "korea", "rank": "cic", "fa": 3},
        {"id": "朝鲜军", "nation": "korea", "count": 2},
    ]
    r = calculate(
        {"japan": japan, "allies": allies, "roads": roads, "decisions": ["retreat"], "dice": [6, 6, 6], "seed": 0}
    )
    alone = [s for s in r["steps"] if s["code"] == "wenlu.step.alone"]
    assert alone and alone[0]["params"]["side"] == "allies"
    assert r["retreats"] == [{"side": "japan", "general": "小西行长", "counters": ["小西行长", "小西军"], "to": "釜山"}]
    assert r["winner"] == "allies"


def test_8_2_4_the_defender_may_not_retreat_to_the_attackers_origin_nor_to_an_enemy_region():
    japan = [{"id": "小西行长", "faction": "小西", "fa": 4, "from": "釜山"}]
    roads = [{"to": "釜山"}, {"to": "庆州", "enemy": "japan"}, {"to": "尚州"}]
    allies = [{"id": "金命元", "nation": "korea", "rank": "cic", "fa": 3}]
    r = calculate(
        {"japan": japan, "allies": allies, "roads": roads, "decisions": ["pass", "retreat"], "dice": [6], "seed": 0}
    )
    assert [x["to"] for x in r["retreats"]] == ["尚州"]


def test_8_2_5_five_counters_on_a_secondary_road_stay_a_round():
    allies = [
        {"id": "金命元", "nation": "korea", "rank": "cic", "fa": 3},
        {"id": "朝鲜军", "nation": "korea", "count": 4},
    ]
    japan = [{"id": "小西行长", "faction": "小西", "fa": 1}]
    r = calculate(
        {
            "active": "japan",
            "japan": japan,
            "allies": allies,
            "roads": [{"to": "尚州", "class": "secondary"}],
            "decisions": ["pass", "retreat"],
            "dice": [6, 6, 6, 6],
            "seed": 0,
        }
    )
    blocked = [s for s in r["steps"] if s["code"] == "wenlu.step.retreat_blocked"]
    assert blocked and blocked[0]["params"]["held"] == 1 and r["retreats"] == []


def test_surprise_card_only_the_japanese_attack_in_round_one():
    r = calculate({"japan": TACHIBANA, "allies": KOREANS, "cards": ["奇袭"], "dice": [1, 1, 1, 1], "seed": 0})
    assert r["steps"][3]["code"] == "wenlu.step.surprise"
    assert not any(s["code"] == "wenlu.step.initiative" for s in r["steps"][:5])


def test_13_32_siege_garrison_rolls_first_besiegers_halved_at_most_one():
    japan = [{"id": "加藤清正", "faction": "加藤", "fa": 6}, {"id": "加藤军", "faction": "加藤", "count": 3}]
    allies = [
        {"id": "郭再祐", "nation": "korea", "fa": 3, "castle": True},
        {"id": "朝鲜军", "nation": "korea", "castle": True},
    ]
    r = calculate({"japan": japan, "allies": allies, "dice": [1, 6, 1, 1, 1, 1], "seed": 0})
    s = r["siege"]
    assert (s["garrison_hits"], s["besieger_hits"], s["garrison_losses"], s["garrison_left"]) == (
        1,
        3,
        1,
        1,
    )  # the reduced 加藤军1 rolls no die
    assert not s["taken"]
    assert r["losses"]["japan"] == [{"counter": "加藤军1", "result": "reduced"}]


def test_13_32_3_the_castle_falls_when_its_last_counter_goes():
    japan = [{"id": "加藤清正", "faction": "加藤", "fa": 6}, {"id": "加藤军", "faction": "加藤", "count": 3}]
    allies = [{"id": "朝鲜军", "nation": "korea", "castle": True}]
    r = calculate({"japan": japan, "allies": allies, "dice": [1, 1, 1, 1]})
    assert r["siege"]["taken"] and r["castle"] == [] and r["winner"] == "japan"


def test_ruling_w17_marched_counters_do_not_fight_the_siege():
    japan = [{"id": "加藤清正", "faction": "加藤", "fa": 6, "from": "釜山"}]
    allies = [{"id": "朝鲜军", "nation": "korea", "castle": True}]
    r = calculate({"japan": japan, "allies": allies, "roads": [{"to": "釜山"}], "dice": []})
    assert r["siege"] is None and r["steps"][-1]["code"] == "wenlu.step.siege_none"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"japan": [], "allies": KOREANS}, "japan: must be a non-empty list"),
        ({"japan": TACHIBANA, "allies": [{"id": "x", "nation": "japan"}]}, r"allies\[0\]\.nation"),
        ({"japan": TACHIBANA, "allies": [{"id": "朝鲜军", "nation": "korea", "reduced": True}]}, "never reduced"),
        ({"japan": TACHIBANA, "allies": KOREANS, "dice": [7]}, "die 7 is not 1–6"),
        ({"japan": TACHIBANA, "allies": KOREANS}, "more dice are needed"),
        ({"japan": TACHIBANA, "allies": KOREANS, "cards": ["x"]}, "cards:"),
        ({"japan": TACHIBANA, "allies": KOREANS, "seed": 1, "decisions": ["nowhere"]}, "is not a choice"),
        ({"japan": TACHIBANA, "allies": KOREANS, "extra": 1}, "unknown field"),
    ],
)
def test_calculator_refuses_bad_input_saying_what_and_where(spec, message):
    with pytest.raises(CalculatorError, match=message):
        calculate(spec)


def test_cli_battle_wenlu_json_and_chinese(tmp_path, capsys):
    f = tmp_path / "b.json"
    f.write_text(json.dumps({"japan": TACHIBANA, "allies": KOREANS, "seed": 4}, ensure_ascii=False), encoding="utf-8")
    assert engine_main(["battle", "wenlu", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] in ("japan", "allies", None) and all(s["rule"] for s in out["steps"])
    assert set(out) >= {"winner", "losses", "retreats", "captures", "siege", "steps"}
    assert engine_main(["battle", "wenlu", str(f), "--lang", "zh"]) == 0
    text = capsys.readouterr().out
    assert "野战" in text and "the Japanese" not in text
    f.write_text("{}", encoding="utf-8")
    assert engine_main(["battle", "wenlu", str(f)]) == 2


def test_8_1_4_example_file_with_transcribed_dice(capsys):
    """engine/data/battles/wenlu_example.json: the worked example's forces; the table's dice, then the seed."""
    example = Path(__file__).resolve().parents[3] / "engine" / "data" / "battles" / "wenlu_example.json"
    assert engine_main(["battle", "wenlu", str(example), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["dice"][:14] == [5, 2, 4, 6, 1, 3, 2, 2, 6, 6, 5, 3, 1, 4]
    first = [s["params"] for s in out["steps"] if s["code"] == "wenlu.step.attack"][:2]
    assert [(a["general"], a["dice"], a["fa"]) for a in first] == [("立花宗茂", 2, 5), ("生驹亲正", 2, 2)]
