"""Actions of 文禄朝鲜之役: small frozen values; a log is the list of them (``state.history``).

Chance is an actor like the players: ``Roll(d)`` is a die, ``Draw(x)`` an activation marker, an event card or
a righteous general taken at random. A referee's seed and a table's transcription go through the same ``apply``.

    >>> a = Pick("小西行长")
    >>> a.to_json()
    {'type': 'pick', 'choice': '小西行长'}
    >>> action_from_json(a.to_json()) == a
    True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.wenlu.errors import LogError


class Action:
    """Base of every action (player or chance)."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    is_chance: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = getattr(self, f.name)
        return out


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: one die (1–6)."""

    value: int
    kind: ClassVar[str] = "roll"
    is_chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: an activation marker from the cup (§5.2), an event card (§11.1), a pool general (§5.3②)."""

    piece: str
    kind: ClassVar[str] = "draw"
    is_chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A choice of a counter, a region, a card or a word (``retreat``, ``field``), as the decision asks."""

    choice: str
    kind: ClassVar[str] = "pick"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline what is optional now (no card, no retreat, end the march, end the step)."""

    kind: ClassVar[str] = "pass"


ACTIONS: dict[str, type[Action]] = {cls.kind: cls for cls in (Roll, Draw, Pick, Pass)}


def action_from_json(data: Any) -> Action:
    """Read an action back; :class:`LogError` says what is wrong."""
    if not isinstance(data, dict) or data.get("type") not in ACTIONS:
        raise LogError(f"not an action of 文禄朝鲜之役: {data!r}")
    cls = ACTIONS[data["type"]]
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    extra = set(data) - {"type"} - set(fields)
    if extra:
        raise LogError(f"unknown field(s) {sorted(extra)} in {data!r}")
    kwargs = {}
    for name, f in fields.items():
        if name not in data:
            raise LogError(f"{data['type']} needs {name!r}: {data!r}")
        v = data[name]
        want = int if f.type == "int" else str
        if not isinstance(v, want) or isinstance(v, bool):
            raise LogError(f"{name} must be a {'whole number' if want is int else 'string'}: {data!r}")
        kwargs[name] = v
    return cls(**kwargs)
