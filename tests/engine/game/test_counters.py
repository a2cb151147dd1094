"""Counter cards and the response window (§2.5, ruling G11)."""

from __future__ import annotations

from engine.game import (
    EndTurn,
    Equip,
    Melee,
    Move,
    Pass,
    PaymentChoice,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Siege,
    Zone,
)
from engine.game.terms import Area, Phase
from tests.engine.game.conftest import begin, deck_of, fillers, give, put, settle

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def table(game):
    return begin(
        game,
        deck_of("诸葛亮", "关羽", "刘备", "火箭队的突袭", "仁义之师", "丈八蛇矛", factions=["蜀"]),
        deck_of("曹操", "许褚", "程昱", "诡计识破", "诡计识破", "实则虚之", factions=["魏"]),
        first=0,
    )


def test_g11_the_window_opens_whatever_the_hand_holds(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)
    assert not [c for c in s.hand[1] if s.cards[c].type == "特"]
    s.apply(Siege(guan))
    assert s.phase is Phase.RESPONSE and s.current_player() == 1
    assert s.legal_actions() == [Pass()]


def test_g11_a_window_follows_equip_event_tactic_melee_and_siege(game):
    s = table(game)
    zhuge, guan, liu = put(s, 0, "诸葛亮", B), put(s, 0, "关羽", E), put(s, 0, "刘备", B)
    put(s, 1, "许褚", E)
    actions = [
        Equip(give(s, 0, "丈八蛇矛"), guan, fillers(s, 0, 1)),
        PlayEvent(give(s, 0, "仁义之师"), fillers(s, 0, 1)),
        PlayTactic(give(s, 0, "火箭队的突袭"), zhuge, fillers(s, 0, 1)),
        Siege(guan),
    ]
    for action in actions:
        s.apply(action)
        assert s.phase is Phase.RESPONSE, action
        settle(s)
    cheng = put(s, 1, "程昱", E)
    s.apply(Melee(liu, cheng))
    assert s.phase is Phase.RESPONSE


def test_g11_no_window_after_a_move_a_recruit_or_the_end_of_turn(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    s.apply(Move(guan, B))
    assert s.phase is Phase.MAIN
    s.apply(Recruit(give(s, 0, "刘备"), fillers(s, 0, 2)))  # 关羽 on the field: −1 (G3)
    assert s.phase is Phase.MAIN
    s.apply(EndTurn())
    assert s.phase is not Phase.RESPONSE


def test_g11_a_counter_negates_a_tactic_the_executor_has_still_attacked(game):
    s = table(game)
    zhuge = put(s, 0, "诸葛亮", B)
    xu = put(s, 1, "许褚", E)
    tactic = give(s, 0, "火箭队的突袭")
    s.apply(PlayTactic(tactic, zhuge, fillers(s, 0, 1)))
    counter = give(s, 1, "诡计识破")
    legal = s.legal_actions()
    assert any(isinstance(a, PaymentChoice) and a.template == PlayCounter(counter) for a in legal)
    payment = fillers(s, 1, 1)
    s.apply(PlayCounter(counter, payment))
    assert s.area_of(xu) is Area.BATTLEFIELD
    assert zhuge in s.acted and s.area_of(tactic) is Area.DISCARD
    assert s.discard[1][-2:] == [*payment, counter]
    assert s.phase is Phase.MAIN and s.current_player() == 0


def test_g11_a_counter_negates_a_melee_the_attacker_has_still_attacked(game):
    s = table(game)
    guan = put(s, 0, "关羽", B)
    xu = put(s, 1, "程昱", E)
    s.apply(Melee(guan, xu))
    s.apply(PlayCounter(give(s, 1, "实则虚之")))
    assert s.area_of(xu) is Area.BATTLEFIELD and guan in s.acted


def test_2_5_a_counter_answers_only_what_its_text_says(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)
    s.apply(Siege(guan))
    only_melee = give(s, 1, "实则虚之")
    err = s.validate(PlayCounter(only_melee))
    assert err is not None and err.rule == "§2.5.5"
    assert PlayCounter(only_melee) not in s.legal_actions()


def test_2_5_1_counters_are_not_played_in_the_own_turn(game):
    s = table(game)
    s.apply(EndTurn())
    settle(s)
    assert s.active == 1
    err = s.validate(PlayCounter(give(s, 1, "诡计识破"), fillers(s, 1, 1)))
    assert err is not None and err.rule == "ruling G11"


def test_g11_the_opponent_sees_how_many_cards_paid_not_which(game):
    s = table(game)
    payment = fillers(s, 0, 1)
    s.apply(PlayEvent(give(s, 0, "仁义之师"), payment))
    seen = s.observation(1)["pending"]
    assert seen["paid"] == 1 and "payment" not in seen
    assert s.observation(0)["pending"]["payment"] == list(payment)


def test_g11_a_counter_is_paid_like_any_card(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)
    s.apply(Siege(guan))
    counter = give(s, 1, "诡计识破")
    err = s.validate(PlayCounter(counter))
    assert err is not None and "costs 1" in err.reason
