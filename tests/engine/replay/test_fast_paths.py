"""The checked replay's short ways (issue 17) give what the long ways give: the hash chain of an entry
serialised in place, the seed's draw compared by name, actions shared by value, a new state's fixed layout
shared by decks."""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest

from engine.cards import CardDatabase
from engine.game import Game, Reveal
from engine.log import LogFormatError, canonical, entry_hash, header_hash, load_log, resolve_action
from engine.log.names import _BUILT, _build
from engine.replay import adjudicate
from engine.replay.verdict import _check_entries, _Collector
from tests.engine.replay.conftest import KEY, rechain, record


def _chain_by_definition(log: dict[str, Any]) -> list[str]:
    """Every entry's hash as ``docs/log-format.md`` defines it (``entry_hash``, a copy of each entry)."""
    prev = header_hash(log["header"])
    out = []
    for e in log["entries"]:
        prev = entry_hash(prev, e)
        out.append(prev)
    return out


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("owned", [True, False])
def test_the_chain_checked_in_place_is_the_chain_by_definition_on_every_entry(db, decks, seed, owned):
    log = load_log(record(db, decks, seed, key=KEY, state_hash_every=7).dumps())
    before = copy.deepcopy(log)
    hashes = _chain_by_definition(log)
    assert [e["hash"] for e in log["entries"]] == hashes  # the recorder wrote them so
    status: dict[str, str] = {}
    problems = _Collector()
    last = _check_entries(log["header"], log["entries"], False, problems, status, owned=owned)
    assert (last, status["chain"], problems.count) == (hashes[-1], "valid", 0)
    if owned:  # the hash taken out to serialise the body is not put back: the rest of each entry is untouched
        assert log["entries"] == [{k: v for k, v in b.items() if k != "hash"} for b in before["entries"]]
        assert log["header"] == before["header"]
    else:  # another's entries are not touched
        assert log == before
        assert all(canonical(e) == canonical(b) for e, b in zip(log["entries"], before["entries"]))


@pytest.mark.parametrize("owned", [True, False])
def test_a_changed_entry_breaks_the_chain_in_place_where_it_breaks_by_definition(db, decks, owned):
    log = load_log(record(db, decks, 5, key=KEY).dumps())
    log["entries"][40]["action"]["hash"] = log["entries"][40]["hash"]  # a field named hash inside the action
    status: dict[str, str] = {}
    problems = _Collector()
    last = _check_entries(log["header"], log["entries"], False, problems, status, owned=owned)
    assert status["chain"] == "broken" and problems.items[0].index == 40
    assert last == _chain_by_definition(log)[-1]


def test_a_log_whose_lines_are_not_canonical_gets_the_verdict_of_its_canonical_form(db, decks):
    rec = record(db, decks, 8, key=KEY)
    canonical_bytes = rec.dumps()
    log = orjson.loads(canonical_bytes)
    reordered = {
        "signature": log["signature"],
        "entries": [dict(reversed(list(e.items()))) for e in log["entries"]],
        "header": dict(reversed(list(log["header"].items()))),
    }
    want = adjudicate(canonical_bytes, db=db, key=KEY).to_dict()
    assert want["ok"] and want["chain"] == "valid"
    for raw in (orjson.dumps(log, option=orjson.OPT_INDENT_2), orjson.dumps(reordered), canonical_bytes.decode()):
        assert adjudicate(raw, db=db, key=KEY).to_dict() == want
    assert adjudicate(reordered, db=db, key=KEY).to_dict() == want
    assert reordered["entries"][0] == dict(reversed(list(log["entries"][0].items())))  # a caller's dict: untouched
    assert list(reordered["entries"][0]) == list(reversed(list(log["entries"][0])))


def test_a_resealed_log_with_an_altered_entry_is_refused_as_before(db, decks):
    log = load_log(record(db, decks, 9, key=KEY).dumps())
    i = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "reveal" and i > 20)
    names = {e["action"]["card"] for e in log["entries"] if e["action"]["type"] == "reveal"}
    log["entries"][i]["action"]["card"] = next(n for n in sorted(names) if n != log["entries"][i]["action"]["card"])
    forged = rechain(log, KEY)
    v = adjudicate(orjson.dumps(forged), db=db, key=KEY)
    assert v.chain == "valid" and v.tampered and not v.ok
    assert any(p.kind == "chance" and p.index == i for p in v.problems)


def test_the_seeds_draw_by_name_is_the_sampled_reveal_at_every_chance_node(db, decks):
    game = Game(db)
    rec = record(db, decks, 13)
    state = game.new_initial_state(decks[0], decks[1], seed=13)
    reveals = 0
    for action in rec.state.history:
        drawn = state.drawn_name()
        sampled = state.sample_chance() if state.is_chance_node() else None
        if state.chance is None:
            assert drawn is None
        else:
            assert type(sampled) is Reveal and drawn == sampled.card
            reveals += 1
        state.apply(action)
    assert reveals > 50


def test_actions_built_from_equal_fields_are_one_value_and_exact_types_stay_apart():
    _BUILT.clear()
    move = _build({"type": "move", "general": 1, "to": "border"}, "action")
    again = _build({"to": "border", "type": "move", "general": 1}, "action")
    assert move == again and move is _build({"type": "move", "general": 1, "to": "border"}, "action")
    assert _build({"type": "move", "general": 2, "to": "border"}, "action").general == 2  # type: ignore[attr-defined]
    pay = _build({"type": "recruit", "card": 4, "payment": [1, 2]}, "action")
    assert pay.payment == (1, 2)  # type: ignore[attr-defined]
    with pytest.raises(LogFormatError):  # the engine's reader refuses it, not the cached Move(1)
        _build({"type": "move", "general": True, "to": "border"}, "action")


def test_states_of_the_same_decks_share_the_fixed_layout_and_nothing_that_changes(db: CardDatabase, decks):
    game = Game(db)
    a = game.new_initial_state(decks[0], decks[1], seed=1)
    b = game.new_initial_state(decks[0], decks[1], seed=2)
    fresh = Game(db).new_initial_state(decks[0], decks[1], seed=1)
    assert a.to_json() == fresh.to_json()
    assert a.names is b.names and a.cards is b.cards and a.pool is b.pool
    assert a.resource == b.resource and a.resource is not b.resource
    assert all(x is not y for x, y in zip(a.resource, b.resource))
    a.resource[0].pop()
    assert len(b.resource[0]) == len(a.resource[0]) + 1


def test_resolution_of_a_whole_log_is_unchanged_by_the_shared_actions(db, decks):
    rec = record(db, decks, 21)
    log = load_log(rec.dumps())
    for shared in (False, True):
        _BUILT.clear()
        state = Game(db).new_initial_state(decks[0], decks[1], seed=21)
        for entry, action in zip(log["entries"], rec.state.history):
            got = resolve_action(state, entry["action"])
            assert got == action and type(got) is type(action)
            if shared:
                assert resolve_action(state, entry["action"]) == action
            state.apply(action)
