"""文禄朝鲜之役 event cards (seed 003 §11, the card texts, Q2–Q4, rulings W14, W19, W20, W22, W23)."""

from __future__ import annotations

import engine.wenlu.cards as cards
import engine.wenlu.turn as turn
from engine.boardgame.procedure import Chance, Decision
from engine.wenlu.actions import Pass, Pick, Roll
from engine.wenlu.board import Board
from engine.wenlu.state import Game


def _board() -> Board:
    b = Board(Game.default().data)
    turn.place_counters(b)
    return b


def drive(proc, answers):
    """Run a rule procedure, answering each request from ``answers``; returns the requests seen."""
    seen = []
    action = None
    try:
        while True:
            request = proc.send(action) if action is not None else next(proc)
            seen.append(request)
            action = answers.pop(0)
            if isinstance(request, Decision):
                assert action in request.options, (action, request)
    except StopIteration:
        return seen


def test_kato_tiger_hunt_cancels_yi_sun_sin_and_its_cost_q4():
    b = _board()
    b.loc["加藤清正"] = "咸兴"
    b.hands["allies"], b.hands["japan"] = ["李舜臣出击", "李舜臣出击"], ["加藤清正虎退治"]
    seen = drive(cards.window(b, "korea", "before"), [Pick("李舜臣出击"), Pick("加藤清正虎退治"), Pass()])
    assert [r.player for r in seen if isinstance(r, Decision)] == [1, 0, 1]
    assert not b.yi_sun_sin and not b.all_points  # Q4
    assert b.spent == ["李舜臣出击", "加藤清正虎退治"] and b.hands["allies"] == ["李舜臣出击"]  # Q2: may play the other


def test_the_tiger_hunt_needs_kato_in_hamgyong():
    b = _board()
    b.hands["allies"], b.hands["japan"] = ["李舜臣出击"], ["加藤清正虎退治"]
    seen = drive(cards.window(b, "korea", "before"), [Pick("李舜臣出击"), Pass()])
    assert [r.player for r in seen] == [1, 1] and b.yi_sun_sin and b.all_points  # no Japanese answer


def test_yi_sun_sin_once_a_game_turn_and_then_no_rising_nor_castle():
    b = _board()
    b.loc["郭再祐"] = "standby"
    b.hands["allies"] = ["李舜臣出击", "李舜臣出击", "义兵蜂起", "守城"]
    drive(cards.window(b, "korea", "before"), [Pick("李舜臣出击"), Pass()])
    assert cards.playable(b, "korea", "before") == []
    assert cards.playable(b, "korea", "after") == []


def test_surprise_at_the_start_of_a_japanese_battle():
    b = _board()
    b.hands["japan"] = ["奇袭"]
    drive(cards.surprise(b, "汉城", "allies"), [])
    assert not b.surprise
    drive(cards.surprise(b, "汉城", "japan"), [Pick("奇袭")])
    assert b.surprise and b.hands["japan"] == []


def test_ambush_when_the_japanese_attack_in_an_allied_activation_w19():
    b = _board()
    b.hands["japan"] = ["伏兵"]
    drive(cards.ambush(b, "汉城", "allies", ["allies"]), [])
    assert not b.ambush
    drive(cards.ambush(b, "汉城", "allies", ["japan", "allies"]), [Pick("伏兵")])
    assert b.ambush and b.fa("小西行长") == Game.default().data.counter("小西行长").fa + 1


def test_resupply_restores_as_many_as_the_die_in_korea_with_supply():
    b = _board()
    b.points = 2
    b.reduced |= {"小西军1", "小西军2", "宇喜多军1"}  # 宇喜多军1 is in the Japan box: not in Korea
    b.hands["japan"] = ["补充"]
    seen = drive(cards.window(b, "japan", "after"), [Pick("补充"), Roll(1), Pick("小西军1"), Pass()])
    assert any(isinstance(r, Chance) for r in seen)
    assert b.reduced == {"小西军2", "宇喜多军1"} and b.points == 1 and "小西军1" in b.fresh


def test_epidemic_removes_a_reduced_japanese_counter_on_a_one():
    b = _board()
    b.reduced |= {"小西军1", "小西军2"}
    drive(cards.effect(b, "流行性疾病"), [Roll(1), Roll(2)])
    assert b.loc["小西军1"] == "out" and b.reduced == {"小西军2"}


def test_rising_places_a_standby_general_with_one_die_of_units():
    b = _board()
    b.loc["郭再祐"] = "standby"
    seen = drive(cards.rising(b), [Pick("郭再祐"), Pick("庆州"), Roll(3)])
    where = [r for r in seen if isinstance(r, Decision)][1]
    assert Pick("庆州") in where.options and Pick("釜山") not in where.options  # 釜山 holds the Japanese
    assert b.loc["郭再祐"] == "庆州" and sum(1 for c in b.here("庆州") if b.c(c).kind == "unit") == 3


def test_castle_marker_with_all_points():
    b = _board()
    b.points = 5
    drive(cards.effect(b, "守城"), [Pick("尚州")])
    assert b.markers == {"尚州"} and b.points == 0


def test_promotion_after_a_field_battle_makes_a_surviving_korean_general_commander_in_chief_w19():
    b = _board()
    b.hands["allies"] = ["官位晋升"]
    drive(cards.promotion(b, "汉城", ["申砬", "李镒"]), [Pick("申砬")])
    assert b.promoted == {"申砬"} and b.command("申砬") == 8 and b.rank("申砬") == 2
    b.hands["allies"] = ["官位晋升"]
    b.castle.add("李镒")
    assert drive(cards.promotion(b, "汉城", ["李镒"]), []) == []  # not a castle defender


def test_10_3_6_a_korean_unit_may_be_dissolved_back_to_the_replacement_pool():
    b = _board()
    seen = drive(cards.window(b, "korea", "before"), [Pick("dissolve:尚州"), Pass()])
    assert Pick("dissolve:釜山") not in seen[0].options  # 釜山 holds no Korean unit
    assert not b.here("尚州") and sum(1 for c in b.data.counters if b.loc[c.id] == "replacement") == 22
