"""Template filters for the engine's messages: ``{% load engine_messages %}``.

``{{ problem|engine_text:"message" }}`` renders a stored ``{"code", "params", ...}`` dict in the active
language (verdicts stored before the engine spoke in codes fall back to their ``message`` text);
``{{ rule|engine_rule }}`` translates a rule cited (``ruling G4`` → ``裁定 G4``).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from engine.messages import MESSAGES
from junling import engine_text

register = template.Library()


@register.filter
def engine_text_of(data: Any, fallback_key: str = "message") -> str:
    """A stored message in the reader's language (``fallback_key``: the English text of older records)."""
    message = engine_text.said(data)
    if message is not None:
        return engine_text.render(message)
    if isinstance(data, dict):
        return str(data.get(fallback_key) or "")
    return "" if data is None else str(data)


register.filter("engine_text", engine_text_of)


@register.filter
def engine_rule(text: Any) -> str:
    """A rule cited, in the reader's language."""
    return engine_text.rule(str(text or ""))


@register.filter
def engine_status(value: Any) -> str:
    """A verdict check's status (``valid``, ``mismatch``, ``not checked`` ...) in the reader's language."""
    code = f"status.{value}"
    return _(MESSAGES[code]) if code in MESSAGES else str(value)
