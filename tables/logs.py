"""A table's signed log (``junling-table-log/1``) and reading one back for a judge.

Written with the site's log machinery (``engine.log.sealing``: canonical JSON, the hash chain, the seed
commitment, the HMAC signature with ``junling.signing.log_signing_key``): a header (system,
map and data hashes, players, the commitment to the seed), one entry per applied action (``actor``: a seat,
or ``chance``) and an end entry that reveals the seed and its salt with the result and the final state's
hash. ``docs/tables.md`` describes it.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

from engine import jsonsafe
from engine.log.format import END, MAX_LOG_BYTES, MAX_SEED, REFEREE_ACTOR
from engine.log.sealing import commitment, dumps_log, entry_hash, header_hash, sign
from engine.messages import Message
from junling.signing import log_signing_key
from tables import engines
from tables.models import Entry, Seat, Table

TABLE_LOG_FORMAT = "junling-table-log/1"


class LogUnreadable(ValueError):
    """Not a table log this site can replay: a code (``format``, ``too_big``, ``seats``, ``json``), and for ``json``
    what the one JSON reader refused (``engine.jsonsafe``) and where."""

    def __init__(self, code: str, said: Message | None = None) -> None:
        super().__init__(code)
        self.said = said


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
        "meta": {**table.log_meta, "table": table.pk},
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
    """A table log read back: its system and game, the entries to replay, the seed (if revealed), and the checks
    of the card game's verdict said the same way (``engine.replay.verdict.Verdict``): ``signature`` ``valid``,
    ``invalid`` or ``unsigned``; ``chain`` ``valid`` or ``broken`` (every entry of a table log has its hash: one
    without breaks it); ``seed`` ``matches``, ``mismatch`` or ``not revealed``. ``claim`` is the table its header
    names (``meta.table``), ``data`` the parsed log (to compare with that table's stored log), ``end`` its end
    entry."""

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
    signature: str = "unsigned"
    chain: str = "valid"
    seed_status: str = "not revealed"
    claim: int | None = None
    end: dict[str, Any] | None = None
    data: dict[str, Any] = field(default_factory=dict, repr=False)
    bids: dict[str, Any] | None = None
    """The sealed bids that decided the sides (header ``meta.bids``, issue 26), as the header says them."""


TAMPERING = frozenset(
    {"chain", "entry_without_hash", "signature", "signature_missing", "signature_unexpected", "commitment", "state"}
)
"""The problems that say a log contradicts its own chain, signature, seed commitment or final state: it was
altered (the card game's ``UNAUTHENTIC``)."""


def claimed_table(header: Any) -> int | None:
    """The table ``header["meta"]["table"]`` claims (a positive id), or None."""
    meta = header.get("meta") if isinstance(header, dict) else None
    value = meta.get("table") if isinstance(meta, dict) else None
    if isinstance(value, str) and value.isdecimal() and len(value) <= 18:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 2**63:
        return None
    return value


def _seats(header: dict[str, Any]) -> int:
    seats = header.get("seats")
    if seats is None:
        players = header.get("players")
        return len(players) if isinstance(players, list) else 0
    if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= 16:
        raise LogUnreadable("seats")
    return seats


def read_log(raw: bytes) -> ReadLog:
    """Parse a table log; ``LogUnreadable`` when it is not one at all. A broken chain or signature, a missing
    signature on a log whose header says it is signed, an entry without its hash, or a seed that does not match
    its commitment, is reported (``problems``), and the replay still runs."""
    if len(raw) > MAX_LOG_BYTES:
        raise LogUnreadable("too_big")
    try:
        log = jsonsafe.loads(raw)
    except jsonsafe.JSONRefused as exc:
        raise LogUnreadable("json", exc.said) from None
    try:
        header = log["header"]
        entries = list(log["entries"])
        if not isinstance(header, dict) or header.get("format") != TABLE_LOG_FORMAT:
            raise LogUnreadable("format")
        system_id = str(header["system"])
        engines.system(system_id)
        seats = _seats(header)
    except LogUnreadable:
        raise
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise LogUnreadable("format") from exc
    problems: list[str] = []
    last = header_hash(header)
    chain = "valid"
    for e in entries:
        if not isinstance(e, dict):
            raise LogUnreadable("format")
        here = entry_hash(last, e)
        if chain == "valid" and e.get("hash") != here:
            chain = "broken"
            problems.append("chain" if "hash" in e else "entry_without_hash")
        last = here
    signature = _signature(header, log.get("signature"), last, problems)
    randomness: dict[str, Any] = header["randomness"] if isinstance(header.get("randomness"), dict) else {}
    committed = randomness.get("kind") == "committed"
    seed = None
    seed_status = "not revealed"
    moves = [e for e in entries if e.get("actor") != REFEREE_ACTOR]
    end = next((e for e in entries if e.get("actor") == REFEREE_ACTOR), None)
    if end is not None and isinstance(end.get("action"), dict) and end["action"].get("type") == END:
        raw_seed = end["action"].get("seed")
        if isinstance(raw_seed, int) and not isinstance(raw_seed, bool) and 0 <= raw_seed <= MAX_SEED:
            seed = raw_seed
            seed_status = "matches"
            if committed and commitment(seed, str(end["action"].get("salt", ""))) != randomness.get("commitment"):
                seed_status = "mismatch"
                problems.append("commitment")
    if committed and seed is None:
        problems.append("no_seed")
    return ReadLog(
        system=system_id,
        seats=seats,
        map_hash=str(header.get("map", "")),
        data_hash=str(header.get("data", "")),
        entries=moves,
        seed=seed,
        committed=committed and seed is not None,
        chain_ok=chain == "valid",
        signature_ok={"valid": True, "invalid": False}.get(signature),
        problems=problems,
        signature=signature,
        chain=chain,
        seed_status=seed_status,
        claim=claimed_table(header),
        end=end,
        data=log,
        bids=_bids(header),
    )


def _bids(header: dict[str, Any]) -> dict[str, Any] | None:
    """The header's ``meta.bids`` if it is an object, else None."""
    meta = header.get("meta")
    bids = meta.get("bids") if isinstance(meta, dict) else None
    return bids if isinstance(bids, dict) else None


def _signature(header: dict[str, Any], signature: Any, last: str, problems: list[str]) -> str:
    """The signature's status, as the card game's verdict says it: a header that says ``signed`` needs this site's
    signature over the last chain hash (missing or another: ``invalid``); an unsigned log is ``unsigned`` (its
    header is only its writer's word), and one that carries a signature all the same is a problem."""
    if header.get("signed") is not True:
        if signature is not None:
            problems.append("signature_unexpected")
        return "unsigned"
    if not isinstance(signature, str):
        problems.append("signature_missing")
        return "invalid"
    if not hmac.compare_digest(signature, sign(log_signing_key(), last)):
        problems.append("signature")
        return "invalid"
    return "valid"
