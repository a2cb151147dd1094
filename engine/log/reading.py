"""Reading a log: its bytes (refused above the size limit before they are read) and its JSON; the
structure is checked by the replay (``engine.replay``)."""

from __future__ import annotations

import os
from typing import Any

from engine.cards import CardDatabase
from engine.log.format import MAX_LOG_BYTES, LogFormatError
from engine.log.sealing import _JSONError, _loads
from engine.messages import Message


def read_log_bytes(path: str | os.PathLike[str], limit: int = MAX_LOG_BYTES) -> bytes:
    """The bytes of a log file, refusing one above ``limit`` before reading it (:class:`LogFormatError`)."""
    size = os.stat(path).st_size
    if size > limit:
        raise LogFormatError("", Message("log.too_big", {"size": f"{size:,}", "limit": f"{limit:,}"}), kind="size")
    with open(path, "rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:  # grew since the stat
        raise LogFormatError("", Message("log.over_limit", {"limit": f"{limit:,}"}), kind="size")
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
        raise LogFormatError("", Message("log.not_json_input", {"type": type(raw).__name__}), kind="json")
    if len(raw) > limit:
        raise LogFormatError("", Message("log.too_big", {"size": f"{len(raw):,}", "limit": f"{limit:,}"}), kind="size")
    if not raw.strip():
        raise LogFormatError("", Message("log.empty"), kind="json")
    try:
        data = _loads(bytes(raw))
    except _JSONError as exc:
        raise LogFormatError(
            "", Message("log.invalid_json", {"where": _where(bytes(raw), exc), "error": str(exc)}), kind="json"
        ) from None
    except RecursionError:
        raise LogFormatError("", Message("log.too_deep"), kind="json") from None
    if not isinstance(data, dict):
        raise LogFormatError("", Message("log.not_object", {"type": type(data).__name__}), kind="format")
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
