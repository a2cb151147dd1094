"""Actions of 龙虎三国志: small frozen values; a log is the list of them (``state.history``).

Chance is an actor like the players: ``Roll(d)`` is a die, ``Draw(name)`` a marker or retainer taken
from a cup (``Roll``, ``Draw``, ``Pick``, ``Pass`` are ``engine.boardgame``'s). A referee's seed and a
table's transcription go through the same ``apply``.

    >>> a = Place(region="兖州", strength=3)
    >>> a.to_json()
    {'type': 'place', 'region': '兖州', 'strength': 3}
    >>> action_from_json(a.to_json()) == a
    True
    >>> action_from_json({"type": "split", "losses": [2, 1]})
    Split(losses=(2, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.boardgame.actions import Action, ActionReader, Draw, Pass, Pick, Roll
from engine.longhu.errors import LogError


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

action_from_json = ActionReader("龙虎三国志", ACTIONS.values(), LogError)
"""Read an action back; :class:`LogError` says what is wrong."""
