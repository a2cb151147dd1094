"""``{{ user|player_name }}``: a player as the page names him (accounts.names.display_name)."""

from __future__ import annotations

from typing import Any

from django import template

from accounts.names import display_name

register = template.Library()


@register.filter
def player_name(user: Any) -> str:
    return display_name(user)
