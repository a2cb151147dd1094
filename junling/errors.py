"""The one refusal type of the site: every service error a user can cause is a ``Refused``.

A refusal carries a stable ``code`` (what went wrong, for programs and tests), a translated
``message`` (for people), the HTTP ``status`` it maps to, and ``params`` (the facts the message is
built from: card names, rule sections, ids). Views render it on the page; the API returns it in one
JSON envelope (``junling.api.exception_handler``)::

    {"error": {"code": "deck.illegal", "message": "...", "status": 400, "params": {...}}}

Subclasses name the area (``DeckRefused``, ``PlayRefused`` ...) and may set a default ``status``.
It subclasses ``ValueError`` in the style of python-chess: a refusal is bad input, not a crash.
"""

from __future__ import annotations

from typing import Any


class Refused(ValueError):
    """An act the site will not do, with a code, a readable message, an HTTP status and its facts."""

    status: int = 400
    code: str = "refused"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        status: int | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = str(message)
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.params = dict(params or {})

    def envelope(self) -> dict[str, Any]:
        """The JSON body the API answers with."""
        return {"error": {"code": self.code, "message": self.message, "status": self.status, "params": self.params}}


class NotAllowed(Refused):
    """The user may not do this (HTTP 403); the one answer comes from the app's ``access`` module."""

    status = 403
    code = "not_allowed"
