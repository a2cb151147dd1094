"""Property: the log of any random game round-trips (dumps -> load -> schema -> replay gives the same result and
final state), with the starter decks' card texts and with random decks over every starter card."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from engine.cards import DATA_DIR, SANGUO_ZHI, CardDatabase, starter_database
from engine.decklist import parse_decklist
from engine.game import Game, GameSetupError, Phase, State
from engine.game.bots import GreedyBot, RandomBot
from engine.game.decks import resolve_deck
from engine.log import Recorder, load_log, record_game
from engine.replay import adjudicate
from tests.engine.replay.conftest import KEY, record

SCHEMA = json.loads((DATA_DIR / "log-schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)
DECK_FILES = sorted((DATA_DIR / "decks").glob("*.txt"))


def _plays(db: CardDatabase, decklist: Any) -> bool:
    try:
        resolve_deck(db, decklist)
    except GameSetupError:
        return False
    return True


def starter_decks() -> dict[str, Any]:
    """The bundled decklists the Generals' Order starter database plays (the others are 三国智 decks)."""
    db, sgz = starter_database(), starter_database(SANGUO_ZHI)
    decks = {p.stem: parse_decklist(p.read_bytes(), filename=p.name) for p in DECK_FILES}
    ours = {name: d for name, d in decks.items() if _plays(db, d)}
    assert all(_plays(sgz, d) for name, d in decks.items() if name not in ours), "a bundled deck no database plays"
    return ours


STARTERS = starter_decks()
PAIRS = list(itertools.product(sorted(STARTERS), repeat=2))


def test_the_round_trip_covers_at_least_three_bundled_starter_decks_in_every_pairing():
    assert len(STARTERS) >= 3 and len(PAIRS) == len(STARTERS) ** 2


def _check_round_trip(db: CardDatabase, rec: Recorder, key: bytes | None = None) -> dict[str, Any]:
    """The log of ``rec`` is schema-valid and replays to the same result and the same final state."""
    log = load_log(rec.dumps())
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in VALIDATOR.iter_errors(log)]
    assert errors == []
    verdict = adjudicate(log, db=db, key=key, until=len(log["entries"]) - 1)
    # authentic when signed with the key it is checked with, else unverified (never tampered)
    trust = "authentic" if key is not None and verdict.signature == "valid" else "unverified"
    assert verdict.legal is True and verdict.trust == trust, verdict.problems
    outcome = rec.state.outcome
    if outcome is None:
        assert not verdict.result.finished
    else:
        assert (verdict.result.winner, verdict.result.reason) == (outcome.winner, outcome.reason)
    assert verdict.state == rec.state.to_json(history=False)
    return log


@pytest.mark.parametrize("seed", range(200))
def test_log_of_a_starter_deck_game_is_schema_valid_and_replays_to_the_same_final_state(db, seed):
    first, second = PAIRS[seed % len(PAIRS)]
    bots = [RandomBot(seed), GreedyBot(seed + 1) if seed % 2 else RandomBot(seed + 1)]
    rec = record_game(Game(db), STARTERS[first], STARTERS[second], seed, bots)
    _check_round_trip(db, rec)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**63 - 1), signed=st.booleans(), every=st.sampled_from([0, 1, 7]))
def test_log_of_a_random_game_round_trips_to_the_same_result_and_state(db, decks, seed, signed, every):
    rec = record(db, decks, seed, key=KEY if signed else None, state_hash_every=every)
    _check_round_trip(db, rec, KEY)
    verdict = adjudicate(rec.dumps(), db=db, key=KEY)
    assert verdict.signature == ("valid" if signed else "unsigned")


def random_starter_deck(db: CardDatabase, rng: random.Random) -> tuple[list[str], list[str], list[str]]:
    """45 cards drawn from the whole starter database, its factions declared, up to 3 commandments."""
    cards = [c for c in db if c.type != "令"]
    commands = [c for c in db if c.type == "令"]
    names = [rng.choice(cards).name for _ in range(45)]
    factions = sorted({f for n in names for f in db[n].factions})
    pool = [c.name for c in rng.sample(commands, 3) if set(c.factions) <= set(factions)]
    return names, pool, factions


def _new_entry_kinds(db: CardDatabase, rec: Recorder, deck_a: Any, deck_b: Any, seed: int) -> Counter[str]:
    """Which of the entry kinds card texts added the log holds (replayed alongside, to see the state)."""
    seen: Counter[str] = Counter()
    state: State = Game(db).new_initial_state(deck_a, deck_b, seed=seed)
    for entry, action in zip(rec.entries, rec.state.history):
        written = entry["action"]
        if written["type"] == "choose":
            seen[f"choose {state.choice['kind'] if state.choice else '?'}"] += 1
            seen["choose -1"] += -1 in written["cards"]
            seen["choose name#id"] += any(isinstance(c, str) and "#" in c for c in written["cards"])
        elif written["type"] == "name_cards":
            seen["name_cards"] += 1
        elif written["type"] == "recruit" and "to" in written:
            seen["recruit to"] += 1
        elif written["type"] == "activate" and state.phase is Phase.RESPONSE:
            seen["activate in a response window"] += 1
        elif written["type"] == "reveal" and state.chance is not None and len(state.chance) > 4:
            seen["reveal from a hand"] += 1
        state.apply(action)
    return seen


def test_logs_of_random_decks_over_every_starter_card_round_trip_with_every_new_entry_kind(db):
    seen: Counter[str] = Counter()
    for seed in range(120):
        rng = random.Random(seed)
        deck_a, deck_b = random_starter_deck(db, rng), random_starter_deck(db, rng)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        rec = record_game(Game(db), deck_a, deck_b, seed, bots, max_actions=3000)
        _check_round_trip(db, rec)
        seen += _new_entry_kinds(db, rec, deck_a, deck_b, seed)
    wanted = {
        "choose search",
        "choose target",
        "choose discard",
        "choose -1",
        "name_cards",
        "recruit to",
        "activate in a response window",
        "reveal from a hand",
    }
    assert wanted <= set(seen), f"not covered: {sorted(wanted - set(seen))}"
