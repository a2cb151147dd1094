"""The one place that decides the name a player is shown by: the profile's display name in the reader's
script (accounts.models.Profile.name_in), else the user name.

Python callers use :func:`display_name`; templates the ``player_name`` filter (``{% load players %}``),
which calls it. Lists of players select ``<user>__profile`` with the users (:func:`with_profiles`) so that
naming them costs no query each.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import get_language


def display_name(user: Any, language: str | None = None) -> str:
    """The name others see of ``user`` in ``language`` (default: the active one); "" for no user."""
    if user is None:
        return ""
    try:
        profile = user.profile
    except (ObjectDoesNotExist, AttributeError):
        return str(user.get_username())
    return str(profile.name_in(language or get_language() or "zh-hans"))


def with_profiles(*users: str) -> list[str]:
    """The ``select_related`` paths that bring the profiles of the named user fields (``player_a``, ...)."""
    return [f"{u}__profile" for u in users]


def display_names_by_id(user_ids: Any, language: str | None = None) -> dict[int, str]:
    """The shown name of each user id (one query): for rows that keep ids and user names (standings)."""
    users = get_user_model().objects.filter(pk__in=list(user_ids)).select_related("profile")
    return {u.pk: display_name(u, language) for u in users}
