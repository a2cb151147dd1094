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
