"""The battle calculator's input as a form: the documented JSON input of a game's calculator described as
sections of fields and lists of rows, so that a site can draw it as plain form fields (no JSON to type) and
turn what was typed back into the same input (``engine.systems.System.calculator_form``).

Each game declares its layout in its ``fields.py`` (``CALCULATOR_FORM``); the labels are the game's
``CALCULATOR_FIELDS`` and its words ``VALUES``. Nothing here knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["text", "int", "bool", "yesno", "choice", "choices", "texts", "ints"]
"""``text`` a word or name; ``int`` a whole number; ``bool`` a tick (absent when not ticked); ``yesno`` yes, no or the
calculator's default (absent); ``choice`` one of
``choices``; ``choices`` several of them (a list); ``texts`` names separated by spaces or commas (a list);
``ints`` whole numbers separated by spaces or commas (a list)."""


@dataclass(frozen=True)
class Field:
    """One key of the input: left empty, the key is left out of the input (the calculator's default)."""

    key: str
    kind: Kind = "text"
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rows:
    """A list of objects (a row each, e.g. the counters of a side); with ``keyed`` (name field, value field) the
    rows make an object instead (name → value: a side's strength by country)."""

    key: str
    fields: tuple[Field, ...]
    keyed: tuple[str, str] | None = None


@dataclass(frozen=True)
class Section:
    """The keys of one object of the input: the top level (``key`` None) or a nested object (a side)."""

    key: str | None
    items: tuple[Field | Rows, ...]


Layout = tuple[Section, ...]
