"""Ruling W25: a retreat forms its groups as a march does (§8.2(5) "其他遵从行军规则", ruling W5), through the
battle calculator's answered decisions."""

from __future__ import annotations

from typing import Any

from engine.wenlu.calculator import calculate

KONISHI = [{"id": "小西行长", "faction": "小西", "fa": 1}]


def _retreat(allies: list[dict[str, Any]], roads: list[dict[str, Any]], decisions: list[str]) -> dict[str, Any]:
    return calculate(
        {
            "active": "japan",
            "japan": KONISHI,
            "allies": allies,
            "roads": roads,
            "decisions": ["pass", "retreat", *decisions],
            "dice": [6, 6, 6, 6],
            "seed": 0,
        }
    )


def test_ruling_w25_a_smaller_group_formed_from_a_held_five_goes_by_the_secondary_road() -> None:
    """W15 held a 5-counter group on a secondary road; under W25 the player forms 4 of them into the group and
    it goes, the fifth counter, left without a general, stays."""
    allies = [
        {"id": "金命元", "nation": "korea", "rank": "cic", "fa": 3},
        {"id": "朝鲜军", "nation": "korea", "count": 4},
    ]
    r = _retreat(
        allies, [{"to": "尚州", "class": "secondary"}], ["take:朝鲜军1", "take:朝鲜军2", "take:朝鲜军3", "pass"]
    )
    assert r["retreats"] == [
        {"side": "allies", "general": "金命元", "counters": ["金命元", "朝鲜军1", "朝鲜军2", "朝鲜军3"], "to": "尚州"}
    ]
    unled = [s["params"] for s in r["steps"] if s["code"] == "wenlu.step.retreat_unled"]
    assert unled == [{"side": "allies", "n": 1}]
    assert r["unused_decisions"] == []


def test_ruling_w25_the_player_names_each_leader_and_forms_each_group_on_its_own_road() -> None:
    allies = [
        {"id": "金命元", "nation": "korea", "rank": "cic", "fa": 3},
        {"id": "李镒", "nation": "korea", "fa": 2},
        {"id": "朝鲜军", "nation": "korea", "count": 2},
    ]
    r = _retreat(
        allies,
        [{"to": "尚州"}, {"to": "忠州"}],
        ["金命元", "take:朝鲜军1", "pass", "尚州", "take:朝鲜军2", "忠州"],
    )
    assert r["retreats"] == [
        {"side": "allies", "general": "金命元", "counters": ["金命元", "朝鲜军1"], "to": "尚州"},
        {"side": "allies", "general": "李镒", "counters": ["李镒", "朝鲜军2"], "to": "忠州"},
    ]


def test_ruling_w25_the_leader_question_is_asked_with_the_ruling_and_offers_only_generals() -> None:
    allies = [
        {"id": "金命元", "nation": "korea", "rank": "cic", "fa": 3},
        {"id": "李镒", "nation": "korea", "fa": 2},
        {"id": "朝鲜军", "nation": "korea", "count": 2},
    ]
    try:
        _retreat(allies, [{"to": "尚州"}], ["朝鲜军1"])
    except ValueError as exc:
        err: Any = exc
    else:  # pragma: no cover - the refusal is the point
        raise AssertionError("a unit was accepted as a retreat's leader")
    assert err.code == "calc_not_a_choice"
    assert err.params["rule"] == "§8.2(5), ruling W25" and err.params["options"] == ["金命元", "李镒"]


def test_ruling_w25_unanswered_a_retreating_general_takes_every_counter_he_may_lead() -> None:
    allies = [
        {"id": "金命元", "nation": "korea", "rank": "cic", "fa": 3},
        {"id": "朝鲜军", "nation": "korea", "count": 2},
    ]
    r = _retreat(allies, [{"to": "尚州"}], [])
    assert r["retreats"][0]["counters"] == ["金命元", "朝鲜军1", "朝鲜军2"]
