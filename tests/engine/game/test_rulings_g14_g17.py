"""Rulings G14 (an attack is a melee or a tactical strike: 对策, the 对 mark and 荀攸 answer both) and G17
(a tactic and every targeted effect name their target when played, before the response window; a card
with no legal target cannot be played). Starter cards, through the public API."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.game import ActivateEffect, Choose, IllegalAction, Melee, Move, Pass, PlayCounter, PlayEvent, PlayTactic
from engine.game.actions import PaymentChoice
from engine.game.generals import might
from engine.game.narrate import describe
from engine.game.terms import Area, Phase, Zone
from tests.engine.game.cardtable import DB, pay, settle, table
from tests.engine.game.conftest import give, put

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def _answer_with_the_dui_card(s):
    """Player 1 answers with 对策 and uses his 对 card (急流勇退, paid with a filler, on his one general outside)."""
    s.apply(PlayCounter(give(s, 1, "对策"), pay(s, 1, 1)))
    while s.phase is Phase.CHOICE:
        s.apply(Choose(tuple(s.choice["options"][: s.choice["count"]])))
    settle(s)


def test_ruling_G14_counter_answers_tactical_strike():
    s = table(["诸葛亮", "落石"], ["张飞", "对策", "急流勇退"])
    zhuge = put(s, 0, "诸葛亮", E)  # Wit 7 > 1
    fei = put(s, 1, "张飞", B)
    retreat = give(s, 1, "急流勇退")
    s.apply(PlayTactic(give(s, 0, "落石"), zhuge, pay(s, 0, 1), fei))
    assert s.phase is Phase.RESPONSE
    counter = give(s, 1, "对策")
    legal = [getattr(a, "template", a) for a in s.legal_actions()]
    assert any(isinstance(a, PlayCounter) and a.card == counter for a in legal)
    s.hand[1].remove(counter)
    s.resource[1].append(counter)  # back, so that the helper gives it again
    _answer_with_the_dui_card(s)
    # 张飞 went home before the strike resolved: the named target is gone, the strike does nothing
    assert s.zone[fei] is F and s.area_of(fei) is Area.BATTLEFIELD and s.area_of(retreat) is Area.DISCARD
    assert zhuge in s.acted


def test_ruling_G14_without_the_counter_the_tactical_strike_kills():
    s = table(["诸葛亮", "落石"], ["张飞"])
    zhuge = put(s, 0, "诸葛亮", E)
    fei = put(s, 1, "张飞", B)
    s.apply(PlayTactic(give(s, 0, "落石"), zhuge, pay(s, 0, 1), fei))
    s.apply(Pass())
    settle(s)
    assert s.area_of(fei) is Area.CASUALTY


def test_ruling_G14_countermeasure_lists_a_tactic_among_the_attacks_it_answers():
    assert set(DB["对策"].effect["answers"]) == {"melee", "tactic"}


def test_ruling_G14_xun_you_lets_a_dui_card_answer_a_tactical_strike():
    s = table(["诸葛亮", "落石"], ["荀攸", "曹操", "护心镜"])
    zhuge = put(s, 0, "诸葛亮", E)
    cao = put(s, 1, "曹操", B)
    put(s, 1, "荀攸", B)
    mirror = give(s, 1, "护心镜")
    s.apply(PlayTactic(give(s, 0, "落石"), zhuge, pay(s, 0, 1), cao))
    legal = [getattr(a, "template", a) for a in s.legal_actions()]
    assert any(isinstance(a, PlayCounter) and a.card == mirror for a in legal)
    assert s.validate(PlayCounter(mirror, pay(s, 1, 1))) is None


def test_ruling_G17_a_tactic_names_its_target_before_the_window():
    s = table(["诸葛亮", "落石"], ["张飞", "刘备"])
    zhuge = put(s, 0, "诸葛亮", E)
    liu = put(s, 1, "刘备", B)
    fei = put(s, 1, "张飞", B)
    rock = give(s, 0, "落石")
    tactics = [a.template if isinstance(a, PaymentChoice) else a for a in s.legal_actions()]
    tactics = [a for a in tactics if isinstance(a, PlayTactic) and a.card == rock]
    assert {a.target for a in tactics} == {liu, fei}
    action = PlayTactic(rock, zhuge, pay(s, 0, 1), fei)
    said = describe(s, action, viewer=1)
    assert said[0].code == "narrate.tactic_target" and said[0].params["target"]["card"] == fei
    s.apply(action)
    assert s.phase is Phase.RESPONSE and s.deciding == 1 and s.pending.target == fei  # the answerer knows
    assert action.to_json()["target"] == fei
    s.apply(Pass())
    settle(s)
    assert s.area_of(fei) is Area.CASUALTY and s.area_of(liu) is Area.BATTLEFIELD  # no choice asked later


def test_ruling_G17_a_targeting_tactic_without_a_target_is_refused_and_nothing_is_paid():
    s = table(["诸葛亮", "落石"], ["张飞"])
    zhuge = put(s, 0, "诸葛亮", E)
    put(s, 1, "张飞", B)
    rock = give(s, 0, "落石")
    coins = pay(s, 0, 1)
    hand = list(s.hand[0])
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlayTactic(rock, zhuge, coins))
    assert exc.value.code == "refusal.target.missing" and "ruling G17" in exc.value.rule
    assert s.hand[0] == hand and s.phase is Phase.MAIN


def test_ruling_G17_a_target_outside_the_executors_zone_is_not_legal():
    s = table(["诸葛亮", "落石"], ["张飞", "刘备"])
    zhuge = put(s, 0, "诸葛亮", E)
    put(s, 1, "张飞", B)
    liu = put(s, 1, "刘备", F)
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlayTactic(give(s, 0, "落石"), zhuge, pay(s, 0, 1), liu))
    assert exc.value.code == "refusal.target.not_legal" and "ruling G17" in exc.value.rule


def test_ruling_G17_a_card_with_no_legal_target_cannot_be_played_and_no_cost_is_lost():
    s = table(["调虎离山"], ["张飞"])
    put(s, 1, "张飞", F)  # 调虎离山 moves an enemy general that stands outside: none does
    lure = give(s, 0, "调虎离山")
    coins = pay(s, 0, 3)
    hand, discard = list(s.hand[0]), list(s.discard[0])
    assert not [a for a in s.legal_actions() if getattr(getattr(a, "template", a), "card", None) == lure]
    for target in (None, s.field[1][0]):
        with pytest.raises(IllegalAction) as exc:
            s.apply(PlayEvent(lure, coins, target))
        assert exc.value.code == "refusal.target.none_legal" and "§1.5 2)" in exc.value.rule
    assert s.hand[0] == hand and s.discard[0] == discard


def test_ruling_G17_an_area_tactic_names_no_target():
    s = table(["诸葛亮", "八阵图"], ["张飞"])
    zhuge = put(s, 0, "诸葛亮", E)
    fei = put(s, 1, "张飞", B)
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlayTactic(give(s, 0, "八阵图"), zhuge, pay(s, 0, 3), fei))
    assert exc.value.code == "refusal.target.none_needed"


# --- G17 for counter cards and effects used in the enemy's turn --------------------------------------


def _templates(s):
    return [a.template if isinstance(a, PaymentChoice) else a for a in s.legal_actions()]


def _variant(s, name, **effect):
    """``name``'s card with another text in this game only (a card with no legal target, §1.5 2))."""
    s.cards = tuple(replace(c, effect={**c.effect, **effect}) if c.name == name else c for c in s.cards)


def test_ruling_G17_relief_force_names_the_defender_when_played():
    s = table(["关羽"], ["援军", "张飞", "刘备"])
    guan = put(s, 0, "关羽", E)
    fei = put(s, 1, "张飞", B)
    put(s, 1, "刘备", B)
    s.apply(Melee(guan, fei))
    relief = give(s, 1, "援军")
    offered = [a for a in _templates(s) if isinstance(a, PlayCounter) and a.card == relief]
    assert [a.target for a in offered] == [fei]  # only the general attacked
    action = PlayCounter(relief, pay(s, 1, 2), fei)
    said = describe(s, action, viewer=0)
    assert said[0].code == "narrate.counter_target" and said[0].params["target"]["card"] == fei
    assert action.to_json()["target"] == fei
    s.apply(action)
    assert s.phase is not Phase.CHOICE  # no choice asked later
    settle(s)
    assert s.area_of(guan) is Area.CASUALTY and might(s, fei) == 5


def test_ruling_G17_relief_force_without_or_with_a_wrong_target_is_refused_and_nothing_is_paid():
    s = table(["关羽"], ["援军", "张飞", "刘备"])
    guan = put(s, 0, "关羽", E)
    fei = put(s, 1, "张飞", B)
    liu = put(s, 1, "刘备", B)
    s.apply(Melee(guan, fei))
    relief, coins = give(s, 1, "援军"), pay(s, 1, 2)
    hand = list(s.hand[1])
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlayCounter(relief, coins))
    assert exc.value.code == "refusal.target.missing" and exc.value.rule == "§3.7.3, ruling G17"
    for wrong in (liu, guan):
        with pytest.raises(IllegalAction) as exc:
            s.apply(PlayCounter(relief, coins, wrong))
        assert exc.value.code == "refusal.target.not_legal" and exc.value.rule == "§1.5 2), ruling G17"
    assert s.hand[1] == hand and s.phase is Phase.RESPONSE


def test_ruling_G17_ambush_names_the_general_that_moved():
    s = table(["张飞", "刘备"], ["伏兵"])
    fei = put(s, 0, "张飞", B)
    liu = put(s, 0, "刘备", E)
    s.apply(Move(fei, E))
    ambush = give(s, 1, "伏兵")
    offered = [a for a in _templates(s) if isinstance(a, PlayCounter) and a.card == ambush]
    assert [a.target for a in offered] == [fei]
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlayCounter(ambush, pay(s, 1, 1), liu))
    assert exc.value.code == "refusal.target.not_legal"
    s.apply(PlayCounter(ambush, s.hand[1][-1:], fei))
    settle(s)
    assert might(s, fei) == 3 and might(s, liu) == 2


def test_ruling_G17_feint_names_the_defender_it_moves_home():
    s = table(["关羽"], ["曹操", "实则虚之"], factions=(["蜀"], ["魏"]))
    guan = put(s, 0, "关羽", E)
    cao = put(s, 1, "曹操", B)
    s.apply(Melee(guan, cao))
    feint = give(s, 1, "实则虚之")
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlayCounter(feint, pay(s, 1, 1)))
    assert exc.value.code == "refusal.target.missing"
    s.apply(PlayCounter(feint, s.hand[1][-1:], cao))
    settle(s)
    assert s.zone[cao] is F and s.area_of(cao) is Area.BATTLEFIELD


def test_ruling_G17_a_counter_with_no_legal_target_is_not_offered_and_is_refused():
    s = table(["关羽"], ["援军", "张飞"])
    guan = put(s, 0, "关羽", E)
    fei = put(s, 1, "张飞", B)
    step = {**DB["援军"].effect["play"][0], "where": ["pending_defender", {"is": "has_faction", "faction": "魏"}]}
    _variant(s, "援军", play=[step, *DB["援军"].effect["play"][1:]])  # only for a 魏 defender: 张飞 is 蜀
    s.apply(Melee(guan, fei))
    relief, coins = give(s, 1, "援军"), pay(s, 1, 2)
    assert not [a for a in _templates(s) if isinstance(a, PlayCounter) and a.card == relief]
    for target in (None, fei):
        with pytest.raises(IllegalAction) as exc:
            s.apply(PlayCounter(relief, coins, target))
        assert exc.value.code == "refusal.target.none_legal" and "§1.5 2)" in exc.value.rule


def test_ruling_G17_zhou_cang_in_the_enemy_turn_names_no_target():
    s = table(["关羽"], ["周仓", "刘备"])
    guan = put(s, 0, "关羽", E)
    zhou = put(s, 1, "周仓", B)
    liu = put(s, 1, "刘备", B)
    s.apply(Melee(guan, liu))
    offered = [a for a in _templates(s) if isinstance(a, ActivateEffect) and a.source == zhou]
    assert [a.target for a in offered] == [None]  # he puts himself into CASUALTY: he chooses no general
    with pytest.raises(IllegalAction) as exc:
        s.apply(ActivateEffect(zhou, (), liu))
    assert exc.value.code == "refusal.target.none_needed"
    s.apply(ActivateEffect(zhou))
    settle(s)
    assert s.area_of(zhou) is Area.CASUALTY and s.area_of(liu) is Area.BATTLEFIELD


def test_ruling_G17_an_effect_used_in_the_enemy_turn_names_its_general_when_activated():
    s = table(["关羽"], ["周仓", "刘备", "张飞"])
    guan = put(s, 0, "关羽", E)
    zhou = put(s, 1, "周仓", B)
    liu = put(s, 1, "刘备", B)
    fei = put(s, 1, "张飞", B)
    respond = dict(DB["周仓"].effect["respond"])
    respond["do"] = [
        {"kind": "choose", "from": "own_generals", "where": ["pending_defender"], "as": "t"},
        {"kind": "move", "who": "t", "to": "fortress"},
    ]
    _variant(s, "周仓", respond=respond)  # a text that chooses a general in the enemy's turn
    s.apply(Melee(guan, liu))
    offered = [a for a in _templates(s) if isinstance(a, ActivateEffect) and a.source == zhou]
    assert [a.target for a in offered] == [liu]
    for wrong, code in ((None, "refusal.target.missing"), (fei, "refusal.target.not_legal")):
        with pytest.raises(IllegalAction) as exc:
            s.apply(ActivateEffect(zhou, (), wrong))
        assert exc.value.code == code and "ruling G17" in exc.value.rule
    s.apply(ActivateEffect(zhou, (), liu))
    assert s.phase is not Phase.CHOICE
    settle(s)
    assert s.zone[liu] is F and s.area_of(liu) is Area.BATTLEFIELD
