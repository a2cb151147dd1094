"""Sealing: canonical JSON and hashes (engine/log/sealing.py)."""

from __future__ import annotations

import hashlib
import json

from engine.game import Game
from engine.log import (
    canonical,
    commitment,
    dumps_log,
    entry_hash,
    header_hash,
    seal_log,
    sign,
    state_hash,
)


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


def test_sealing_gives_the_bytes_it_gave_before_the_log_became_a_package():
    # figures written by engine/log.py before the split: a log sealed then must verify now
    header = {"format": "junling-log/1", "players": [{"seat": 0, "name": "关羽"}], "signed": True}
    entry = {"n": 0, "actor": "chance", "action": {"type": "reveal", "card": "粮草"}}
    start = header_hash(header)
    assert start == "faf1e64ddff87da5038785c69693137d8ed1eb6cb5b537334b0b7a55f3df3722"
    assert entry_hash(start, entry) == "73068fe6a7f25ab3e1eca2351d46e7b1930acdbd1e5257180c06556a236060a6"
    assert sign(b"key", entry_hash(start, entry)) == "7f03a5b2733199559fd64d5fb731462b8b8939046449523b82ce2f082eb0c9a6"
    assert commitment(2**63 - 1, "salt") == "16b4e30e326f7af752038734a012ee2d91222a6ce1a54a62ebbe5dc41460a9ff"
    sealed = dumps_log(seal_log({"header": header, "entries": [entry, entry]}, key=b"key"))
    assert hashlib.sha256(sealed).hexdigest() == "614a49ce8d3d7462000274da34c0aed00857ae88003227eedec06e8a3d739b00"
