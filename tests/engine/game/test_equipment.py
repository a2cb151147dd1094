"""Equipment (§2.3, §3.6.1, rulings G13, G11)."""

from __future__ import annotations

from engine.game import Equip, IllegalAction, Melee, Pass, Recruit, Zone
from engine.game import areas as area_moves
from engine.game.generals import might
from engine.game.terms import Area, Phase
from tests.engine.game.conftest import begin, deck_of, fillers, give, put, settle

EQUIP = ("丈八蛇矛", "丈八蛇矛", "青龙偃月刀", "虎豹骑", "虎豹骑", "木牛流马", "破甲")


def table(game):
    return begin(
        game,
        deck_of("关羽", "张飞", "刘备", *EQUIP, factions=["蜀"]),
        deck_of("曹操", "许褚", *EQUIP, factions=["魏"]),
        first=0,
    )


def equip(s, card, general, cost):
    s.apply(Equip(card, general, fillers(s, s.active, cost)))
    settle(s)


def test_3_6_1_equipment_changes_might_while_carried(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    equip(s, give(s, 0, "青龙偃月刀"), guan, 2)
    assert might(s, guan) == 7
    equip(s, give(s, 0, "虎豹骑"), guan, 1)
    assert might(s, guan) == 8
    assert [e["name"] for e in s.observation(1)["sides"][0]["generals"][0]["equipment"]] == ["青龙偃月刀", "虎豹骑"]


def test_g13_a_general_carries_one_armament_and_one_troop(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    equip(s, give(s, 0, "丈八蛇矛"), guan, 1)
    err = s.validate(Equip(give(s, 0, "青龙偃月刀"), guan, fillers(s, 0, 2)))
    assert err is not None and err.rule == "ruling G13" and "armament" in err.reason
    equip(s, give(s, 0, "虎豹骑"), guan, 1)
    err = s.validate(Equip(give(s, 0, "虎豹骑"), guan, fillers(s, 0, 1)))
    assert err is not None and err.rule == "ruling G13" and "troop" in err.reason


def test_g13_no_two_own_armaments_of_one_name_on_the_battlefield(game):
    s = table(game)
    guan, zhang = put(s, 0, "关羽"), put(s, 0, "张飞")
    equip(s, give(s, 0, "丈八蛇矛"), guan, 1)
    second = give(s, 0, "丈八蛇矛")
    err = s.validate(Equip(second, zhang, fillers(s, 0, 1)))
    assert err is not None and err.rule == "ruling G13" and "unique" in err.reason
    assert not [a for a in s.legal_actions() if getattr(a, "template", a) == Equip(second, zhang)]


def test_2_3_1_the_opponent_may_carry_an_armament_of_the_same_name(game):
    s = table(game)
    cao = put(s, 1, "曹操")
    s.gear[cao] = (mine := give(s, 1, "丈八蛇矛"),)
    s.hand[1].remove(mine)
    s.carrier[mine] = cao
    guan = put(s, 0, "关羽")
    assert s.validate(Equip(give(s, 0, "丈八蛇矛"), guan, fillers(s, 0, 1))) is None


def test_2_3_1_troops_of_one_name_on_several_generals(game):
    s = table(game)
    guan, zhang = put(s, 0, "关羽"), put(s, 0, "张飞")
    equip(s, give(s, 0, "虎豹骑"), guan, 1)
    equip(s, give(s, 0, "虎豹骑"), zhang, 1)
    assert might(s, guan) == 6 and might(s, zhang) == 6


def test_3_5_a_general_recruited_this_turn_may_be_equipped(game):
    s = table(game)
    liu = give(s, 0, "刘备")
    s.apply(Recruit(liu, fillers(s, 0, 3)))
    equip(s, give(s, 0, "木牛流马"), liu, 0)
    assert s.carrier and liu in s.gear


def test_2_3_5_enemy_mark_equips_an_enemy_general_only(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    cao = put(s, 1, "曹操")
    broken = give(s, 0, "破甲")
    err = s.validate(Equip(broken, guan, fillers(s, 0, 1)))
    assert err is not None and err.rule == "§2.3.5"
    equip(s, broken, cao, 1)
    assert might(s, cao) == 2 and s.owner[broken] == 0


def test_2_3_5_enemy_equipment_goes_to_its_owners_discard(game):
    s = table(game)
    cao = put(s, 1, "曹操")
    broken = give(s, 0, "破甲")
    equip(s, broken, cao, 1)
    area_moves.to_casualty(s, cao)
    assert s.discard[0][-1] == broken
    assert s.area_of(cao) is Area.CASUALTY


def test_3_6_1_rule_d_equipment_goes_to_discard_when_its_general_falls(game):
    s = table(game)
    guan = put(s, 0, "关羽", Zone.BORDER)
    xu = put(s, 1, "许褚", Zone.ENEMY_BORDER)
    spear = give(s, 0, "丈八蛇矛")
    equip(s, spear, guan, 1)
    s.apply(Melee(guan, xu))  # 6 against 5
    s.apply(Pass())
    assert s.area_of(xu) is Area.CASUALTY and s.area_of(guan) is Area.BATTLEFIELD
    area_moves.to_casualty(s, guan)
    assert s.area_of(spear) is Area.DISCARD and guan not in s.gear


def test_g11_equipping_opens_the_opponents_window_and_resolves_on_pass(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    spear = give(s, 0, "丈八蛇矛")
    s.apply(Equip(spear, guan, fillers(s, 0, 1)))
    assert s.phase is Phase.RESPONSE and s.current_player() == 1
    assert s.area_of(spear) is Area.STACK and might(s, guan) == 5
    s.apply(Pass())
    assert s.area_of(spear) is Area.BATTLEFIELD and might(s, guan) == 6


def test_3_6_1_equipment_must_come_from_the_hand(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    in_deck = next(c for c in s.resource[0] if s.names[c] == "虎豹骑")
    err = s.validate(Equip(in_deck, guan, fillers(s, 0, 1)))
    assert isinstance(err, IllegalAction) and err.rule == "§3.6.1"


def test_3_6_1_only_equipment_cards_are_equipped(game):
    s = begin(game, deck_of("关羽", "张飞", factions=["蜀"]), deck_of(), first=0)
    guan = put(s, 0, "关羽")
    err = s.validate(Equip(give(s, 0, "张飞"), guan))
    assert err is not None and "not an equipment" in err.reason
