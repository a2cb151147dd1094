"""Refusals that cite the rule forbidding the act (issue 12), and narration a judge can read aloud: every
melee's result, a siege's actual depletion, the upkeep with the card texts that change it, cards taken
again from the bottom of RESOURCE (without revealing a card the viewer cannot see)."""

from __future__ import annotations

import pytest

from engine.game import (
    ChooseCommandment,
    Discard,
    EndTurn,
    IllegalAction,
    Melee,
    Move,
    Pass,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    Recruit,
    Reveal,
    Siege,
    combat,
    generals,
)
from engine.game.narrate import describe
from engine.game.terms import Phase, Zone
from engine.messages import render
from engine.replay.verdict import CHANCE_ACTOR, _out_of_turn
from tests.engine.game import cardtable
from tests.engine.game.conftest import begin, deck_of, fillers, give, put, shu_deck, wei_deck

F, B, E = Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER


def _codes(lines):
    return [m.code for m in lines]


# --- refusals ---------------------------------------------------------------------------------------


def test_the_first_player_drawing_on_turn_1_cites_3_3_6_and_ruling_G1(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    assert s.turn == 1 and s.phase is Phase.MAIN and s.active == 0
    err = s.validate(Reveal("关羽"))
    assert err is not None and err.code == "refusal.first_player_no_draw"
    assert "§3.3.6" in err.rule and "ruling G1" in err.rule and "§3.9" not in err.rule
    # the same entry in a paper log: a chance draw where player 0 is to act on turn 1
    entry = _out_of_turn(s, 7, CHANCE_ACTOR, {"type": "reveal", "card": "关羽"}, s.current_player())
    assert entry.rule == "§3.3.6, ruling G1" and "skips his first draw" in entry.reason


def _over_the_hand_limit(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    fillers(s, 0, 7)  # 12 cards, limit 8 (two factions)
    s.apply(EndTurn())
    while s.is_chance_node():
        s.apply(s.sample_chance())
    assert s.phase is Phase.HAND_LIMIT
    return s


def test_a_missing_hand_limit_discard_cites_2_2_5(game):
    s = _over_the_hand_limit(game)
    err = s.validate(EndTurn())
    assert err is not None and err.code == "refusal.hand_limit_due" and err.rule == "§2.2.5"
    assert (err.params["held"], err.params["limit"], err.params["excess"]) == (12, 8, 4)
    entry = _out_of_turn(s, 30, 1, {"type": "end_turn"}, s.current_player())
    assert entry.rule == "§2.2.5" and "discards 4 first" in entry.reason
    s.apply(Discard(tuple(s.hand[0][:4])))


def test_a_missing_answer_names_the_open_window(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    guan = put(s, 0, "关羽", E)
    cao = put(s, 1, "曹操", B)
    s.apply(Melee(guan, cao))
    err = s.validate(EndTurn())
    assert err is not None and err.code == "refusal.window_open" and err.rule == "ruling G11"
    said = err.reason
    assert "melee" in said and "关羽" in said and "player 1" in said
    entry = _out_of_turn(s, 20, 0, {"type": "end_turn"}, s.current_player())
    assert entry.rule == "ruling G11" and "关羽" in entry.reason and "melee" in entry.reason


def test_a_commandment_played_from_the_deck_cites_ruling_D5(game):
    s = begin(game, deck_of("反军", factions=()), wei_deck(), first=0)
    order = give(s, 0, "反军")
    err = s.validate(PlayEvent(order))
    assert err is not None and err.code == "refusal.commandment.from_deck" and err.rule == "ruling D5"


def test_a_commandment_of_the_deck_chosen_as_the_commandment_cites_ruling_D5(game):
    resource, _pool, factions = deck_of("反军")
    s = game.new_initial_state(wei_deck(), (resource, ["束缚"], factions), seed=1)
    assert s.phase is Phase.COMMANDMENT and s.deciding == 0
    s.apply(ChooseCommandment(None))
    assert s.deciding == 1
    order = next(c for c in s.resource[1] if s.names[c] == "反军")
    err = s.validate(ChooseCommandment(order))
    assert err is not None and err.rule == "ruling D5"


def test_an_underpaid_recruit_shows_how_its_cost_was_computed(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    put(s, 0, "刘备")
    guan = give(s, 0, "关羽")
    with pytest.raises(IllegalAction) as exc:
        s.apply(Recruit(guan, fillers(s, 0, 3)))
    assert exc.value.code == "refusal.recruit.payment" and exc.value.rule == "ruling G3"
    assert "costs printed 5 − 1 own 蜀 general(s) = 4 hand card(s); 3 were given" in exc.value.reason
    assert "基本招募点 5 − 1 名我方蜀将领 = 4" in render(exc.value.message, "zh")


# --- narration ------------------------------------------------------------------------------------


def test_the_feed_announces_a_melee_won(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    guan = put(s, 0, "关羽", E)  # 5
    xu = put(s, 1, "夏侯惇", B)  # 4
    s.apply(Melee(guan, xu))
    for viewer in (None, 0, 1):
        lines = describe(s, Pass(), viewer)
        assert "narrate.melee_won" in _codes(lines)
    (won,) = [m for m in describe(s, Pass(), None) if m.code == "narrate.melee_won"]
    assert won.params["winner"]["card"] == guan and won.params["loser"]["card"] == xu


def test_the_feed_announces_a_melee_tie(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    guan = put(s, 0, "关羽", E)  # 5
    xu = put(s, 1, "许褚", B)  # 5
    s.apply(Melee(guan, xu))
    assert "narrate.melee_both" in _codes(describe(s, Pass(), 1))


def test_the_feed_announces_a_sieges_actual_depletion_not_the_generals_might():
    s = cardtable.table(["关羽"], ["坚壁清野"])
    guan = put(s, 0, "关羽", E)  # Might 5
    might, amount = generals.might(s, guan), combat.siege_amount(s, guan)
    s.apply(Siege(guan))
    answer = PlayCounter(give(s, 1, "坚壁清野"), cardtable.pay(s, 1, 1))
    lines = describe(s, answer, 0)
    (dep,) = [m for m in lines if m.code == "narrate.siege_depletes"]
    assert dep.params["amount"] == amount - 3 != might  # 坚壁清野: 3 fewer
    assert f"depletes {amount - 3} card(s)" in render(dep)


def test_the_siege_declaration_does_not_claim_the_generals_might_as_the_depletion(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    guan = put(s, 0, "关羽", E)
    (line,) = describe(s, Siege(guan), 1)
    assert line.code == "narrate.siege" and "might" not in line.params


def test_the_feed_announces_the_upkeep_with_the_card_texts_that_change_it():
    s = cardtable.table(["于禁", "曹操", "民心所向"])
    yu = put(s, 0, "于禁")
    put(s, 0, "曹操")
    s.apply(PlayAdvantage(give(s, 0, "民心所向")))
    s.apply(Pass())
    cardtable.settle(s)
    (line,) = [m for m in describe(s, EndTurn(), 1) if m.code.startswith("narrate.end_turn")]
    assert line.code == "narrate.end_turn_texts" and line.params["upkeep"] == 0 and line.params["generals"] == 2
    named = {c["card"] for c in line.params["cards"]["cards"]}
    assert yu in named and s.advantage in named
    assert "于禁" in render(line) and "民心所向" in render(line)


def test_the_feed_announces_cards_taken_again_from_the_bottom_of_resource_to_their_owner_only(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    known = s.resource[1][0]
    s.resource[1][:] = [known]  # one card left, put at the bottom earlier: its order is known (G12)
    s.hidden[1] = 0
    assert not s.field[0] and len(s.hand[0]) <= 8
    own = _codes(describe(s, EndTurn(), 1))
    other = describe(s, EndTurn(), 0)
    assert "narrate.draw_recycled" in own
    assert "narrate.draw_recycled_hidden" in _codes(other)
    assert all(known not in _ids(m.params) for m in other)


def _ids(value):
    if isinstance(value, dict):
        out = [value["card"]] if isinstance(value.get("card"), int) else []
        return out + [i for v in value.values() for i in _ids(v)]
    if isinstance(value, list | tuple):
        return [i for v in value for i in _ids(v)]
    return []


def test_narration_of_a_move_says_no_consequence(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    guan = put(s, 0, "关羽")
    assert _codes(describe(s, Move(guan, B), 1)) == ["narrate.move"]
