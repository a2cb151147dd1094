"""Reading a log: its bytes (refused above the size limit before they are read) and its JSON; the
structure is checked by the replay (``engine.replay``)."""

from __future__ import annotations

import os
from typing import Any

from engine.cards import CardDatabase
from engine.log.format import MAX_LOG_BYTES, LogFormatError
from engine.log.sealing import _JSONError, _loads


def read_log_bytes(path: str | os.PathLike[str], limit: int = MAX_LOG_BYTES) -> bytes:
    """The bytes of a log file, refusing one above ``limit`` before reading it (:class:`LogFormatError`)."""
    size = os.stat(path).st_size
    if size > limit:
        raise LogFormatError("", f"the log is {size:,} bytes; the limit is {limit:,} bytes", kind="size")
    with open(path, "rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:  # grew since the stat
        raise LogFormatError("", f"the log is over the limit of {limit:,} bytes", kind="size")
    return raw


def load_log(raw: bytes | str | dict[str, Any], limit: int = MAX_LOG_BYTES) -> dict[str, Any]:
    """Parse a log (bytes, text or an already-parsed dict): checks size and JSON syntax only.

    The structure is checked by the replay (``engine.replay.adjudicate``), which says where it is wrong.
    """
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise LogFormatError("", f"a log is JSON bytes, text or a dict, not {type(raw).__name__}", kind="json")
    if len(raw) > limit:
        raise LogFormatError("", f"the log is {len(raw):,} bytes; the limit is {limit:,} bytes", kind="size")
    if not raw.strip():
        raise LogFormatError("", "the log is empty", kind="json")
    try:
        data = _loads(bytes(raw))
    except _JSONError as exc:
        raise LogFormatError("", f"not valid JSON ({_where(bytes(raw), exc)}): {exc}", kind="json") from None
    except RecursionError:
        raise LogFormatError("", "not valid JSON: nested too deeply", kind="json") from None
    if not isinstance(data, dict):
        raise LogFormatError("", f"a log is a JSON object, not {type(data).__name__}", kind="format")
    return data


def _where(raw: bytes, exc: Exception) -> str:
    pos = getattr(exc, "pos", None)  # a character position in the decoded text
    if not isinstance(pos, int):
        return "position unknown"
    text = raw.decode("utf-8", "replace")
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    if pos >= len(text.rstrip()):
        return f"truncated: it ends at line {line}, column {column}"
    return f"line {line}, column {column}"


def database_matches(db: CardDatabase, header: dict[str, Any]) -> bool:
    """True if ``db`` is the card database the log's header names (by content hash)."""
    database = header.get("database")
    return isinstance(database, dict) and database.get("hash") == db.content_hash
