"""``{{ tournament.format|format_title }}``: a format by its title in the reader's language, never its slug
(``{% load event %}``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import get_language

register = template.Library()


@register.filter
def format_title(fmt: Any) -> str:
    """The format's title in the active language (its Chinese or English title; the slug only as a last resort)."""
    if fmt is None:
        return ""
    return str(fmt.display_title(get_language() or "zh"))
