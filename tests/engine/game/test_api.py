"""The public API: IllegalAction carries rule and reason, validate never mutates, actions and states as JSON."""

from __future__ import annotations

import json

import pytest

from engine.cards import Card, CardDatabase
from engine.game import (
    ChooseCommandment,
    CoinFlip,
    Discard,
    EndTurn,
    Equip,
    Game,
    IllegalAction,
    LogError,
    Melee,
    Move,
    Pass,
    PaymentChoice,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Reveal,
    Siege,
    State,
    Zone,
    action_from_json,
)
from engine.game.actions import ACTION_KINDS, ActivateEffect, Choose, NameCards
from engine.game.terms import CHANCE, TERMINAL
from tests.engine.game.conftest import begin, deck_of, fillers, give, put, shu_deck, wei_deck

EXAMPLES = [
    CoinFlip(1),
    Reveal("关羽"),
    ChooseCommandment(None),
    ChooseCommandment(12),
    Recruit(3, (4, 5)),
    Equip(1, 2, (3,)),
    PlayEvent(1),
    PlayTactic(1, 2, (3,)),
    PlayAdvantage(4),
    ActivateEffect(5, (6,)),
    Move(1, Zone.ENEMY_BORDER),
    Melee(1, 60),
    Siege(2),
    EndTurn(),
    PlayCounter(7, (8,)),
    Pass(),
    Discard((1, 2)),
    Choose((3,)),
    NameCards(("关羽", "诡计识破")),
    Recruit(3, (), Zone.BORDER),
]


def test_every_action_type_has_an_example():
    assert {type(a) for a in EXAMPLES} == set(ACTION_KINDS.values())


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.kind)
def test_actions_round_trip_through_json(action):
    data = json.loads(json.dumps(action.to_json()))
    assert action_from_json(data) == action
    assert data["type"] == action.kind


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"type": "fly"},
        {"type": "recruit"},
        {"type": "recruit", "card": "关羽"},
        {"type": "recruit", "card": 1, "payment": "2"},
        {"type": "recruit", "card": 1, "payment": [True]},
        {"type": "move", "general": 1, "to": "enemy_fortress"},
        {"type": "reveal", "card": 3},
        {"type": "pass", "extra": 1},
    ],
)
def test_malformed_actions_are_log_errors_that_say_what_is_wrong(bad):
    with pytest.raises(LogError) as exc:
        action_from_json(bad)
    assert str(exc.value)


def test_actions_are_frozen_values():
    a = Recruit(1, (2,))
    with pytest.raises(AttributeError):
        a.card = 3  # type: ignore[misc]
    assert hash(a) == hash(Recruit(1, (2,)))


def test_illegal_action_carries_rule_and_reason_and_is_a_value_error(game):
    s = begin(game, shu_deck(), wei_deck())
    with pytest.raises(ValueError) as exc:
        s.apply(Siege(s.hand[0][0]))
    assert isinstance(exc.value, IllegalAction)
    assert exc.value.rule.startswith("§") and exc.value.reason


def test_an_illegal_action_leaves_the_state_unchanged(game):
    s = begin(game, deck_of("关羽", "刘备", factions=["蜀"]), wei_deck())
    liu = give(s, 0, "刘备")
    payment = fillers(s, 0, 2)
    before = s.to_json()
    for bad in (Recruit(liu, payment), Move(liu, Zone.BORDER), Pass(), Discard(()), CoinFlip(0), Reveal("关羽")):
        assert s.validate(bad) is not None
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before


def test_no_action_after_the_end(game):
    s = begin(game, deck_of(filler=20), deck_of(filler=5), first=0)
    s.apply(EndTurn())
    while not s.is_terminal():
        s.apply(s.sample_chance())
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    err = s.validate(EndTurn())
    assert err is not None and err.rule == "§1.4"


def test_at_a_chance_node_only_a_chance_event_is_legal(game):
    s = game.new_initial_state(deck_of(filler=10), deck_of(filler=10))
    assert s.current_player() == CHANCE and s.legal_actions() == []
    err = s.validate(EndTurn())
    assert err is not None
    s.apply(CoinFlip(0))
    err = s.validate(EndTurn())
    assert err is not None and err.rule == "ruling G12"


def test_payment_choice_completes_to_a_concrete_action(game):
    s = begin(game, deck_of("关羽", factions=["蜀"]), wei_deck())
    guan = give(s, 0, "关羽")
    (choice,) = [a for a in s.legal_actions() if isinstance(a, PaymentChoice) and a.template.card == guan]
    action = choice.complete(choice.choices[:5])
    assert action == Recruit(guan, tuple(choice.choices[:5]))
    assert s.validate(action) is None
    assert choice.to_json()["count"] == 5


def test_state_json_round_trip_is_exact(game):
    s = begin(game, shu_deck(), wei_deck())
    put(s, 0, "关羽", Zone.BORDER)
    data = json.loads(json.dumps(s.to_json()))
    assert State.from_json(game, data).to_json() == data
    assert game.state_from_json(data) == s


def test_a_state_of_another_database_is_refused(game):
    s = begin(game, shu_deck(), wei_deck())
    other = Game(CardDatabase([Card("关羽", "人", cost=1, might=1, wit=1)]))
    with pytest.raises(LogError, match="another card database"):
        State.from_json(other, s.to_json())


def test_a_malformed_state_is_a_log_error(game):
    s = begin(game, shu_deck(), wei_deck())
    data = s.to_json()
    del data["zone"]
    with pytest.raises(LogError, match="malformed"):
        State.from_json(game, data)


def test_clone_is_independent(game):
    s = begin(game, shu_deck(), wei_deck())
    copy = s.clone()
    copy.apply(EndTurn())
    assert s.phase.value == "main" and copy != s
