"""Recruitment (§3.5, rulings G3, G8, G13, G10)."""

from __future__ import annotations

import pytest

from engine.game import EndTurn, IllegalAction, Melee, Move, PaymentChoice, Recruit, Siege, Termination, Zone
from engine.game.recruitment import recruitment_cost
from engine.game.terms import Area
from tests.engine.game.conftest import begin, deck_of, fillers, give, put, settle, wei_deck


def table(game, *names0, factions0=("蜀", "黄巾")):
    return begin(game, deck_of(*names0, filler=40, factions=factions0), wei_deck(), first=0)


def test_3_5_recruit_goes_to_fortress_and_the_payment_to_discard_face_down(game):
    s = table(game, "刘备", "刘备")
    liu = give(s, 0, "刘备")
    payment = fillers(s, 0, 3)
    s.apply(Recruit(liu, payment))
    assert s.zone[liu] is Zone.FORTRESS and liu in s.field[0]
    assert s.discard[0][-3:] == list(payment)
    assert "discard" not in s.observation(1)["sides"][0]
    assert s.observation(1)["sides"][0]["discard_size"] == len(s.discard[0])


def test_g3_cost_drops_by_one_per_own_general_of_the_same_faction(game):
    s = table(game, "关羽", "张飞", "刘备", "张角")
    guan = give(s, 0, "关羽")
    assert recruitment_cost(s, 0, guan) == 5
    put(s, 0, "张飞")
    assert recruitment_cost(s, 0, guan) == 4
    put(s, 0, "刘备")
    assert recruitment_cost(s, 0, guan) == 3
    put(s, 0, "张角")  # 黄巾: another faction
    assert recruitment_cost(s, 0, guan) == 3


def test_g3_dual_faction_discount_counts_twice(game):
    s = table(game, "刘备", "张角", "廖化")
    liao = give(s, 0, "廖化")  # [蜀, 黄巾], cost 6
    put(s, 0, "刘备")
    put(s, 0, "张角")
    assert recruitment_cost(s, 0, liao) == 4


def test_g3_one_dual_faction_general_on_the_field_gives_minus_two(game):
    s = table(game, "周仓", "廖化")
    liao = give(s, 0, "廖化")
    put(s, 0, "周仓")
    assert recruitment_cost(s, 0, liao) == 4


def test_g3_shu_yellow_turban_and_dual_on_the_field_give_minus_four(game):
    s = table(game, "刘备", "张角", "周仓", "廖化")
    liao = give(s, 0, "廖化")
    for name in ("刘备", "张角", "周仓"):
        put(s, 0, name)
    assert recruitment_cost(s, 0, liao) == 2


def test_g3_enemy_generals_and_casualties_do_not_count(game):
    s = table(game, "关羽", "刘备", "张飞")
    guan = give(s, 0, "关羽")
    zhang = put(s, 0, "张飞")
    s.field[0].remove(zhang)
    del s.zone[zhang]
    s.casualty[0].append(zhang)
    put(s, 1, "曹操")
    assert recruitment_cost(s, 0, guan) == 5


def test_g3_cost_never_below_zero(game):
    s = table(game, "裴元绍", "张角", "周仓")
    pei = give(s, 0, "裴元绍")  # cost 1
    put(s, 0, "张角")
    put(s, 0, "周仓")
    assert recruitment_cost(s, 0, pei) == 0
    s.apply(Recruit(pei))
    assert pei in s.field[0]


def test_g3_the_payment_must_match_the_cost(game):
    s = table(game, "刘备")
    liu = give(s, 0, "刘备")
    payment = fillers(s, 0, 4)
    for wrong in (payment[:2], payment):
        with pytest.raises(IllegalAction) as exc:
            s.apply(Recruit(liu, wrong))
        assert exc.value.rule == "ruling G3"
        assert "costs printed 3 = 3 hand card(s)" in exc.value.reason


def test_g3_payment_is_distinct_hand_cards_other_than_the_recruit(game):
    s = table(game, "刘备")
    liu = give(s, 0, "刘备")
    a, b = fillers(s, 0, 2)
    resource_card = s.resource[0][0]
    for bad in ((a, a, b), (a, b, liu), (a, b, resource_card)):
        err = s.validate(Recruit(liu, bad))
        assert err is not None and err.rule == "ruling G3"


def test_g3_legal_actions_describe_the_payment_instead_of_listing_it(game):
    s = table(game, "关羽")
    guan = give(s, 0, "关羽")
    choices = [a for a in s.legal_actions() if isinstance(a, PaymentChoice) and a.template == Recruit(guan)]
    assert len(choices) == 1
    assert choices[0].count == 5 and guan not in choices[0].choices
    assert set(choices[0].choices) == set(s.hand[0]) - {guan}


def test_g13_no_two_own_generals_of_one_name_on_the_battlefield(game):
    s = table(game, "刘备", "刘备")
    put(s, 0, "刘备")
    liu = give(s, 0, "刘备")
    err = s.validate(Recruit(liu, fillers(s, 0, 3)))
    assert err is not None and err.rule == "ruling G13"
    assert not any(getattr(a, "template", a) == Recruit(liu) for a in s.legal_actions())


def test_g13_no_recruit_of_a_name_already_in_casualty(game):
    s = table(game, "刘备", "刘备")
    dead = put(s, 0, "刘备")
    s.field[0].remove(dead)
    del s.zone[dead]
    s.casualty[0].append(dead)
    liu = give(s, 0, "刘备")
    err = s.validate(Recruit(liu, fillers(s, 0, 3)))
    assert err is not None and err.rule == "ruling G13"


def test_faq_the_opponent_may_have_a_general_of_the_same_name(game):
    s = begin(game, deck_of("曹操", filler=40, factions=["魏"]), wei_deck(), first=0)
    put(s, 1, "曹操")
    cao = give(s, 0, "曹操")
    assert s.validate(Recruit(cao, fillers(s, 0, 4))) is None


def test_g8_recruited_this_turn_cannot_move_or_attack(game):
    s = table(game, "刘备")
    liu = give(s, 0, "刘备")
    s.apply(Recruit(liu, fillers(s, 0, 3)))
    for to in (Zone.BORDER, Zone.ENEMY_BORDER):
        err = s.validate(Move(liu, to))
        assert err is not None and err.rule == "ruling G8"
    assert not [a for a in s.legal_actions() if isinstance(a, Move | Melee | Siege)]


def test_g8_a_recruit_moves_in_the_next_own_turn(game):
    s = table(game, "刘备")
    liu = give(s, 0, "刘备")
    s.apply(Recruit(liu, fillers(s, 0, 3)))
    s.apply(EndTurn())
    settle(s)
    s.apply(EndTurn())
    settle(s)
    assert s.active == 0
    s.apply(Move(liu, Zone.BORDER))
    assert s.zone[liu] is Zone.BORDER


def test_g10_recruiting_a_general_of_an_undeclared_faction_loses(game):
    s = table(game, "曹操", factions0=("蜀",))
    cao = give(s, 0, "曹操")
    s.apply(Recruit(cao, fillers(s, 0, 4)))
    assert s.outcome is not None
    assert s.outcome.winner == 1 and s.outcome.termination is Termination.UNDECLARED_FACTION
    assert s.area_of(cao) is Area.STACK


def test_g10_a_faction_less_general_never_loses_by_faction(game):
    s = table(game, "小兵", factions0=())
    man = give(s, 0, "小兵")
    s.apply(Recruit(man, fillers(s, 0, 2)))
    assert s.outcome is None


def test_g13_no_revival_from_casualty(game):
    s = table(game, "刘备", "关羽")
    dead = put(s, 0, "刘备")
    from engine.game import areas as area_moves

    area_moves.to_casualty(s, dead)
    err = s.validate(Recruit(dead, fillers(s, 0, 3)))
    assert err is not None and err.rule == "§3.5"  # not in hand: nothing brings it back
    for legal in s.legal_actions():
        assert dead not in getattr(legal, "template", legal).to_json().values()


def test_d5_a_commandment_in_the_resource_deck_can_only_pay(game):
    s = table(game, "反军", "刘备")
    order = give(s, 0, "反军")
    liu = give(s, 0, "刘备")
    listed = [getattr(a, "template", a) for a in s.legal_actions()]
    assert not [a for a in listed if getattr(a, "card", None) == order]
    s.apply(Recruit(liu, (order, *fillers(s, 0, 2))))
    assert s.area_of(order) is Area.DISCARD
