"""Issue 17, session 6: the checked replay's short ways give the verdict the long ways give.

The short ways: a seed's draw from a RESOURCE checked and applied in one call (``State.apply_seed_reveal``, its
splitmix64 computed for 32 steps at once);
an action named as before found in the table of built actions (``names._resolved_before``); ``State.apply``'s
commonest case checked and applied with one look-up of its rule (a card played from hand too, unless a
commandment); a kind without fields (end_turn, pass) taken from its table without ``resolve_action``;
session 7: the ordinary entries replayed by ``_replay_ordinary``, without the long loop's reports. The long
ways, put back here: no seed
reveal in one call, every action resolved the long way, ``apply`` as ``validate`` then the dispatch.
Compared on whole recorded games and on altered copies (resealed with the key, so that the rules and the
seed decide the verdict, not the chain): every field of the verdict the same.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import orjson
import pytest

import engine.log.names as names
from engine.game import Game, IllegalAction, PlayEvent, Reveal, State
from engine.game.state import _LANES, _mix, _mixes
from engine.log import load_log
from engine.replay import adjudicate
from engine.replay import verdict as verdict_module
from tests.engine.game.conftest import FILLER, TEST_RULES, begin, deck_of, give, make_db, wei_deck
from tests.engine.replay.conftest import KEY, paper_game, rechain, record, texts_game

_long_apply = State.apply_checked
"""``State.apply`` without its short way: ``validate``, then the dispatch."""


def _both(log: Any, db: Any, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The verdict with the short ways, and with the long ways only (fresh tables both times)."""
    names._BUILT.clear()
    verdict_module._REVEALS.clear()
    short = adjudicate(copy.deepcopy(log), db=db, key=KEY, **kwargs).to_dict()
    with monkeypatch.context() as m:
        m.setattr(State, "apply", _long_apply)
        m.setattr(State, "apply_seed_reveal", lambda self, action: False)
        m.setattr(names, "_resolved_before", lambda *args: None)
        m.setattr(verdict_module, "_NO_FIELD_ACTIONS", {})  # end_turn, pass, … through resolve_action
        m.setattr(verdict_module, "_replay_ordinary", lambda state, entries, start, stop, reveals: start)
        names._BUILT.clear()
        verdict_module._REVEALS.clear()
        long = adjudicate(copy.deepcopy(log), db=db, key=KEY, **kwargs).to_dict()
    return short, long


def _altered(log: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of ``log`` with one entry changed: another entry's action put in its place, a reveal naming
    another card, a move to another zone, an entry deleted or two swapped; resealed with the key."""
    out = copy.deepcopy(log)
    entries = out["entries"]
    i = rng.randrange(1, len(entries) - 1)
    how = rng.randrange(5)
    if how == 0:
        entries[i]["action"] = copy.deepcopy(entries[rng.randrange(len(entries) - 1)]["action"])
    elif how == 1:
        reveals = [e for e in entries if e["action"]["type"] == "reveal"]
        target = rng.choice(reveals)
        target["action"]["card"] = rng.choice(reveals)["action"]["card"]
    elif how == 2:
        moves = [e for e in entries if e["action"]["type"] == "move"] or entries[i : i + 1]
        target = rng.choice(moves)
        target["action"]["to"] = rng.choice(["fortress", "border", "enemy_border"])
    elif how == 3:
        del entries[i]
    else:
        entries[i], entries[i + 1] = entries[i + 1], entries[i]
    for n, e in enumerate(entries):
        e["n"] = n
    return rechain(out, KEY)


@pytest.mark.parametrize("seed", range(6))
def test_a_recorded_game_and_its_altered_copies_get_the_same_verdict_both_ways(db, decks, seed, monkeypatch):
    log = load_log(record(db, decks, seed, key=KEY, state_hash_every=9).dumps())
    short, long = _both(orjson.dumps(log), db, monkeypatch)
    assert short == long and short["ok"]
    rng = random.Random(seed)
    illegal = 0
    for _ in range(25):
        bad = _altered(log, rng)
        short, long = _both(orjson.dumps(bad), db, monkeypatch)
        assert short == long
        illegal += short["legal"] is False or short["seed"] == "mismatch" or bool(short["problems"])
    assert illegal > 10  # most alterations are caught, the same way both ways


def _noting(calls: list[tuple[int, int]]) -> Any:
    return lambda done, total: calls.append((done, total))


def test_until_and_progress_see_the_same_states_and_calls_both_ways(db, decks, monkeypatch):
    log = load_log(record(db, decks, 4, key=KEY).dumps())
    total = len(log["entries"])
    for until in (0, 7, 40, total - 1):
        for every in (1, 3, 50):
            calls: list[tuple[int, int]] = []  # the short way's calls, then the long way's
            short, long = _both(log, db, monkeypatch, until=until, progress=_noting(calls), progress_every=every)
            assert short == long and short["state"] is not None
            half = len(calls) // 2
            assert calls[:half] == calls[half:] and calls[half - 1] == (total, total)
            assert [done for done, _ in calls[: half - 1]] == list(range(every, total, every))[: half - 1]


def test_ordinary_entries_are_replayed_the_short_way(db, decks, monkeypatch):
    """The short loop does the work (else the agreement above would hold vacuously): it replays most entries."""
    log = record(db, decks, 5, key=KEY).dumps()
    done: list[int] = []
    ordinary = verdict_module._replay_ordinary

    def counted(state: State, entries: list[Any], start: int, stop: int, reveals: Any) -> int:
        reached = ordinary(state, entries, start, stop, reveals)
        done.append(reached - start)
        return reached

    monkeypatch.setattr(verdict_module, "_replay_ordinary", counted)
    v = adjudicate(log, db=db, key=KEY)
    assert v.ok and sum(done) >= 0.9 * v.entries


@pytest.mark.parametrize("which", [paper_game, texts_game])
def test_the_transcribed_fixtures_get_the_same_verdict_both_ways(db, which, monkeypatch):
    log = which(db)
    short, long = _both(log, db, monkeypatch)
    assert short == long and short["legal"] is True
    for i in range(1, len(log["entries"]) - 1):
        bad = copy.deepcopy(log)
        bad["entries"][i], bad["entries"][i + 1] = bad["entries"][i + 1], bad["entries"][i]
        assert _both(bad, db, monkeypatch)[0] == _both(bad, db, monkeypatch)[1]


def test_apply_short_way_accepts_and_refuses_as_validate_does(db, decks):
    """On states along random games: every legal action, and actions taken from other states (mostly
    illegal here), applied both ways to clones: the same refusal (code, parameters, rule) or the same state."""
    rng = random.Random(5)
    game = Game(db)
    pool: list[Any] = []
    checked = refused = 0
    for seed in range(4):
        rec = record(db, decks, seed)
        pool.extend(a for a in rec.state.history if type(a) is not Reveal)
        state = game.new_initial_state(*decks, seed=seed)
        for action in rec.state.history:
            if not state.is_chance_node() and not state.is_terminal():
                for candidate in [action, *rng.sample(pool, min(6, len(pool)))]:
                    short, long = _applied_both_ways(state, candidate)
                    assert short == long
                    checked += 1
                    refused += type(short) is tuple
            state.apply(action)
    assert checked > 500 and refused > 100


def _applied_both_ways(state: State, action: Any) -> tuple[Any, Any]:
    """``action`` applied to two clones of ``state``, by ``apply`` and by its long way: each the state after, or
    the refusal (message, rule)."""
    got: list[Any] = []
    for fn in (State.apply, _long_apply):
        s = state.clone()
        try:
            fn(s, action)
            got.append(s.to_json())
        except IllegalAction as exc:
            got.append((exc.message, exc.rule))
    return got[0], got[1]


def test_apply_short_way_refuses_a_commandment_from_the_deck_as_validate_does():
    """The short way takes the kinds that play a card from hand too, unless the card is a commandment in hand
    (drawn from the deck: ruling D5), which it leaves to the long way: the same refusal both ways, and the same
    play of an ordinary card from hand."""
    game = Game(make_db(), rules=TEST_RULES)
    s = begin(game, deck_of("反军", factions=()), wei_deck(), first=0)
    order, filler = give(s, 0, "反军"), give(s, 0, FILLER)
    short, long = _applied_both_ways(s, PlayEvent(order))
    assert short == long and short[1] == "ruling D5"
    short, long = _applied_both_ways(s, PlayEvent(filler))
    assert short == long and type(short) is dict


def test_seed_reveal_takes_the_card_the_scan_by_name_takes(db, decks):
    """``apply_seed_reveal`` finds the first card of the drawn name in the unseen part by bisection among the
    lower ids of that name apart from it, else a step or two back over the copies next to it in id; the long way
    (``apply``, ``apply_reveal``'s scan by name) must take the same card. Decks in their order (copies next to
    each other, a few names in both decks) and shuffled (copies then far apart in id), on every chance node of
    random games and the same state after, or both refuse."""
    game = Game(db)
    rng = random.Random(17)
    shuffled = []
    for d in game.new_initial_state(*decks, seed=0).decks:
        resource = list(d.resource)
        rng.shuffle(resource)
        shuffled.append((resource, list(d.pool), list(d.factions)))
    applied = copies = 0
    for pair in (decks, tuple(shuffled)):
        for seed in range(6):
            rec = record(db, pair, seed)
            state = game.new_initial_state(*pair, seed=seed)
            for action in rec.state.history:
                if state.chance is not None and len(state.chance) <= 4:
                    for outcome, _p in state.chance_outcomes():
                        a, b = state.clone(), state.clone()
                        name = outcome.card  # type: ignore[attr-defined]
                        if a.apply_seed_reveal(outcome):  # type: ignore[arg-type]
                            _long_apply(b, outcome)
                            assert a.to_json() == b.to_json()
                            applied += 1
                            unseen = state.resource[state.chance[0]][: state.hidden[state.chance[0]]]
                            copies += sum(state.names[c] == name for c in unseen) > 1  # which copy is taken matters
                        else:
                            assert a.to_json() == state.to_json()
                state.apply(action)
    assert applied > 200 and copies > 100


@pytest.mark.parametrize("seed", [0, 1, -1, -(2**70) + 3, 2**63, 2**64 - 1, 2**64, 2**80 + 17, 0x1234_5678_9ABC_DEF0])
def test_mixes_computed_together_are_the_ones_computed_one_by_one(seed):
    """``_mixes`` (the steps' splitmix64 in the lanes of one long int) gives ``_mix`` of each step: any seed Python
    takes (negative, 64 bits and more), first steps from 0 up to far past any log's length."""
    rng = random.Random(seed)
    for first in [0, 1, _LANES - 1, _LANES, 1000, *(rng.randrange(2**40) for _ in range(20))]:
        assert list(_mixes(seed, first)) == [_mix(seed, first + i) for i in range(_LANES)]
