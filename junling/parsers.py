"""Input limits every request meets before any view sees it (issue 11 point 6).

Hostile JSON (nesting thousands deep, integers of thousands of digits, NUL characters) used to reach
views and the database and answer 500. ``SafeJSONParser`` refuses it with a 400 that says what and
where; ``RejectNulMiddleware`` does the same for paths, query strings and HTTP Basic credentials (forms
refuse NUL per field), because PostgreSQL cannot store or compare a NUL in text.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

import orjson
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework.exceptions import ErrorDetail, ParseError, ValidationError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32
"""Deeper JSON is refused: no input of the site nests more than a few levels."""
MAX_INT = 2**63 - 1
"""Integers beyond a database's 64-bit range are refused where they are read, not where they are stored."""


class InputRefused(ValueError):
    """Input the site will not read; ``where`` is a JSON path like ``$.cards[3].name``, ``code`` its kind."""

    def __init__(self, message: str, where: str, code: str = "invalid") -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.reason = message
        self.code = code

    @property
    def field(self) -> str:
        """The top-level field the path starts in (``non_field_errors`` for the body itself)."""
        head = self.where.removeprefix("$").removeprefix(".")
        return head.split(".")[0].split("[")[0] or "non_field_errors"


def check_value(value: Any, where: str = "$", depth: int = 0) -> None:
    """Walk a parsed JSON value; raise InputRefused at the first thing no view should get.

    >>> check_value({"a": [1, "x"]})
    >>> try:
    ...     check_value({"a": [2**70]})
    ... except InputRefused as exc:
    ...     print(exc.where, exc.code, exc.field)
    $.a[0] out_of_range a
    """
    if depth > MAX_DEPTH:
        raise InputRefused(_("nested deeper than %(n)s levels") % {"n": MAX_DEPTH}, where, "too_deep")
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return
    if isinstance(value, int):
        if not -MAX_INT - 1 <= value <= MAX_INT:
            raise InputRefused(_("integer out of range"), where, "out_of_range")
    elif isinstance(value, str):
        if "\x00" in value:
            raise InputRefused(_("NUL character in text"), where, "null_characters_not_allowed")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_value(item, f"{where}[{i}]", depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            if "\x00" in key:
                raise InputRefused(_("NUL character in a key"), where, "null_characters_not_allowed")
            check_value(item, f"{where}.{key}", depth + 1)


class SafeJSONParser(JSONParser):
    """DRF's JSON parser with orjson (no recursion limit to hit) and the checks of ``check_value``."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = stream.read() if stream is not None else b""
        try:
            data = orjson.loads(raw)  # refuses nesting past 1024 and integers past 64 bits by itself
        except orjson.JSONDecodeError as exc:
            where = {"line": exc.lineno, "column": exc.colno}
            raise ParseError(_("The JSON could not be read (line %(line)s, column %(column)s).") % where) from exc
        try:
            check_value(data)
        except InputRefused as exc:
            # A field error like a serializer's, so the API answers in one shape (params.fields).
            message = _("The JSON was refused at %(where)s: %(why)s") % {"where": exc.where, "why": exc.reason}
            raise ValidationError({exc.field: [ErrorDetail(message, code=exc.code)]}) from exc
        return data


class RejectNulMiddleware:
    """A NUL character in the path, a query parameter or HTTP Basic credentials is a 400, never a database error.

    Form fields meet the same rule in their forms (Django's CharField refuses NUL per field)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        bad = _nul_field(request)
        if bad is not None:
            message = _("The field %(field)s contains a NUL character.") % {"field": bad}
            if request.path.startswith("/api/"):
                body = {"error": {"code": "invalid_input", "message": message, "status": 400, "params": {"field": bad}}}
                return JsonResponse(body, status=400)
            return render(request, "error.html", {"status": 400, "message": message}, status=400)
        return self.get_response(request)


def _nul_field(request: HttpRequest) -> str | None:
    if "\x00" in request.path:
        return "path"
    if _basic_credentials_hold_nul(request.META.get("HTTP_AUTHORIZATION", "")):
        return "Authorization"
    for key, values in request.GET.lists():
        if "\x00" in key or any("\x00" in v for v in values):
            return key.replace("\x00", "")[:50] or "?"
    return None


def _basic_credentials_hold_nul(header: str) -> bool:
    """Whether an ``Authorization: Basic`` header's user name or password holds a NUL (django-axes would look the
    name up in the database, and PostgreSQL refuses NUL in text: a 500). Undecodable credentials are DRF's 401."""
    scheme, _sep, value = header.partition(" ")
    if scheme.lower() != "basic":
        return False
    try:
        return b"\x00" in base64.b64decode(value.strip(), validate=True)
    except (binascii.Error, ValueError):
        return False
