"""Template filters of the board templates: a game's words and seats in the reader's language, dict lookups."""

from __future__ import annotations

from typing import Any

from django import template

from junling import engine_text
from tables import engines

register = template.Library()


@register.filter
def word(value: Any, system_id: str) -> Any:
    """A word of the game (a side, a nation) in the active language; anything else as it is."""
    return engines.word(system_id, value)


@register.filter
def seat(value: Any, system_id: str) -> str:
    """Seat number ``value`` (0-based) as the table names it."""
    try:
        return engines.seat_label(system_id, int(value))
    except (TypeError, ValueError):
        return "—"


@register.filter
def get(mapping: Any, key: Any) -> Any:
    return mapping.get(key) if isinstance(mapping, dict) else None


@register.filter
def is_list(value: Any) -> bool:
    return isinstance(value, (list, tuple))


@register.filter
def rules(value: Any) -> str:
    """Rules cited (``§4-3(2), ruling L7``), each in the reader's language."""
    return ", ".join(engine_text.rule(part.strip()) for part in str(value or "").split(",") if part.strip())


@register.filter
def named(value: Any, names: Any) -> Any:
    """A name of the table's map or game data (or a list of them) in the reader's language (``names``: the view's
    ``engines.names``); anything else as it is."""
    return engines.named(value, names if isinstance(names, dict) else None)
