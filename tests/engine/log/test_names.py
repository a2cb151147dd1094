"""Card references in logs: engine ids to names and back (engine/log/names.py)."""

from __future__ import annotations

import pytest

from engine.game import Game, Recruit, Reveal, Zone
from engine.game.terms import CHANCE
from engine.log import (
    LogFormatError,
    entry_action,
    resolve_action,
)
from tests.engine.replay.conftest import record


def test_recorded_game_entries_resolve_back_to_the_engine_actions_that_were_played(db, decks):
    rec = record(db, decks, 4)
    state = Game(db).new_initial_state(*decks, seed=4)
    entries = rec.entries[:-1]
    assert len(entries) == len(rec.state.history)
    for entry, played in zip(entries, rec.state.history):
        assert resolve_action(state, entry["action"]) == played
        state.apply(played)
    assert state == rec.state


def test_entries_name_cards_by_name_not_by_engine_id(db, decks):
    rec = record(db, decks, 5)
    recruit = next(e["action"] for e in rec.entries if e["action"]["type"] == "recruit")
    assert isinstance(recruit["card"], str) and db.lookup(recruit["card"]) is not None


def test_a_second_copy_that_the_name_rule_would_not_pick_is_written_name_hash_id(db, decks):
    state = Game(db).new_initial_state(*decks, seed=1)
    while state.phase.value != "main":
        state.apply(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[0])
    p = state.current_player()
    hand = sorted(state.hand[p])
    by_name: dict[str, list[int]] = {}
    for c in hand:
        by_name.setdefault(state.names[c], []).append(c)
    dup = next((ids for ids in by_name.values() if len(ids) > 1), None)
    if dup is None:  # deal a second copy of the first hand card from RESOURCE
        name = state.names[hand[0]]
        extra = next(c for c in state.resource[p] if state.names[c] == name and c > hand[0])
        state.resource[p].remove(extra)
        state.hidden[p] -= 1
        state.hand[p].append(extra)
        dup = [hand[0], extra]
    first, second = dup[0], dup[1]
    written_first = entry_action(state, Recruit(card=first))
    written_second = entry_action(state, Recruit(card=second))
    assert written_first["card"] == state.names[first]
    assert written_second["card"] == f"{state.names[second]}#{second}"
    assert resolve_action(state, written_second) == Recruit(card=second)


def test_payment_names_resolve_to_distinct_hand_cards_lowest_id_first(db, decks):
    state = Game(db).new_initial_state(*decks, seed=2)
    while state.phase.value != "main":
        state.apply(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[0])
    p = state.current_player()
    hand = sorted(state.hand[p])
    name = state.names[hand[0]]
    copies = [c for c in hand if state.names[c] == name]
    action = resolve_action(state, {"type": "discard", "cards": [name] * len(copies)})
    assert action.cards == tuple(copies)


def test_reveal_entries_are_card_names(db, decks):
    rec = record(db, decks, 10)
    reveals = [e["action"] for e in rec.entries if e["actor"] == "chance" and e["action"]["type"] == "reveal"]
    assert reveals and all(Reveal(card=r["card"]).card == r["card"] for r in reveals)


def test_unknown_card_name_in_an_entry_is_a_log_format_error_of_kind_card(db, decks):
    state = Game(db).new_initial_state(*decks, seed=1)
    with pytest.raises(LogFormatError) as err:
        resolve_action(state, {"type": "choose_commandment", "card": "不存在的卡"})
    assert err.value.kind == "card" and "不存在的卡" in str(err.value)


def test_every_engine_action_type_has_its_card_fields_in_the_log_format():
    from engine.game.actions import ACTION_KINDS
    from engine.log import ACTION_CLASSES, CARD_FIELDS

    assert set(CARD_FIELDS) == set(ACTION_KINDS)
    assert {cls.kind for cls in ACTION_CLASSES} == set(ACTION_KINDS)


def test_a_recruit_into_another_zone_writes_to_and_reads_it_back(db, decks):
    state = Game(db).new_initial_state(*decks, seed=2)
    while state.phase.value != "main":
        state.apply(state.sample_chance() if state.current_player() == CHANCE else state.legal_actions()[0])
    card = state.hand[state.active][0]
    for action in (Recruit(card=card, to=Zone.BORDER), Recruit(card=card)):
        written = entry_action(state, action)
        assert ("to" in written) is (action.to is not None)
        assert resolve_action(state, written) == action
    assert resolve_action(state, {"type": "recruit", "card": card, "to": None}) == Recruit(card=card)
    with pytest.raises(LogFormatError, match="'to' has a bad value"):
        resolve_action(state, {"type": "recruit", "card": card, "to": "enemy_fortress"})


def test_a_reveal_from_a_hand_is_read_by_name_like_a_reveal_from_a_resource(db, decks):
    state = Game(db).new_initial_state(*decks, seed=2)
    assert resolve_action(state, {"type": "reveal", "card": "Guan Yu"}) == Reveal("关羽")


def test_a_bad_action_in_a_log_is_a_code_whose_english_stays_the_error_text(db, decks):
    from engine.game import Game
    from engine.log import LogFormatError
    from engine.log.names import resolve_action

    state = Game(db).new_initial_state(*decks, seed=3)
    with pytest.raises(LogFormatError) as err:
        resolve_action(state, {"type": "fly"})
    assert err.value.said.code == "log.unknown_action_type"
    assert str(err.value).startswith("action: unknown action type 'fly' (one of coin_flip, reveal")
