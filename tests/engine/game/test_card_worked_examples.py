"""The rulebook's worked examples, played with the starter cards' texts (issue 5)."""

from __future__ import annotations

from engine.game import ActivateEffect, Equip, Melee, Move, Pass, PlayCounter, PlayEvent, PlayTactic, Recruit, Siege
from engine.game.generals import might
from engine.game.recruitment import recruitment_cost
from engine.game.terms import Area, Phase, Zone
from tests.engine.game.cardtable import next_turn, pay, settle, table
from tests.engine.game.conftest import give, put

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def test_2_2_3_cao_cao_might_example():
    s = table(["曹操", "李典", "丈八蛇矛"], factions=(["魏"], []))
    cao = put(s, 0, "曹操")
    assert might(s, cao) == 4  # [基本武]
    s.apply(Move(cao, B))
    assert might(s, cao) == 2  # alone outside: -2
    s.apply(Equip(give(s, 0, "丈八蛇矛"), cao, pay(s, 0, 1)))
    s.apply(Pass())
    assert might(s, cao) == 3  # 2 + 1
    li = put(s, 0, "李典")
    s.apply(Move(li, B))
    assert might(s, cao) == 5  # another general outside: 4 + 1


def test_3_7_1_guan_yu_sieges_7_5_7():
    s = table(["关羽", "青龙偃月刀"], factions=(["蜀"], []))
    guan = put(s, 0, "关羽", E)
    before = len(s.resource[1])
    s.apply(Siege(guan))
    settle(s)
    assert before - len(s.resource[1]) == 7  # the first siege of the game: +2
    next_turn(s)
    next_turn(s)
    before = len(s.resource[1])
    s.apply(Siege(guan))
    settle(s)
    assert before - len(s.resource[1]) == 5
    next_turn(s)
    next_turn(s)
    s.apply(Equip(give(s, 0, "青龙偃月刀"), guan, pay(s, 0, 2)))
    s.apply(Pass())
    before = len(s.resource[1])
    s.apply(Siege(guan))
    settle(s)
    assert before - len(s.resource[1]) == 7


def test_3_7_1_e_taishi_ci_draws_when_he_defeats_an_attacker_in_either_turn():
    s = table(["太史慈"], ["李典", "乐进"], factions=(["吴"], ["魏"]))
    tai = put(s, 0, "太史慈", E)  # Might 4
    li = put(s, 1, "李典", B)  # 3 +1 in his 自城外 = 4 ... so attack 乐进 instead
    yue = put(s, 1, "乐进", B)  # 3
    hand = len(s.hand[0])
    s.apply(Melee(tai, yue))
    settle(s)
    assert s.area_of(yue) is Area.CASUALTY and len(s.hand[0]) == hand + 2  # my turn: [战胜] → 2 cards
    next_turn(s)
    s.modifiers.append([1, "might", -2, li, "turn", ""])  # 李典 weakened: 4 - 2 = 2 < 4
    hand = len(s.hand[0])
    s.apply(Melee(li, tai))
    settle(s)
    assert s.area_of(li) is Area.CASUALTY and len(s.hand[0]) == hand + 2  # his turn: still [战胜]


def test_3_7_1_f_dian_wei_takes_his_attacker_with_him_only_in_the_enemy_turn():
    s = table(["许褚"], ["典韦", "夏侯惇"], factions=(["魏"], ["魏"]))
    xu = put(s, 0, "许褚", E)  # 5
    dian = put(s, 1, "典韦", B)  # 5
    s.apply(ActivateEffect(xu, pay(s, 0, 1)))  # 许褚: Might +2 this turn
    s.apply(Pass())
    s.apply(Melee(xu, dian))  # the enemy [武力攻击][战胜] 典韦
    settle(s)
    assert s.area_of(dian) is Area.CASUALTY and s.area_of(xu) is Area.CASUALTY
    s2 = table(["许褚"], ["典韦"], factions=(["魏"], ["魏"]), first=1)
    xu = put(s2, 0, "许褚", E)
    dian = put(s2, 1, "典韦", B)
    s2.modifiers.append([0, "might", 1, xu, "turn", ""])  # 许褚 6 > 典韦 5
    s2.apply(Melee(dian, xu))  # 典韦 declares the attack and loses: his text does not apply
    settle(s2)
    assert s2.area_of(dian) is Area.CASUALTY and s2.area_of(xu) is Area.BATTLEFIELD


def test_3_6_2_three_fire_on_the_enemy_grain_deplete_15():
    s = table(["放火烧敌粮"] * 3)
    before = len(s.resource[1])
    for _ in range(3):
        s.apply(PlayEvent(give(s, 0, "放火烧敌粮"), pay(s, 0, 1)))
        settle(s)
    assert before - len(s.resource[1]) == 15 and len(s.discard[1]) == 15


def test_3_6_2_three_righteous_armies_give_plus_3():
    s = table(["仁义之师"] * 3 + ["关羽"], factions=(["蜀"], []))
    guan = put(s, 0, "关羽")
    for _ in range(3):
        s.apply(PlayEvent(give(s, 0, "仁义之师"), pay(s, 0, 1)))
        settle(s)
    assert might(s, guan) == 8
    next_turn(s)
    assert might(s, guan) == 5  # "此回合": gone at the end of the turn


def test_3_7_2_feint_voids_the_attack_which_still_counts_as_the_generals_action():
    s = table(["关羽"], ["曹操", "实则虚之"], factions=(["蜀"], ["魏"]))
    guan = put(s, 0, "关羽", E)
    cao = put(s, 1, "曹操", B)
    s.apply(Melee(guan, cao))
    s.apply(PlayCounter(give(s, 1, "实则虚之"), pay(s, 1, 1), cao))
    settle(s)
    assert s.zone[cao] is F and s.area_of(cao) is Area.BATTLEFIELD  # moved to his 自城内
    assert s.area_of(guan) is Area.BATTLEFIELD and guan in s.acted
    assert s.validate(Siege(guan)) is not None  # he has attacked this turn


def test_3_7_3_scheme_seen_through_voids_a_tactic():
    s = table(["诸葛亮", "火箭队的突袭"], ["曹操", "诡计识破"], factions=(["蜀"], ["魏"]))
    zhuge = put(s, 0, "诸葛亮", E)  # Wit 7
    cao = put(s, 1, "曹操", B)  # Wit 5
    tactic = give(s, 0, "火箭队的突袭")
    s.apply(PlayTactic(tactic, zhuge, pay(s, 0, 1), target=cao))
    s.apply(PlayCounter(give(s, 1, "诡计识破"), pay(s, 1, 1)))
    settle(s)
    assert s.area_of(cao) is Area.BATTLEFIELD
    assert s.area_of(tactic) is Area.DISCARD and zhuge in s.acted


def test_3_6_4_effect_failure_voids_an_active_effect_and_keeps_its_cost():
    s = table(["许褚"], ["特效失灵"], factions=(["魏"], []))
    xu = put(s, 0, "许褚")
    paid = pay(s, 0, 1)
    s.apply(ActivateEffect(xu, paid))
    s.apply(PlayCounter(give(s, 1, "特效失灵"), pay(s, 1, 1)))
    settle(s)
    assert might(s, xu) == 5 and s.area_of(paid[0]) is Area.DISCARD
    assert s.validate(ActivateEffect(xu, pay(s, 0, 1))) is not None  # activated this turn all the same


def test_3_5_xiahou_yuan_is_recruited_straight_outside():
    s = table(["夏侯渊", "曹操"], factions=(["魏"], []))
    xia = give(s, 0, "夏侯渊")
    s.apply(Recruit(xia, pay(s, 0, 3), to=B))
    assert s.zone[xia] is B
    cao = give(s, 0, "曹操")
    err = s.validate(Recruit(cao, pay(s, 0, 3), to=B))
    assert err is not None and err.rule == "§3.5"  # 入城 holds for the others


def test_3_5_cao_ren_attacks_the_turn_he_is_recruited():
    s = table(["曹仁", "曹操"], ["刘备"], factions=(["魏"], ["蜀"]))
    ren = give(s, 0, "曹仁")
    s.apply(Recruit(ren, pay(s, 0, 3)))
    s.zone[ren] = E  # as if he stood there (a recruit enters 自城内)
    liu = put(s, 1, "刘备", B)
    assert s.validate(Melee(ren, liu)) is None
    cao = give(s, 0, "曹操")
    s.apply(Recruit(cao, pay(s, 0, 3)))
    s.zone[cao] = E
    assert s.validate(Melee(cao, liu)).rule == "ruling G8"  # 待命 holds for the others


def test_3_5_recruitment_cost_examples_one_to_six():
    s = table(["关羽", "张飞", "刘备", "孙坚", "简雍"], ["刘备"], factions=(["蜀", "吴"], ["蜀"]))
    guan = give(s, 0, "关羽")
    assert recruitment_cost(s, 0, guan) == 5  # 1) no general of mine
    put(s, 0, "张飞")
    assert recruitment_cost(s, 0, guan) == 4  # 2) 张飞
    put(s, 0, "刘备")
    assert recruitment_cost(s, 0, guan) == 3  # 3) 张飞 and 刘备
    put(s, 1, "刘备")
    assert recruitment_cost(s, 0, guan) == 3  # 4) an enemy 刘备 does not count
    put(s, 0, "孙坚")
    assert recruitment_cost(s, 0, guan) == 3  # 5) 孙坚 is not 蜀
    jian = put(s, 0, "简雍")
    s.field[0].remove(jian)
    del s.zone[jian]
    s.casualty[0].append(jian)
    assert recruitment_cost(s, 0, guan) == 3  # 6) CASUALTY does not count


def test_3_5_dual_faction_recruitment_notes():
    s = table(["周仓", "廖化", "刘备", "张角"], factions=(["蜀", "黄巾"], []))
    liao = give(s, 0, "廖化")
    put(s, 0, "刘备")
    put(s, 0, "张角")
    assert recruitment_cost(s, 0, liao) == 0  # 1) [蜀] + [黄巾]: 2 - 2
    s2 = table(["周仓", "廖化", "刘备", "张角"], factions=(["蜀", "黄巾"], []))
    liao = give(s2, 0, "廖化")
    put(s2, 0, "周仓")
    assert recruitment_cost(s2, 0, liao) == 0  # 2) one [蜀, 黄巾]: -2 (note 3 is in test_recruitment.py)


def test_3_5_a_recruitment_does_not_open_a_window_and_phase_stays_main():
    s = table(["夏侯渊"], factions=(["魏"], []))
    s.apply(Recruit(give(s, 0, "夏侯渊"), pay(s, 0, 3), to=E))
    assert s.phase is Phase.MAIN
