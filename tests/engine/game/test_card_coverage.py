"""Coverage of the starter database by the effect language, and the spec grammar's errors (issue 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import Card, CardDatabaseError, CardDataError, load_database
from engine.effects import validate_effect_spec
from tests.engine.game.cardtable import DB

HERE = Path(__file__).parent


def test_every_starter_card_has_a_valid_spec_and_none_is_unsupported():
    for card in DB:
        assert card.effect, f"{card.name} has no effect spec"
        assert validate_effect_spec(card.effect) == [], card.name
        assert not card.unsupported, f"{card.name}: {card.unsupported}"


def test_every_starter_card_is_played_by_a_card_test():
    source = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_card_*.py"))
    source += (HERE / "test_card_others.py").read_text(encoding="utf-8")
    missing = [c.name for c in DB if f'"{c.name}"' not in source]
    assert missing == []


def test_printed_only_specs_are_plain_equipment():
    for card in DB:
        if card.effect.get("printed"):
            assert card.type == "物" and (card.might_mod or card.wit_mod), card.name


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ({"play": [{"kind": "deplete", "amont": 5}]}, "play[0]: unknown parameter 'amont'"),
        ({"play": [{"kind": "summon"}]}, "play[0]: unknown step kind 'summon'"),
        ({"static": [{"stat": "luck", "amount": 1}]}, "static[0].stat: must be might or wit"),
        ({"static": [{"stat": "might", "amount": 1, "if": ["in_castle"]}]}, "static[0].if[0]: unknown condition"),
        ({"on": {"sunrise": [{"kind": "draw"}]}}, "on.sunrise: unknown event"),
        ({"answers": ["recruit"]}, "answers[0]: 'recruit' is not an action a counter answers"),
        ({"flags": ["fly"]}, "flags[0]: unknown flag 'fly'"),
        ({"recruit_to": ["enemy_fortress"]}, "recruit_to[0]: must be a zone"),
        ({"hand_limit": {"mine": 1}}, "hand_limit.mine: must be own or enemy"),
        ({"activate": [{"kind": "move"}]}, "activate[0]: a 'move' step needs 'to'"),
        ({"colour": "red"}, "colour: unknown key"),
        ({"play": [{"kind": "choose", "from": "graveyard"}]}, "play[0].from: must be one of"),
    ],
)
def test_validate_effect_spec_names_the_path_of_each_problem(spec, problem):
    problems = validate_effect_spec(spec)
    assert any(p.startswith(problem) for p in problems), problems


def test_a_bad_spec_is_an_import_error_naming_the_field():
    with pytest.raises(CardDataError) as err:
        Card.from_dict({"name": "X", "type": "事", "subtype": "事件", "effect": {"play": [{"kind": "summon"}]}})
    assert err.value.field == "effect" and "play[0]: unknown step kind 'summon'" in err.value.message


def test_a_database_file_with_a_bad_spec_names_the_card_row_and_field(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text(
        '{"format": "junling-cards/1", "game": "generals-order", "name": "t", "version": "1", "cards": ['
        '{"name": "X", "type": "事", "subtype": "事件", "effect": {"play": [{"kind": "draw", "amount": "two"}]}}]}',
        encoding="utf-8",
    )
    with pytest.raises(CardDatabaseError) as err:
        load_database(bad)
    assert "effect" in str(err.value) and "play[0].amount: must be a whole number" in str(err.value)


def test_a_text_listening_to_a_general_leaving_the_battlefield_and_one_sending_it_out_of_the_game():
    from engine.cards import Card, CardDatabase
    from engine.game import ActivateEffect, Game, Pass, Zone
    from tests.engine.game.conftest import TEST_CARDS, begin, deck_of, fillers, give, put

    extra = [
        Card(
            "放逐者",
            "人",
            cost=1,
            might=1,
            wit=1,
            ability_kind="effect",
            ability_cost="0",
            effect={
                "activate": [
                    {"kind": "choose", "from": "enemy_generals", "as": "t"},
                    {"kind": "to_out_of_game", "who": "t"},
                ]
            },
        ),
        Card("哨兵", "人", cost=1, might=1, wit=1, effect={"on": {"left": [{"kind": "draw", "amount": 1}]}}),
    ]
    game = Game(CardDatabase([*TEST_CARDS, *extra], name="t", version="1"))
    s = begin(game, deck_of("放逐者", "哨兵"), deck_of("关羽", "张飞"))
    exile = put(s, 0, "放逐者")
    put(s, 0, "哨兵")
    guan = put(s, 1, "关羽", Zone.BORDER)
    fei = put(s, 1, "张飞", Zone.BORDER)
    hand = len(s.hand[0])
    s.apply(ActivateEffect(exile, target=fei))  # the target is named when activated (ruling G17)
    s.apply(Pass())
    while s.is_chance_node():
        s.apply(s.sample_chance())
    assert fei in s.out_of_game[1] and guan in s.zone and len(s.hand[0]) == hand + 1
    _ = (fillers, give)


def test_a_deck_holding_an_unsupported_card_is_named_with_the_reason():
    import dataclasses

    from engine.cards import CardDatabase
    from engine.game import Game

    cards = [dataclasses.replace(c, unsupported="needs a rule the engine lacks") if c.name == "郭嘉" else c for c in DB]
    game = Game(CardDatabase(cards, name="t", version="1"))
    deck = (["郭嘉", "郭嘉", "曹操"], [], ["魏"])
    assert game.unsupported_cards(deck) == [("郭嘉", "needs a rule the engine lacks")]
    assert Game(DB).unsupported_cards(deck) == []
