"""The interface every refereed board game offers the site (``docs/boardgames.md``), as Protocols, and the
generic entry points that find a game through ``engine.systems`` (never by naming it).

    >>> game = default_game("longhu", seats=3)
    >>> state = game.new_initial_state(seed=7)
    >>> state.is_chance_node(), state.to_act()
    (True, [])
    >>> while state.is_chance_node():              # the order dice (§3-1(2)), committed: from (seed, step)
    ...     state.apply(state.sample_chance())
    >>> state.to_act(), [a.to_json() for a in state.legal_actions()][:1]
    ([0], [{'type': 'pick', 'choice': '曹操'}])
    >>> apply_json(game, state, {"type": "pick", "choice": "曹操"})
    Pick(choice='曹操')
    >>> verdict = game.replay(7, state.log() + [{"type": "roll", "value": 9}])
    >>> verdict["ok"], verdict["first_illegal"] == len(state.history), verdict["code"], verdict["rule"]
    (False, True, 'not_chance', '§3-1(1), ruling L4')
    >>> state.observation(2)["pending"]            # seat 2 sees who must choose, not the options
    {'player': 1, 'what': 'choose a country', 'code': 'ask_choose_country', 'params': {}, 'rule': '§3-1(1), ruling L4'}
    >>> pending = state.observation(1)["pending"]  # the question: a code of the game's catalogue with params
    >>> game.text(pending["code"], pending["params"], "zh")
    '选择一个国家'
    >>> game.text(verdict["code"], verdict["params"], "zh")
    '现在没有随机事件：Roll(value=9) 不是玩家的行动'
    >>> isinstance(game, Game) and isinstance(state, State)
    True
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from engine.boardgame.actions import Action
from engine.boardgame.errors import IllegalAction
from engine.boardgame.procedure import Request
from engine.systems import get_system


@runtime_checkable
class State(Protocol):
    """One moment of a game; ``apply`` changes it in place."""

    seed: int
    history: list[Action]
    pending: Request | None

    def legal_actions(self) -> list[Action]: ...

    def validate(self, action: Action) -> IllegalAction | None: ...

    def apply(self, action: Action) -> None: ...

    def observation(self, player: int | None) -> dict[str, Any]: ...

    def current_player(self) -> int: ...

    def to_act(self) -> list[int]: ...

    def is_terminal(self) -> bool: ...

    def is_chance_node(self) -> bool: ...

    def chance_outcomes(self) -> list[tuple[Action, float]]: ...

    def sample_chance(self, rng: random.Random | None = None) -> Action: ...

    def returns(self) -> list[float]: ...

    def result(self) -> dict[str, Any] | None: ...

    def log(self) -> list[dict[str, Any]]: ...

    def to_json(self, *, history: bool = True) -> dict[str, Any]: ...

    def clone(self) -> State:
        """A state of its own at the same moment (a search's copy): nothing mutable shared with this one."""
        ...


@runtime_checkable
class Game(Protocol):
    """The fixed part of a game: map and game data, the number of seats."""

    system: str
    players: int

    def new_initial_state(self, seed: int = 0) -> Any: ...

    def state_from_json(self, data: dict[str, Any]) -> Any: ...

    def action_from_json(self, data: Any) -> Action: ...

    def log_from_json(self, entries: list[Any]) -> list[Action]: ...

    def replay(self, seed: int, entries: list[Any]) -> dict[str, Any]: ...

    def metadata(self) -> dict[str, Any]: ...

    def text(self, code: str, params: dict[str, Any] | None = None, lang: str = "en") -> str: ...

    def step_text(self, step: dict[str, Any], lang: str = "en") -> str: ...

    def label(self, action: dict[str, Any], lang: str = "en") -> str: ...


def make_game(system_id: str, map_data: Any, data: Any, seats: int) -> Game:
    """The game of ``system_id`` on a map (``engine.maps.MapData`` or its JSON) with game data (parsed, or its
    JSON) for ``seats`` players. Raises ``engine.systems.UnknownSystemError``, the game's ``DataError`` (a
    ``engine.maps.MapError``) for bad map or data, ``ValueError`` for a seat count the game does not have."""
    return get_system(system_id).module().Game.from_data(map_data, data, seats)


def default_game(system_id: str, seats: int | None = None) -> Game:
    """The game on its bundled Junling test map and data (not the publisher's), ``seats`` players (the
    fewest if None)."""
    system = get_system(system_id)
    return system.module().Game.default(seats or system.seats[0])


def seats_to_act(state: State) -> list[int]:
    """The seats that must act now (``state.to_act()``)."""
    return state.to_act()


def apply_json(game: Game, state: State, entry: Any) -> Action:
    """Read ``entry`` (an action's JSON) and apply it; raises the game's ``LogError`` (unreadable) or
    ``IllegalAction`` (code, params, rule), the state unchanged. Returns the action applied."""
    action = game.action_from_json(entry)
    state.apply(action)
    return action
