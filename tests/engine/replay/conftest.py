"""Logs to replay: games between random bots on the starter database, and a game transcribed from paper."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.cards import CardDatabase, starter_database
from engine.game import Game, State
from engine.game.bots import RandomBot
from engine.game.cli import load_deck
from engine.log import Recorder, entry_hash, header_hash, load_log, record_game, resolve_action, sign

KEY = b"the site's signing key"
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    return starter_database()


@pytest.fixture(scope="session")
def decks() -> tuple[Any, Any]:
    return load_deck("shu_starter"), load_deck("wei_starter")


def record(db: CardDatabase, decks: tuple[Any, Any], seed: int, **kwargs: Any) -> Recorder:
    """A finished game between two random bots, recorded."""
    return record_game(Game(db), *decks, seed=seed, bots=[RandomBot(seed), RandomBot(seed + 1)], **kwargs)


@pytest.fixture(scope="session")
def signed_recorder(db, decks) -> Recorder:
    return record(db, decks, 11, key=KEY, state_hash_every=5)


@pytest.fixture
def signed_log(signed_recorder) -> dict[str, Any]:
    """A fresh parsed copy of the signed log (tests change it)."""
    return load_log(signed_recorder.dumps())


def rechain(log: dict[str, Any], key: bytes | None = None) -> dict[str, Any]:
    """Recompute every hash (and the signature with ``key``): what a forger without the key can do."""
    log = copy.deepcopy(log)
    prev = header_hash(log["header"])
    for entry in log["entries"]:
        entry.pop("hash", None)
        entry["hash"] = prev = entry_hash(prev, entry)
    if key is not None:
        log["signature"] = sign(key, prev)
    else:
        log.pop("signature", None)
    return log


def fixture_log(name: str, db: CardDatabase) -> dict[str, Any]:
    """A transcribed fixture log, naming ``db`` (its cards are the starter set's, whose hash may move)."""
    log = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    log["header"]["database"]["hash"] = db.content_hash
    return log


def paper_game(db: CardDatabase) -> dict[str, Any]:
    """The transcribed fixture game without card texts: recruits and an upkeep that cannot be paid."""
    return fixture_log("paper_game.json", db)


def texts_game(db: CardDatabase) -> dict[str, Any]:
    """The transcribed fixture game with card texts: 束缚 names two cards (``name_cards``), 援兵到 searches
    (``choose``)."""
    return fixture_log("texts_game.json", db)


def replay_to(log: dict[str, Any], db: CardDatabase, n: int) -> State:
    """The engine state after the first ``n`` entries of a transcribed log (no seed needed)."""
    decks = [(d["resource"], d["pool"], d["factions"]) for d in log["header"]["decks"]]
    state = Game(db).new_initial_state(decks[0], decks[1], seed=0)
    for entry in log["entries"][:n]:
        state.apply(resolve_action(state, entry["action"]))
    return state


def index_of(log: dict[str, Any], kind: str, start: int = 0) -> int:
    """The index of the first entry of action type ``kind`` from ``start``."""
    for i, entry in enumerate(log["entries"][start:], start):
        if entry["action"]["type"] == kind:
            return i
    raise AssertionError(f"no {kind} entry")
