"""The draw phase (§3.4), the end phase (§3.8, ruling G9), the hand limit (§2.2.5, ruling D4), losing (G10)."""

from __future__ import annotations

import pytest

from engine.decklist import parse_decklist
from engine.deckrules import check_deck
from engine.game import Discard, EndTurn, IllegalAction, Termination, hand_limit
from engine.game.terms import Area, Phase
from tests.engine.game.conftest import begin, deck_of, deploy, fillers, in_hand, put, settle, shu_deck, wei_deck


def test_3_4_each_turn_begins_with_drawing_one_card(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    before = len(s.hand[1])
    s.apply(EndTurn())
    settle(s)
    assert s.active == 1 and len(s.hand[1]) == before + 1


def test_faq_the_draw_is_compulsory_even_at_the_hand_limit(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    fillers(s, 1, 5)  # player 1 holds 10, his limit
    s.apply(EndTurn())
    settle(s)
    assert len(s.hand[1]) == 11


def test_g10_no_card_to_draw_at_the_start_of_the_turn_loses(game):
    s = begin(game, deck_of(filler=20), deck_of(filler=5), first=0)
    assert s.resource[1] == []
    s.apply(EndTurn())
    settle(s)
    assert s.outcome is not None
    assert s.outcome.winner == 0 and s.outcome.termination is Termination.NO_CARD_TO_DRAW
    assert s.outcome.rule == "§1.4 1)"


def test_faq_reaching_zero_resource_cards_is_not_a_loss(game):
    s = begin(game, deck_of(filler=20), deck_of(filler=6), first=0)
    s.apply(EndTurn())
    settle(s)  # player 1 draws his last card
    assert s.resource[1] == [] and s.outcome is None and s.phase is Phase.MAIN


def test_g9_upkeep_is_one_resource_card_per_own_general(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    put(s, 0, "关羽")
    put(s, 0, "张飞")
    resource, discard = len(s.resource[0]), len(s.discard[0])
    s.apply(EndTurn())
    settle(s)
    assert len(s.resource[0]) == resource - 2
    assert len(s.discard[0]) == discard + 2


def test_g10_fewer_resource_cards_than_the_upkeep_loses(game):
    s = begin(game, deck_of("关羽", filler=4), deck_of(filler=20), first=0, hands=(["关羽"], []))
    assert s.resource[0] == []
    deploy(s, in_hand(s, 0, "关羽"))
    s.apply(EndTurn())
    assert s.outcome is not None
    assert s.outcome.winner == 1 and s.outcome.termination is Termination.CANNOT_PAY_UPKEEP
    assert "upkeep of 1" in s.outcome.reason


def test_g9_upkeep_first_then_discard_to_the_hand_limit_by_choice(game):
    s = begin(game, shu_deck(), wei_deck(), first=0)
    put(s, 0, "关羽")
    extra = fillers(s, 0, 5)  # 10 cards, limit 8 (two factions)
    s.apply(EndTurn())
    assert s.is_chance_node() and s.chance[2] is Area.DISCARD  # upkeep before the discard
    settle(s)
    assert s.phase is Phase.HAND_LIMIT and s.current_player() == 0
    (choice,) = s.legal_actions()
    assert choice.count == 2 and set(choice.choices) == set(s.hand[0])
    with pytest.raises(IllegalAction) as exc:
        s.apply(Discard(extra[:1]))
    assert exc.value.rule == "§2.2.5"
    s.apply(Discard(extra[:2]))
    assert len(s.hand[0]) == 8 and s.discard[0][-2:] == list(extra[:2])
    assert s.active == 1


FACTION_CARD = {"蜀": "关羽", "魏": "曹操", "吴": "太史慈", "黄巾": "张角"}


@pytest.mark.parametrize(("factions", "limit"), [([], 10), (["蜀"], 10), (["蜀", "魏"], 8), (["蜀", "魏", "吴"], 6)])
def test_d4_hand_limit_from_the_number_of_the_decks_factions(game, factions, limit):
    s = game.new_initial_state(
        ([*(FACTION_CARD[f] for f in factions), *["粮草"] * 10], [], factions), deck_of(filler=10)
    )
    assert s.limit[0] == limit == hand_limit(len(factions))


@pytest.mark.parametrize("declared", [["黄巾", "无"], ["无", "黄巾"], ["黄巾"]])
def test_ruling_G15_none_in_a_declaration_is_not_a_faction_hand_limit_10_as_checkdeck_says(game, declared):
    resource = ["张角", "裴元绍", *["粮草"] * 38]
    s = game.new_initial_state((resource, [], declared), deck_of(filler=10))
    assert s.limit[0] == 10 and s.factions[0] == ("黄巾",)
    report = check_deck(parse_decklist(f"势力: {' '.join(declared)}\n1 张角\n1 裴元绍\n38 粮草"), game.db)
    assert report.hand_limit == s.limit[0] == 10
    assert not [v for v in report.violations if v.code.endswith("faction")]


def test_ruling_G15_the_hand_limit_in_play_comes_from_the_resource_cards_not_the_declaration(game):
    """A declaration that differs from the cards is the D3 violation; play counts the cards' factions."""
    s = game.new_initial_state((["关羽", "曹操", *["粮草"] * 10], [], ["蜀"]), deck_of(filler=10))
    assert s.limit[0] == 8
