"""A table's signed log (``junling-table-log/1``) and reading one back for a judge.

Written with the site's log machinery (``engine.log.sealing``: canonical JSON, the hash chain, the seed
commitment, the HMAC signature with ``junling.signing.log_signing_key``): a header (system,
map and data hashes, players, the commitment to the seed), one entry per applied action (``actor``: a seat,
or ``chance``) and an end entry that reveals the seed and its salt with the result and the final state's
hash. ``docs/tables.md`` describes it.
"""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

from engine.log.format import END, MAX_LOG_BYTES, REFEREE_ACTOR
from engine.log.sealing import commitment, dumps_log, entry_hash, header_hash, sign
from junling.signing import log_signing_key
from tables import engines
from tables.models import Entry, Seat, Table

TABLE_LOG_FORMAT = "junling-table-log/1"


class LogUnreadable(ValueError):
    """Not a table log this site can replay (what is wrong, in the reader's words, is the message)."""


def actor_json(actor: str) -> int | str:
    return actor if actor == engines.CHANCE else int(actor)


def player_names(table: Table) -> list[dict[str, Any]]:
    out = []
    for s in Seat.objects.filter(table=table).select_related("user").order_by("index"):
        name = s.user.username if s.user else f"{s.bot} bot"
        out.append({"seat": s.index, "name": name, **({"bot": s.bot} if s.bot else {})})
    return out


def build_log(table: Table, final_state: Any) -> bytes:
    """The signed log of a finished table (its entries as stored, the seed revealed)."""
    game = engines.new_game(table.system, table.seats, table.map_hash, table.data_hash)
    header: dict[str, Any] = {
        "format": TABLE_LOG_FORMAT,
        "system": table.system,
        "seats": table.seats,
        "game": engines.log_metadata(game),
        "map": table.map_hash,
        "data": table.data_hash,
        "players": player_names(table),
        "randomness": {"kind": "committed", "commitment": table.commitment},
        "signed": True,
        "created": table.created_at.astimezone(UTC).isoformat(timespec="seconds"),
        "meta": {"table": table.pk},
    }
    last = header_hash(header)
    entries = []
    for n, actor, action in Entry.objects.filter(table=table).order_by("n").values_list("n", "actor", "action"):
        entry: dict[str, Any] = {"n": n, "actor": actor_json(actor), "action": action}
        entry["hash"] = last = entry_hash(last, entry)
        entries.append(entry)
    end: dict[str, Any] = {
        "n": len(entries),
        "actor": REFEREE_ACTOR,
        "action": {"type": END, "seed": table.seed, "salt": table.salt, "result": table.outcome},
        "state": engines.state_digest(final_state),
    }
    end["hash"] = last = entry_hash(last, end)
    entries.append(end)
    return dumps_log({"header": header, "entries": entries, "signature": sign(log_signing_key(), last)})


@dataclass
class ReadLog:
    """A table log read back: its system and game, the entries to replay, the seed (if revealed) and whether
    the chain and the signature hold."""

    system: str
    seats: int
    map_hash: str
    data_hash: str
    entries: list[dict[str, Any]]
    seed: int | None
    committed: bool
    chain_ok: bool
    signature_ok: bool | None
    problems: list[str] = field(default_factory=list)


def read_log(raw: bytes) -> ReadLog:
    """Parse a table log; ``LogUnreadable`` when it is not one at all. A broken chain or signature, or a seed
    that does not match its commitment, is reported (``problems``), and the replay still runs."""
    if len(raw) > MAX_LOG_BYTES:
        raise LogUnreadable("too_big")
    try:
        log = json.loads(raw.decode("utf-8"))
        header = log["header"]
        entries = list(log["entries"])
        if header.get("format") != TABLE_LOG_FORMAT:
            raise LogUnreadable("format")
        system_id = str(header["system"])
        engines.system(system_id)
    except LogUnreadable:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise LogUnreadable("format") from exc
    problems: list[str] = []
    last = header_hash(header)
    chain_ok = True
    for e in entries:
        if not isinstance(e, dict):
            raise LogUnreadable("format")
        if e.get("hash") is not None and e.get("hash") != entry_hash(last, e):
            chain_ok = False
        last = entry_hash(last, e)
    if not chain_ok:
        problems.append("chain")
    signature = log.get("signature")
    signature_ok = None if signature is None else hmac.compare_digest(str(signature), sign(log_signing_key(), last))
    if signature_ok is False:
        problems.append("signature")
    randomness = header.get("randomness") or {}
    committed = randomness.get("kind") == "committed"
    seed = None
    moves = [e for e in entries if e.get("actor") != REFEREE_ACTOR]
    end = next((e for e in entries if e.get("actor") == REFEREE_ACTOR), None)
    if end is not None and isinstance(end.get("action"), dict) and end["action"].get("type") == END:
        raw_seed = end["action"].get("seed")
        if isinstance(raw_seed, int):
            seed = raw_seed
            if committed and commitment(seed, str(end["action"].get("salt", ""))) != randomness.get("commitment"):
                problems.append("commitment")
    if committed and seed is None:
        problems.append("no_seed")
    return ReadLog(
        system=system_id,
        seats=int(header.get("seats") or len(header.get("players") or [])),
        map_hash=str(header.get("map", "")),
        data_hash=str(header.get("data", "")),
        entries=moves,
        seed=seed,
        committed=committed and seed is not None,
        chain_ok=chain_ok,
        signature_ok=signature_ok,
        problems=problems,
    )
