"""engine.log: the recorder, card references by name, hashes, the commitment, parsing with limits."""

from __future__ import annotations

import hashlib
import json

import pytest

from engine.cards import CardDatabase, starter_database
from engine.game import Game, IllegalAction, Move, Recruit, Reveal, Zone
from engine.game.cli import load_deck
from engine.game.terms import CHANCE
from engine.log import (
    LOG_FORMAT,
    MAX_LOG_BYTES,
    LogFormatError,
    Recorder,
    canonical,
    commitment,
    entry_action,
    load_log,
    read_log_bytes,
    resolve_action,
    state_hash,
)
from tests.engine.replay.conftest import KEY, record


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return starter_database()


@pytest.fixture(scope="module")
def decks():
    return load_deck("shu_starter"), load_deck("wei_starter")


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


def test_recorder_does_not_record_an_illegal_action(db, decks):
    state = Game(db).new_initial_state(*decks, seed=3)
    rec = Recorder(state)
    with pytest.raises(IllegalAction):
        rec.apply(Move(general=0, to=Zone.BORDER))
    assert rec.entries == [] and state.history == []


def test_finish_reveals_the_seed_and_salt_that_match_the_header_commitment(db, decks):
    rec = record(db, decks, 6)
    end = rec.entries[-1]
    assert end["actor"] == "referee" and end["action"]["type"] == "end"
    seed, salt = end["action"]["seed"], end["action"]["salt"]
    assert seed == 6
    assert rec.header["randomness"]["commitment"] == commitment(seed, salt)
    assert commitment(seed, salt) == hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def test_the_header_carries_format_ruleset_database_players_decks_and_signed_flag(db, decks):
    rec = record(db, decks, 7, players=["Guan", "Cao"], key=KEY)
    h = rec.header
    assert h["format"] == LOG_FORMAT
    assert h["database"]["hash"] == db.content_hash
    assert [p["name"] for p in h["players"]] == ["Guan", "Cao"]
    assert h["decks"][0]["factions"] == list(rec.state.decks[0].factions)
    assert len(h["decks"][0]["resource"]) == len(rec.state.decks[0].resource)
    assert h["signed"] is True and "signature" in json.loads(rec.dumps())
    assert h["first_player"] is None  # a committed log does not say who goes first before the coin flip


def test_dumps_writes_one_entry_per_line_and_parses_back_equal(db, decks):
    rec = record(db, decks, 8)
    raw = rec.dumps()
    assert raw.count(b"\n") >= len(rec.entries)
    assert load_log(raw) == json.loads(json.dumps(rec.to_dict()))


def test_write_log_writes_the_dumps_bytes(db, decks, tmp_path):
    rec = record(db, decks, 9)
    rec.write_log(tmp_path / "game.json")
    assert (tmp_path / "game.json").read_bytes() == rec.dumps()


def test_canonical_bytes_are_the_sorted_compact_utf8_json_of_the_stdlib():
    value = {"b": [1, None, True], "a": '关羽\n\x01"', "c": {"z": 0, "y": -3}}
    expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert canonical(value) == expected


def test_state_hash_does_not_depend_on_the_seed(db, decks):
    a = Game(db).new_initial_state(*decks, seed=1)
    b = Game(db).new_initial_state(*decks, seed=2)
    assert state_hash(a) == state_hash(b)
    a.apply(a.legal_actions()[0])
    assert state_hash(a) != state_hash(b)


def test_reveal_entries_are_card_names(db, decks):
    rec = record(db, decks, 10)
    reveals = [e["action"] for e in rec.entries if e["actor"] == "chance" and e["action"]["type"] == "reveal"]
    assert reveals and all(Reveal(card=r["card"]).card == r["card"] for r in reveals)


def test_read_log_bytes_refuses_a_file_over_the_limit_from_its_size(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_LOG_BYTES + 1)  # sparse: nothing is written, nothing should be read
    with pytest.raises(LogFormatError) as err:
        read_log_bytes(big)
    assert err.value.kind == "size" and "limit" in str(err.value)


def test_load_log_says_where_truncated_json_ends(db, decks):
    raw = record(db, decks, 12).dumps()
    with pytest.raises(LogFormatError) as err:
        load_log(raw[: len(raw) // 2])
    assert err.value.kind == "json" and "line" in str(err.value)


def test_unknown_card_name_in_an_entry_is_a_log_format_error_of_kind_card(db, decks):
    state = Game(db).new_initial_state(*decks, seed=1)
    with pytest.raises(LogFormatError) as err:
        resolve_action(state, {"type": "choose_commandment", "card": "不存在的卡"})
    assert err.value.kind == "card" and "不存在的卡" in str(err.value)


def test_record_game_plays_the_same_game_as_bots_play_and_writes_the_log_to_path(db, decks, tmp_path):
    from engine.game.bots import RandomBot, play

    state = Game(db).new_initial_state(*decks, seed=15)
    play(state, [RandomBot(15), RandomBot(16)])
    rec = record(db, decks, 15, path=tmp_path / "game.json")
    assert rec.state == state
    assert (tmp_path / "game.json").read_bytes() == rec.dumps()


def test_recorder_writes_the_given_creation_time_in_utc(db, decks):
    from datetime import datetime, timedelta, timezone

    began = datetime(2026, 11, 22, 13, 30, tzinfo=timezone(timedelta(hours=8)))
    rec = Recorder(Game(db).new_initial_state(*decks, seed=1), created=began)
    assert rec.header["created"] == "2026-11-22T05:30:00+00:00"


def test_every_engine_action_type_has_its_card_fields_in_the_log_format():
    from engine.game.actions import ACTION_TYPES
    from engine.log import ACTION_CLASSES, CARD_FIELDS

    assert set(CARD_FIELDS) == set(ACTION_TYPES)
    assert {cls.kind for cls in ACTION_CLASSES} == set(ACTION_TYPES)


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
