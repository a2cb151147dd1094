"""engine.boardgame.state: a board-game state's structural clone (issue 28), for every board game: the map and
data shared, the board copied, the paused procedure rebuilt from the board kept between two turns."""

from __future__ import annotations

import dataclasses
import json
from types import MappingProxyType
from typing import Any

import pytest

from engine.boardgame import RandomBot, State, default_game
from engine.boardgame.procedure import Step
from engine.systems import all_systems

BOARD_GAMES = [s.id for s in all_systems() if s.has_map]
SEATS = {"longhu": (2, 3, 4), "wenlu": (2,)}
MARK = "mutated"


def _mid_game_states(system: str, seats: int = 2, seed: int = 4, every: int = 41) -> list[State]:
    """Clones of every ``every``-th state of a random game, set-up and the end included."""
    game = default_game(system, seats)
    s = game.new_initial_state(seed)
    bots = [RandomBot(seed + k) for k in range(seats)]
    kept = [s.clone()]
    while not s.is_terminal():
        _step(s, bots)
        if len(s.history) % every == 0:
            kept.append(s.clone())
    kept.append(s.clone())
    return kept


def _step(s: State, bots: list[RandomBot]) -> None:
    p = s.current_player()
    s.apply(s.sample_chance() if p < 0 else bots[p].choose(s))


def _parts(s: State) -> dict[str, Any]:
    """Every part of a state a rule, a bot or a page can change: each field of its board (the map and data
    aside: fixed, shared by design), its history and its pending request's params."""
    parts: dict[str, Any] = {f.name: getattr(s.board, f.name) for f in dataclasses.fields(s.board) if f.name != "data"}
    parts["history"] = s.history
    parts["pending params"] = s.pending.params if s.pending is not None else {}
    return parts


def _plain(x: Any) -> Any:
    """A deep copy of ``x`` as plain values (to compare before and after)."""
    if isinstance(x, dict | MappingProxyType):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    if isinstance(x, set):
        return {_plain(v) for v in x}
    return x


def _mutate(x: Any) -> None:
    """Change ``x`` in place wherever it can be changed: every dict, list and set in it, however deep; what
    cannot be changed (a noted ``Step``, a read-only index) must refuse."""
    if isinstance(x, Step | MappingProxyType):
        for v in x.values():
            _mutate(v)
        with pytest.raises(TypeError):
            x[MARK] = 1  # type: ignore[index]
    elif isinstance(x, dict):
        for v in list(x.values()):
            _mutate(v)
        x[MARK] = MARK
    elif isinstance(x, list):
        for v in x:
            _mutate(v)
        x.append(MARK)
    elif isinstance(x, set):
        x.add(MARK)
    elif isinstance(x, tuple):
        for v in x:
            _mutate(v)


@pytest.mark.parametrize("system", BOARD_GAMES)
def test_a_clone_and_its_original_never_share_mutable_state(system):
    """Every part of the clone changed in place leaves the original as it was, and the other way round."""
    for s in _mid_game_states(system):
        clone = s.clone()
        assert clone.board is not s.board and clone.board.data is s.board.data  # the data shared
        before = _plain(_parts(s))
        for part in _parts(clone).values():
            _mutate(part)
        assert _plain(_parts(s)) == before
        other = s.clone()
        before = _plain(_parts(other))
        for part in _parts(s).values():
            _mutate(part)
        assert _plain(_parts(other)) == before


@pytest.mark.parametrize("system", BOARD_GAMES)
def test_a_clone_goes_on_exactly_as_its_original_does(system):
    """A clone (and a clone of a clone that never acted) fed the same actions as its original stays equal to
    it at every step, to the end, the narration and the pending request included."""
    for seats in SEATS[system]:
        game = default_game(system, seats)
        s = game.new_initial_state(11)
        bots = [RandomBot(11 + k) for k in range(seats)]
        for _ in range(150):
            _step(s, bots)
        clone = s.clone().clone()
        while not s.is_terminal():
            action = s.sample_chance() if s.is_chance_node() else bots[s.current_player()].choose(s)
            s.apply(action)
            clone.apply(action)
            assert clone.pending == s.pending
            assert clone.board_json() == s.board_json() and clone.board.steps == s.board.steps
        assert clone.result() == s.result() and clone.to_json() == s.to_json()


@pytest.mark.parametrize("system", BOARD_GAMES)
def test_a_clone_played_on_another_way_leaves_its_original_replayable(system):
    """Clones taken all through a game and played to the end by other bots change nothing of the original:
    at each moment its JSON replays (from the seed) to an equal state."""
    for s in _mid_game_states(system, every=97)[:-1]:
        snapshot = json.dumps(s.to_json(), ensure_ascii=False)
        clone = s.clone()
        bots = [RandomBot(99 + k) for k in range(s.game.players)]
        while not clone.is_terminal():
            _step(clone, bots)
        assert json.dumps(s.to_json(), ensure_ascii=False) == snapshot
        assert s.from_json(s.game, json.loads(snapshot)).to_json() == s.to_json()


@pytest.mark.parametrize("system", BOARD_GAMES)
def test_the_state_a_judges_replay_returns_clones_and_goes_on_as_the_game_did(system):
    """The judge's replay keeps no marks while it replays (``BoardState.marking``): the state it returns
    still clones, and the clone, fed the rest of the log, ends as the game did."""
    game = default_game(system, 2)
    played = _mid_game_states(system)[-1]
    log = played.log()
    verdict = game.replay(played.seed, log[:300])
    assert verdict["ok"] and verdict["state"].marking
    clone = verdict["state"].clone()
    for entry in log[300:]:
        clone.apply(game.action_from_json(entry))
    assert clone.to_json() == played.to_json()
