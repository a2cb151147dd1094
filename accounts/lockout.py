"""The name django-axes keys failed logins by (settings.AXES_USERNAME_CALLABLE).

allauth passes ``username`` or ``email`` in the credentials (its form field is ``login``); Django's admin
and HTTP Basic pass ``username``. Whatever was typed is the key, case-folded, so that one name is locked
out the same way on every path.
"""

from __future__ import annotations

from typing import Any


def username_of(request: Any, credentials: dict[str, Any] | None) -> str | None:
    if credentials:
        for key in ("username", "email", "login"):
            if credentials.get(key):
                return str(credentials[key]).strip().casefold()
    data = getattr(request, "data", None) or getattr(request, "POST", {}) or {}
    for key in ("login", "username"):
        if data.get(key):
            return str(data[key]).strip().casefold()
    return None
