"""The one game interface (issue 25): every system of ``engine.systems`` with a rules engine, the card game
included, offers a :class:`Game` that makes :class:`State` objects, and the site, the command line, the bots
and the tests play any game through these names alone (OpenSpiel's ``pyspiel.Game``/``State``: no caller asks
which game it is). A game is found by its system's id (:func:`make_game`, :func:`default_game`), never by
importing its package.

    >>> game = default_game("generals-order")          # the starter database and two starter decks
    >>> state = game.new_initial_state(seed=3)
    >>> while state.is_chance_node():                    # the coin flip and the opening hands (§3.3)
    ...     state.apply(state.sample_chance())
    >>> state.to_act(), game.players, "random" in game.bots()
    ([0], 2, True)
    >>> state = play(game.new_initial_state(seed=3), [game.bot("random", 1), game.bot("random", 2)])
    >>> state.is_terminal(), sorted(state.returns())
    (True, [0.0, 1.0])
    >>> verdict = game.replay(3, state.log())             # the same entries stand again from the seed
    >>> verdict["ok"], verdict["applied"] == len(state.history)
    (True, True)
    >>> board = default_game("longhu", seats=3)
    >>> isinstance(game, Game) and isinstance(board, Game) and isinstance(state, State)
    True

Refusals and unreadable entries of every game are :class:`engine.errors.IllegalAction` and
:class:`engine.errors.LogError`: one family for the site to catch.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from engine.errors import IllegalAction, LogError
from engine.systems import get_system


@runtime_checkable
class State(Protocol):
    """One moment of a game; ``apply`` changes it in place (checked: ``IllegalAction`` leaves it unchanged)."""

    seed: int

    def legal_actions(self) -> Sequence[Any]: ...

    def validate(self, action: Any) -> IllegalAction | None: ...

    def apply(self, action: Any) -> None: ...

    def observation(self, player: int) -> dict[str, Any]: ...

    def current_player(self) -> int: ...

    def to_act(self) -> list[int]: ...

    def is_terminal(self) -> bool: ...

    def is_chance_node(self) -> bool: ...

    def chance_outcomes(self) -> list[tuple[Any, float]]: ...

    def sample_chance(self, rng: random.Random | None = None) -> Any: ...

    def returns(self) -> list[float]: ...

    def result(self) -> dict[str, Any] | None: ...

    def conceded(self, player: int) -> dict[str, Any]: ...

    def step_count(self) -> int: ...

    def steps_since(self, n: int) -> list[dict[str, Any]]: ...

    def log(self) -> list[dict[str, Any]]: ...

    def to_json(self, *, history: bool = True) -> dict[str, Any]: ...

    def clone(self) -> Any:
        """A state of its own at the same moment (a search's copy): nothing mutable shared with this one."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A player of any game: a legal action for the seat to act."""

    name: str

    def choose(self, state: Any) -> Any: ...


@runtime_checkable
class Game(Protocol):
    """The fixed part of a game (its data: a map and game data, or a card database and decks; the seats):
    makes states, reads actions and logs back, says the game's messages."""

    @property
    def system(self) -> str:
        """The id of the game's system (``engine.systems``)."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    def new_initial_state(self, seed: int = 0) -> Any: ...

    def state_from_json(self, data: dict[str, Any]) -> Any: ...

    def action_from_json(self, data: Any) -> Any: ...

    def log_from_json(self, entries: list[Any]) -> list[Any]: ...

    def replay(self, seed: int, entries: list[Any]) -> dict[str, Any]: ...

    def metadata(self) -> dict[str, Any]: ...

    def bots(self) -> tuple[str, ...]: ...

    def bot(self, name: str, seed: int) -> Bot: ...

    def text(self, code: str, params: dict[str, Any] | None = None, lang: str = "en") -> str: ...

    def step_text(self, step: dict[str, Any], lang: str = "en") -> str: ...

    def label(self, action: dict[str, Any], lang: str = "en") -> str: ...


def game_class(system_id: str) -> Any:
    """The class implementing :class:`Game` for ``system_id`` (``UnknownSystemError`` if it has no engine)."""
    return get_system(system_id).game_class()


def make_game(system_id: str, map_data: Any, data: Any, seats: int) -> Game:
    """The game of ``system_id`` with its data for ``seats`` players: a map (``engine.maps.MapData`` or its
    JSON) with game data (parsed, or its JSON) for a board game; for a card game ``map_data`` is None and
    ``data`` is ``{"database": CardDatabase, "decks": [deck, deck]}``. Raises ``engine.systems.UnknownSystemError``,
    the game's data error (an ``engine.errors.EngineError``), ``ValueError`` for a seat count it does not have."""
    return game_class(system_id).from_data(map_data, data, seats)


def default_game(system_id: str, seats: int | None = None) -> Game:
    """The game on its bundled Junling data (a test map and data, or the starter cards and decks; not the
    publisher's), ``seats`` players (the fewest if None)."""
    return game_class(system_id).default(seats or get_system(system_id).seats[0])


def agreed_end(state: Any) -> tuple[list[int], dict[str, Any] | None, str]:
    """The agreed end a game allows now (rulings L29, W26): the seats whose agreement ends it, the outcome it
    would give (the game's own form, as a concession's) and the ruling; ``([], None, "")`` for a game or a moment
    without one (the card game has none: its draw offers are the site's, ``matches``)."""
    seats = list(getattr(state, "agreement_seats", lambda: [])())
    out = getattr(state, "agreed_end", lambda: None)() if seats else None
    return (seats, out, str(getattr(state, "AGREED_RULE", ""))) if out is not None else ([], None, "")


def seats_to_act(state: State) -> list[int]:
    """The seats that must act now (``state.to_act()``)."""
    return state.to_act()


def apply_json(game: Game, state: State, entry: Any) -> Any:
    """Read ``entry`` (an action's JSON) and apply it; raises ``LogError`` (unreadable) or ``IllegalAction``
    (code, params, rule), the state unchanged. Returns the action applied."""
    action = game.action_from_json(entry)
    state.apply(action)
    return action


def replay_log(game: Game, seed: int, entries: list[Any], *, state: Any = None) -> dict[str, Any]:
    """A judge's replay of any game: apply ``entries`` (actions' JSON) from ``seed`` (or to ``state``, made from
    it) until the first that cannot be read or is illegal. Returns ``{"ok", "applied", "first_illegal", "error",
    "code", "params", "rule", "state"}``: ``first_illegal`` is that entry's index (None when all apply),
    ``code``/``params``/``rule`` the refusal (empty for an unreadable entry), ``state`` the state before it."""
    state = game.new_initial_state(seed) if state is None else state
    for i, entry in enumerate(entries):
        try:
            state.apply(game.action_from_json(entry))
        except (IllegalAction, LogError) as exc:
            refused = isinstance(exc, IllegalAction)
            return {
                "ok": False,
                "applied": i,
                "first_illegal": i,
                "error": str(exc),
                "code": exc.code if refused else "",  # type: ignore[union-attr]
                "params": dict(exc.params) if refused else {},  # type: ignore[union-attr]
                "rule": exc.rule if refused else "",  # type: ignore[union-attr]
                "state": state,
            }
    return {
        "ok": True,
        "applied": len(entries),
        "first_illegal": None,
        "error": "",
        "code": "",
        "params": {},
        "rule": "",
        "state": state,
    }


def play(
    state: Any,
    bots: Sequence[Bot],
    on_action: Callable[[Any, Any], None] | None = None,
    max_steps: int = 200_000,
) -> Any:
    """Play any game to its end: chance from ``state.sample_chance()`` (the seed), each seat by its bot's
    ``choose``; ``on_action(state, action)`` after each action; ``RuntimeError`` if there is no end after
    ``max_steps`` actions. Returns the state."""
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        player = state.current_player()
        action = state.sample_chance() if state.is_chance_node() else bots[player].choose(state)
        state.apply(action)
        if on_action is not None:
            on_action(state, action)
    raise RuntimeError(f"no end after {max_steps} steps")
