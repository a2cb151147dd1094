"""Punctuation in the reader's language: ``{% load punctuation %}``.

``{% translate "Status" %}{% colon %}{{ value }}`` reads "Status: open" in English and "状态：进行中" in
Chinese (a full-width colon, no space); ``{{ names|listed }}`` joins with ", " or "、". The colon is
Django's own ``gettext(":")`` (its forms' label suffix), which the project's catalogue says full-width.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

register = template.Library()


def colon_text() -> str:
    """The label separator: ``": "``, or the reader's own colon when his language has one (``"："``)."""
    said = gettext(":")
    return ": " if said == ":" else said


@register.simple_tag
def colon() -> str:
    return colon_text()


@register.filter(needs_autoescape=True)
def listed(values: Iterable[Any], autoescape: bool = True) -> SafeString:
    """Items joined by the reader's list separator (", " or "、"), each escaped."""
    escape = conditional_escape if autoescape else str
    return mark_safe(pgettext("list separator", ", ").join(str(escape(v)) for v in values))


@register.simple_tag
def comma() -> str:
    """The list separator alone, for a list a template loops over (``{% if not forloop.last %}{% comma %}``)."""
    return pgettext("list separator", ", ")
