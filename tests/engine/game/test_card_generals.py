"""Every starter general's text, played in a game (issue 5). One test per card, named after it."""

from __future__ import annotations

import pytest

from engine.game import (
    ActivateEffect,
    Choose,
    EndTurn,
    Equip,
    IllegalAction,
    Melee,
    Move,
    Pass,
    PlayCounter,
    PlayTactic,
    Recruit,
    Siege,
)
from engine.game.generals import might, wit
from engine.game.strategy import tactic_cost
from engine.game.terms import Area, Phase, Zone
from engine.game.turn import hand_limit, upkeep
from tests.engine.game.cardtable import DB, FILLER, next_turn, pay, settle, table
from tests.engine.game.conftest import arm, give, put

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def fight(s, a, d):
    s.apply(Melee(a, d))
    settle(s)


def kill(s, g):
    """Send a general to CASUALTY through the engine (as a text would)."""
    from engine.game import effects
    from engine.game.areas import to_casualty

    to_casualty(s, g)
    effects.proceed(s)
    settle(s)


# --- 魏 -----------------------------------------------------------------------------------------------


def test_cao_cao_minus_2_alone_outside():
    s = table(["曹操", "李典"])
    cao = put(s, 0, "曹操", E)
    assert might(s, cao) == 2
    put(s, 0, "李典", B)
    assert might(s, cao) == 4


def test_xiahou_yuan_recruited_into_the_enemy_border():
    s = table(["夏侯渊"])
    x = give(s, 0, "夏侯渊")
    assert Recruit(x, (), E).to is E
    s.apply(Recruit(x, pay(s, 0, 3), to=E))
    assert s.zone[x] is E and x in s.fresh


def test_cao_ren_may_attack_when_recruited_but_not_move():
    s = table(["曹仁"], ["刘备"])
    ren = give(s, 0, "曹仁")
    s.apply(Recruit(ren, pay(s, 0, 3)))
    assert s.validate(Move(ren, B)) is not None


def test_dian_wei_takes_his_enemy_attacker_with_him():
    s = table(["关羽"], ["典韦"], first=0)
    guan = put(s, 0, "关羽", E)
    dian = put(s, 1, "典韦", B)
    s.modifiers.append([0, "might", 1, guan, "turn", ""])
    fight(s, guan, dian)
    assert s.area_of(guan) is Area.CASUALTY and s.area_of(dian) is Area.CASUALTY


def test_xun_you_lets_a_dui_card_answer_an_attack_as_countermeasure():
    s = table(["关羽"], ["荀攸", "曹操", "护心镜"])
    guan = put(s, 0, "关羽", E)  # 5
    cao = put(s, 1, "曹操", B)  # 4 (another general of his, 荀攸, is outside: no -2)
    put(s, 1, "荀攸", B)
    mirror = give(s, 1, "护心镜")
    s.apply(Melee(guan, cao))
    legal = [getattr(a, "card", None) or getattr(getattr(a, "template", None), "card", None) for a in s.legal_actions()]
    assert mirror in legal
    s.apply(PlayCounter(mirror, pay(s, 1, 1)))
    settle(s)
    assert s.phase is Phase.CHOICE or s.carrier.get(mirror) is not None
    if s.phase is Phase.CHOICE:
        s.apply(Choose((cao,)))
        settle(s)
    # equipped before the contest: 曹操 4 + 1 (护心镜, attacked) = 5 against 5: both fall, the mirror to DISCARD
    assert s.area_of(guan) is Area.CASUALTY and s.area_of(cao) is Area.CASUALTY
    assert s.area_of(mirror) is Area.DISCARD


def test_xiahou_en_finds_the_qinggang_sword_and_equips_it_free():
    s = table(["夏侯恩", "青釭剑"])
    x = put(s, 0, "夏侯恩")
    s.apply(ActivateEffect(x, pay(s, 0, 1)))
    settle(s)
    sword = next(c for c in s.carrier if s.names[c] == "青釭剑")
    assert s.carrier[sword] == x and might(s, x) == 3
    assert s.hidden[0] == len(s.resource[0])  # RESOURCE shuffled (找寻)


def test_cheng_yu_fire_tactics_through_him_cost_1_less():
    s = table(["程昱", "火烧连营", "水计淹敌"])
    cheng = put(s, 0, "程昱")
    fire = give(s, 0, "火烧连营")
    water = give(s, 0, "水计淹敌")
    assert tactic_cost(s, fire, cheng) == 2 and tactic_cost(s, water, cheng) == 2


def test_li_dian_plus_1_in_own_border():
    s = table(["李典"])
    li = put(s, 0, "李典", B)
    assert might(s, li) == 4
    s.zone[li] = E
    assert might(s, li) == 3


def test_xiahou_dun_depletes_2_when_beaten():
    s = table(["关羽"], ["夏侯惇"])
    guan = put(s, 0, "关羽", E)
    dun = put(s, 1, "夏侯惇", B)
    s.modifiers.append([0, "might", 1, guan, "turn", ""])
    before = len(s.resource[0])
    fight(s, guan, dun)
    assert s.area_of(dun) is Area.CASUALTY and before - len(s.resource[0]) == 2


def test_xu_chu_plus_2_might_minus_1_wit_this_turn():
    s = table(["许褚"])
    xu = put(s, 0, "许褚")
    s.apply(ActivateEffect(xu, pay(s, 0, 1)))
    settle(s)
    assert (might(s, xu), wit(s, xu)) == (7, 0)
    next_turn(s)
    assert (might(s, xu), wit(s, xu)) == (5, 1)


def test_zhang_liao_sieges_deplete_one_more():
    s = table(["张辽"])
    z = put(s, 0, "张辽", E)
    before = len(s.resource[1])
    s.apply(Siege(z))
    settle(s)
    assert before - len(s.resource[1]) == 6


def test_guo_jia_looks_at_the_top_two_and_orders_them():
    s = table(["郭嘉", "关羽", "张飞"])
    guo = put(s, 0, "郭嘉")
    s.apply(ActivateEffect(guo))
    s.apply(Pass())
    from engine.game import Reveal

    s.apply(Reveal("关羽"))
    s.apply(Reveal("张飞"))
    assert s.phase is Phase.CHOICE
    top = s.resource[0][:2]
    s.apply(Choose((top[1], top[0])))  # 张飞 first
    s.apply(EndTurn())
    settle(s)
    assert [s.names[c] for c in s.discard[0][-1:]] == ["张飞"]  # the upkeep took the known top card


def test_yu_jin_costs_no_upkeep():
    s = table(["于禁", "李典"])
    put(s, 0, "于禁")
    put(s, 0, "李典")
    assert upkeep(s, 0) == 1


def test_yue_jin_plus_1_while_besieging():
    s = table(["乐进"])
    y = put(s, 0, "乐进", E)
    before = len(s.resource[1])
    s.apply(Siege(y))
    settle(s)
    assert might(s, y) == 3 and before - len(s.resource[1]) == 4


def test_cai_wenji_recycles_2_from_the_bottom_of_discard():
    s = table(["蔡文姬"])
    cai = put(s, 0, "蔡文姬")
    bottom = list(s.discard[0][:2])
    s.discard[0][:0] = pay(s, 0, 2)
    for c in s.discard[0][:2]:
        s.hand[0].remove(c)
    bottom = list(s.discard[0][:2])
    s.apply(ActivateEffect(cai, pay(s, 0, 1)))
    settle(s)
    assert s.resource[0][-2:] == bottom


# --- 蜀 -----------------------------------------------------------------------------------------------


def test_liu_bei_draws_when_another_shu_general_dies():
    s = table(["刘备", "关羽", "孙坚"])
    put(s, 0, "刘备")
    guan = put(s, 0, "关羽")
    sun = put(s, 0, "孙坚")
    hand = len(s.hand[0])
    kill(s, guan)
    assert len(s.hand[0]) == hand + 1
    kill(s, sun)
    assert len(s.hand[0]) == hand + 1  # not 蜀


def test_guan_yu_plus_2_on_his_first_siege_only():
    s = table(["关羽"])
    guan = put(s, 0, "关羽", E)
    s.apply(Siege(guan))
    settle(s)
    assert s.memory["sieged"] == [guan] and might(s, guan) == 5


def test_zhang_fei_the_attacked_enemy_has_minus_1():
    s = table(["张飞"], ["关羽"])
    fei = put(s, 0, "张飞", E)  # 5
    guan = put(s, 1, "关羽", B)  # 5 → 4 against 张飞
    fight(s, fei, guan)
    assert s.area_of(guan) is Area.CASUALTY and s.area_of(fei) is Area.BATTLEFIELD


def test_jian_yong_looks_at_the_enemy_hand():
    s = table(["简雍"])
    jian = put(s, 0, "简雍")
    s.apply(ActivateEffect(jian, pay(s, 0, 1)))
    settle(s)
    seen = s.observation(0)["sides"][0]["looked_at"]
    assert [c["id"] for c in seen] == s.hand[1]


def test_zhuge_liang_finds_a_tactic():
    s = table(["诸葛亮", "落石", "八阵图"])
    z = put(s, 0, "诸葛亮")
    s.apply(ActivateEffect(z, pay(s, 0, 1)))
    settle(s)
    assert s.phase is Phase.CHOICE and {s.names[c] for c in s.choice["options"]} == {"落石", "八阵图"}
    pick = next(c for c in s.choice["options"] if s.names[c] == "八阵图")
    s.apply(Choose((pick,)))
    assert pick in s.hand[0] and s.phase is Phase.MAIN


def test_zhao_yun_attacks_after_moving():
    s = table(["赵云"], ["刘备"])
    zhao = put(s, 0, "赵云", B)
    liu = put(s, 1, "刘备", B)
    s.apply(Move(zhao, E))
    fight(s, zhao, liu)
    assert s.area_of(liu) is Area.CASUALTY


def test_ma_chao_is_never_blocked():
    s = table(["马超"], ["刘备"])
    ma = put(s, 0, "马超")
    put(s, 1, "刘备", E)  # in my 自城外: blocks the others
    s.apply(Move(ma, E))
    assert s.zone[ma] is E


def test_huang_zhong_plus_1_in_the_enemy_border():
    s = table(["黄忠"])
    h = put(s, 0, "黄忠", E)
    assert might(s, h) == 5


def test_wei_yan_may_move_into_the_enemy_border_after_a_victory():
    s = table(["魏延"], ["刘备"])
    wei = put(s, 0, "魏延", B)
    liu = put(s, 1, "刘备", E)
    s.apply(Melee(wei, liu))
    s.apply(Pass())
    assert s.phase is Phase.CHOICE and s.choice["kind"] == "may"
    s.apply(Choose((wei,)))
    assert s.zone[wei] is E


def test_wei_yan_may_also_stay():
    s = table(["魏延"], ["刘备"])
    wei = put(s, 0, "魏延", B)
    liu = put(s, 1, "刘备", E)
    s.apply(Melee(wei, liu))
    s.apply(Pass())
    s.apply(Choose((-1,)))
    assert s.zone[wei] is B


def test_mi_zhu_recycles_1():
    s = table(["糜竺"])
    mi = put(s, 0, "糜竺")
    s.discard[0].append(s.hand[0].pop())
    bottom = s.discard[0][0]
    s.apply(ActivateEffect(mi))
    settle(s)
    assert s.resource[0][-1] == bottom


def test_zhou_cang_dies_in_place_of_the_attacked_general_in_the_enemy_turn():
    s = table(["关羽"], ["周仓", "刘备"])
    guan = put(s, 0, "关羽", E)
    zhou = put(s, 1, "周仓")
    liu = put(s, 1, "刘备", B)
    s.apply(Melee(guan, liu))
    assert ActivateEffect(zhou) in s.legal_actions()
    s.apply(ActivateEffect(zhou))
    settle(s)
    assert s.area_of(zhou) is Area.CASUALTY and s.area_of(liu) is Area.BATTLEFIELD and guan in s.acted


def test_liao_hua_plus_1_with_another_shu_general():
    s = table(["廖化", "刘备"])
    liao = put(s, 0, "廖化")
    assert might(s, liao) == 2
    put(s, 0, "刘备")
    assert might(s, liao) == 3


# --- 吴 -----------------------------------------------------------------------------------------------


def test_sun_jian_plus_1_in_own_border():
    s = table(["孙坚"])
    assert might(s, put(s, 0, "孙坚", B)) == 5


def test_taishi_ci_draws_2_on_a_victory():
    s = table(["太史慈"], ["刘备"])
    t = put(s, 0, "太史慈", E)
    liu = put(s, 1, "刘备", B)
    hand = len(s.hand[0])
    fight(s, t, liu)
    assert len(s.hand[0]) == hand + 2


def test_sun_ce_depletes_1_on_a_victory():
    s = table(["孙策"], ["刘备"])
    sun = put(s, 0, "孙策", E)
    liu = put(s, 1, "刘备", B)
    before = len(s.resource[1])
    fight(s, sun, liu)
    assert before - len(s.resource[1]) == 1


def test_zhou_yu_plus_2_wit_executing_a_fire_tactic():
    s = table(["周瑜", "火箭队的突袭"], ["诸葛亮"])
    zhou = put(s, 0, "周瑜", E)  # Wit 6 (+2 = 8)
    zhuge = put(s, 1, "诸葛亮", B)  # Wit 7
    s.apply(PlayTactic(give(s, 0, "火箭队的突袭"), zhou, pay(s, 0, 1), zhuge))
    settle(s)
    assert s.area_of(zhuge) is Area.CASUALTY


def test_huang_gai_sacrifices_himself_to_deplete_4():
    s = table(["黄盖"])
    h = put(s, 0, "黄盖")
    before = len(s.resource[1])
    s.apply(ActivateEffect(h))
    settle(s)
    assert s.area_of(h) is Area.CASUALTY and before - len(s.resource[1]) == 4


def test_gan_ning_attacks_from_his_fortress_into_his_border():
    s = table(["甘宁"], ["刘备"])
    gan = put(s, 0, "甘宁", F)
    liu = put(s, 1, "刘备", E)  # in my 自城外
    assert Melee(gan, liu) in s.legal_actions()
    fight(s, gan, liu)
    assert s.area_of(liu) is Area.CASUALTY


def test_lu_meng_moves_from_his_fortress_to_the_enemy_border_unblocked():
    s = table(["吕蒙"], ["刘备"])
    lu = put(s, 0, "吕蒙", F)
    put(s, 1, "刘备", E)
    s.apply(ActivateEffect(lu, pay(s, 0, 1)))
    settle(s)
    assert s.zone[lu] is E and s.validate(Move(lu, B)) is not None


def test_lu_xun_never_dies_to_an_enemy_tactic():
    s = table(["诸葛亮", "火箭队的突袭"], ["陆逊"])
    zhuge = put(s, 0, "诸葛亮", E)  # 7 > 6
    lu = put(s, 1, "陆逊", B)
    s.apply(PlayTactic(give(s, 0, "火箭队的突袭"), zhuge, pay(s, 0, 1), lu))
    settle(s)
    assert s.area_of(lu) is Area.BATTLEFIELD


def test_cheng_pu_gives_other_wu_generals_in_own_border_plus_1():
    s = table(["程普", "孙策", "关羽"], factions=(["吴", "蜀"], []))
    put(s, 0, "程普")
    sun = put(s, 0, "孙策", B)
    guan = put(s, 0, "关羽", B)
    assert might(s, sun) == 6 and might(s, guan) == 5


def test_lu_su_recycles_3():
    s = table(["鲁肃"])
    lu = put(s, 0, "鲁肃")
    for _ in range(3):
        pay(s, 0, 1)
        s.discard[0].append(s.hand[0].pop())
    bottom = list(s.discard[0][:3])
    s.apply(ActivateEffect(lu, pay(s, 0, 1)))
    settle(s)
    assert s.resource[0][-3:] == bottom


def test_han_dang_plus_2_at_home_or_in_own_border():
    s = table(["韩当"])
    h = put(s, 0, "韩当", F)
    assert might(s, h) == 4
    s.zone[h] = E
    assert might(s, h) == 2


# --- 董 -----------------------------------------------------------------------------------------------


def test_dong_zhuo_makes_the_enemy_discard_2_of_his_choice():
    s = table(["董卓"])
    dong = give(s, 0, "董卓")
    s.apply(Recruit(dong, pay(s, 0, 6)))
    assert s.phase is Phase.CHOICE and s.deciding == 1
    s.apply(Choose(tuple(s.hand[1][:2])))
    assert len(s.hand[1]) == 3 and s.phase is Phase.MAIN and s.deciding == 0


def test_lu_bu_carries_two_armaments():
    s = table(["吕布", "丈八蛇矛", "青龙偃月刀"])
    lu = put(s, 0, "吕布")
    s.apply(Equip(give(s, 0, "丈八蛇矛"), lu, pay(s, 0, 1)))
    s.apply(Pass())
    s.apply(Equip(give(s, 0, "青龙偃月刀"), lu, pay(s, 0, 2)))
    s.apply(Pass())
    assert might(s, lu) == 10


def test_ruling_G16_two_armaments_leave_no_room_for_a_troop():
    s = table(["吕布", "丈八蛇矛", "青龙偃月刀", "弓弩手"])
    lu = put(s, 0, "吕布")
    for name, cost in (("丈八蛇矛", 1), ("青龙偃月刀", 2)):
        s.apply(Equip(give(s, 0, name), lu, pay(s, 0, cost)))
        s.apply(Pass())
    bow = give(s, 0, "弓弩手")
    assert s.validate(Equip(bow, lu, pay(s, 0, 1))) is not None
    with pytest.raises(IllegalAction) as exc:
        s.apply(Equip(bow, lu, pay(s, 0, 1)))
    assert exc.value.code == "refusal.equip.two_slots" and "ruling G16" in exc.value.rule and "§2.3.1" in exc.value.rule
    assert not [a for a in s.legal_actions() if getattr(getattr(a, "template", a), "card", None) == bow]


def test_ruling_G16_an_armament_and_a_troop_leave_no_room_for_a_second_armament():
    s = table(["吕布", "丈八蛇矛", "青龙偃月刀", "弓弩手"])
    lu = put(s, 0, "吕布")
    for name, cost in (("丈八蛇矛", 1), ("弓弩手", 1)):
        s.apply(Equip(give(s, 0, name), lu, pay(s, 0, cost)))
        s.apply(Pass())
    with pytest.raises(IllegalAction) as exc:
        s.apply(Equip(give(s, 0, "青龙偃月刀"), lu, pay(s, 0, 2)))
    assert exc.value.code == "refusal.equip.two_slots"
    assert len(s.gear[lu]) == 2


def test_ruling_G16_the_starter_lu_bu_text_says_two_armaments_or_one_and_a_troop():
    assert "或1个宝物和1个兵种" in DB["吕布"].text and "or 1 armament and 1 troop" in DB["吕布"].text_en


def test_hua_xiong_plus_1_in_the_enemy_border():
    s = table(["华雄"])
    assert might(s, put(s, 0, "华雄", E)) == 6


def test_li_jue_removes_the_top_enemy_discard_card_after_a_siege():
    s = table(["李傕"])
    li = put(s, 0, "李傕", E)
    s.apply(Siege(li))
    settle(s)
    assert len(s.discard[1]) == 2 and len(s.out_of_game[1]) == 1


def test_guo_si_sends_the_generals_he_beats_out_of_the_game():
    s = table(["郭汜"], ["刘备"])
    guo = put(s, 0, "郭汜", E)
    liu = put(s, 1, "刘备", B)
    fight(s, guo, liu)
    assert s.area_of(liu) is Area.OUT_OF_GAME


def test_li_ru_sends_an_enemy_of_wit_3_or_less_in_his_zone_to_casualty():
    s = table(["李儒"], ["刘备", "张飞"])
    li = put(s, 0, "李儒", E)
    put(s, 1, "刘备", B)  # Wit 4
    fei = put(s, 1, "张飞", B)  # Wit 1
    s.apply(ActivateEffect(li, pay(s, 0, 2), fei))
    settle(s)
    assert s.area_of(fei) is Area.CASUALTY


def test_xu_rong_plus_2_in_own_border():
    s = table(["徐荣"])
    assert might(s, put(s, 0, "徐荣", B)) == 6


def test_chen_gong_gives_lu_bu_wit_plus_3():
    s = table(["陈宫", "吕布"])
    lu = put(s, 0, "吕布")
    assert wit(s, lu) == 1
    put(s, 0, "陈宫")
    assert wit(s, lu) == 4


# --- 黄巾 ---------------------------------------------------------------------------------------------


def test_zhang_jiao_gives_yellow_turbans_plus_1_this_turn():
    s = table(["张角", "张宝", "关羽"], factions=(["黄巾", "蜀"], []))
    jiao = put(s, 0, "张角")
    bao = put(s, 0, "张宝")
    guan = put(s, 0, "关羽")
    s.apply(ActivateEffect(jiao, pay(s, 0, 1)))
    settle(s)
    assert (might(s, jiao), might(s, bao), might(s, guan)) == (3, 3, 5)


def test_zhang_bao_gives_an_enemy_outside_minus_2():
    s = table(["张宝"], ["关羽"])
    bao = put(s, 0, "张宝")
    guan = put(s, 1, "关羽", B)
    s.apply(ActivateEffect(bao, pay(s, 0, 1), guan))
    settle(s)
    assert might(s, guan) == 3


def test_zhang_liang_plus_2_with_three_yellow_turbans():
    s = table(["张梁", "张角", "张宝"])
    liang = put(s, 0, "张梁")
    put(s, 0, "张角")
    assert might(s, liang) == 3
    put(s, 0, "张宝")
    assert might(s, liang) == 5


def test_guan_hai_plus_1_when_he_attacks():
    s = table(["管亥"], ["刘备"])
    g = put(s, 0, "管亥", E)  # 3 + 1
    liu = put(s, 1, "刘备", B)
    s.modifiers.append([1, "might", 2, liu, "turn", ""])  # 刘备 4
    fight(s, g, liu)
    assert s.area_of(g) is Area.CASUALTY and s.area_of(liu) is Area.CASUALTY  # 4 = 4


def test_pei_yuanshao_sieges_deplete_one_more():
    s = table(["裴元绍"])
    p = put(s, 0, "裴元绍", E)
    before = len(s.resource[1])
    s.apply(Siege(p))
    settle(s)
    assert before - len(s.resource[1]) == 3


def test_he_yi_draws_when_he_dies():
    s = table(["何仪"])
    he = put(s, 0, "何仪")
    hand = len(s.hand[0])
    kill(s, he)
    assert len(s.hand[0]) == hand + 1


def test_bo_cai_plus_1_in_the_enemy_border():
    s = table(["波才"])
    assert might(s, put(s, 0, "波才", E)) == 3


def test_cheng_yuanzhi_moves_the_turn_he_is_recruited():
    s = table(["程远志"])
    c = give(s, 0, "程远志")
    s.apply(Recruit(c, pay(s, 0, 1)))
    s.apply(Move(c, B))
    assert s.zone[c] is B


def test_deng_mao_cannot_besiege():
    s = table(["邓茂"])
    d = put(s, 0, "邓茂", E)
    assert Siege(d) not in s.legal_actions() and s.validate(Siege(d)) is not None


# --- 袁 -----------------------------------------------------------------------------------------------


def test_yuan_shao_draws_one_more_at_the_start_of_the_turn():
    s = table(["袁绍"])
    put(s, 0, "袁绍")
    next_turn(s)
    hand = len(s.hand[0])
    next_turn(s)
    assert len(s.hand[0]) == hand + 2


def test_yan_liang_plus_1_when_he_attacks():
    s = table(["颜良"], ["张飞"])
    y = put(s, 0, "颜良", E)
    fei = put(s, 1, "张飞", B)
    fight(s, y, fei)
    assert s.area_of(fei) is Area.CASUALTY


def test_wen_chou_draws_1_on_a_victory():
    s = table(["文丑"], ["刘备"])
    w = put(s, 0, "文丑", E)
    liu = put(s, 1, "刘备", B)
    hand = len(s.hand[0])
    fight(s, w, liu)
    assert len(s.hand[0]) == hand + 1


def test_tian_feng_draws_1_then_puts_a_hand_card_at_the_bottom():
    s = table(["田丰"])
    t = put(s, 0, "田丰")
    s.apply(ActivateEffect(t))
    settle(s)
    assert s.phase is Phase.CHOICE
    card = s.hand[0][0]
    s.apply(Choose((card,)))
    assert s.resource[0][-1] == card and len(s.hand[0]) == 5


def test_ju_shou_discards_an_enemy_hand_card_he_chooses():
    s = table(["沮授"], ["关羽"])
    j = put(s, 0, "沮授")
    guan = give(s, 1, "关羽")
    s.apply(ActivateEffect(j, pay(s, 0, 2)))
    settle(s)
    s.apply(Choose((guan,)))
    assert s.area_of(guan) is Area.DISCARD


def test_zhang_he_draws_when_he_retreats_home():
    s = table(["张郃"])
    z = put(s, 0, "张郃", E)
    hand = len(s.hand[0])
    s.apply(Move(z, F))
    settle(s)
    assert len(s.hand[0]) == hand + 1


def test_gao_lan_plus_2_attacking_a_defector():
    s = table(["高览"], ["马超"])
    g = put(s, 0, "高览", E)  # 4 + 2
    ma = put(s, 1, "马超", B)  # 5 反
    fight(s, g, ma)
    assert s.area_of(ma) is Area.CASUALTY


def test_shen_pei_hand_limit_plus_1():
    s = table(["审配"])
    base = hand_limit(s, 0)
    put(s, 0, "审配")
    assert hand_limit(s, 0) == base + 1


def test_pang_ji_sends_an_enemy_defector_home():
    s = table(["逢纪"], ["马超"])
    p = put(s, 0, "逢纪")
    ma = put(s, 1, "马超", B)
    s.apply(ActivateEffect(p, pay(s, 0, 1), ma))
    settle(s)
    assert s.zone[ma] is F


def test_xu_you_depletes_2_when_recruited():
    s = table(["许攸"])
    before = len(s.resource[1])
    s.apply(Recruit(give(s, 0, "许攸"), pay(s, 0, 2)))
    settle(s)
    assert before - len(s.resource[1]) == 2


# --- 诸侯 ---------------------------------------------------------------------------------------------


def test_gongsun_zan_plus_1_with_a_troop():
    s = table(["公孙瓒", "青州兵"])
    g = put(s, 0, "公孙瓒")
    arm(s, g, "青州兵")
    assert might(s, g) == 6


def test_liu_biao_finds_a_warlord_card():
    s = table(["刘表", "孔融"])
    liu = put(s, 0, "刘表")
    s.apply(ActivateEffect(liu, pay(s, 0, 1)))
    settle(s)
    assert any(s.names[c] == "孔融" for c in s.hand[0])


def test_ma_teng_plus_1_per_warlord_in_casualty():
    s = table(["马腾", "孔融", "陶谦"])
    ma = put(s, 0, "马腾")
    kill(s, put(s, 0, "孔融"))
    kill(s, put(s, 0, "陶谦"))
    assert might(s, ma) == 6


def test_tao_qian_dies_to_find_a_general():
    s = table(["陶谦", "关羽"])
    t = put(s, 0, "陶谦")
    s.apply(ActivateEffect(t))
    settle(s)
    assert s.area_of(t) is Area.CASUALTY and any(s.names[c] == "关羽" for c in s.hand[0])


def test_kong_rong_finds_a_strategy_card():
    s = table(["孔融", "放火烧敌粮"])
    k = put(s, 0, "孔融")
    s.apply(ActivateEffect(k, pay(s, 0, 2)))
    settle(s)
    assert any(s.names[c] == "放火烧敌粮" for c in s.hand[0])


def test_zhang_lu_wit_plus_2_and_free_upkeep_with_three_in_casualty():
    s = table(["张鲁", "关羽", "张飞", "刘备"])
    z = put(s, 0, "张鲁")
    for n in ("关羽", "张飞", "刘备"):
        assert wit(s, z) == 4 and upkeep(s, 0) == 1
        kill(s, put(s, 0, n))
    assert wit(s, z) == 6 and upkeep(s, 0) == 0


def test_liu_zhang_finds_a_warlord_general_when_recruited():
    s = table(["刘璋", "马腾"])
    s.apply(Recruit(give(s, 0, "刘璋"), pay(s, 0, 2)))
    settle(s)
    assert any(s.names[c] == "马腾" for c in s.hand[0])


def test_han_sui_plus_1_per_two_generals_in_casualty():
    s = table(["韩遂", "关羽", "张飞"])
    h = put(s, 0, "韩遂")
    kill(s, put(s, 0, "关羽"))
    assert might(s, h) == 4
    kill(s, put(s, 0, "张飞"))
    assert might(s, h) == 5


# --- 南蛮 ---------------------------------------------------------------------------------------------


def test_meng_huo_goes_back_to_the_hand_once_a_game():
    s = table(["孟获"])
    m = put(s, 0, "孟获")
    kill(s, m)
    assert m in s.hand[0]
    s.hand[0].remove(m)
    s.field[0].append(m)
    s.zone[m] = F
    kill(s, m)
    assert s.area_of(m) is Area.CASUALTY


def test_zhu_rong_enemy_hand_limit_minus_1():
    s = table(["祝融"])
    base = hand_limit(s, 1)
    put(s, 0, "祝融")
    assert hand_limit(s, 1) == base - 1


def test_mulu_finds_a_beast():
    s = table(["木鹿大王", "巨象"])
    m = put(s, 0, "木鹿大王")
    s.apply(ActivateEffect(m, pay(s, 0, 1)))
    settle(s)
    assert any(s.names[c] == "巨象" for c in s.hand[0])


def test_wutugu_survives_melee_and_has_wit_0_against_fire():
    s = table(["关羽", "火箭队的突袭"], ["兀突骨"])
    guan = put(s, 0, "关羽", E)
    wu = put(s, 1, "兀突骨", B)
    s.modifiers.append([0, "might", 2, guan, "turn", ""])
    fight(s, guan, wu)
    assert s.area_of(wu) is Area.BATTLEFIELD
    next_turn(s)
    next_turn(s)
    s.apply(PlayTactic(give(s, 0, "火箭队的突袭"), guan, pay(s, 0, 1), wu))
    settle(s)  # 关羽 Wit 4 > 0
    assert s.area_of(wu) is Area.CASUALTY


def test_meng_you_plus_1_when_he_attacks():
    s = table(["孟优"], ["刘备"])
    m = put(s, 0, "孟优", E)
    liu = put(s, 1, "刘备", B)
    s.modifiers.append([1, "might", 1, liu, "turn", ""])  # 3 against 4
    fight(s, m, liu)
    assert s.area_of(liu) is Area.CASUALTY


def test_dailai_makes_the_enemy_discard_1_of_his_choice():
    s = table(["带来洞主"])
    d = put(s, 0, "带来洞主")
    s.apply(ActivateEffect(d, pay(s, 0, 1)))
    settle(s)
    s.apply(Choose((s.hand[1][0],)))
    assert len(s.hand[1]) == 4


def test_elephant_cannot_die_in_melee():
    s = table(["关羽"], ["巨象"])
    guan = put(s, 0, "关羽", E)
    ele = put(s, 1, "巨象", B)
    fight(s, guan, ele)  # 5 = 5: only 关羽 dies
    assert s.area_of(ele) is Area.BATTLEFIELD and s.area_of(guan) is Area.CASUALTY


def test_tiger_cannot_die_in_melee():
    s = table(["关羽"], ["猛虎"])
    guan = put(s, 0, "关羽", E)
    tiger = put(s, 1, "猛虎", B)
    fight(s, guan, tiger)
    assert s.area_of(tiger) is Area.BATTLEFIELD


def test_viper_leaves_its_attacker_minus_1_for_the_game():
    s = table(["关羽"], ["毒蛇"])
    guan = put(s, 0, "关羽", E)
    viper = put(s, 1, "毒蛇", B)
    fight(s, guan, viper)
    assert s.area_of(viper) is Area.CASUALTY and might(s, guan) == 4
    next_turn(s)
    next_turn(s)
    assert might(s, guan) == 4


# --- 杰 -----------------------------------------------------------------------------------------------


def test_xiang_yu_attacks_again_after_an_attack_victory():
    s = table(["项羽"], ["刘备", "张飞"])
    x = put(s, 0, "项羽", E)
    liu = put(s, 1, "刘备", B)
    fei = put(s, 1, "张飞", B)
    fight(s, x, liu)
    assert s.validate(Melee(x, fei)) is None
    fight(s, x, fei)  # a second [武力攻击][战胜]: the text applies again
    assert s.area_of(fei) is Area.CASUALTY and s.validate(Siege(x)) is None


def test_han_xin_all_own_plus_1_below_10_resource_cards():
    s = table(["韩信", "关羽"], filler=20)
    h = put(s, 0, "韩信")
    guan = put(s, 0, "关羽")
    assert might(s, guan) == 5
    while len(s.resource[0]) >= 10:
        s.discard[0].append(s.resource[0].pop())
        s.hidden[0] = min(s.hidden[0], len(s.resource[0]))
    assert might(s, guan) == 6 and might(s, h) == 5


def test_bai_qi_sends_the_generals_he_beats_out_of_the_game():
    s = table(["白起"], ["刘备"])
    b = put(s, 0, "白起", E)
    liu = put(s, 1, "刘备", B)
    fight(s, b, liu)
    assert s.area_of(liu) is Area.OUT_OF_GAME


def test_yue_fei_plus_2_when_outnumbered():
    s = table(["岳飞"], ["刘备", "张飞"])
    y = put(s, 0, "岳飞")
    put(s, 1, "刘备")
    assert might(s, y) == 5
    put(s, 1, "张飞")
    assert might(s, y) == 7


def test_qin_hui_kills_an_enemy_of_might_5_or_more():
    s = table(["秦桧"], ["关羽"])
    q = put(s, 0, "秦桧")
    guan = put(s, 1, "关羽", F)
    s.apply(ActivateEffect(q, pay(s, 0, 3), guan))
    settle(s)
    assert s.area_of(guan) is Area.CASUALTY


def test_sun_wu_own_tactics_cost_1_less():
    s = table(["孙武", "孙坚", "火烧连营"], factions=(["杰", "吴"], []))
    put(s, 0, "孙武")
    sun = put(s, 0, "孙坚")
    assert tactic_cost(s, give(s, 0, "火烧连营"), sun) == 2


def test_jing_ke_takes_an_enemy_in_his_zone_with_him():
    s = table(["荆轲"], ["关羽"])
    j = put(s, 0, "荆轲", E)
    guan = put(s, 1, "关羽", B)
    s.apply(ActivateEffect(j, pay(s, 0, 2), guan))
    settle(s)
    assert s.area_of(j) is Area.CASUALTY and s.area_of(guan) is Area.CASUALTY


_ = (FILLER, PlayCounter, EndTurn)
