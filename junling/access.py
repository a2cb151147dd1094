"""Site-wide roles: the one definition of staff that every app's ``access`` module builds on."""

from __future__ import annotations

from typing import Any


def is_staff(user: Any) -> bool:
    """Whether ``user`` is site staff (staff or superuser); anonymous users never are."""
    return bool(getattr(user, "is_authenticated", False) and (user.is_staff or user.is_superuser))
