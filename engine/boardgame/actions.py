"""Actions shared by the board-game engines: small frozen values; a log is the list of them.

Chance is an actor like the players: ``Roll(d)`` is a die, ``Draw(x)`` a piece, marker or card taken at
random. A referee's seed and a table's transcription go through the same ``apply``. A game adds its own
action classes (subclasses of :class:`Action`) and reads them back with an :class:`ActionReader`.

    >>> read = ActionReader("a game", (Roll, Draw, Pick, Pass), LogError)
    >>> read({"type": "pick", "choice": "汉城"})
    Pick(choice='汉城')
    >>> Roll(3).to_json()
    {'type': 'roll', 'value': 3}
    >>> read({"type": "roll", "value": "3"})
    Traceback (most recent call last):
    ...
    engine.boardgame.errors.LogError: value must be a whole number: {'type': 'roll', 'value': '3'}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.boardgame.errors import LogError


class Action:
    """Base of every action (player or chance)."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    is_chance: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: one die (1–6)."""

    value: int
    kind: ClassVar[str] = "roll"
    is_chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: a piece, marker or card taken at random from a cup, deck or pool (the game says which)."""

    piece: str
    kind: ClassVar[str] = "draw"
    is_chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A choice of a country, region, counter, card or word, as the pending decision asks."""

    choice: str
    kind: ClassVar[str] = "pick"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline what is optional now."""

    kind: ClassVar[str] = "pass"


class ActionReader:
    """Reads a game's actions back from JSON (``{"type": kind, field: value, ...}``), raising ``error`` (the
    game's ``LogError``) saying what is wrong. Fields typed ``int`` and ``str`` are checked; a field typed
    ``tuple[int, ...]`` is read from a list of whole numbers."""

    def __init__(self, game: str, classes: Iterable[type[Action]], error: type[LogError] = LogError) -> None:
        self.game = game
        self.actions: dict[str, type[Action]] = {cls.kind: cls for cls in classes}
        self.error = error
        # Each kind's fields read once (name, type, required) with the keys its JSON may have: an entry's
        # read is then a few lookups (a replay reads every entry of a log).
        self._plans: dict[Any, tuple[type[Action], tuple[tuple[str, Any, bool], ...], frozenset[str]]] = {
            kind: (
                cls,
                tuple(
                    (f.name, f.type, f.default is dataclasses.MISSING)
                    for f in dataclasses.fields(cls)  # type: ignore[arg-type]
                ),
                frozenset({"type", *(f.name for f in dataclasses.fields(cls))}),  # type: ignore[arg-type]
            )
            for kind, cls in self.actions.items()
        }

    def __call__(self, data: Any) -> Action:
        plan = self._plans.get(data.get("type")) if isinstance(data, dict) else None
        if plan is None:
            raise self.error(f"not an action of {self.game}: {data!r}")
        cls, fields, allowed = plan
        kwargs = {}
        for name, kind, required in fields:
            if name not in data:
                if required:
                    raise self.error(f"{data['type']} needs {name!r}: {data!r}")
                continue
            v = data[name]
            if kind == "tuple[int, ...]":
                if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                    raise self.error(f"{name} must be a list of whole numbers: {data!r}")
                v = tuple(v)
            elif kind == "int" and (not isinstance(v, int) or isinstance(v, bool)):
                raise self.error(f"{name} must be a whole number: {data!r}")
            elif kind == "str" and not isinstance(v, str):
                raise self.error(f"{name} must be a string: {data!r}")
            kwargs[name] = v
        if not allowed.issuperset(data):
            raise self.error(f"unknown field(s) {sorted(set(data) - allowed)} in {data!r}")
        return cls(**kwargs)
