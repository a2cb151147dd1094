"""Moves between areas (§3.2, ruling G12) and chance events."""

from __future__ import annotations

import random

import pytest

from engine.game import CoinFlip, EndTurn, IllegalAction, Reveal
from engine.game import areas as area_moves
from engine.game.terms import Area
from tests.engine.game.conftest import begin, check_areas, deck_of, shu_deck, wei_deck


def test_g12_a_draw_names_the_card_taken_from_the_unseen_part(game):
    s = begin(game, shu_deck(), wei_deck(), first=0, hands=(["关羽", "张飞"], []))
    names = sorted(s.names[c] for c in s.hand[0])
    assert "关羽" in names and "张飞" in names
    check_areas(s)


def test_g12_a_card_not_in_the_resource_cannot_be_revealed(game):
    s = game.new_initial_state(deck_of("关羽", filler=10), deck_of(filler=10))
    s.apply(CoinFlip(0))
    with pytest.raises(IllegalAction) as exc:
        s.apply(Reveal("曹操"))
    assert exc.value.rule == "ruling G12"
    s.apply(Reveal("关羽"))
    with pytest.raises(IllegalAction):
        s.apply(Reveal("关羽"))  # the only copy is already drawn


def test_g12_copies_of_one_name_are_taken_lowest_id_first(game):
    s = game.new_initial_state((["关羽", "粮草", "关羽"], [], ["蜀"]), deck_of(filler=10))
    s.apply(CoinFlip(0))
    s.apply(Reveal("关羽"))
    assert s.hand[0] == [0]


def test_g12_cards_put_into_resource_go_to_the_bottom_and_come_out_in_order(game):
    s = begin(game, deck_of("关羽", "张飞", filler=6), deck_of(filler=10), first=1)
    # player 0 drew 5 of 8: 3 unseen cards left; two known cards go under them
    a, b = s.hand[0][0], s.hand[0][1]
    for c in (a, b):
        s.hand[0].remove(c)
        area_moves.to_resource_bottom(s, c)
    assert s.resource[0][-2:] == [a, b]
    assert s.hidden[0] == 3
    check_areas(s)


def test_g12_known_cards_at_the_bottom_come_out_without_a_chance_event(game):
    s = begin(game, deck_of(filler=5), deck_of(filler=20), first=1)
    assert s.resource[0] == [] and s.hidden[0] == 0
    c = s.hand[0].pop()
    area_moves.to_resource_bottom(s, c)
    s.apply(EndTurn())  # player 1's upkeep (no generals), then player 0 draws the known card
    assert not s.is_chance_node()
    assert s.active == 0 and s.hand[0][-1] == c


def test_g12_new_discard_on_top_taken_from_the_bottom(game):
    s = begin(game, shu_deck(), wei_deck())
    first, second = s.hand[0][0], s.hand[0][1]
    area_moves.pay(s, 0, (first, second))
    assert s.discard[0][-1] == second  # top
    assert area_moves.take_discard_bottom(s, 0) == first


def test_chance_outcomes_are_the_unseen_names_with_their_odds(game):
    s = game.new_initial_state((["关羽", "关羽", "张飞", "粮草"], [], ["蜀"]), deck_of(filler=10))
    assert [p for _, p in s.chance_outcomes()] == [0.5, 0.5]
    s.apply(CoinFlip(0))
    odds = {a.card: p for a, p in s.chance_outcomes()}
    assert odds == {"关羽": 0.5, "张飞": 0.25, "粮草": 0.25}


def test_sample_chance_is_a_function_of_seed_and_step(game):
    one = game.new_initial_state(shu_deck(), wei_deck(), seed=11)
    two = game.new_initial_state(shu_deck(), wei_deck(), seed=11)
    for s in (one, two):
        while s.phase.value == "commandment":
            s.apply(s.legal_actions()[0])  # type: ignore[arg-type]
        while s.is_chance_node():
            s.apply(s.sample_chance())
    assert one == two
    other = game.new_initial_state(shu_deck(), wei_deck(), seed=12)
    while other.phase.value == "commandment":
        other.apply(other.legal_actions()[0])  # type: ignore[arg-type]
    samples = {other.clone().sample_chance(random.Random(i)) for i in range(20)}
    assert len(samples) == 2


def test_every_card_starts_in_resource_or_pool(game):
    s = game.new_initial_state(shu_deck(), wei_deck())
    assert {s.area_of(c) for c in range(len(s.names))} == {Area.RESOURCE, Area.POOL}
    check_areas(s)
