"""Each action kind is declared once (engine/game/actions.py): the JSON form, the log's card references
and PaymentChoice read its field metadata."""

from __future__ import annotations

import dataclasses

import pytest

from engine.game.actions import (
    ACTION_KINDS,
    LIST_PLACES,
    Choose,
    Discard,
    NameCards,
    PaymentChoice,
    PlayTactic,
    Recruit,
    action_fields,
    action_from_json,
)
from engine.log import CARD_FIELDS


def test_every_field_of_every_kind_says_what_it_holds():
    for kind, cls in ACTION_KINDS.items():
        assert cls.kind == kind
        fields = action_fields(kind)
        assert [f.name for f in fields] == [f.name for f in dataclasses.fields(cls)]
        for f in fields:
            assert f.doc, (kind, f.name)
            assert f.card in (None, "id", "name")
            assert (f.place is not None) is (f.card == "id")
            assert (f.place in LIST_PLACES) is (f.card == "id" and f.is_list)


def test_action_fields_takes_a_kind_or_its_class():
    assert action_fields("tactic") == action_fields(PlayTactic)
    with pytest.raises(KeyError):
        action_fields("castle")


def test_the_log_reads_its_card_fields_from_the_declaration():
    assert CARD_FIELDS["tactic"] == {
        "card": "hand",
        "executor": "own_general",
        "payment": "payment",
        "target": "enemy_general",
    }
    assert CARD_FIELDS["reveal"] == {} and CARD_FIELDS["name_cards"] == {}
    assert set(CARD_FIELDS) == set(ACTION_KINDS)


def test_payments_and_discards_are_hidden_the_played_card_is_not():
    hidden = {(k, f.name) for k in ACTION_KINDS for f in action_fields(k) if f.hidden}
    assert ("recruit", "payment") in hidden and ("discard", "cards") in hidden and ("reveal", "card") in hidden
    assert ("recruit", "card") not in hidden and ("melee", "attacker") not in hidden


def test_a_payment_choice_fills_the_list_field_of_its_kind():
    assert PaymentChoice(Recruit(1), 1, (2,)).field == "payment"
    assert PaymentChoice(Discard(()), 1, (2,)).field == "cards"
    assert PaymentChoice(Choose(()), 1, (2,)).field == "cards"
    assert PaymentChoice(NameCards(()), 1, ("关羽",)).complete(["关羽"]) == NameCards(("关羽",))


def test_optional_fields_stay_out_of_the_json_form_while_default():
    assert Recruit(3).to_json() == {"type": "recruit", "card": 3, "payment": []}
    assert action_from_json({"type": "recruit", "card": 3, "to": "border"}).to_json()["to"] == "border"
