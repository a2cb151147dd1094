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
from engine.game import Area, Game, IllegalAction, PlayEvent, Reveal, State, Zone
from engine.game.state import _LANES, _mix, _mixes
from engine.log import LogFormatError, load_log
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


def _resolved(state: State, data: Any) -> Any:
    """What ``resolve_action`` gives for ``data`` in ``state``: the action and its type, or the refusal."""
    try:
        action = names.resolve_action(state, copy.deepcopy(data))
    except LogFormatError as exc:
        return ("refused", exc.kind, exc.where, exc.said)
    return (type(action), action)


def _variants(state: State, data: Any, others: list[Any], db: Any, rng: random.Random) -> list[Any]:
    """``data`` and what a judge (or a forger) might write instead: another entry's action, each field named
    another way (another card of the game, cards on the battlefield, an alias, ``"name#id"``, an id, a name
    of no card, null, a wrong type), a list with a name twice or a "no", an unknown field, a field left out."""
    out = [data, *rng.sample(others, min(3, len(others)))]
    if type(data) is not dict:
        return out
    game_names = sorted(set(state.names))
    table = sorted({state.names[c] for c in (*state.zone, *state.carrier, *state.field[0], *state.field[1])})
    for name, value in data.items():
        if name == "type":
            continue
        written = value[0] if type(value) is list and value and type(value[0]) is str else value
        card = db.lookup(written) if type(written) is str else None
        other = rng.choice(game_names)
        on_table = rng.sample(table, min(2, len(table)))
        ids = [c for c, n in enumerate(state.names) if n == written]
        for instead in (
            other,
            *on_table,
            card.name_en if card is not None else other,
            f"{written}#{ids[-1]}" if ids else f"{other}#0",
            f"{written}#{len(state.names)}",
            f"{written}#0{ids[0] if ids else 1}",
            f"{written}#{'²' if ids else 'x'}",
            f"{card.name_en if card is not None else other}#{ids[0] if ids else 2}",
            ids[0] if ids else 0,
            len(state.names),
            True,
            None,
            "无此牌",
            7,
            [written, written],
            [other, -1],
            "fortress",
        ):
            if type(value) is list and type(instead) is not list:
                instead = [instead, *value[1:]]
            out.append({**data, name: instead})
        if type(value) is list:
            out.append({**data, name: [*value, -1]})
        out.append({k: v for k, v in data.items() if k != name})
    out.append({**data, "extra": "x"})
    out.extend({**data, "type": kind} for kind in ([data.get("type")], 5, None, "nope", "reveal", "name_cards"))
    return out


def _short_way_taken(state: State, data: dict[str, Any]) -> bool:
    try:
        return names._resolved_before(state, copy.deepcopy(data)) is not None
    except LogFormatError:
        return True  # resolved, then refused by the engine's reader as the long way's last step refuses it


@pytest.mark.parametrize("mirror", [False, True])
def test_names_resolve_the_same_short_way_and_long_way_on_every_entry_and_its_variants(db, decks, mirror):
    """``names._resolved_before`` (a name looked up by its ids, the action from the table of built ones) gives,
    for every entry of recorded games and the transcribed fixtures, in the state it was played in, and for
    variants of it (see ``_variants``), what the long way gives: the same action of the same type, or the same
    refusal (kind, where, message). Several layouts met alternately (the decks both ways round; mirror
    matches, where both players hold cards of one name and the actor's come first); the short way's table is
    kept from entry to entry as in a replay, the long way starts from an empty one each time."""
    pairs = [(decks[0], decks[0]), (decks[1], decks[1])] if mirror else [decks, (decks[1], decks[0])]
    game = Game(db)
    rng = random.Random(mirror)
    runs: list[tuple[State, list[Any]]] = []
    for seed in range(8):
        pair = pairs[seed % 2]
        rec = record(db, pair, seed)
        runs.append((game.new_initial_state(*pair, seed=seed), [e["action"] for e in rec.entries[:-1]]))
    for log in (paper_game(db), texts_game(db)):
        start = game.new_initial_state(*[(d["resource"], d["pool"], d["factions"]) for d in log["header"]["decks"]])
        runs.append((start, [e["action"] for e in log["entries"][:-1]]))
    compared = short_ways = refused = 0
    for state, actions in runs:
        for data in actions:
            for variant in _variants(state, data, actions, db, rng):
                short = _resolved(state, variant)
                short_ways += type(variant) is dict and _short_way_taken(state, variant)
                with pytest.MonkeyPatch.context() as m:
                    m.setattr(names, "_resolved_before", lambda *args: None)
                    m.setattr(names, "_BUILT", {})
                    long = _resolved(state, variant)
                assert short == long, variant
                compared += 1
                refused += short[0] == "refused"
            state.apply(names.resolve_action(state, data))
    assert compared > 20_000 and short_ways > 3_000 and refused > 5_000


def test_names_resolve_the_same_both_ways_on_a_crowded_battlefield(db, decks):
    """As above, on states of mirror matches with every copy of a few names put on the battlefield of its owner
    (generals and equipment, not as the rules would have it: the names only are read), so that a name stands
    for several cards of each side in one place and the lowest id of the actor's must be taken."""
    game = Game(db)
    rng = random.Random(3)
    compared = 0
    for seed, deck in enumerate((*decks, *decks)):
        rec = record(db, (deck, deck), seed)
        actions = [e["action"] for e in rec.entries[:-1]]
        state = game.new_initial_state(deck, deck, seed=seed)
        for i, data in enumerate(actions):
            if i % 4 == 1:
                crowded = state.clone()
                crowded.zone, crowded.carrier = dict(crowded.zone), dict(crowded.carrier)
                crowded.field = [list(crowded.field[0]), list(crowded.field[1])]
                copies = sorted({n for n in state.names if state.names.count(n) > 2})
                crowd = rng.sample(copies, 3) + rng.sample(sorted(set(state.names)), 2)
                for name in crowd:
                    for c, n in enumerate(state.names):
                        if n == name and c not in crowded.zone and c not in crowded.carrier:
                            p = state.owner[c]
                            if rng.random() < 0.5 or not crowded.field[p]:
                                crowded.zone[c] = rng.choice(list(Zone))
                                crowded.field[p].append(c)
                            else:
                                crowded.carrier[c] = rng.choice(crowded.field[p])
                named = [
                    {"type": "activate", "source": crowd[0], "target": crowd[1], "payment": [crowd[2]]},
                    {"type": "melee", "attacker": crowd[1], "defender": crowd[0]},
                    {"type": "equip", "card": crowd[3], "general": crowd[2], "payment": []},
                ]
                for variant in _variants(crowded, data, actions + named, db, rng) + named:
                    short = _resolved(crowded, variant)
                    with pytest.MonkeyPatch.context() as m:
                        m.setattr(names, "_resolved_before", lambda *args: None)
                        long = _resolved(crowded, variant)
                    assert short == long, variant
                    compared += 1
            state.apply(names.resolve_action(state, data))
    assert compared > 2_500


def test_names_short_way_keeps_no_table_of_a_layout_that_may_change(db, decks):
    """The ids of each name are kept for a layout held as a tuple only: names in a list changed between two
    resolutions are read afresh (both ways give the same action after the change)."""
    rec = record(db, decks, 2)
    state = Game(db).new_initial_state(*decks, seed=2)
    for entry in rec.entries[:-1]:
        data = entry["action"]
        if data["type"] == "move" and len({state.names[c] for c in state.field[state.deciding]}) > 1:
            break
        state.apply(names.resolve_action(state, data))
    moved = state.clone()
    moved.names = list(state.names)  # type: ignore[assignment]
    general = names.resolve_action(moved, data).general  # type: ignore[attr-defined]
    renamed = next(c for c in moved.field[moved.deciding] if moved.names[c] != data["general"])
    moved.names[general], moved.names[renamed] = moved.names[renamed], moved.names[general]
    short = _resolved(moved, data)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(names, "_resolved_before", lambda *args: None)
        assert short == _resolved(moved, data) and short[1].general == renamed


def _reveal_variants(state: State) -> list[State]:
    """Clones of ``state`` (at a reveal from a RESOURCE) with the reveal's other cases put in: the unseen part cut
    to one or two cards (the cards under it then known, taken without a chance event once the unseen run out),
    one to three cards to take, to HAND or DISCARD, and a RESOURCE looked at (郭嘉) with none or one card known."""
    assert state.chance is not None
    player = state.chance[0]
    out = [state.clone()]
    for hidden in (1, 2):
        for count in (1, 2, 3):
            for dest in (Area.HAND, Area.DISCARD):
                for top in (None, 0, 1):
                    s = state.clone()
                    start = top or 0
                    if len(s.resource[player]) < start + max(hidden, count):
                        continue
                    resource = s.resource[player]
                    resource[start : start + hidden] = sorted(resource[start : start + hidden])
                    s.hidden[player] = hidden
                    assert s.chance is not None
                    s.chance[1], s.chance[2] = count, dest
                    if top is not None:
                        s.memory = {**copy.deepcopy(s.memory), "top": [top if p == player else 0 for p in (0, 1)]}
                        s.top = s.memory["top"]
                    out.append(s)
    return out


def test_seed_reveal_agrees_with_the_long_way_in_every_case(db, decks):
    """``apply_seed_reveal`` (the seed's draw found by id, then ``reveal_at``): on every reveal from a RESOURCE of
    random games and on variants of it (see ``_reveal_variants``:
    the unseen part running out with cards still to take, a RESOURCE looked at), each outcome applied by it and the
    long way (``apply``, ``apply_reveal``, ``reveal_at``) gives the same state, or it declines, the state untouched."""
    game = Game(db)
    applied = ran_out = looked = 0
    for seed in range(3):
        rec = record(db, decks, seed)
        state = game.new_initial_state(*decks, seed=seed)
        for action in rec.state.history:
            if state.chance is not None and len(state.chance) <= 4:
                for variant in _reveal_variants(state):
                    for outcome, _p in variant.chance_outcomes():
                        a, b = variant.clone(), variant.clone()
                        if a.apply_seed_reveal(outcome):  # type: ignore[arg-type]
                            _long_apply(b, outcome)
                            assert a.to_json() == b.to_json()
                            applied += 1
                            player = variant.chance[0]  # type: ignore[index]
                            ran_out += variant.hidden[player] == 1 and variant.chance[1] > 1  # type: ignore[index]
                            looked += variant.top is not None
                        else:
                            assert a.to_json() == variant.to_json()
            state.apply(action)
    assert applied > 1000 and ran_out > 100 and looked > 100


@pytest.mark.parametrize("written", ["{name}#²", "{name}#١"])
def test_a_reference_with_a_digit_int_cannot_read_is_a_card_problem_not_an_internal_error(db, decks, written):
    """ "关羽#²": ``isdigit`` says yes, ``int`` raises; the verdict said "internal". It names no card of the game."""
    log = load_log(record(db, decks, 5, key=KEY).dumps())
    at = next(i for i, e in enumerate(log["entries"]) if e["action"]["type"] == "recruit")
    log["entries"][at]["action"]["card"] = written.format(name=log["entries"][at]["action"]["card"])
    v = adjudicate(orjson.dumps(rechain(log, KEY)), db=db, key=KEY)
    assert [(p.kind, p.where) for p in v.problems] == [("format", f"entries[{at}].action.card")]
    assert v.legal is None and v.replayed == at


@pytest.mark.parametrize("kind", [["end_turn"], {"end_turn": 1}])
def test_an_action_type_that_is_no_string_is_refused_by_name_resolution(db, decks, kind):
    state = Game(db).new_initial_state(*decks, seed=1)
    with pytest.raises(LogFormatError) as refused:
        names.resolve_action(state, {"type": kind})
    assert refused.value.where == "action" and refused.value.said.code == "log.unknown_action_type"
