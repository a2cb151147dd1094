"""Recording a game: the Recorder and record_game (engine/log/recording.py)."""

from __future__ import annotations

import hashlib
import json

import pytest

from engine.game import Game, IllegalAction, Move, Zone
from engine.log import (
    LOG_FORMAT,
    Recorder,
    commitment,
    load_log,
)
from tests.engine.replay.conftest import KEY, record


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
