"""``State.clone()`` after random play: the clone equals its original (by serialisation) and the two never
share mutable state: playing on (or changing any container of) one leaves the other as it was (issue 17)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import starter_database
from engine.game import Game, State
from engine.game.bots import RandomBot
from engine.game.cli import load_deck

_GAME: list[Game] = []

SHARED_INDEXES = ("listeners", "auras", "hooks", "keyed", "flagged", "self_static", "table_static")
"""The card texts' indexes: built once per pair of decks and shared by design (with the game's cache too);
``State.index_commandment`` replaces them with copies before it adds to them."""

NOT_STATE = ("game", "rules", "cards")
"""The game (card database, rules table) and the Card values it holds: fixed, not the state's own."""


def _game() -> Game:
    if not _GAME:
        _GAME.append(Game(starter_database()))
    return _GAME[0]


def _play(s: State, seed: int, steps: int) -> State:
    bots = [RandomBot(seed), RandomBot(seed + 7919)]
    for _ in range(steps):
        if s.is_terminal():
            break
        p = s.current_player()
        s.apply(s.sample_chance() if p < 0 else bots[p].choose(s))
    return s


def _new(seed: int, steps: int) -> State:
    s = _game().new_initial_state(load_deck("shu_starter"), load_deck("wei_starter"), seed=seed)
    return _play(s, seed, steps)


def _containers(value: Any, path: str, out: dict[int, str]) -> None:
    """The id of every mutable container reachable from ``value`` (into lists, dicts, sets and tuples)."""
    if isinstance(value, (list, dict, set, bytearray)):
        out[id(value)] = path
    if isinstance(value, dict):
        for k, v in value.items():
            _containers(v, f"{path}[{k!r}]", out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _containers(v, f"{path}[{i}]", out)


def _mutable(s: State) -> dict[int, str]:
    out: dict[int, str] = {}
    for name in State.__slots__:
        if name not in SHARED_INDEXES and name not in NOT_STATE:
            _containers(getattr(s, name), name, out)
    return out


def _snapshot(s: State) -> dict[str, Any]:
    """Every attribute of the state but the game, deep-copied: what must not move."""
    return {name: copy.deepcopy(getattr(s, name)) for name in State.__slots__ if name not in NOT_STATE}


def _poke(container: Any) -> None:
    if isinstance(container, list):
        container.append(-99)
    elif isinstance(container, dict):
        container["-probe-"] = -99
    elif isinstance(container, set):
        container.add(-99)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 500), more=st.integers(1, 40))
def test_a_clone_equals_its_original_and_shares_no_mutable_state(seed: int, steps: int, more: int) -> None:
    s = _new(seed, steps)
    c = s.clone()
    assert c == s and c.to_json() == s.to_json()
    assert c.history == s.history and len(c.history) == len(s.history)
    if c.texts:
        assert c.top is c.memory.get("top")
    mine, theirs = _mutable(s), _mutable(c)
    shared = {mine[i] for i in set(mine) & set(theirs)}
    assert not shared, f"the clone shares {sorted(shared)} with its original"

    before = _snapshot(s)
    _play(c, seed + 1, more)  # play on the clone: the original does not move
    assert _snapshot(s) == before
    twin = s.clone()
    frozen = _snapshot(twin)
    _play(s, seed + 2, more)  # and the other way round
    assert _snapshot(twin) == frozen


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 500))
def test_changing_any_container_of_a_clone_leaves_the_original_as_it_was(seed: int, steps: int) -> None:
    s = _new(seed, steps)
    c = s.clone()
    before = _snapshot(s)
    found: dict[int, Any] = {}

    def collect(value: Any) -> None:
        if isinstance(value, (list, dict, set)):
            found[id(value)] = value
        if isinstance(value, dict):
            for v in list(value.values()):
                collect(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                collect(v)

    for name in State.__slots__:
        if name not in SHARED_INDEXES and name not in NOT_STATE:
            collect(getattr(c, name))
    assert found  # the piles at least
    for container in found.values():
        _poke(container)
    assert _snapshot(s) == before


def test_the_history_is_shared_and_persistent() -> None:
    s = _new(5, 60)
    c = s.clone()
    assert c.history is s.history  # immutable: shared, not copied
    n = len(s.history)
    _play(c, 6, 10)
    assert len(s.history) == n and len(c.history) > n
    assert list(c.history)[:n] == list(s.history) and c.history[:n] == s.history[:n]
    assert c.history[-1] == list(c.history)[-1]
    taken = list(c.history)  # a list made from it is the caller's own
    taken.clear()
    assert len(c.history) > n and len(list(c.history)) == len(c.history)


def test_a_long_history_copies_and_pickles_without_recursing_once_per_action() -> None:
    import pickle

    from engine.game.actions import CoinFlip
    from engine.game.state import History

    long = History.of(CoinFlip(i % 2) for i in range(20_000))
    assert copy.deepcopy(long) is long and copy.copy(long) is long
    again = pickle.loads(pickle.dumps(long))
    assert again == long and len(again) == 20_000 and again[-1] == CoinFlip(1)
