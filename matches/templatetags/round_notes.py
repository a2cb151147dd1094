"""``{{ note|round_note }}``: a round's note in the reader's language (``{% load round_notes %}``).

Notes of hand pairings are ``{"code", "params"}`` (matches.tournament.pairing.WARNING_TEXT, players by
name); notes of the pairing algorithm and of older rounds are plain text.
"""

from __future__ import annotations

from typing import Any

from django import template

from matches.services.rounds import warning_text

register = template.Library()


@register.filter
def round_note(note: Any) -> str:
    """The note as text."""
    if isinstance(note, dict) and isinstance(note.get("code"), str):
        return warning_text(note["code"], dict(note.get("params") or {}))
    return str(note)
