"""Download headers: a file named in any script, the way browsers read it (RFC 6266 with RFC 5987's ``filename*``).

Django's ``HttpResponse["Content-Disposition"]`` would encode a non-ASCII name per RFC 2047, which browsers
ignore; ``filename*=UTF-8''...`` carries the real name and ``filename="..."`` an ASCII stand-in for old clients.
"""

from __future__ import annotations

import unicodedata
from urllib.parse import quote


def ascii_fallback(filename: str) -> str:
    """An ASCII name for clients that do not read ``filename*``: accents dropped, other letters a dash."""
    stem, dot, ext = filename.rpartition(".")
    if not dot:
        stem, ext = filename, ""
    plain = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
    plain = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in plain).strip("-")
    while "--" in plain:
        plain = plain.replace("--", "-")
    ext = "".join(ch for ch in ext if ch.isascii() and ch.isalnum())
    return (plain or "download") + (f".{ext}" if ext else "")


def attachment(filename: str) -> str:
    """The Content-Disposition value that downloads ``filename`` under its own name."""
    name = filename.replace("\r", "").replace("\n", "").replace("/", "-").replace("\\", "-")
    return f"attachment; filename=\"{ascii_fallback(name)}\"; filename*=UTF-8''{quote(name, safe='')}"
