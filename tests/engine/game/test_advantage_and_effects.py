"""Advantage cards (§2.7), active effects (§3.6.4, ruling G8), card texts as data (effect specs)."""

from __future__ import annotations

from engine.game import ActivateEffect, EndTurn, Pass, PlayAdvantage, PlayCounter, Zone
from engine.game.generals import wit
from engine.game.terms import Area
from tests.engine.game.conftest import begin, deck_of, fillers, give, put, settle

B = Zone.BORDER


def table(game):
    return begin(
        game,
        deck_of("诸葛亮", "关羽", "大地震", "沼泽", factions=["蜀"]),
        deck_of("曹操", "沼泽", "大地震", "诡计识破", factions=["魏"]),
        first=0,
    )


def test_2_7_one_advantage_card_on_the_table_replaced_by_either_players_next(game):
    s = table(game)
    quake = give(s, 0, "大地震")
    s.apply(PlayAdvantage(quake))
    s.apply(Pass())
    assert s.advantage == quake and s.area_of(quake) is Area.ADVANTAGE
    swamp = give(s, 0, "沼泽")
    s.apply(PlayAdvantage(swamp))  # my own replaces mine
    s.apply(Pass())
    assert s.advantage == swamp and s.discard[0][-1] == quake
    s.apply(EndTurn())
    settle(s)
    theirs = give(s, 1, "大地震")
    s.apply(PlayAdvantage(theirs))  # the enemy's replaces mine, which goes to MY discard
    s.apply(Pass())
    assert s.advantage == theirs and s.discard[0][-1] == swamp
    assert s.observation(0)["advantage"] == {"id": theirs, "name": "大地震", "owner": 1}


def test_2_7_a_negated_advantage_leaves_the_table_as_it_was(game):
    s = table(game)
    quake = give(s, 0, "大地震")
    s.apply(PlayAdvantage(quake))
    s.apply(PlayCounter(give(s, 1, "诡计识破"), fillers(s, 1, 1)))
    assert s.advantage is None and s.area_of(quake) is Area.DISCARD


def test_g8_an_active_effect_once_per_turn_and_its_text_applies(game):
    s = table(game)
    zhuge = put(s, 0, "诸葛亮")
    s.apply(ActivateEffect(zhuge, fillers(s, 0, 1)))
    s.apply(Pass())
    assert wit(s, zhuge) == 8  # its spec: wit_bonus 1
    err = s.validate(ActivateEffect(zhuge, fillers(s, 0, 1)))
    assert err is not None and err.rule == "ruling G8"
    s.apply(EndTurn())
    settle(s)
    s.apply(EndTurn())
    settle(s)
    assert s.validate(ActivateEffect(zhuge, fillers(s, 0, 1))) is None


def test_g8_a_general_recruited_this_turn_may_activate_and_activating_does_not_end_its_turn(game):
    from engine.game import Move

    s = table(game)
    zhuge = put(s, 0, "诸葛亮", fresh=True)
    assert s.validate(ActivateEffect(zhuge, fillers(s, 0, 1))) is None
    s.fresh.clear()
    s.apply(ActivateEffect(zhuge, fillers(s, 0, 1)))
    s.apply(Pass())
    s.apply(Move(zhuge, B))
    assert s.zone[zhuge] is B


def test_3_6_4_a_general_without_an_active_effect_cannot_activate(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    err = s.validate(ActivateEffect(guan))
    assert err is not None and "no active effect" in err.reason


def test_3_6_4_the_effect_cost_is_paid_even_when_countered(game):
    s = table(game)
    zhuge = put(s, 0, "诸葛亮")
    payment = fillers(s, 0, 1)
    s.apply(ActivateEffect(zhuge, payment))
    s.apply(PlayCounter(give(s, 1, "诡计识破"), fillers(s, 1, 1)))
    assert wit(s, zhuge) == 7 and s.discard[0][-1] == payment[0]
    assert zhuge in s.activated


def test_1_4_4_a_special_victory_wins_at_once(game):
    from engine.game import Equip, Termination

    s = begin(game, deck_of("关羽", "传国玉玺", factions=["蜀"]), deck_of(factions=["魏"]), first=0)
    guan = put(s, 0, "关羽")
    seal = give(s, 0, "传国玉玺")
    s.apply(Equip(seal, guan))
    s.apply(Pass())
    s.apply(ActivateEffect(seal, fillers(s, 0, 2)))
    s.apply(Pass())
    assert s.outcome is not None
    assert s.outcome.winner == 0 and s.outcome.termination is Termination.SPECIAL_VICTORY
    assert s.outcome.rule == "§1.4 4)"


def test_effects_a_draw_step_takes_cards_from_the_top_of_resource_through_chance(game):
    s = begin(game, deck_of("孙权", factions=["吴"]), deck_of(factions=["魏"]), first=0)
    sun = put(s, 0, "孙权")
    hand, resource = len(s.hand[0]), len(s.resource[0])
    s.apply(ActivateEffect(sun))
    s.apply(Pass())
    assert s.is_chance_node()
    settle(s)
    assert len(s.hand[0]) == hand + 2 and len(s.resource[0]) == resource - 2


def test_g10_an_event_depleting_more_than_the_enemy_resource_wins(game):
    from engine.game import PlayEvent, Termination

    s = begin(game, deck_of("放火烧敌粮", factions=[]), deck_of(filler=7), first=0)
    assert len(s.resource[1]) == 2
    s.apply(PlayEvent(give(s, 0, "放火烧敌粮"), fillers(s, 0, 2)))
    s.apply(Pass())
    assert s.outcome is not None and s.outcome.termination is Termination.CANNOT_PAY_DEPLETION


def test_g10_equipping_or_countering_with_an_undeclared_faction_card_loses(game):
    from engine.game import Equip, Melee, Termination

    s = begin(game, deck_of("刘备", "青龙偃月刀", factions=["魏"]), deck_of(factions=["魏"]), first=0)
    liu = put(s, 0, "刘备")
    s.apply(Equip(give(s, 0, "青龙偃月刀"), liu, fillers(s, 0, 2)))  # 青龙偃月刀 is 蜀
    assert s.outcome is not None and s.outcome.winner == 1
    assert s.outcome.termination is Termination.UNDECLARED_FACTION

    shu_counter = "实则虚之"  # no faction: playing it never loses
    s = begin(game, deck_of("关羽", factions=["蜀"]), deck_of("程昱", shu_counter, factions=["魏"]), first=0)
    guan = put(s, 0, "关羽", B)
    cheng = put(s, 1, "程昱", Zone.ENEMY_BORDER)
    s.apply(Melee(guan, cheng))
    s.apply(PlayCounter(give(s, 1, shu_counter)))
    assert s.outcome is None
