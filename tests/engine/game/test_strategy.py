"""Events (§2.4, §3.6.2) and tactics (§3.7.3, ruling G6)."""

from __future__ import annotations

from engine.game import Pass, PlayEvent, PlayTactic, Zone
from engine.game.generals import might
from engine.game.terms import Area, Phase
from tests.engine.game.conftest import begin, deck_of, fillers, give, put, settle

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER
CARDS = ("仁义之师", "仁义之师", "放火烧敌粮", "火箭队的突袭", "火箭队的突袭", "水计淹敌")


def table(game):
    return begin(
        game,
        deck_of("诸葛亮", "关羽", "刘备", *CARDS, factions=["蜀"]),
        deck_of("曹操", "许褚", "程昱", "夏侯惇", factions=["魏"]),
        first=0,
    )


def test_3_6_2_events_are_played_any_number_of_times_and_stack(game):
    s = table(game)
    guan = put(s, 0, "关羽")
    for _ in range(2):
        s.apply(PlayEvent(give(s, 0, "仁义之师"), fillers(s, 0, 1)))
        s.apply(Pass())
    assert might(s, guan) == 7


def test_2_4_1_event_effects_last_until_the_end_of_the_own_turn(game):
    from engine.game import EndTurn

    s = table(game)
    guan = put(s, 0, "关羽")
    s.apply(PlayEvent(give(s, 0, "仁义之师"), fillers(s, 0, 1)))
    s.apply(Pass())
    s.apply(EndTurn())
    settle(s)
    assert might(s, guan) == 5


def test_3_6_2_an_event_goes_to_discard_after_its_effect(game):
    s = table(game)
    event = give(s, 0, "放火烧敌粮")
    before = len(s.resource[1])
    s.apply(PlayEvent(event, fillers(s, 0, 2)))
    assert s.area_of(event) is Area.STACK
    s.apply(Pass())
    settle(s)
    assert s.area_of(event) is Area.DISCARD
    assert len(s.resource[1]) == before - 3


def test_2_4_1_a_tactic_is_not_played_as_an_event(game):
    s = table(game)
    err = s.validate(PlayEvent(give(s, 0, "火箭队的突袭"), fillers(s, 0, 1)))
    assert err is not None and "executed through a general" in err.reason


def test_g6_a_target_of_lower_wit_goes_to_casualty(game):
    s = table(game)
    zhuge = put(s, 0, "诸葛亮", B)  # Wit 7
    cao, xu = put(s, 1, "曹操", E), put(s, 1, "许褚", E)  # Wit 5 and 1
    tactic = give(s, 0, "火箭队的突袭")
    s.apply(PlayTactic(tactic, zhuge, fillers(s, 0, 1)))
    s.apply(Pass())
    assert s.area_of(cao) is Area.CASUALTY and s.area_of(xu) is Area.CASUALTY
    assert s.area_of(zhuge) is Area.BATTLEFIELD and zhuge in s.acted
    assert s.area_of(tactic) is Area.DISCARD


def test_g6_equal_or_higher_wit_nothing_happens_the_executor_has_acted(game):
    s = table(game)
    liu = put(s, 0, "刘备", B)  # Wit 4
    cao, xu = put(s, 1, "曹操", E), put(s, 1, "许褚", E)  # Wit 5 and 1
    s.apply(PlayTactic(give(s, 0, "火箭队的突袭"), liu, fillers(s, 0, 1)))
    s.apply(Pass())
    assert s.area_of(cao) is Area.BATTLEFIELD  # higher Wit: nothing
    assert s.area_of(xu) is Area.CASUALTY
    assert s.area_of(liu) is Area.BATTLEFIELD and liu in s.acted


def test_g6_only_enemies_in_the_executors_zone_are_touched(game):
    s = table(game)
    zhuge = put(s, 0, "诸葛亮", E)
    near, far = put(s, 1, "许褚", B), put(s, 1, "夏侯惇", E)
    s.apply(PlayTactic(give(s, 0, "火箭队的突袭"), zhuge, fillers(s, 0, 1)))
    s.apply(Pass())
    assert s.area_of(near) is Area.CASUALTY and s.area_of(far) is Area.BATTLEFIELD


def test_3_7_3_rule1_a_tactic_needs_an_enemy_general_in_the_executors_zone(game):
    s = table(game)
    zhuge = put(s, 0, "诸葛亮", B)
    put(s, 1, "许褚", B)  # the other border
    err = s.validate(PlayTactic(give(s, 0, "火箭队的突袭"), zhuge, fillers(s, 0, 1)))
    assert err is not None and err.rule == "§3.7.3 rule 1"


def test_g6_the_executor_must_not_have_acted_nor_be_recruited_this_turn(game):
    s = table(game)
    zhuge = put(s, 0, "诸葛亮", B, fresh=True)
    put(s, 1, "许褚", E)
    tactic = give(s, 0, "火箭队的突袭")
    err = s.validate(PlayTactic(tactic, zhuge, fillers(s, 0, 1)))
    assert err is not None and err.rule == "ruling G8"
    s.fresh.clear()
    s.acted.add(zhuge)
    assert s.validate(PlayTactic(tactic, zhuge, fillers(s, 0, 1))).rule == "ruling G8"


def test_g6_the_executor_is_an_own_general(game):
    s = table(game)
    xu = put(s, 1, "许褚", E)
    err = s.validate(PlayTactic(give(s, 0, "火箭队的突袭"), xu, fillers(s, 0, 1)))
    assert err is not None and err.rule == "ruling G6"


def test_2_4_1_strategy_cards_are_played_only_in_the_own_turn(game):
    s = table(game)
    guan = put(s, 0, "关羽", E)
    from engine.game import Siege

    s.apply(Siege(guan))
    assert s.phase is Phase.RESPONSE
    event = give(s, 1, "粮草")
    err = s.validate(PlayEvent(event))
    assert err is not None and err.rule == "ruling G11"
