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

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.html import format_html
from django.utils.translation import gettext as _
from rest_framework.exceptions import ErrorDetail, ParseError, ValidationError
from rest_framework.parsers import JSONParser

from engine import jsonsafe
from junling import engine_text

MAX_DEPTH = jsonsafe.MAX_DEPTH
"""Deeper JSON is refused: no input of the site nests more than a few levels (``engine.jsonsafe``)."""
MAX_INT = jsonsafe.MAX_INT
"""Integers beyond a database's 64-bit range are refused where they are read, not where they are stored."""
_CODES = {"nul": "null_characters_not_allowed", "nul_key": "null_characters_not_allowed", "syntax": "parse_error"}


MAX_ID_DIGITS = 18
"""An id of more digits is no id (it would overflow the database's 64-bit integer)."""


def parse_id(value: Any) -> int | None:
    """A database id as a path, a query or a form writes it: ASCII digits, at most :data:`MAX_ID_DIGITS`, above
    zero; else None. The one reading of an id from text (``str.isdigit`` alone takes ``²`` and 5,000 digits,
    on which ``int`` raises Python's own message).

    >>> parse_id("12"), parse_id(7), parse_id("²"), parse_id("1" * 19), parse_id("0"), parse_id(" 3"), parse_id(True)
    (12, 7, None, None, None, None, None)
    """
    if isinstance(value, bool):
        return None
    text = str(value)
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS):
        return None
    number = int(text)
    return number if number > 0 else None


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


def refused(exc: jsonsafe.JSONRefused) -> InputRefused:
    """The engine's JSON refusal as the site's, said in the reader's language."""
    return InputRefused(engine_text.render(exc.said), exc.where, _CODES.get(exc.code, exc.code))


def check_value(value: Any, where: str = "$") -> None:
    """Walk a parsed JSON value (``engine.jsonsafe.check``); raise InputRefused at the first thing no view should
    get.

    >>> check_value({"a": [1, "x"]})
    >>> try:
    ...     check_value({"a": [2**70]})
    ... except InputRefused as exc:
    ...     print(exc.where, exc.code, exc.field)
    $.a[0] out_of_range a
    """
    try:
        jsonsafe.check(value, where)
    except jsonsafe.JSONRefused as exc:
        raise refused(exc) from None


def load_json(raw: bytes | str) -> Any:
    """The one JSON reader of the site's pages and endpoints (``engine.jsonsafe.loads``): InputRefused, said in
    the reader's language and located, for anything it will not read."""
    try:
        return jsonsafe.loads(raw)
    except jsonsafe.JSONRefused as exc:
        raise refused(exc) from None


class SafeJSONParser(JSONParser):
    """DRF's JSON parser with orjson (no recursion limit to hit) and the checks of ``check_value``."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = stream.read() if stream is not None else b""
        try:
            data = jsonsafe.loads(raw)
        except jsonsafe.JSONRefused as exc:
            if exc.code == "syntax" and exc.line is not None:
                where = {"line": exc.line, "column": exc.column}
                raise ParseError(_("The JSON could not be read (line %(line)s, column %(column)s).") % where) from None
            if exc.code in ("syntax", "encoding"):
                raise ParseError(_("The JSON could not be read (%(why)s).") % {"why": refused(exc).reason}) from None
            bad = refused(exc)
            message = _("The JSON was refused: %(why)s") % {"why": bad.reason}
            if bad.where == "$":  # the body itself (nested past orjson's own limit, a bare huge number)
                raise ParseError(message) from None
            # A field error like a serializer's, so the API answers in one shape (params.fields).
            raise ValidationError({bad.field: [ErrorDetail(message, code=bad.code)]}) from None
        return data


class RejectNulMiddleware:
    """A NUL character in the path, a query parameter, a posted form's field or HTTP Basic credentials is a 400,
    never a database error (PostgreSQL refuses NUL in text)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        bad = _nul_field(request)
        if bad is not None:
            message = _("The field %(field)s contains a NUL character.") % {"field": bad}
            if request.path.startswith("/api/"):
                body = {"error": {"code": "invalid_input", "message": message, "status": 400, "params": {"field": bad}}}
                return JsonResponse(body, status=400)
            if request.headers.get("HX-Request"):  # a partial's swap: the refusal alone, where the partial goes
                return HttpResponse(format_html('<p class="error" role="alert">{}</p>', message), status=400)
            return render(request, "error.html", {"status": 400, "message": message}, status=400)
        return self.get_response(request)


def _nul_field(request: HttpRequest) -> str | None:
    if "\x00" in request.path:
        return "path"
    if _basic_credentials_hold_nul(request.META.get("HTTP_AUTHORIZATION", "")):
        return "Authorization"
    return _nul_key(request.GET.lists()) or _nul_form_field(request)


def _nul_key(fields: Any) -> str | None:
    """The first field (of ``(key, values)`` pairs) whose name or a value holds a NUL, named without it."""
    for key, values in fields:
        if "\x00" in key or any("\x00" in v for v in values):
            return str(key).replace("\x00", "")[:50] or "?"
    return None


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _nul_form_field(request: HttpRequest) -> str | None:
    """A posted form's field (not a file) holding a NUL: PostgreSQL refuses NUL in text, wherever a view looks a
    value up. A body too large or unreadable is left to the view's own answer (413, 400)."""
    if request.method != "POST" or request.content_type not in FORM_TYPES:
        return None
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return None
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if request.content_type == "application/x-www-form-urlencoded" and limit is not None and length > limit:
        return None
    try:
        fields = list(request.POST.lists())
    except Exception:  # the view reads the body again and answers it
        return None
    return _nul_key(fields)


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
