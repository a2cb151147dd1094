"""Every starter equipment, strategy, counter, commandment and advantage text, played in a game (issue 5)."""

from __future__ import annotations

import pytest

from engine.game import (
    ActivateEffect,
    Choose,
    EndTurn,
    Equip,
    Melee,
    Move,
    NameCards,
    Pass,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Reveal,
    Siege,
)
from engine.game.generals import might, wit
from engine.game.recruitment import recruitment_cost
from engine.game.terms import Area, Phase, Termination, Zone
from engine.game.turn import hand_limit, upkeep
from tests.engine.game.cardtable import DB, FILLER, next_turn, pay, settle, table
from tests.engine.game.conftest import arm, give, put

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def fight(s, a, d):
    s.apply(Melee(a, d))
    settle(s)


def equip(s, player, name, general):
    card = give(s, player, name)
    s.apply(Equip(card, general, pay(s, player, DB[name].cost or 0)))
    s.apply(Pass())
    return card


def event(s, name, player=0, target=None):
    """Play the event ``name``; a text that targets names ``target``, or its one legal target or pair (ruling G17)."""
    card = give(s, player, name)
    target2 = None
    if target is None:
        steps = (DB[name].effect or {}).get("play")
        ((target, target2),) = s.rules.target_pairs_for(s, card, steps, {}) if steps else [(None, None)]
    s.apply(PlayEvent(card, pay(s, player, DB[name].cost or 0), target, target2))
    settle(s)
    return card


# --- equipment ----------------------------------------------------------------------------------------

PLAIN = {
    "丈八蛇矛": (1, 0),
    "青龙偃月刀": (2, 0),
    "倚天剑": (2, 0),
    "七星宝刀": (1, 1),
    "双股剑": (1, 1),
    "孙子兵法": (0, 2),
    "太平要术": (0, 2),
    "霸王枪": (2, 0),
    "青州兵": (1, 0),
    "白耳兵": (1, 0),
    "无当飞军": (1, 1),
    "西凉铁骑": (2, 0),
    "黄巾力士": (1, 0),
    "先登死士": (2, 0),
    "大戟士": (1, 0),
    "弓弩手": (1, 0),
}


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_plain_equipment_adds_its_printed_numbers(name):
    s = table([name, "刘备"], factions=(["蜀", *DB[name].factions], []))
    liu = put(s, 0, "刘备")
    equip(s, 0, name, liu)
    assert (might(s, liu), wit(s, liu)) == (2 + PLAIN[name][0], 4 + PLAIN[name][1])


def test_qinggang_sword_voids_the_attacked_generals_armament():
    s = table(["关羽", "青釭剑"], ["张飞", "青龙偃月刀"])
    guan = put(s, 0, "关羽", E)  # 5 + 1
    fei = put(s, 1, "张飞", B)  # 5 + 2, void against the sword
    arm(s, fei, "青龙偃月刀")
    equip(s, 0, "青釭剑", guan)
    fight(s, guan, fei)
    assert s.area_of(fei) is Area.CASUALTY


def test_sky_piercer_halberd_one_more_on_lu_bu():
    s = table(["吕布", "方天画戟", "方天画戟", "华雄"])
    lu = put(s, 0, "吕布")
    equip(s, 0, "方天画戟", lu)
    assert might(s, lu) == 10
    hua = put(s, 0, "华雄")
    arm(s, hua, "方天画戟")
    assert might(s, hua) == 7


def test_red_hare_moves_unblocked():
    s = table(["华雄", "赤兔马"], ["刘备"])
    hua = put(s, 0, "华雄")
    put(s, 1, "刘备", E)
    assert s.validate(Move(hua, E)) is not None
    equip(s, 0, "赤兔马", hua)
    s.apply(Move(hua, E))
    assert s.zone[hua] is E and might(s, hua) == 7


def test_ancient_ingot_blade_one_more_in_own_border():
    s = table(["孙策", "古锭刀"])
    sun = put(s, 0, "孙策", B)
    equip(s, 0, "古锭刀", sun)
    assert might(s, sun) == 7


def test_dilu_retreats_again():
    s = table(["刘备", "的卢"])
    liu = put(s, 0, "刘备", E)
    equip(s, 0, "的卢", liu)
    s.apply(Move(liu, B))
    assert s.validate(Move(liu, E)) is not None  # only a retreat
    s.apply(Move(liu, F))
    assert s.zone[liu] is F and s.validate(Move(liu, B)) is not None


def test_imperial_seal_hand_limit_plus_2():
    s = table(["袁绍", "传国玉玺"])
    yuan = put(s, 0, "袁绍")
    base = hand_limit(s, 0)
    equip(s, 0, "传国玉玺", yuan)
    assert hand_limit(s, 0) == base + 2


def test_heart_mirror_plus_1_when_attacked():
    s = table(["关羽"], ["张飞", "护心镜"])
    guan = put(s, 0, "关羽", E)
    fei = put(s, 1, "张飞", B)
    arm(s, fei, "护心镜")
    assert might(s, fei) == 5
    fight(s, guan, fei)
    assert s.area_of(guan) is Area.CASUALTY and s.area_of(fei) is Area.BATTLEFIELD


def test_caltrops_go_on_an_enemy_general():
    s = table(["铁蒺藜"], ["张飞"])
    fei = put(s, 1, "张飞", B)
    caltrops = equip(s, 0, "铁蒺藜", fei)
    assert might(s, fei) == 4 and s.owner[caltrops] == 0


def test_shackles_stop_a_siege():
    s = table(["枷锁"], ["张飞"])
    fei = put(s, 1, "张飞", E)
    equip(s, 0, "枷锁", fei)
    next_turn(s)
    assert (might(s, fei), wit(s, fei)) == (4, 0) and s.validate(Siege(fei)) is not None


def test_rattan_armour_survives_melee_but_burns():
    s = table(["关羽", "火箭队的突袭"], ["孟获", "藤甲"])
    guan = put(s, 0, "关羽", E)
    meng = put(s, 1, "孟获", B)
    arm(s, meng, "藤甲")
    s.modifiers.append([0, "might", 1, guan, "turn", ""])
    fight(s, guan, meng)
    assert s.area_of(meng) is Area.BATTLEFIELD
    next_turn(s)
    next_turn(s)
    s.apply(PlayTactic(give(s, 0, "火箭队的突袭"), guan, pay(s, 0, 1), meng))
    settle(s)
    assert meng in s.hand[1]  # to CASUALTY… replaced by 孟获's own text: back to the hand


def test_reinforcement_banner_one_more_on_a_support_general():
    s = table(["蔡文姬", "援军令旗", "援军令旗", "刘备"])
    cai = put(s, 0, "蔡文姬")
    arm(s, cai, "援军令旗")
    assert might(s, cai) == 3
    liu = put(s, 0, "刘备")
    arm(s, liu, "援军令旗")
    assert might(s, liu) == 3


def test_tiger_leopard_vanguard_attacks_the_turn_it_advances():
    s = table(["曹操", "李典", "虎豹骑先锋部队"], ["刘备"])
    cao = put(s, 0, "曹操", B)
    put(s, 0, "李典", B)
    liu = put(s, 1, "刘备", B)
    equip(s, 0, "虎豹骑先锋部队", cao)
    s.apply(Move(cao, E))
    fight(s, cao, liu)
    assert s.area_of(liu) is Area.CASUALTY


def test_white_horse_volunteers_attack_after_moving():
    s = table(["公孙瓒", "白马义从"], ["刘备"])
    g = put(s, 0, "公孙瓒", F)
    liu = put(s, 1, "刘备", E)
    equip(s, 0, "白马义从", g)
    s.apply(Move(g, B))
    fight(s, g, liu)
    assert s.area_of(liu) is Area.CASUALTY


def test_danyang_troops_one_more_in_own_border():
    s = table(["孙策", "丹阳兵"])
    sun = put(s, 0, "孙策", B)
    equip(s, 0, "丹阳兵", sun)
    assert might(s, sun) == 7


def test_rattan_troops_wit_0_against_fire():
    s = table(["诸葛亮", "火箭队的突袭"], ["孟优", "藤甲兵"])
    z = put(s, 0, "诸葛亮", E)
    you = put(s, 1, "孟优", B)
    arm(s, you, "藤甲兵")
    s.modifiers.append([1, "wit", 9, you, "turn", ""])
    s.apply(PlayTactic(give(s, 0, "火箭队的突袭"), z, pay(s, 0, 1), you))
    settle(s)
    assert s.area_of(you) is Area.CASUALTY


def test_elephant_troops_one_more_on_a_beast():
    s = table(["巨象", "象兵", "象兵", "孟优"])
    ele = put(s, 0, "巨象")
    arm(s, ele, "象兵")
    assert might(s, ele) == 7
    you = put(s, 0, "孟优")
    arm(s, you, "象兵")
    assert might(s, you) == 4


def test_formation_breakers_one_more_when_attacking():
    s = table(["华雄", "陷阵营"], ["张飞"])
    hua = put(s, 0, "华雄", E)  # 5 +1 enemy border +1 +1 attacking = 8
    fei = put(s, 1, "张飞", B)
    s.modifiers.append([1, "might", 2, fei, "turn", ""])  # 7
    equip(s, 0, "陷阵营", hua)
    fight(s, hua, fei)
    assert s.area_of(fei) is Area.CASUALTY


# --- events -------------------------------------------------------------------------------------------


def test_raid_supplies_recycles_3():
    s = table(["劫粮草"])
    for _ in range(3):
        s.discard[0].append(pay(s, 0, 1)[0])
        s.hand[0].remove(s.discard[0][-1])
    bottom = list(s.discard[0][:3])
    event(s, "劫粮草")
    assert s.resource[0][-3:] == bottom


def test_archer_ambush_minus_2_on_an_enemy_outside():
    s = table(["弓箭手突袭"], ["张飞"])
    fei = put(s, 1, "张飞", B)
    event(s, "弓箭手突袭")
    assert might(s, fei) == 3


def test_repair_the_walls_recycles_4():
    s = table(["修补城墙"])
    for _ in range(4):
        s.discard[0].append(pay(s, 0, 1)[0])
        s.hand[0].remove(s.discard[0][-1])
    bottom = list(s.discard[0][:4])
    event(s, "修补城墙")
    assert s.resource[0][-4:] == bottom


def test_swift_attack_gives_a_general_that_attacked_a_second_attack():
    s = table(["张辽", "速攻"])
    z = put(s, 0, "张辽", E)
    s.apply(Siege(z))
    settle(s)
    assert s.validate(Siege(z)) is not None
    event(s, "速攻")
    s.apply(Siege(z))
    settle(s)
    assert s.validate(Siege(z)) is not None


def test_defection_returns_an_enemy_defector_to_his_hand():
    s = table(["变节"], ["马超"])
    ma = put(s, 1, "马超", B)
    event(s, "变节")
    assert ma in s.hand[1]


def test_infighting_two_enemies_one_a_defector_fight_each_other():
    s = table(["内讧"], ["马超", "张飞"])
    ma = put(s, 1, "马超", B)
    fei = put(s, 1, "张飞", B)
    s.modifiers.append([1, "might", 1, ma, "turn", ""])
    event(s, "内讧")
    assert s.area_of(fei) is Area.CASUALTY and s.area_of(ma) is Area.BATTLEFIELD


def test_riot_discards_2_enemy_hand_cards_at_random():
    s = table(["制造敌民暴乱"])
    card = give(s, 0, "制造敌民暴乱")
    s.apply(PlayEvent(card, pay(s, 0, 2)))
    s.apply(Pass())
    assert s.is_chance_node() and s.chance[-1] == "hand"
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    s.apply(Reveal(FILLER))
    s.apply(Reveal(FILLER))
    assert len(s.hand[1]) == 3 and len(s.discard[1]) == 2 and s.phase is Phase.MAIN


def test_plunder_removes_3_enemy_discard_cards_then_draws():
    s = table(["掠夺"])
    for _ in range(3):
        s.discard[1].append(pay(s, 1, 1)[0])
        s.hand[1].remove(s.discard[1][-1])
    hand = len(s.hand[0])
    event(s, "掠夺")
    assert len(s.out_of_game[1]) == 3 and len(s.hand[0]) == hand + 1


def test_pincer_attack_two_generals_with_their_summed_might():
    s = table(["前后夹攻", "刘备", "简雍"], ["张飞"])
    liu = put(s, 0, "刘备", E)  # 2
    jian = put(s, 0, "简雍", E)  # 1
    fei = put(s, 1, "张飞", B)  # 5 -> make it 2
    s.modifiers.append([1, "might", -3, fei, "turn", ""])
    event(s, "前后夹攻")
    assert s.area_of(fei) is Area.CASUALTY and liu in s.acted and jian in s.acted


def test_reward_the_troops_upkeep_minus_2():
    s = table(["犒赏军士", "刘备", "关羽", "张飞"])
    for n in ("刘备", "关羽", "张飞"):
        put(s, 0, n)
    event(s, "犒赏军士")
    assert upkeep(s, 0) == 1


def test_burn_the_city_8_then_3_of_my_own():
    s = table(["焚城"])
    card = give(s, 0, "焚城")
    paid = pay(s, 0, 3)
    mine, theirs = len(s.resource[0]), len(s.resource[1])
    s.apply(PlayEvent(card, paid))
    settle(s)
    assert theirs - len(s.resource[1]) == 8 and mine - len(s.resource[0]) == 3


def test_detour_raid_besieges_past_defenders():
    s = table(["绕道袭", "关羽"], ["张飞"])
    guan = put(s, 0, "关羽", E)
    put(s, 1, "张飞", B)
    assert s.validate(Siege(guan)) is not None
    event(s, "绕道袭")
    assert s.validate(Siege(guan)) is None


def test_ambush_own_generals_in_own_border_plus_2():
    s = table(["埋伏", "曹操", "李典"])
    cao = put(s, 0, "曹操", F)
    li = put(s, 0, "李典", B)
    event(s, "埋伏")
    assert (might(s, cao), might(s, li)) == (4, 6)


def test_retreat_in_time_moves_an_own_general_home():
    s = table(["急流勇退", "刘备"])
    liu = put(s, 0, "刘备", E)
    event(s, "急流勇退")
    assert s.zone[liu] is F


def test_reinforcements_arrive_finds_a_support_card():
    s = table(["援兵到", "蔡文姬"])
    event(s, "援兵到")
    assert any(s.names[c] == "蔡文姬" for c in s.hand[0])


def test_lure_the_tiger_moves_an_enemy_outside_home():
    s = table(["调虎离山"], ["张飞"])
    fei = put(s, 1, "张飞", B)
    event(s, "调虎离山")
    assert s.zone[fei] is F


def test_borrowed_knife_two_enemies_in_one_zone_fight():
    s = table(["借刀杀人"], ["张飞", "刘备"])
    fei = put(s, 1, "张飞", E)
    liu = put(s, 1, "刘备", E)
    event(s, "借刀杀人")
    assert s.area_of(liu) is Area.CASUALTY and s.area_of(fei) is Area.BATTLEFIELD


def test_cross_the_sea_own_moves_unblocked_this_turn():
    s = table(["瞒天过海", "刘备"], ["张飞"])
    liu = put(s, 0, "刘备")
    put(s, 1, "张飞", E)
    event(s, "瞒天过海")
    s.apply(Move(liu, E))
    assert s.zone[liu] is E


def test_remove_the_firewood_enemy_hand_down_to_3():
    s = table(["釜底抽薪"])
    card = give(s, 0, "釜底抽薪")
    s.apply(PlayEvent(card, pay(s, 0, 4)))
    s.apply(Pass())
    assert s.phase is Phase.CHOICE and s.deciding == 1 and s.choice["count"] == 2
    s.apply(Choose(tuple(s.hand[1][:2])))
    assert len(s.hand[1]) == 3


def test_capture_the_king_kills_the_dearest_enemy():
    s = table(["擒贼擒王"], ["关羽", "刘备"])
    guan = put(s, 1, "关羽", F)
    put(s, 1, "刘备", F)
    event(s, "擒贼擒王")
    assert s.area_of(guan) is Area.CASUALTY


# --- tactics ------------------------------------------------------------------------------------------

SINGLE = ("火箭队的突袭", "落石", "妖风", "离间计", "火牛阵", "水淹下邳", "陷坑")
ALL = ("火烧连营", "水计淹敌", "八阵图")


def strike(name, wits, executor_wit=5, marks_general="刘备", target=None):
    """``target``: the index of the enemy a single-target tactic names when it is executed (ruling G17)."""
    s = table([name, "诸葛亮"], [marks_general, "张飞"])
    z = put(s, 0, "诸葛亮", E)
    s.modifiers.append([0, "wit", executor_wit - 7, z, "turn", ""])
    enemies = [put(s, 1, marks_general, B), put(s, 1, "张飞", B)]
    for g, w in zip(enemies, wits, strict=True):
        s.modifiers.append([1, "wit", w - wit(s, g), g, "turn", ""])
    named = None if target is None else enemies[target]
    s.apply(PlayTactic(give(s, 0, name), z, pay(s, 0, DB[name].cost or 0), named))
    s.apply(Pass())
    return s, z, enemies


@pytest.mark.parametrize("name", SINGLE)
def test_single_target_tactic_strikes_the_chosen_enemy(name):
    s, _z, (a, b) = strike(name, (1, 1), target=1)
    settle(s)
    assert s.area_of(b) is Area.CASUALTY and s.area_of(a) is Area.BATTLEFIELD


@pytest.mark.parametrize("name", ALL)
def test_area_tactic_strikes_every_enemy_of_lower_wit(name):
    s, _z, (a, b) = strike(name, (4, 5))
    settle(s)
    assert s.area_of(a) is Area.CASUALTY and s.area_of(b) is Area.BATTLEFIELD


def test_fire_ox_plus_2_against_a_beast():
    s, _z, (ele, _fei) = strike("火牛阵", (6, 9), marks_general="巨象", target=0)
    settle(s)
    assert s.area_of(ele) is Area.CASUALTY


def test_flood_xiapi_plus_1_against_a_target_in_its_own_border():
    s, _z, (liu, _fei) = strike("水淹下邳", (5, 9), target=0)
    settle(s)
    assert s.area_of(liu) is Area.CASUALTY


def test_pitfall_minus_1_even_if_the_target_survives():
    s, _z, (_liu, fei) = strike("陷坑", (9, 9), target=1)
    settle(s)
    assert s.area_of(fei) is Area.BATTLEFIELD and might(s, fei) == 4


def test_sow_discord_plus_2_against_a_defector():
    s, _z, (ma, _fei) = strike("离间计", (6, 9), marks_general="马超", target=0)
    settle(s)
    assert s.area_of(ma) is Area.CASUALTY


# --- counters -----------------------------------------------------------------------------------------


def test_countermeasure_uses_a_dui_card_in_the_enemy_turn():
    s = table(["关羽"], ["对策", "急流勇退", "张飞"])
    guan = put(s, 0, "关羽", E)
    fei = put(s, 1, "张飞", B)
    s.apply(Melee(guan, fei))
    s.apply(PlayCounter(give(s, 1, "对策"), pay(s, 1, 1)))
    retreat = give(s, 1, "急流勇退")
    assert s.phase is Phase.MAIN  # the 对 card is chosen when 对策 resolves
    settle(s)
    assert s.area_of(retreat) is Area.HAND  # given after the counter: nothing to use
    s2 = table(["关羽"], ["对策", "急流勇退", "张飞"])
    guan = put(s2, 0, "关羽", E)
    fei = put(s2, 1, "张飞", B)
    retreat = give(s2, 1, "急流勇退")
    s2.apply(Melee(guan, fei))
    s2.apply(PlayCounter(give(s2, 1, "对策"), pay(s2, 1, 1)))
    if s2.phase is Phase.CHOICE:  # which cards pay for 急流勇退
        s2.apply(Choose(tuple(s2.choice["options"][:1])))
    settle(s2)
    assert s2.zone[fei] is F and s2.area_of(fei) is Area.BATTLEFIELD and s2.area_of(retreat) is Area.DISCARD


def test_scheme_seen_through_answers_only_tactics():
    s = table(["放火烧敌粮"], ["诡计识破"])
    give(s, 1, "诡计识破")
    s.apply(PlayEvent(give(s, 0, "放火烧敌粮"), pay(s, 0, 1)))
    assert all(getattr(a, "kind", "") != "counter" for a in s.legal_actions())


def test_effect_failure_answers_only_active_effects():
    s = table(["关羽"], ["特效失灵"])
    guan = put(s, 0, "关羽", E)
    give(s, 1, "特效失灵")
    s.apply(Siege(guan))
    assert all(getattr(a, "kind", "") == "pass" for a in s.legal_actions())


def test_feint_answers_an_attack_only():
    s = table(["关羽"], ["实则虚之"])
    guan = put(s, 0, "关羽", E)
    card = give(s, 1, "实则虚之")
    s.apply(Siege(guan))
    assert s.validate(PlayCounter(card, pay(s, 1, 1))) is not None


def test_scorched_earth_a_siege_depletes_3_fewer():
    s = table(["关羽"], ["坚壁清野"])
    guan = put(s, 0, "关羽", E)
    before = len(s.resource[1])
    card, paid = give(s, 1, "坚壁清野"), pay(s, 1, 1)
    before = len(s.resource[1])
    s.apply(Siege(guan))
    s.apply(PlayCounter(card, paid))
    settle(s)
    assert before - len(s.resource[1]) == 4  # 7 (first siege) - 3


def test_ambushers_answer_an_advance_into_their_border():
    s = table(["张飞"], ["伏兵"])
    fei = put(s, 0, "张飞", B)
    s.apply(Move(fei, E))
    assert s.phase is Phase.RESPONSE  # a 魏 deck could hold 伏兵 (G11: not the hand)
    s.apply(PlayCounter(give(s, 1, "伏兵"), pay(s, 1, 1), fei))  # names the mover (ruling G17)
    settle(s)
    assert might(s, fei) == 3


def test_no_window_after_an_advance_when_no_declared_faction_has_such_a_counter():
    s = table(["张飞"], ["刘备"])
    fei = put(s, 0, "张飞", B)
    s.apply(Move(fei, E))
    assert s.phase is Phase.MAIN


def test_relief_force_plus_2_for_this_contest():
    s = table(["关羽"], ["援军", "张飞"])
    guan = put(s, 0, "关羽", E)
    fei = put(s, 1, "张飞", B)
    s.apply(Melee(guan, fei))
    s.apply(PlayCounter(give(s, 1, "援军"), pay(s, 1, 2), fei))  # names the defender (ruling G17)
    settle(s)
    assert s.area_of(guan) is Area.CASUALTY and might(s, fei) == 5


# --- commandments -------------------------------------------------------------------------------------


def test_rebel_army_own_defectors_plus_1():
    s = table(["马超", "刘备"], commands=("反军", None))
    ma = put(s, 0, "马超")
    liu = put(s, 0, "刘备")
    assert (might(s, ma), might(s, liu)) == (6, 2)


def test_binding_names_two_cards_the_enemy_may_not_use():
    s = table(["刘备"], ["关羽", "放火烧敌粮"], commands=("束缚", None), first=1)
    assert s.memory["banned"][1] == ["关羽", "放火烧敌粮"]
    guan = give(s, 1, "关羽")
    fire = give(s, 1, "放火烧敌粮")
    assert s.validate(Recruit(guan, pay(s, 1, 5))).rule == "§2.6"
    assert s.validate(PlayEvent(fire, pay(s, 1, 1))).rule == "§2.6"


def test_binding_asks_for_names_when_the_commandment_is_revealed():
    from engine.game import ChooseCommandment, CoinFlip
    from tests.engine.game.cardtable import GAME

    s = GAME.new_initial_state((["刘备"] * 10, ["束缚"], ["蜀"]), (["曹操"] * 10, [], ["魏"]), seed=3)
    s.apply(ChooseCommandment(s.pool[0][0]))
    s.apply(CoinFlip(0))
    assert s.phase is Phase.NAMING and s.deciding == 0
    assert s.validate(NameCards(("关羽",))) is not None
    s.apply(NameCards(("曹操", "诡计识破")))
    assert s.phase is Phase.INITIAL_DRAW and s.memory["banned"] == [None, ["曹操", "诡计识破"]]


def test_adversity_the_enemy_cannot_win_by_special_victory():
    s = table(["刘备"] * 6, commands=("军临天下", "逆境"))
    for _ in range(6):
        g = put(s, 0, "刘备", E)
        s.field[0][-1] = g
    s.apply(EndTurn())
    assert s.outcome is None or s.outcome.termination is not Termination.SPECIAL_VICTORY


def test_conquer_the_realm_wins_with_six_generals_three_in_the_enemy_border():
    s = table(["刘备", "关羽", "张飞", "赵云", "黄忠", "简雍"], commands=("军临天下", None))
    for i, n in enumerate(("刘备", "关羽", "张飞", "赵云", "黄忠", "简雍")):
        put(s, 0, n, E if i < 3 else F)
    s.apply(EndTurn())
    assert s.outcome is not None and s.outcome.termination is Termination.SPECIAL_VICTORY and s.outcome.winner == 0


def test_peach_garden_oath_liu_guan_zhang_cost_1_less():
    s = table(["关羽", "赵云"], commands=("桃园结义", None))
    assert recruitment_cost(s, 0, give(s, 0, "关羽")) == 4
    assert recruitment_cost(s, 0, give(s, 0, "赵云")) == 4


def test_the_blue_sky_is_dead_first_yellow_turban_each_turn_costs_1_less():
    s = table(["张角", "张梁"], commands=("苍天已死", None))
    jiao = give(s, 0, "张角")
    assert recruitment_cost(s, 0, jiao) == 3
    s.apply(Recruit(jiao, pay(s, 0, 3)))
    assert recruitment_cost(s, 0, give(s, 0, "张梁")) == 1  # 2 - 1 (张角), no second discount


def test_hold_the_emperor_hand_limit_plus_1():
    s = table(["曹操"], commands=("挟天子以令诸侯", None))
    assert hand_limit(s, 0) == s.limit[0] + 1


# --- advantages ---------------------------------------------------------------------------------------


def place(s, name, player=0):
    card = give(s, player, name)
    s.apply(PlayAdvantage(card))
    s.apply(Pass())
    return card


def test_earthquake_every_general_outside_minus_1():
    s = table(["大地震", "关羽"], ["张飞"])
    guan = put(s, 0, "关羽", F)
    fei = put(s, 1, "张飞", B)
    place(s, "大地震")
    assert (might(s, guan), might(s, fei)) == (5, 4)


def test_east_wind_after_discarding_a_fire_tactic_fire_executors_wit_plus_2():
    s = table(["东风", "火箭队的突袭", "落石", "周瑜"])
    zhou = put(s, 0, "周瑜")
    wind = place(s, "东风")
    fire = give(s, 0, "火箭队的突袭")
    rock = give(s, 0, "落石")
    assert s.validate(ActivateEffect(wind, (rock,))) is not None
    s.apply(ActivateEffect(wind, (fire,)))
    s.now["tactic"] = [zhou, fire, zhou]
    assert wit(s, zhou) == 10  # 6 + 2 (周瑜) + 2 (东风)
    s.now.clear()


def test_fog_tactic_executors_wit_minus_1():
    s = table(["大雾", "诸葛亮", "落石"], ["张飞"])
    z = put(s, 0, "诸葛亮", E)
    place(s, "大雾")
    s.now["tactic"] = [z, give(s, 0, "落石"), z]
    assert wit(s, z) == 6
    s.now.clear()


def test_swamp_no_move_from_fortress_straight_to_the_enemy_border():
    s = table(["沼泽", "刘备"])
    liu = put(s, 0, "刘备")
    place(s, "沼泽")
    assert s.validate(Move(liu, E)) is not None and s.validate(Move(liu, B)) is None


def test_narrow_pass_needs_a_general_in_own_border():
    s = table(["险关", "刘备", "关羽"])
    liu = put(s, 0, "刘备", E)
    place(s, "险关")
    guan = put(s, 0, "关羽", F)
    assert might(s, liu) == 2
    s.zone[guan] = B
    assert might(s, guan) == 6


def test_yangtze_and_united_walls_each_enemy_siege_minus_1():
    for name in ("长江天险", "众志成城"):
        s = table(["关羽"], [name], first=1)
        place(s, name, player=1)
        next_turn(s)
        guan = put(s, 0, "关羽", E)
        s.memory["sieged"] = [guan]
        before = len(s.resource[1])
        s.apply(Siege(guan))
        settle(s)
        assert before - len(s.resource[1]) == 4, name


def test_hearts_of_the_people_upkeep_minus_1():
    s = table(["民心所向", "刘备", "关羽"])
    put(s, 0, "刘备")
    put(s, 0, "关羽")
    place(s, "民心所向")
    assert upkeep(s, 0) == 1


def test_sovereign_and_ministers_hand_limit_plus_1_with_three_of_one_faction():
    s = table(["君臣同心", "刘备", "关羽", "张飞"])
    place(s, "君臣同心")
    base = s.limit[0]
    put(s, 0, "刘备")
    put(s, 0, "关羽")
    assert hand_limit(s, 0) == base
    put(s, 0, "张飞")
    assert hand_limit(s, 0) == base + 1
