"""Melee (§3.7.2, ruling G5), siege (§3.7.1, ruling G7), [战胜] events, losing by depletion (G10)."""

from __future__ import annotations

from engine.game import Melee, Pass, Siege, Termination, Zone
from engine.game.terms import Area, Phase
from tests.engine.game.conftest import RECORD, arm, begin, deck_of, put, settle

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def table(game, filler1=40):
    return begin(
        game,
        deck_of("关羽", "张飞", "刘备", "太史慈", "丈八蛇矛", factions=["蜀", "吴"]),
        deck_of("曹操", "许褚", "夏侯惇", "程昱", factions=["魏"], filler=filler1),
        first=0,
    )


def fight(s, attacker, defender):
    s.apply(Melee(attacker, defender))
    assert s.phase is Phase.RESPONSE  # the defender's side may answer (G11)
    s.apply(Pass())


def test_g5_higher_might_wins_the_loser_goes_to_casualty(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)  # 5
    cao = put(s, 1, "曹操", B)  # 4
    fight(s, guan, cao)
    assert s.area_of(cao) is Area.CASUALTY and s.casualty[1][-1] == cao
    assert s.zone[guan] is E and guan in s.acted


def test_g5_an_attacker_with_lower_might_goes_to_casualty(game):
    s = table(game)
    liu = put(s, 0, "刘备", B)  # 2
    cao = put(s, 1, "曹操", E)  # 4
    fight(s, liu, cao)
    assert s.area_of(liu) is Area.CASUALTY and s.area_of(cao) is Area.BATTLEFIELD


def test_g5_equal_might_sends_both_to_casualty(game):
    s = table(game)
    zhang = put(s, 0, "张飞", B)  # 5
    xu = put(s, 1, "许褚", E)  # 5
    fight(s, zhang, xu)
    assert s.area_of(zhang) is Area.CASUALTY and s.area_of(xu) is Area.CASUALTY


def test_g5_current_might_counts_equipment(game):
    s = table(game)
    zhang = put(s, 0, "张飞", B)
    arm(s, zhang, "丈八蛇矛")
    xu = put(s, 1, "许褚", E)
    fight(s, zhang, xu)
    assert s.area_of(xu) is Area.CASUALTY and s.area_of(zhang) is Area.BATTLEFIELD


def test_g5_melee_only_between_generals_in_the_same_zone(game):
    s = table(game)
    guan = put(s, 0, "关羽", B)
    cao = put(s, 1, "曹操", B)  # his 自城外 = my 敌城外: another zone
    err = s.validate(Melee(guan, cao))
    assert err is not None and err.rule == "ruling G5"
    fortress = put(s, 0, "张飞", F)
    assert s.validate(Melee(fortress, cao)) is not None
    assert not [a for a in s.legal_actions() if isinstance(a, Melee)]


def test_g5_a_general_may_not_attack_its_own_side(game):
    s = table(game)
    guan = put(s, 0, "关羽", B)
    zhang = put(s, 0, "张飞", B)
    assert s.validate(Melee(guan, zhang)) is not None


def test_g5_victory_holds_whoever_declared_attack_victory_only_for_the_declarer(game):
    RECORD.clear()
    s = table(game)
    tai = put(s, 0, "太史慈", B)  # Might 4, listens to [战胜]
    liu = put(s, 0, "刘备", B)
    xia = put(s, 1, "夏侯惇", E)  # Might 4
    cheng = put(s, 1, "程昱", E)  # Might 2
    fight(s, tai, cheng)  # 太史慈 declared and won
    assert RECORD[-1] == {"source": tai, "winner": tai, "loser": cheng, "attack": True}
    RECORD.clear()
    s.acted.discard(liu)
    fight(s, liu, xia)  # 刘备 loses: 夏侯惇 [战胜] 刘备 but did not declare
    assert RECORD == [{"source": tai, "winner": xia, "loser": liu, "attack": False}]


def test_g7_siege_depletes_as_many_cards_as_current_might(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)
    arm(s, guan, "丈八蛇矛")
    resource, discard = len(s.resource[1]), len(s.discard[1])
    s.apply(Siege(guan))
    s.apply(Pass())
    assert s.is_chance_node()
    settle(s)
    assert len(s.resource[1]) == resource - 6 and len(s.discard[1]) == discard + 6
    assert s.phase is Phase.MAIN and guan in s.acted


def test_g7_no_siege_while_an_enemy_general_holds_enemy_border(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)
    put(s, 1, "程昱", B)
    err = s.validate(Siege(guan))
    assert err is not None and err.rule == "ruling G7"


def test_g7_enemies_in_my_border_do_not_stop_a_siege(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)
    put(s, 1, "程昱", E)
    assert s.validate(Siege(guan)) is None


def test_g7_siege_only_from_enemy_border(game):
    s = table(game)
    guan = put(s, 0, "关羽", B)
    err = s.validate(Siege(guan))
    assert err is not None and err.rule == "ruling G7"


def test_g7_several_generals_besiege_one_after_another(game):
    s = table(game)
    guan, liu = put(s, 0, "关羽", E), put(s, 0, "刘备", E)
    before = len(s.resource[1])
    s.apply(Siege(guan))
    s.apply(Pass())
    assert s.validate(Siege(liu)) is not None  # the first is resolved before the next is declared
    settle(s)
    s.apply(Siege(liu))
    s.apply(Pass())
    settle(s)
    assert len(s.resource[1]) == before - 7


def test_g10_fewer_resource_cards_than_a_depletion_asks_for_loses(game):
    s = table(game, filler1=5)
    # player 1 drew his 5 fillers and 4 generals stay: RESOURCE 4 < Might 5
    guan = put(s, 0, "关羽", E)
    s.apply(Siege(guan))
    s.apply(Pass())
    assert s.outcome is not None
    assert s.outcome.winner == 0 and s.outcome.termination is Termination.CANNOT_PAY_DEPLETION


def test_1_4_a_siege_down_to_exactly_zero_is_not_a_loss(game):
    s = table(game, filler1=5)
    put(s, 1, "程昱")
    put(s, 1, "夏侯惇")
    guan = put(s, 0, "刘备", E)  # Might 2 = the 2 cards left
    assert len(s.resource[1]) == 2
    s.apply(Siege(guan))
    s.apply(Pass())
    settle(s)
    assert s.outcome is None and s.resource[1] == []


def test_g8_a_general_recruited_this_turn_cannot_attack(game):
    s = table(game)
    guan = put(s, 0, "关羽", E, fresh=True)
    zhang = put(s, 0, "张飞", B, fresh=True)
    cheng = put(s, 1, "程昱", E)
    assert s.validate(Siege(guan)).rule == "ruling G8"
    assert s.validate(Melee(zhang, cheng)).rule == "ruling G8"


def test_3_7_1_f_attack_victory_only_when_the_winner_declared_the_attack(game):
    RECORD.clear()
    s = begin(game, deck_of("刘备", "关羽", factions=["蜀"]), deck_of("典韦", factions=["魏"]), first=0)
    dian = put(s, 1, "典韦", E)  # listens to [武力攻击][战胜] only
    liu = put(s, 0, "刘备", B)
    fight(s, liu, dian)  # 典韦 wins but did not declare
    assert s.area_of(liu) is Area.CASUALTY and RECORD == []
    s = begin(game, deck_of("刘备", factions=["蜀"]), deck_of("典韦", factions=["魏"]), first=1)
    dian = put(s, 1, "典韦", E)
    liu = put(s, 0, "刘备", B)
    fight(s, dian, liu)
    assert RECORD == [{"source": dian, "winner": dian, "loser": liu, "attack": True}]
