"""The one JSON reader, and its limits, of every input the engine and the site take (issue 29 point 3).

Hostile JSON (nesting thousands deep, numbers of thousands of digits, ``1e400``, NUL characters) made the
standard parser raise ``RecursionError`` or ``ValueError: Exceeds the limit (4300 digits)`` inside card,
decklist, map and log imports, and the site answered 500. :func:`loads` reads with orjson (no recursion to
exhaust; it refuses infinite numbers itself) or, without it, the standard parser with hooks that see each
number's text before it is converted; then :func:`check` walks the value. Whatever it refuses is a
:class:`JSONRefused` that says what (``code``, a message of ``engine.messages``) and where (a JSON path like
``$.cards[3].name``, or the line and column of a syntax error). ``junling.parsers`` reads the API's bodies with
it and says its refusals in the reader's language.
"""

from __future__ import annotations

import json
from typing import Any

from engine.messages import Message, render

MAX_DEPTH = 32
"""Deeper JSON is refused: no input of the site nests more than a few levels (a map's region: four)."""
MAX_INT = 2**63 - 1
"""Integers beyond a database's 64-bit range are refused where they are read, not where they are stored."""
MAX_NUMBER_CHARS = 40
"""A number written with more characters is refused before it is converted (the standard parser's path)."""

try:  # orjson: 5-10x faster, and it has no recursion limit to hit
    import orjson

    def _parse(text: str) -> Any:
        return orjson.loads(text)

    _SYNTAX: tuple[type[Exception], ...] = (orjson.JSONDecodeError,)
except ImportError:  # pragma: no cover - orjson is in requirements.lock

    def _number(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise JSONRefused("out_of_range")
        value = float(text) if any(c in text for c in ".eE") else int(text)
        if value in (float("inf"), float("-inf")):
            raise JSONRefused("out_of_range")
        return value

    def _constant(text: str) -> Any:
        raise JSONRefused("syntax")

    def _parse(text: str) -> Any:
        return json.loads(text, parse_int=_number, parse_float=_number, parse_constant=_constant)

    _SYNTAX = (json.JSONDecodeError,)


class JSONRefused(ValueError):
    """JSON the site will not read: ``code`` (``syntax``, ``encoding``, ``too_deep``, ``out_of_range``, ``nul``),
    ``where`` (a JSON path; ``$`` is the document), and for a syntax error its ``line`` and ``column``."""

    def __init__(self, code: str, where: str = "$", *, line: int | None = None, column: int | None = None) -> None:
        self.code = code
        self.where = where
        self.line = line
        self.column = column
        super().__init__(self.message)

    @property
    def said(self) -> Message:
        """What is wrong and where, as a message of the engine's catalogue (rendered in any language)."""
        if self.code == "syntax" and self.line is not None:
            return Message("json.syntax_at", {"line": self.line, "column": self.column})
        return Message(f"json.{self.code}", {"where": self.where, "depth": MAX_DEPTH})

    @property
    def message(self) -> str:
        """What, in English."""
        return render(self.said)

    @property
    def field(self) -> str:
        """The top-level field the path starts in (``non_field_errors`` for the document itself)."""
        head = self.where.removeprefix("$").removeprefix(".")
        return head.split(".")[0].split("[")[0] or "non_field_errors"


def loads(raw: bytes | str) -> Any:
    """Parse ``raw`` (UTF-8 bytes, a byte-order mark allowed, or text) and :func:`check` it.

    >>> loads('{"a": [1, "x"]}')
    {'a': [1, 'x']}
    >>> for bad in ("[" * 5000 + "]" * 5000, "9" * 5000, "[1e400]", '{"a": "\\\\u0000"}', "", b"\\xff{"):
    ...     try:
    ...         loads(bad)
    ...     except JSONRefused as exc:
    ...         print(exc.code, exc.where)
    too_deep $
    out_of_range $
    out_of_range $
    nul $.a
    syntax $
    encoding $
    """
    if isinstance(raw, (bytes, bytearray, memoryview)):
        try:
            text = bytes(raw).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JSONRefused("encoding") from None
    else:
        text = raw.removeprefix("\ufeff")
    try:
        value = _parse(text)
    except JSONRefused:
        raise
    except RecursionError:
        raise JSONRefused("too_deep") from None
    except _SYNTAX as exc:
        said = str(exc)
        if "depth limit" in said or "recursion" in said:  # orjson's own depth limit (1,024)
            raise JSONRefused("too_deep") from None
        if "infinity" in said:
            raise JSONRefused("out_of_range") from None
        line, column = _line_column(text, getattr(exc, "pos", None))
        raise JSONRefused("syntax", line=line, column=column) from None
    except (ValueError, UnicodeError):  # a lone surrogate, a number the standard parser will not convert
        raise JSONRefused("encoding") from None
    check(value)
    return value


def _line_column(text: str, pos: Any) -> tuple[int | None, int | None]:
    if not isinstance(pos, int):
        return None, None
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def check(value: Any, where: str = "$", depth: int = 0) -> None:
    """Walk a parsed JSON value; raise :class:`JSONRefused` at the first thing no input should hold: nesting
    deeper than :data:`MAX_DEPTH`, an integer outside 64 bits, a non-finite number, a NUL in a text or a key.

    >>> check({"a": [1, "x"]})
    >>> try:
    ...     check({"a": [2**70]})
    ... except JSONRefused as exc:
    ...     print(exc.where, exc.code, exc.field)
    $.a[0] out_of_range a
    """
    if depth > MAX_DEPTH:
        raise JSONRefused("too_deep", where)
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise JSONRefused("out_of_range", where)
    elif isinstance(value, int):
        if not -MAX_INT - 1 <= value <= MAX_INT:
            raise JSONRefused("out_of_range", where)
    elif isinstance(value, str):
        if "\x00" in value:
            raise JSONRefused("nul", where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check(item, f"{where}[{i}]", depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            if "\x00" in key:
                raise JSONRefused("nul_key", where)
            check(item, f"{where}.{key}", depth + 1)
