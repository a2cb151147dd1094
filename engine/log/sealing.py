"""Sealing a log: canonical JSON, the hashes (header, entry chain, state), the seed commitment and the
HMAC signature; a hand-written log sealed as it is (``docs/log-format.md`` "Hashes and signature").

The bytes written here are what old logs were verified against: change nothing in how they are made.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game.state import State


def _stdlib_canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


try:  # orjson is 5-10x faster; the stdlib gives byte-identical canonical text for the values a log holds
    import orjson

    def canonical(value: Any) -> bytes:
        """The canonical bytes of a JSON value: keys sorted, no spaces, UTF-8 (hashes and signatures use it).

        >>> canonical({"b": [1, None], "a": "关羽"}).decode()
        '{"a":"关羽","b":[1,null]}'
        """
        try:
            return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except TypeError:  # integers beyond 64 bits, or non-JSON values: the stdlib says which
            return _stdlib_canonical(value)

    def _loads(raw: bytes | str) -> Any:
        return orjson.loads(raw)

    _JSONError: type[Exception] = orjson.JSONDecodeError
    canonical_dumps: Callable[..., bytes] = orjson.dumps
    CANONICAL_OPTION = orjson.OPT_SORT_KEYS
except ImportError:  # pragma: no cover - orjson is in requirements.lock

    def canonical(value: Any) -> bytes:
        return _stdlib_canonical(value)

    def _loads(raw: bytes | str) -> Any:
        return json.loads(raw)

    _JSONError = json.JSONDecodeError

    def canonical_dumps(value: Any, option: int = 0) -> bytes:
        return _stdlib_canonical(value)

    CANONICAL_OPTION = 0

"""``canonical_dumps(value, option=CANONICAL_OPTION)`` is ``canonical(value)`` without the Python call around
it, for a loop over many values; it raises ``TypeError`` where ``canonical`` turns to the stdlib (integers
beyond 64 bits, non-JSON values): the caller then calls ``canonical``."""

# --- hashes ---------------------------------------------------------------------------------------


def commitment(seed: int, salt: str) -> str:
    """The commitment to a seed written in the header: ``sha256("<salt>:<seed>")`` in hex.

    >>> commitment(7, "ab")[:16]
    'b7e1dfec11fd191b'
    """
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def header_hash(header: dict[str, Any]) -> str:
    """The start of the hash chain: sha256 of the header's canonical bytes, in hex."""
    return hashlib.sha256(canonical(header)).hexdigest()


def entry_hash(prev: str, entry: dict[str, Any]) -> str:
    """The chain hash of ``entry``: sha256 of the previous hash (hex) then the entry's canonical bytes without
    ``hash``."""
    if "hash" in entry:
        entry = {k: v for k, v in entry.items() if k != "hash"}
    return hashlib.sha256(prev.encode() + canonical(entry)).hexdigest()


def state_hash(state: State) -> str:
    """sha256 of the state's canonical serialised form (``State.to_json(history=False)`` without the seed)."""
    data = state.to_json(history=False)
    data.pop("seed", None)  # so that a state hash says nothing about the seed and checks before it is revealed
    return hashlib.sha256(canonical(data)).hexdigest()


def sign(key: bytes, last_hash: str) -> str:
    """The signature of a log: HMAC-SHA256 with the site's key over the last chain hash (hex)."""
    return hmac.digest(key, last_hash.encode(), "sha256").hex()  # hmac.new(...).hexdigest(), in one C call


def dumps_log(log: dict[str, Any]) -> bytes:
    """A log dict as UTF-8 JSON: the header on one line, each entry on its own line (easy to read and diff)."""
    parts = [b'{"header":', canonical(log["header"]), b',\n"entries":[']
    parts.append(b",\n".join(canonical(e) for e in log["entries"]))
    parts.append(b"]")
    if "signature" in log:
        parts.append(b',\n"signature":' + canonical(log["signature"]))
    parts.append(b"}\n")
    return b"".join(parts)


def seal_log(log: dict[str, Any], key: bytes | None = None) -> dict[str, Any]:
    """A copy of ``log`` with its entries numbered, the hash chain written and, with ``key``, signed.

    For a log written by hand (a transcribed game) that the site then keeps: sealing vouches for the
    log as it is, not for what it says; the replay still judges it.
    """
    header = dict(log["header"])
    header["signed"] = key is not None
    prev = header_hash(header)
    entries = []
    for i, entry in enumerate(log["entries"]):
        e = {k: v for k, v in entry.items() if k != "hash"}
        e["n"] = i
        e["hash"] = prev = entry_hash(prev, e)
        entries.append(e)
    out: dict[str, Any] = {"header": header, "entries": entries}
    if key is not None:
        out["signature"] = sign(key, prev)
    return out
