"""A log compared with the stored log of the game it claims to be: every difference, as messages.

A log's header may claim a game of the site that wrote it (``meta.match`` and ``meta.game``, as
Junling writes them). :func:`claim_of` reads that claim; :func:`compare_logs` lists where two
logs differ: each header field (the players, each deck's cards, the card database, the randomness,
the signature), the entries (the first ones that differ, how many differ, entries one log has and
the other has not) and the result the end entries claim. Looking up the stored log and the match's
players and registered decks is the site's part (``matches/services/records.py``).

The differences are :class:`~engine.replay.verdict.Problem` of kind ``record``; ``where`` is a JSON
path of the log compared (``header.players[0].name``, ``entries[12]``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.log import END, canonical
from engine.messages import Message, seat, term
from engine.replay.verdict import MAX_PROBLEMS, Problem

KIND = "record"
"""The problem kind of a difference from the stored record."""
ENTRIES_LISTED = 5
"""At most this many differing entries are listed one by one; the count says how many differ."""
VALUE_CHARS = 160
"""A value quoted in a difference is cut to this many characters."""
DECK_PARTS = ("resource", "pool", "factions")


@dataclass(frozen=True, slots=True)
class Claim:
    """The match (its id on the site that wrote the log) and the game number a log's header claims."""

    match: int
    game: int | None = None


def claim_of(header: Any) -> Claim | None:
    """The match and game ``header["meta"]`` claims, or None (no claim, or not an id)."""
    meta = header.get("meta") if isinstance(header, Mapping) else None
    if not isinstance(meta, Mapping):
        return None
    match = _positive(meta.get("match"))
    if match is None:
        return None
    return Claim(match, _positive(meta.get("game")))


def _positive(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.isdecimal() and len(value) <= 18:
        value = int(value)
    return value if isinstance(value, int) and 0 < value < 2**63 else None


@dataclass(frozen=True, slots=True)
class Comparison:
    """How a log compares with the record of the game it claims.

    ``status``: ``matches`` (no difference), ``differs`` (see ``differences``) or ``not compared``
    (the claim could not be checked: the reason is the one difference listed).
    """

    status: str
    claim: Claim | None
    differences: tuple[Problem, ...] = ()
    count: int = 0
    stored: str = ""
    """The stored log's sha256, when there was one to compare with."""
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def matches(self) -> bool:
        return self.status == "matches"

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "match": self.claim.match if self.claim else None,
            "game": self.claim.game if self.claim else None,
            "stored": self.stored,
            "differences": [p.to_dict() for p in self.differences],
            "difference_count": self.count,
        }


def comparison(claim: Claim | None, differences: Sequence[Problem], *, stored: str = "") -> Comparison:
    """The comparison with these differences (the first :data:`MAX_PROBLEMS` kept, all counted)."""
    return Comparison(
        "differs" if differences else "matches",
        claim,
        tuple(differences[:MAX_PROBLEMS]),
        len(differences),
        stored,
    )


def not_compared(claim: Claim | None, why: Message) -> Comparison:
    """A claim that could not be checked, and why."""
    return Comparison("not compared", claim, (Problem(KIND, "header.meta", why),), 1)


def difference(where: str, code: str, at: int | None = None, **params: Any) -> Problem:
    """One difference from the record (``at``: the entry's index, if it is about one)."""
    return Problem(KIND, where, Message(code, params), at)


def quoted(value: Any) -> str:
    """A JSON value as the log writes it, cut to :data:`VALUE_CHARS` characters."""
    if value is _MISSING:
        return "-"
    text = canonical(value).decode("utf-8")
    return text if len(text) <= VALUE_CHARS else text[: VALUE_CHARS - 1] + "…"


_MISSING = object()


def compare_logs(log: Mapping[str, Any], stored: Mapping[str, Any]) -> list[Problem]:
    """Every difference of ``log`` from ``stored`` (both parsed logs): header, entries, result, signature.

    Identical logs give an empty list. Hashes are not compared (they follow from the rest); state
    hashes are, as part of their entries.

        >>> a = {"header": {"players": [{"seat": 0, "name": "甲"}]}, "entries": []}
        >>> b = {"header": {"players": [{"seat": 0, "name": "乙"}]}, "entries": []}
        >>> [(p.where, p.what.code) for p in compare_logs(a, b)]
        [('header.players[0].name', 'record.value_differs')]
    """
    out: list[Problem] = []
    header, stored_header = _mapping(log.get("header")), _mapping(stored.get("header"))
    _compare_header(header, stored_header, out)
    entries, stored_entries = _list(log.get("entries")), _list(stored.get("entries"))
    _compare_entries(entries, stored_entries, out)
    _compare_results(entries, stored_entries, out)
    if log.get("signature") != stored.get("signature"):
        out.append(difference("signature", "record.signature_differs"))
    return out


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _compare_header(header: Mapping[str, Any], stored: Mapping[str, Any], out: list[Problem]) -> None:
    for key in sorted(set(header) | set(stored)):
        mine, theirs = header.get(key, _MISSING), stored.get(key, _MISSING)
        if key == "decks" and isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
            for p, (deck, stored_deck) in enumerate(zip(mine, theirs)):
                _compare_deck(p, _mapping(deck), _mapping(stored_deck), out)
        elif key == "database" and isinstance(mine, Mapping) and isinstance(theirs, Mapping):
            if mine.get("hash") != theirs.get("hash"):
                out.append(
                    difference(
                        "header.database.hash",
                        "record.database_differs",
                        log=str(mine.get("hash"))[:12],
                        stored=str(theirs.get("hash"))[:12],
                    )
                )
            _compare_values("header.database", _without(mine, "hash"), _without(theirs, "hash"), out)
        else:
            _compare_values(f"header.{key}", mine, theirs, out)


def _without(value: Mapping[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in value.items() if k != key}


def _compare_values(where: str, mine: Any, theirs: Any, out: list[Problem]) -> None:
    """Objects and lists of the same length are compared member by member; anything else as a whole."""
    if mine == theirs and type(mine) is type(theirs):
        return
    if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
        for key in sorted(set(mine) | set(theirs)):
            _compare_values(f"{where}.{key}", mine.get(key, _MISSING), theirs.get(key, _MISSING), out)
        return
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for i, (a, b) in enumerate(zip(mine, theirs)):
            _compare_values(f"{where}[{i}]", a, b, out)
        return
    out.append(difference(where, "record.value_differs", log=quoted(mine), stored=quoted(theirs)))


def _compare_deck(p: int, deck: Mapping[str, Any], stored: Mapping[str, Any], out: list[Problem]) -> None:
    for part in DECK_PARTS:
        mine, theirs = _list(deck.get(part)), _list(stored.get(part))
        if mine == theirs:
            continue
        have = Counter(map(str, mine))
        need = Counter(map(str, theirs))
        where = f"header.decks[{p}].{part}"
        if have == need:
            out.append(difference(where, "record.deck_order", player=seat(p), part=term(f"part.{part}")))
            continue
        diffs = [
            {"msg": "record.deck_count", "params": {"name": {"name": n}, "have": have[n], "need": need[n]}}
            for n in sorted(set(have) | set(need))
            if have[n] != need[n]
        ]
        out.append(
            difference(
                where, "record.deck_differs", player=seat(p), part=term(f"part.{part}"), diffs={"msgs": diffs[:10]}
            )
        )
    extra = sorted(set(deck) - set(DECK_PARTS)) + sorted(set(stored) - set(DECK_PARTS))
    for key in sorted(set(extra)):
        _compare_values(f"header.decks[{p}].{key}", deck.get(key, _MISSING), stored.get(key, _MISSING), out)


def _entry_body(entry: Any) -> Any:
    """What an entry says: its actor, action and state hash (``n`` and ``hash`` follow from the rest)."""
    if not isinstance(entry, Mapping):
        return entry
    return {k: v for k, v in entry.items() if k not in ("n", "hash")}


def _compare_entries(entries: list[Any], stored: list[Any], out: list[Problem]) -> None:
    common = min(len(entries), len(stored))
    differing = [i for i in range(common) if _entry_body(entries[i]) != _entry_body(stored[i])]
    for i in differing[:ENTRIES_LISTED]:
        out.append(
            difference(
                f"entries[{i}]",
                "record.entry_differs",
                i,
                index=i,
                log=quoted(_entry_body(entries[i])),
                stored=quoted(_entry_body(stored[i])),
            )
        )
    if len(differing) > ENTRIES_LISTED:
        out.append(
            difference(
                "entries",
                "record.entries_differ",
                differing[ENTRIES_LISTED],
                count=len(differing),
                compared=common,
                first=differing[0],
            )
        )
    if len(entries) > len(stored):
        out.append(
            difference(
                f"entries[{common}]", "record.extra_entries", common, count=len(entries) - common, stored=len(stored)
            )
        )
    elif len(stored) > len(entries):
        out.append(
            difference("entries", "record.missing_entries", common, count=len(stored) - common, stored=len(stored))
        )


def claimed_result(entries: list[Any]) -> Any:
    """The result a log's end entry claims (``{"winner", ...}`` or None), or :data:`NO_END` without an end entry."""
    last = entries[-1] if entries else None
    action = last.get("action") if isinstance(last, Mapping) else None
    if not isinstance(action, Mapping) or action.get("type") != END:
        return NO_END
    return action.get("result")


NO_END = object()
"""No end entry: the log claims no result."""


def result_param(result: Any) -> dict[str, Any]:
    """A claimed result as a message parameter: who wins, or no result."""
    if result is NO_END:
        return {"msg": "record.no_end", "params": {}}
    winner = result.get("winner") if isinstance(result, Mapping) else None
    if winner in (0, 1):
        return {"msg": "record.winner", "params": {"player": seat(winner)}}
    return {"msg": "record.no_winner", "params": {}}


def _compare_results(entries: list[Any], stored: list[Any], out: list[Problem]) -> None:
    mine, theirs = claimed_result(entries), claimed_result(stored)
    if mine is theirs or mine == theirs:
        return
    out.append(difference("result", "record.result_differs", log=result_param(mine), stored=result_param(theirs)))
