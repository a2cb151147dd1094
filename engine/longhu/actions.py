"""Actions of 龙虎三国志: small frozen values; a log is the list of them (``state.history``).

Chance is an actor like the players: ``Roll(d)`` is a die, ``Draw(name)`` a marker or retainer taken
from a cup. A referee's seed and a table's transcription go through the same ``apply``.

    >>> a = Place(region="兖州", strength=3)
    >>> a.to_json()
    {'type': 'place', 'region': '兖州', 'strength': 3}
    >>> action_from_json(a.to_json()) == a
    True
    >>> action_from_json({"type": "split", "losses": [2, 1]})
    Split(losses=(2, 1))
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.longhu.errors import LogError


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
    """Chance: the order marker (§4-1) or free retainer (§10-2, §11-1) taken from its cup."""

    piece: str
    kind: ClassVar[str] = "draw"
    is_chance: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A choice of a country, region or character, as the pending decision asks."""

    choice: str
    kind: ClassVar[str] = "pick"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline what is optional now (end diplomacy, production, movement; no retreat; stop moving)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Diplomacy(Action):
    """§4-3: ``character`` of the acting country tries to make ``country`` an ally or neutral."""

    character: str
    country: str
    kind: ClassVar[str] = "diplomacy"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """§4-4: produce ``strength`` in ``region``."""

    region: str
    strength: int
    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Lead(Action):
    """§4-5: start a move led by ``character`` (command ≥1, ruling L11)."""

    character: str
    kind: ClassVar[str] = "lead"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """§4-5: add to the moving stack a character (``strength`` 0) or ``strength`` of ``piece``'s country army."""

    piece: str
    strength: int = 0
    kind: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Leave(Action):
    """§4-5(4): on the way, leave a character (``strength`` 0) or ``strength`` of ``piece``'s country army."""

    piece: str
    strength: int = 0
    kind: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Go(Action):
    """§4-5: the stack moves into the adjacent ``region``."""

    region: str
    kind: ClassVar[str] = "go"


@dataclass(frozen=True, slots=True)
class Split(Action):
    """§5-4(3), §4-5-3(2): losses per country of a side, in the order the decision lists the countries."""

    losses: tuple[int, ...]
    kind: ClassVar[str] = "split"


ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls for cls in (Roll, Draw, Pick, Pass, Diplomacy, Place, Lead, Take, Leave, Go, Split)
}


def action_from_json(data: Any) -> Action:
    """Read an action back; :class:`LogError` says what is wrong."""
    if not isinstance(data, dict) or data.get("type") not in ACTIONS:
        raise LogError(f"not an action of 龙虎三国志: {data!r}")
    cls = ACTIONS[data["type"]]
    kwargs = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name not in data:
            if f.default is dataclasses.MISSING:
                raise LogError(f"{data['type']} needs {f.name!r}: {data!r}")
            continue
        v = data[f.name]
        if f.name == "losses":
            if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise LogError(f"losses must be a list of whole numbers: {data!r}")
            v = tuple(v)
        elif f.type in ("int",) and (not isinstance(v, int) or isinstance(v, bool)):
            raise LogError(f"{f.name} must be a whole number: {data!r}")
        elif f.type in ("str",) and not isinstance(v, str):
            raise LogError(f"{f.name} must be a string: {data!r}")
        kwargs[f.name] = v
    extra = set(data) - {"type"} - {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    if extra:
        raise LogError(f"unknown field(s) {sorted(extra)} in {data!r}")
    return cls(**kwargs)
