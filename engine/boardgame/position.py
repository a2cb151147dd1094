"""Positions of the board games (``junling-board-position/1``, ``docs/positions.md``): a game set up as it
stands instead of played to from the set-up, for 龙虎三国志 and 文禄朝鲜之役 alike.

A board game's rules run as one procedure that can go on from a board at one of its marks (between two turns,
before a stack's move, before an activation's draw: ``BoardState._keep``). A position is such a board, every
field of it, with the mark it stands at, and the actions taken since (``actions``: what leads from the mark to a
decision in the middle of a turn, a battle's retreat say). Reading one checks the board (each game's
``check`` gives the first broken rule as a code with parameters) and replays the actions, each refused with the
engine's own rule; the state it gives carries the position, so that its log (``to_json``) starts there.

    >>> from engine.longhu.state import Game
    >>> game = Game.default()
    >>> s = game.new_initial_state(4)
    >>> for _ in range(30):
    ...     s.apply(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    >>> pos = position_from_state(s)
    >>> again = state_from_position(game, pos)
    >>> again.board_json() == s.board_json(), position_from_state(again) == pos
    (True, True)
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

from engine.boardgame.errors import IllegalAction, LogError
from engine.messages import N_, catalogue

POSITION_FORMAT = "junling-board-position/1"

MESSAGES: dict[str, str] = {
    "position.board.shape": N_("the position is not readable at %(where)s: %(problem)s"),
    "position.board.format": N_("not a board-game position: format %(format)s"),
    "position.board.game": N_("the position is of %(found)s, not of %(game)s"),
    "position.board.data": N_("the position was made with other game data (%(found)s) than this game's (%(data)s)"),
    "position.board.players": N_("the position has %(found)s seats, this game %(players)s"),
    "position.board.point": N_("%(point)s is not a point the game stands at between two steps (%(points)s)"),
    "position.board.unknown_piece": N_("%(piece)s is not a piece of this game"),
    "position.board.missing_piece": N_("%(piece)s is not placed anywhere"),
    "position.board.nowhere": N_("%(piece)s stands at %(where)s, which is no region or box"),
    "position.board.strength": N_("%(country)s has %(found)s strength on the map and unused, not %(supply)s"),
    "position.board.control": N_("%(country)s holds the control of %(region)s without a piece there"),
    "position.board.cards": N_("the cards of %(side)s (deck, hand, played) are not exactly its deck"),
    "position.board.over": N_("the game of this position is already over"),
}
"""The refusals of a position; each check of a game's ``check`` says one (with its rule)."""

WORDS: dict[str, str] = {
    "missing": N_("missing"),
    "not an object": N_("not an object"),
    "not a list": N_("not a list"),
    "not a whole number": N_("not a whole number"),
    "not a field of the board": N_("not a field of the board"),
    "not a list of names": N_("not a list of names"),
    "not a list of whole numbers": N_("not a list of whole numbers"),
    "not of the expected kind": N_("not of the expected kind"),
    "not a list of [region, country, number]": N_("not a list of [region, country, number]"),
    "not an action of this game": N_("not an action of this game"),
    "army": N_("an army"),
    "japan": N_("the Japanese"),
    "allies": N_("the Allies"),
}
"""Parameter values said in the reader's language (what is wrong with a field; a side)."""


class BoardPositionError(LogError):
    """An impossible or unreadable position: ``code`` (a key of :data:`MESSAGES` or the engine's refusal),
    ``params``, ``rule`` (``§``, ``ruling`` or empty), ``where`` (the field: ``board.strength.兖州``)."""

    def __init__(self, code: str, params: dict[str, Any] | None = None, rule: str = "", where: str = "") -> None:
        self.code = code
        self.params = dict(params or {})
        self.rule = rule
        self.where = where
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The refusal in ``lang`` (``en`` or ``zh``), the rule first when there is one."""
        template = MESSAGES.get(self.code, self.code)
        tr = (lambda t: t) if lang.startswith("en") else catalogue(lang).gettext
        values = {k: tr(WORDS[v]) if isinstance(v, str) and v in WORDS else v for k, v in self.params.items()}
        said = str(tr(template))
        try:
            reason = said % values
        except (KeyError, TypeError, ValueError):
            reason = said
        return f"{self.rule}: {reason}" if self.rule else reason

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.code,
            "params": self.params,
            "rule": self.rule,
            "where": self.where,
            "reason": self.text(lang),
        }


Encoder = Callable[[Any], dict[str, Any]]
Decoder = Callable[[Any, dict[str, Any]], Any]


def position_from_state(state: Any) -> dict[str, Any]:
    """The position of ``state``: the board at its last mark (its whole board, ``game.position_board``) and
    the actions since (cheap: what a clone rebuilds from)."""
    if state._proc is None and state.history:
        state._rebuild(len(state.history))  # a clone not yet applied to: its mark is the parent's
    board, fed, point = state._mark
    game = state.game
    out: dict[str, Any] = {
        "format": POSITION_FORMAT,
        "game": game.system,
        "map": game.data.map.hash,
        "data": game.data.hash,
        "players": game.players,
        "seed": state.seed,
    }
    if point is None:
        out["point"] = None
        out["board"] = None
        out["actions"] = [a.to_json() for a in state.history]
        return out
    out["point"] = point
    out["board"] = game.position_board(board)
    out["actions"] = [a.to_json() for a in state.history[fed:]]
    return out


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    if key not in data:
        raise BoardPositionError("position.board.shape", {"where": where + key, "problem": "missing"})
    v = data[key]
    if not isinstance(v, kind) or (isinstance(v, bool) and kind is int):
        raise BoardPositionError("position.board.shape", {"where": where + key, "problem": "not of the expected kind"})
    return v


def state_from_position(game: Any, data: Any) -> Any:
    """The state a position describes (``position_from_state`` gives it back), or :class:`BoardPositionError`
    with the first rule it breaks. ``point`` None (no board) is the set-up: ``actions`` from the start."""
    if not isinstance(data, dict):
        raise BoardPositionError("position.board.shape", {"where": "", "problem": "not an object"})
    if data.get("format") != POSITION_FORMAT:
        raise BoardPositionError("position.board.format", {"format": str(data.get("format"))}, where="format")
    if data.get("game", game.system) != game.system:
        raise BoardPositionError("position.board.game", {"found": data.get("game"), "game": game.system}, where="game")
    if data.get("map", game.data.map.hash) != game.data.map.hash:
        raise BoardPositionError(
            "position.board.data", {"found": str(data.get("map")), "data": game.data.map.hash}, where="map"
        )
    if data.get("data", game.data.hash) != game.data.hash:
        raise BoardPositionError(
            "position.board.data", {"found": str(data.get("data")), "data": game.data.hash}, where="data"
        )
    if data.get("players", game.players) != game.players:
        raise BoardPositionError(
            "position.board.players", {"found": data.get("players"), "players": game.players}, where="players"
        )
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BoardPositionError("position.board.shape", {"where": "seed", "problem": "not a whole number"})
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise BoardPositionError("position.board.shape", {"where": "actions", "problem": "not a list"})
    point = data.get("point")
    cls = game.state_class
    if point is None:
        state = game.new_initial_state(seed)
    else:
        points = tuple(cls.POINTS)
        if point not in points:
            raise BoardPositionError(
                "position.board.point", {"point": str(point), "points": ", ".join(points)}, where="point"
            )
        board = game.position_board_from(_need(data, "board", dict))
        game.check_board(board)
        state = cls.__new__(cls)
        state.game, state.seed, state.board = game, seed, board
        state._start(resume=point)
        state.start = {"point": point, "board": game.position_board(board)}
        if state.pending is None and actions:
            raise BoardPositionError("position.board.over", {}, "", "actions")
    for i, entry in enumerate(actions):
        try:
            state.apply(game.action_from_json(entry))
        except LogError as exc:
            raise BoardPositionError(
                "position.board.shape",
                {"where": f"actions[{i}]", "problem": "not an action of this game"},
                where=f"actions[{i}]",
            ) from exc
        except IllegalAction as exc:
            raise BoardPositionError(exc.code, dict(exc.params), exc.rule, f"actions[{i}]") from exc
    return state


def bad_field(where: str, problem: str) -> BoardPositionError:
    """A board field that cannot be read (its path and what is wrong)."""
    return BoardPositionError("position.board.shape", {"where": where, "problem": problem}, where=where)


# --- a board's every field, as JSON and back --------------------------------------------------------

SKIPPED = ("data", "players", "steps")
"""Board fields a position does not write: the game's data and seats (the header says them), the narration."""


def _is_name(v: Any) -> bool:
    return isinstance(v, str)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_SCALARS: dict[str, Callable[[Any], bool]] = {
    "bool": lambda v: isinstance(v, bool),
    "int": _is_int,
    "str": _is_name,
    "str | None": lambda v: v is None or _is_name(v),
    "int | None": lambda v: v is None or _is_int(v),
}


def encode_board(board: Any) -> dict[str, Any]:
    """Every field of a board dataclass but :data:`SKIPPED` as JSON-ready data: sets sorted, mappings in the
    board's own order (the order pieces were placed in is the order the rules offer them)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(board):
        if f.name in SKIPPED:
            continue
        v, t = getattr(board, f.name), str(f.type)
        if t in ("set[str]", "set[int]"):
            out[f.name] = sorted(v)
        elif t == "tuple[int, int]":
            out[f.name] = list(v)
        elif t == "dict[str, set[str]]":
            out[f.name] = {k: sorted(x) for k, x in v.items()}
        elif t == "dict[tuple[str, str], int]":
            out[f.name] = [[a, c, n] for (a, c), n in v.items()]
        elif t == "dict[str, dict[str, int]]":
            out[f.name] = {k: dict(x) for k, x in v.items()}
        elif t == "dict[str, list[str]]":
            out[f.name] = {k: list(x) for k, x in v.items()}
        elif t == "dict[str, Any] | None":
            out[f.name] = copy.deepcopy(v)
        elif t.startswith("dict[str,") or t == "Locations":
            out[f.name] = dict(v)
        elif t.startswith("list["):
            out[f.name] = copy.deepcopy(list(v))
        else:
            out[f.name] = copy.deepcopy(v)
    return out


def decode_board(board: Any, data: dict[str, Any], locations: Callable[[dict[str, str]], Any]) -> Any:
    """Fill ``board`` (a new board of the game, its data and seats set) from :func:`encode_board`'s JSON;
    :class:`BoardPositionError` (``position.board.shape``) names the first field that cannot be read. Every
    field must be given (a position is the whole board: nothing is guessed)."""
    names = [f.name for f in dataclasses.fields(board) if f.name not in SKIPPED]
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise bad_field("board." + unknown[0], "not a field of the board")
    for f in dataclasses.fields(board):
        if f.name in SKIPPED:
            continue
        where = "board." + f.name
        if f.name not in data:
            raise bad_field(where, "missing")
        setattr(board, f.name, _decode(str(f.type), data[f.name], where, locations))
    return board


def _names(v: Any, where: str, item: Callable[[Any], bool] = _is_name) -> list[Any]:
    if not isinstance(v, list) or not all(item(x) for x in v):
        raise bad_field(where, "not a list of names" if item is _is_name else "not a list of whole numbers")
    return list(v)


def _mapping(v: Any, where: str, value: Callable[[Any], bool]) -> dict[str, Any]:
    if not isinstance(v, dict) or not all(value(x) for x in v.values()):
        raise bad_field(where, "not of the expected kind")
    return dict(v)


def _decode(t: str, v: Any, where: str, locations: Callable[[dict[str, str]], Any]) -> Any:
    if t in _SCALARS:
        if not _SCALARS[t](v):
            raise bad_field(where, "not of the expected kind")
        return v
    if t == "set[str]":
        return set(_names(v, where))
    if t == "set[int]":
        return set(_names(v, where, _is_int))
    if t == "list[str]":
        return _names(v, where)
    if t == "list[int]":
        return _names(v, where, _is_int)
    if t == "list[str | None]":
        return _names(v, where, lambda x: x is None or _is_name(x))
    if t == "list[dict[str, Any]]":
        return _names(v, where, lambda x: isinstance(x, dict))
    if t == "tuple[int, int]":
        return tuple(_names(v, where, _is_int))
    if t == "Locations":
        return locations(_mapping(v, where, _is_name))
    if t == "dict[str, str]":
        return _mapping(v, where, _is_name)
    if t == "dict[str, int]":
        return _mapping(v, where, _is_int)
    if t == "dict[str, str | None]":
        return _mapping(v, where, lambda x: x is None or _is_name(x))
    if t == "dict[str, int | None]":
        return _mapping(v, where, lambda x: x is None or _is_int(x))
    if t == "dict[str, list[str]]":
        return {k: _names(x, f"{where}.{k}") for k, x in _mapping(v, where, lambda x: True).items()}
    if t == "dict[str, set[str]]":
        return {k: set(_names(x, f"{where}.{k}")) for k, x in _mapping(v, where, lambda x: True).items()}
    if t == "dict[str, dict[str, int]]":
        return {k: _mapping(x, f"{where}.{k}", _is_int) for k, x in _mapping(v, where, lambda x: True).items()}
    if t == "dict[tuple[str, str], int]":
        ok = isinstance(v, list) and all(
            isinstance(x, list) and len(x) == 3 and _is_name(x[0]) and _is_name(x[1]) and _is_int(x[2]) for x in v
        )
        if not ok:
            raise bad_field(where, "not a list of [region, country, number]")
        return {(a, c): n for a, c, n in v}
    if t == "dict[str, Any] | None":
        if v is not None and not isinstance(v, dict):
            raise bad_field(where, "not of the expected kind")
        return v
    raise bad_field(where, f"a field of type {t} is not readable")  # pragma: no cover - a new board field
