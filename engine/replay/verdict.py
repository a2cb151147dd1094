"""The verdict on a game log: well formed, authentic, legal, the first illegal entry, the result.

:func:`adjudicate` never raises: whatever is wrong with the log (or with the replay itself) is in the
verdict, with where. The site's adjudication task and ``python -m engine replay`` call it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any, Protocol

from engine.cards import CardDatabase
from engine.game import Action, IllegalAction, Reveal, State
from engine.game.decks import Deck, resolve_deck
from engine.game.errors import GameSetupError
from engine.game.position import PositionError
from engine.game.terms import CHANCE, TERMINAL, Phase
from engine.log import (
    CHANCE_ACTOR,
    END,
    LOG_FORMAT,
    MAX_ENTRIES,
    MAX_LOG_BYTES,
    MAX_SEED,
    REFEREE_ACTOR,
    LogFormatError,
    canonical,
    commitment,
    header_hash,
    load_log,
    resolve_action,
    sign,
    state_hash,
)
from engine.log.names import NO_FIELD_ACTIONS
from engine.log.sealing import CANONICAL_OPTION, canonical_dumps
from engine.messages import Message, render, seat, term
from engine.replay.paper import PaperTable
from engine.replay.start import GAME_CACHE_SIZE, initial_state


class RecordCheck(Protocol):
    """The log compared with a stored record (``engine.replay.compare.Comparison``; no import, no cycle)."""

    @property
    def status(self) -> str: ...  # "matches", "differs" or "not compared"

    @property
    def differences(self) -> tuple[Problem, ...]: ...

    @property
    def count(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


MAX_PROBLEMS = 20
"""At most this many problems are listed (the first ones); the count says how many there were."""
ENTRY_KEYS = frozenset({"n", "actor", "action", "state", "hash"})
HEADER_KEYS = frozenset(
    {
        "format",
        "ruleset",
        "database",
        "players",
        "decks",
        "first_player",
        "randomness",
        "signed",
        "created",
        "meta",
        "position",
    }
)
HEADER_REQUIRED = ("format", "ruleset", "database", "players", "decks", "randomness", "signed")
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
# The rule a player acting out of turn breaks, by phase (the engine's own citations).
_TURN_RULE = {
    "commandment": "§2.6.4",
    "main": "§3.9",
    "response": "ruling G11",
    "hand_limit": "§2.2.5",
    "choice": "§2.1",
    "naming": "§2.6",
}


def _m(code: str, **params: Any) -> Message:
    return Message(code, params)


def _said(message: Message | str) -> Message:
    """A message, or a text from elsewhere (the log reader's errors) wrapped as one."""
    return message if isinstance(message, Message) else Message("text", {"text": str(message)})


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a log: its kind, where (a JSON path), what (a message), the entry index if any."""

    kind: str
    where: str
    what: Message
    index: int | None = None

    @property
    def message(self) -> str:
        """What, in English."""
        return render(self.what)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``message`` in English; ``code`` and ``params`` for other languages)."""
        code, params = self.what
        return {
            "kind": self.kind,
            "where": self.where,
            "index": self.index,
            "message": self.message,
            "code": code,
            "params": dict(params),
        }

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@dataclass(frozen=True, slots=True)
class IllegalEntry:
    """The first entry the rules do not allow: its index, the actor, the action as written, the rule and why."""

    index: int
    actor: int | str | None
    action: Any
    rule: str
    message: Message

    @property
    def reason(self) -> str:
        """Why, in English."""
        return render(self.message)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``reason`` in English; ``code`` and ``params`` for other languages)."""
        code, params = self.message
        return {
            "index": self.index,
            "actor": self.actor,
            "action": self.action,
            "rule": self.rule,
            "reason": self.reason,
            "code": code,
            "params": dict(params),
        }


@dataclass(frozen=True, slots=True)
class Result:
    """The result under the rules: the winner and why, or ``winner None`` and where the game stands."""

    finished: bool
    winner: int | None
    message: Message
    rule: str | None = None
    termination: str | None = None
    position: dict[str, Any] | None = None

    @property
    def reason(self) -> str:
        """Why, in English."""
        return render(self.message, ids=False)

    def message_param(self) -> dict[str, Any]:
        """The message as the parameter of another."""
        return {"msg": self.message.code, "params": dict(self.message.params)}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``reason`` in English; ``code`` and ``params`` for other languages)."""
        return {
            "finished": self.finished,
            "winner": self.winner,
            "reason": self.reason,
            "code": self.message.code,
            "params": dict(self.message.params),
            "rule": self.rule,
            "termination": self.termination,
            "position": self.position,
        }


NO_RESULT = Result(False, None, Message("verdict.not_replayed"))


def trust_of(*, tampered: bool, authentic: bool, record: str | None) -> str:
    """The trust line of a verdict, the same words for every game's judge (``Verdict.trust``; the board games'
    ``tables.services.judge_log``): ``tampered``, ``differs from record``, ``matches record``, ``authentic`` or
    ``unverified``. ``record`` is the comparison's status with the stored record (None: the log claims none).

    >>> trust_of(tampered=False, authentic=False, record=None)
    'unverified'
    >>> trust_of(tampered=False, authentic=True, record="matches")
    'matches record'
    >>> trust_of(tampered=True, authentic=False, record="differs")
    'tampered'
    >>> trust_of(tampered=False, authentic=True, record="differs")
    'differs from record'
    """
    if tampered:
        return "tampered"
    if record == "differs":
        return "differs from record"
    if authentic:
        return "matches record" if record == "matches" else "authentic"
    return "unverified"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Everything a judge needs to know about a log. ``ok`` is the short answer.

    ``signature`` is ``valid``, ``invalid``, ``unsigned`` or ``not checked`` (signed, no key given);
    ``chain`` is ``valid``, ``broken`` or ``absent`` (a transcribed log may have none); ``seed`` is
    ``matches``, ``mismatch``, ``not revealed`` (the end entry is missing) or ``transcribed``;
    ``database`` is ``matches`` or ``mismatch``; ``decklists`` is ``match``, ``mismatch`` or
    ``not checked``. ``legal`` is None when the log could not be replayed.
    """

    well_formed: bool
    authentic: bool
    legal: bool | None
    entries: int
    replayed: int
    signature: str
    chain: str
    seed: str
    database: str
    decklists: str
    first_illegal: IllegalEntry | None
    result: Result
    problems: tuple[Problem, ...] = ()
    problem_count: int = 0
    until: int | None = None
    state: dict[str, Any] | None = None
    observations: tuple[dict[str, Any], ...] | None = None
    header: dict[str, Any] | None = field(default=None, repr=False)
    record: RecordCheck | None = None
    """The log compared with the stored record of the game its header claims (``engine.replay.compare``)."""

    @property
    def tampered(self) -> bool:
        """Something in the log contradicts its own chain, signature, seed or chance: it was altered."""
        return any(p.kind in UNAUTHENTIC for p in self.problems) or self.signature == "invalid"

    @property
    def trust(self) -> str:
        """``authentic`` (signed with this site's key, nothing altered), ``tampered``, or ``unverified``
        (unsigned, or no key to check it with: its header is only its writer's word).

        When the log claims a game of the site and was compared with its record: ``matches record``
        (authentic and identical to the stored log), ``differs from record`` (any difference; a log
        that differs never reads as matching, authentic or not) or, not compared, as above.
        """
        return trust_of(
            tampered=self.tampered,
            authentic=self.authentic,
            record=None if self.record is None else self.record.status,
        )

    @property
    def ok(self) -> bool:
        """Well formed, authentic (signed with this site's key), legal, and the decklists match when checked."""
        return (
            self.well_formed
            and self.authentic
            and self.legal is True
            and self.decklists != "mismatch"
            and (self.record is None or self.record.status != "differs")
        )

    @property
    def exit_code(self) -> int:
        """The exit code of ``python -m engine replay`` (docs/log-format.md, "Exit codes")."""
        if not self.well_formed or self.legal is None:
            return 4
        if self.tampered:
            return 3
        if not self.legal:
            return 1
        if self.decklists == "mismatch" or (self.record is not None and self.record.status == "differs"):
            return 5
        if not self.authentic:
            return 6  # legal as far as it goes, but unverified: not signed with this site's key
        return 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (what ``--json`` prints)."""
        players = None
        if self.header is not None and isinstance(self.header.get("players"), list):
            players = self.header["players"]
        return {
            "ok": self.ok,
            "well_formed": self.well_formed,
            "authentic": self.authentic,
            "trust": self.trust,
            "legal": self.legal,
            "entries": self.entries,
            "replayed": self.replayed,
            "signature": self.signature,
            "chain": self.chain,
            "seed": self.seed,
            "database": self.database,
            "decklists": self.decklists,
            "first_illegal": None if self.first_illegal is None else self.first_illegal.to_dict(),
            "result": self.result.to_dict(),
            "problems": [p.to_dict() for p in self.problems],
            "problem_count": self.problem_count,
            "players": players,
            "until": self.until,
            "state": self.state,
            "observations": None if self.observations is None else list(self.observations),
            "record": None if self.record is None else self.record.to_dict(),
        }


class _Collector:
    """Problems found so far (the first MAX_PROBLEMS are kept)."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.count = 0
        self.kinds: set[str] = set()

    def add(self, kind: str, where: str, message: Message | str, index: int | None = None) -> None:
        self.count += 1
        self.kinds.add(kind)
        if len(self.items) < MAX_PROBLEMS:
            self.items.append(Problem(kind, where, _said(message), index))


MALFORMED = frozenset({"size", "json", "format", "card", "entries", "setup", "first_player"})
"""Problem kinds that make a log not well formed."""
UNAUTHENTIC = frozenset({"chain", "signature", "seed", "chance", "state"})
"""Problem kinds that make a log not authentic."""


def adjudicate(
    log: bytes | str | dict[str, Any],
    *,
    db: CardDatabase,
    key: bytes | None = None,
    expected_decklists: Sequence[Any] | None = None,
    until: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    progress_every: int = 1000,
    max_bytes: int = MAX_LOG_BYTES,
) -> Verdict:
    """The verdict on ``log`` (bytes, text or a parsed dict) replayed with the card database ``db``.

    ``key``: the site's signing key (bytes), to check the signature. ``expected_decklists``: the
    locked decklists of players 0 and 1 (any form ``Game.new_initial_state`` takes), compared with
    the log's. ``until=N``: the verdict carries the full state and both observations after entry N.
    ``progress(done, total)`` is called every ``progress_every`` entries. Never raises.

        >>> from engine.cards import starter_database
        >>> v = adjudicate(b'{"header": {', db=starter_database())
        >>> v.well_formed, v.problems[0].kind
        (False, 'json')
    """
    try:
        return _adjudicate(log, db, key, expected_decklists, until, progress, max(1, progress_every), max_bytes)
    except Exception as exc:  # the verdict is the only answer, even on an engine bug
        return refusal("internal", "", _m("verdict.internal", error=f"{type(exc).__name__}: {exc}"), until=until)


def refusal(kind: str, where: str, message: Message | str, *, until: int | None = None) -> Verdict:
    """The verdict on a log that could not even be read (too big, not JSON, a replay failure): one problem."""
    return Verdict(
        well_formed=False,
        authentic=False,
        legal=None,
        entries=0,
        replayed=0,
        signature="not checked",
        chain="not checked",
        seed="not checked",
        database="not checked",
        decklists="not checked",
        first_illegal=None,
        result=NO_RESULT,
        problems=(Problem(kind, where, _said(message)),),
        problem_count=1,
        until=until,
    )


def _adjudicate(
    log: Any,
    db: CardDatabase,
    key: bytes | None,
    expected_decklists: Sequence[Any] | None,
    until: int | None,
    progress: Callable[[int, int], None] | None,
    progress_every: int,
    max_bytes: int,
) -> Verdict:
    """The stages of a verdict, each doing one thing; a stage that must stop the reading returns the verdict."""
    run = _Run(until)
    read = _read_document(log, max_bytes, run)
    if isinstance(read, Verdict):
        return read
    data, header, entries, transcribed = read
    total = len(entries)
    # the shape of the entries, and the hash chain
    chain_last = _check_entries(header, entries, transcribed, run.problems, run.status, owned=not isinstance(log, dict))
    if run.problems.kinds & MALFORMED:
        return run.verdict(entries=total, header=header)
    seed, seed_checked, end = _check_seed(header, entries, transcribed, run)
    _check_signature(data, header, key, chain_last, run)
    state = _start_state(db, header, seed, expected_decklists, run, total)
    if isinstance(state, Verdict):
        return state
    return _replay(
        state,
        entries,
        header,
        db,
        run,
        transcribed=transcribed,
        seed_checked=seed_checked,
        end=end,
        until=until,
        progress=progress,
        progress_every=progress_every,
    )


class _Run:
    """One adjudication's findings so far: its problems and the statuses of its checks."""

    def __init__(self, until: int | None) -> None:
        self.until = until
        self.problems = _Collector()
        self.status = {
            "signature": "not checked",
            "chain": "not checked",
            "seed": "not checked",
            "database": "not checked",
            "decklists": "not checked",
        }

    def verdict(
        self,
        *,
        entries: int = 0,
        replayed: int = 0,
        legal: bool | None = None,
        first_illegal: IllegalEntry | None = None,
        result: Result = NO_RESULT,
        state: dict[str, Any] | None = None,
        observations: tuple[dict[str, Any], ...] | None = None,
        header: dict[str, Any] | None = None,
    ) -> Verdict:
        """The verdict on what was found so far."""
        problems, status, until = self.problems, self.status, self.until
        return Verdict(
            well_formed=not (problems.kinds & MALFORMED),
            # Authentic means signed with this site's key: a header is only its writer's word.
            authentic=not (problems.kinds & UNAUTHENTIC)
            and "not checked" not in (status["chain"], status["seed"])
            and status["signature"] == "valid",
            legal=legal,
            entries=entries,
            replayed=replayed,
            first_illegal=first_illegal,
            result=result,
            problems=tuple(problems.items),
            problem_count=problems.count,
            until=until,
            state=state,
            observations=observations,
            header=header,
            signature=status["signature"],
            chain=status["chain"],
            seed=status["seed"],
            database=status["database"],
            decklists=status["decklists"],
        )


def _read_document(
    log: Any, max_bytes: int, run: _Run
) -> tuple[dict[str, Any], dict[str, Any], list[Any], bool] | Verdict:
    """The log read and its header checked: ``(data, header, entries, transcribed)``, or the verdict that stops
    the reading (not JSON, no header, another format, too many entries, a malformed header)."""
    problems = run.problems
    verdict = run.verdict
    try:
        data = load_log(log, limit=max_bytes)
    except LogFormatError as exc:
        problems.add(exc.kind, exc.where, exc.said)
        return verdict()

    # --- the document and its header ------------------------------------------------------------
    for k in data:
        if k not in ("header", "entries", "signature"):
            problems.add("format", k, _m("verdict.unknown_top_level"))
    header = data.get("header")
    entries = data.get("entries")
    if not isinstance(header, dict):
        problems.add("format", "header", _m("verdict.not_an_object"))
        return verdict()
    if header.get("format") != LOG_FORMAT:
        problems.add(
            "format",
            "header.format",
            _m("verdict.unknown_format", format=repr(header.get("format")), expected=LOG_FORMAT),
        )
        return verdict(header=header)
    _check_header(header, problems)
    if not isinstance(entries, list):
        problems.add("format", "entries", _m("verdict.not_a_list"))
        return verdict(header=header)
    total = len(entries)
    if total > MAX_ENTRIES:
        problems.add("entries", "entries", _m("verdict.too_many_entries", total=f"{total:,}", limit=f"{MAX_ENTRIES:,}"))
        return verdict(entries=total, header=header)
    if problems.kinds & MALFORMED:
        return verdict(entries=total, header=header)
    return data, header, entries, header["randomness"]["kind"] == "transcribed"


def _check_seed(
    header: dict[str, Any], entries: list[Any], transcribed: bool, run: _Run
) -> tuple[int, bool, dict[str, Any] | None]:
    """The seed revealed in the end entry against the header's commitment: ``(seed, checked, end action)``."""
    problems, status, total = run.problems, run.status, len(entries)
    seed = 0
    seed_checked = False
    end = entries[-1]["action"] if entries and entries[-1]["action"].get("type") == END else None
    if transcribed:
        status["seed"] = "transcribed"
    elif end is None:
        status["seed"] = "not revealed"
    else:
        seed, salt = end.get("seed"), end.get("salt")
        if commitment(seed, salt) == header["randomness"]["commitment"]:
            status["seed"] = "matches"
            seed_checked = True
        else:
            status["seed"] = "mismatch"
            problems.add(
                "seed",
                f"entries[{total - 1}].action.seed",
                _m("verdict.seed_mismatch"),
                total - 1,
            )

    return seed, seed_checked, end


def _check_signature(
    data: dict[str, Any], header: dict[str, Any], key: bytes | None, chain_last: str | None, run: _Run
) -> None:
    """The signature over the chain's last hash, with the site's key (``status["signature"]``)."""
    problems, status = run.problems, run.status
    signature = data.get("signature")
    if not header["signed"]:
        status["signature"] = "unsigned"
        if signature is not None:
            problems.add("signature", "signature", _m("verdict.signature_unexpected"))
    elif key is None:
        status["signature"] = "not checked"
    elif not isinstance(signature, str):
        status["signature"] = "invalid"
        problems.add("signature", "signature", _m("verdict.signature_missing"))
    elif chain_last is None:
        status["signature"] = "invalid"
        problems.add("signature", "signature", _m("verdict.signature_needs_chain"))
    elif hmac.compare_digest(sign(key, chain_last), signature):
        status["signature"] = "valid"
    else:
        status["signature"] = "invalid"
        problems.add("signature", "signature", _m("verdict.signature_mismatch"))


def _start_state(
    db: CardDatabase,
    header: dict[str, Any],
    seed: int,
    expected_decklists: Sequence[Any] | None,
    run: _Run,
    total: int,
) -> State | Verdict:
    """The game as the header starts it (its card database, decks or position), the decks compared with the
    registered ones; or the verdict that stops there."""
    problems, status, verdict = run.problems, run.status, run.verdict
    if header["database"].get("hash") != db.content_hash:
        status["database"] = "mismatch"
        problems.add(
            "database",
            "header.database.hash",
            _m(
                "verdict.database_mismatch",
                log_hash=str(header["database"].get("hash"))[:12],
                hash=db.content_hash[:12],
                name=db.name,
                version=db.version,
            ),
        )
        return verdict(entries=total, header=header)
    status["database"] = "matches"
    specs = [(d["resource"], d["pool"], d["factions"]) for d in header["decks"]]
    try:
        state = initial_state(db, header, seed)  # a new game, or the header's position
    except PositionError as exc:
        rule: Any = exc.rule or "docs/positions.md"
        if rule.startswith("ruling "):  # said in the reader's language
            rule = {"msg": "word.ruling", "params": {"id": rule[len("ruling ") :]}}
        said = _m("verdict.position", reason=exc.message.param(), rule=rule)
        problems.add("setup", f"header.position.{exc.where}".rstrip("."), said)
        return verdict(entries=total, header=header)
    except (GameSetupError, ValueError):
        for p, spec in enumerate(specs):  # which deck, and what is wrong with it
            try:
                resolve_deck(db, spec)
            except GameSetupError as exc:
                problems.add("setup", f"header.decks[{p}]", exc.said)
        if not problems.kinds & MALFORMED:
            problems.add("setup", "header.decks", _m("verdict.setup_failed"))
        return verdict(entries=total, header=header)
    decks = list(state.decks)
    if expected_decklists is not None:
        _compare_decklists(db, decks, expected_decklists, problems, status)

    return state


def _replay(
    state: State,
    entries: list[Any],
    header: dict[str, Any],
    db: CardDatabase,
    run: _Run,
    *,
    transcribed: bool,
    seed_checked: bool,
    end: dict[str, Any] | None,
    until: int | None,
    progress: Callable[[int, int], None] | None,
    progress_every: int,
) -> Verdict:
    """The entries applied one by one to the first that cannot stand; the end checked; the verdict."""
    problems, verdict, total = run.problems, run.verdict, len(entries)
    snapshot: dict[str, Any] | None = None
    observations: tuple[dict[str, Any], ...] | None = None
    if until is not None and until < 0:
        problems.add("until", "until", _m("verdict.until_negative", until=until))
    first_illegal: IllegalEntry | None = None
    declared_first = header.get("first_player")
    first_declared = type(declared_first) is int
    chance_ok = True
    replayed = 0
    unreadable = False
    stop = total - 1 if end is not None else total
    apply = state.apply
    apply_drawn = state.apply_drawn_reveal
    no_fields = _NO_FIELD_ACTIONS
    drawn_name = state.drawn_name
    seed_reveal = state.apply_seed_reveal
    applied = False
    paper = PaperTable() if transcribed else None  # ruling G18: unknown face-down cards, implicit passes
    reveals = _reveals_of(db)
    quick = paper is None and seed_checked
    i = -1
    while i + 1 < stop:
        i += 1
        if quick and chance_ok:
            # the ordinary entries up to the next one that needs more (a progress call, the snapshot, anything
            # unusual) the short way; that one, the long way below
            upto = stop if progress is None else min(stop, (i // progress_every + 1) * progress_every - 1)
            if until is not None and i <= until < upto:
                upto = until
            i = _replay_ordinary(state, entries, i, upto, reveals)
            replayed = i
            if i == stop:
                break
        entry = entries[i]
        raw_action = entry["action"]
        if paper is not None:
            illegal = _paper_before(paper, state, i, entry)
            if illegal is not None:
                first_illegal = illegal
                break
        # who = state.current_player(), inline
        if state.outcome is not None:
            who = TERMINAL
        elif state.chance is not None or state.phase is _COIN_FLIP:
            who = CHANCE
        else:
            who = state.deciding
        actor = entry.get("actor", _UNSET)
        if actor is not _UNSET and actor != (CHANCE_ACTOR if who == CHANCE else who) and who != TERMINAL:
            first_illegal = _out_of_turn(state, i, actor, raw_action, who)
            break
        try:
            if paper is not None:
                action = paper.resolve(state, raw_action)
            elif len(raw_action) == 1 and (plain := no_fields.get(raw_action["type"])) is not None:
                action = plain  # a kind without fields (end_turn, pass): what resolve_action gives for it
            elif (
                len(raw_action) == 2 and raw_action["type"] == "reveal" and type(named := raw_action.get("card")) is str
            ):
                # half of all entries, the same few names: resolved once per card database (a Reveal names
                # no id, only the database's canonical name)
                cached = reveals.get(named)
                if cached is None:
                    cached = reveals[named] = resolve_action(state, raw_action)
                action = cached
            else:
                action = resolve_action(state, raw_action)
        except LogFormatError as exc:
            if exc.kind == "absent":
                first_illegal = IllegalEntry(i, _actor_of(who), raw_action, "ruling D1", exc.said)
            else:
                unreadable = True
                where = f"entries[{i}].{exc.where}"
                problems.add("card" if exc.kind == "card" else "format", where, exc.said, i)
            break
        drawn = False
        if seed_checked and chance_ok and who == CHANCE:
            if type(action) is Reveal and seed_reveal(action):
                drawn = applied = True  # the seed's own draw from a RESOURCE, applied (no second check)
            elif type(action) is Reveal and action.card == drawn_name() and state.chance is not None:
                drawn = True  # the seed's own draw: legal as it is (no second check)
            elif action != (expected := state.sample_chance()):
                chance_ok = False
                problems.add(
                    "chance",
                    f"entries[{i}].action",
                    _m("verdict.chance_mismatch", expected=json.dumps(expected.to_json(), ensure_ascii=False)),
                    i,
                )
        if first_declared and raw_action.get("type") == "coin_flip":
            if raw_action.get("first_player") != declared_first:
                problems.add(
                    "first_player",
                    f"entries[{i}].action.first_player",
                    _m("verdict.first_player_mismatch", player=seat(declared_first)),
                    i,
                )
        if not applied:
            try:
                if drawn:
                    apply_drawn(action)  # type: ignore[arg-type]
                else:
                    apply(action)
            except IllegalAction as exc:
                first_illegal = IllegalEntry(i, _actor_of(who), raw_action, exc.rule, exc.message)
                break
        applied = False
        if paper is not None:
            paper.after(state)
        replayed = i + 1
        if "state" in entry and (claimed := entry["state"]) is not None and claimed != state_hash(state):
            problems.add("state", f"entries[{i}].state", _m("verdict.state_mismatch"), i)
        if i == until:
            snapshot, observations = _snapshot(state)
        if progress is not None and replayed % progress_every == 0:
            progress(replayed, total)
    if first_illegal is None and not unreadable:
        if end is not None and paper is not None:  # the end entry closes what the paper log left open
            first_illegal = _paper_before(paper, state, total - 1, entries[-1])
        if end is not None and first_illegal is None:
            replayed = total
            _check_end(state, end, entries[-1], total - 1, problems)
            if until == total - 1:
                snapshot, observations = _snapshot(state)
    if progress is not None:
        progress(replayed, total)
    if until is not None and until >= 0 and snapshot is None:
        problems.add(
            "until",
            "until",
            _m(
                "verdict.until_not_reached" if first_illegal is None else "verdict.until_not_reached_illegal",
                until=until,
                replayed=replayed,
                total=total,
            ),
        )
    return verdict(
        entries=total,
        replayed=replayed,
        legal=None if unreadable else first_illegal is None,
        first_illegal=first_illegal,
        result=_result(state, first_illegal),
        state=snapshot,
        observations=observations,
        header=header,
    )


def _first_reveal(reveals: dict[str, Action], state: State, raw: dict[str, Any]) -> Action | None:
    """A two-field reveal of a name not met yet with this card database, resolved and kept in ``reveals`` (as the
    long loop does); None if it names no card (the long loop says so)."""
    try:
        action = reveals[raw["card"]] = resolve_action(state, raw)
    except LogFormatError:
        return None
    return action


def _replay_ordinary(state: State, entries: list[Any], start: int, stop: int, reveals: dict[str, Action]) -> int:
    """Replay ``entries[start:stop]`` on ``state`` while each is ordinary, and return the index of the first that
    is not (``stop`` if all are): that one is left as it was, for the long way in :func:`_adjudicate`.

    Ordinary: no state hash; either the seed's own draw (a two-field reveal by chance of the very card the seed
    draws: :meth:`State.apply_seed_reveal`) or the action of the player to act, resolved without error and legal.
    What the long way does with such an entry, in fewer steps: no actor or chance to report, no problem to add.
    An entry refused here is left untouched (the engine checks before it changes anything) and the long way
    refuses it again, saying why.
    """
    apply = state.apply
    seed_reveal = state.apply_seed_reveal
    no_fields = _NO_FIELD_ACTIONS
    for i in range(start, stop):
        entry = entries[i]
        if "state" in entry:
            return i
        raw = entry["action"]
        if state.chance is not None:
            named = raw.get("card")
            if not (
                type(named) is str
                and len(raw) == 2
                and raw["type"] == "reveal"
                and entry.get("actor", CHANCE_ACTOR) == CHANCE_ACTOR
                and state.outcome is None
                and (action := reveals.get(named) or _first_reveal(reveals, state, raw)) is not None
                and seed_reveal(action)  # type: ignore[arg-type]  # a two-key reveal resolves to a Reveal
            ):
                return i
            continue
        if state.outcome is not None or state.phase is _COIN_FLIP:
            return i
        actor = entry.get("actor", _UNSET)
        if actor is not _UNSET and actor != state.deciding:
            return i
        try:
            if len(raw) == 1 and (plain := no_fields.get(raw["type"])) is not None:
                apply(plain)
            else:
                apply(resolve_action(state, raw))
        except (LogFormatError, IllegalAction):
            return i
    return stop


_UNSET = object()
_NO_FIELD_ACTIONS = NO_FIELD_ACTIONS  # (tests put the long way back by emptying it)
_COIN_FLIP = Phase.COIN_FLIP
_REVEALS: dict[str, dict[str, Action]] = {}


def _reveals_of(db: CardDatabase) -> dict[str, Action]:
    """The ``reveal`` actions already resolved with ``db``, by the name written (kept across verdicts, as
    ``game_for`` keeps a ``Game``: one table per database content, the oldest dropped first)."""
    key = db.content_hash
    table = _REVEALS.get(key)
    if table is None:
        if len(_REVEALS) >= GAME_CACHE_SIZE:
            del _REVEALS[next(iter(_REVEALS))]
        table = _REVEALS[key] = {}
    return table


def _paper_before(paper: PaperTable, state: State, i: int, entry: dict[str, Any]) -> IllegalEntry | None:
    """What a paper log leaves implicit before entry ``i`` (ruling G18), or the entry refused under it."""
    raw = entry["action"]
    who = state.current_player()
    try:
        paper.before(state, raw, actor=entry.get("actor"))
    except IllegalAction as exc:
        return IllegalEntry(i, _actor_of(who), raw, exc.rule, exc.message)
    return None


def _actor_of(who: int) -> int | str | None:
    if who == CHANCE:
        return CHANCE_ACTOR
    if who == TERMINAL:
        return None
    return who


def _out_of_turn(state: State, i: int, actor: Any, raw_action: Any, who: int) -> IllegalEntry:
    """The entry of an actor who may not act now, citing the rule that forbids the act: the first player's
    draw on turn 1 (§3.3.6, ruling G1), a hand-limit discard still due (§2.2.5), an open response window
    (named), else the rule of the phase."""
    phase = state.phase.value
    if who == CHANCE:
        return IllegalEntry(i, actor, raw_action, "ruling G12", _m("verdict.chance_due", actor=_who(actor)))
    if actor == CHANCE_ACTOR and state.turn == 1 and who == state.first and state.phase is Phase.MAIN:
        said = _m("refusal.first_player_no_draw", player=seat(who))
        return IllegalEntry(i, actor, raw_action, "§3.3.6, ruling G1", said)
    if state.phase is Phase.HAND_LIMIT:
        said = _m("verdict.hand_limit_due", actor=_who(actor), **state.hand_limit_due())
        return IllegalEntry(i, actor, raw_action, "§2.2.5", said)
    if state.phase is Phase.RESPONSE:
        said = _m("verdict.window_open", actor=_who(actor), **state.open_window())
        return IllegalEntry(i, actor, raw_action, "ruling G11", said)
    rule = _TURN_RULE.get(phase, "§3.9")
    said = _m("verdict.out_of_turn", player=seat(who), phase=term(f"phase.{phase}"), actor=_who(actor))
    return IllegalEntry(i, actor, raw_action, rule, said)


def _who(actor: Any) -> Any:
    return seat(actor) if isinstance(actor, int) and not isinstance(actor, bool) else repr(actor)


def _snapshot(state: State) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
    return state.to_json(history=False), (state.observation(0), state.observation(1))


def _result(state: State, illegal: IllegalEntry | None) -> Result:
    outcome = state.outcome
    if outcome is not None:
        return Result(True, outcome.winner, outcome.message, outcome.rule, outcome.termination.value)
    position = {
        "turn": state.turn,
        "phase": state.phase.value,
        "active": state.active,
        "to_act": _actor_of(state.current_player()),
        "actions": len(state.history),
    }
    if illegal is not None:
        said = _m("verdict.unfinished_illegal", index=illegal.index)
    else:
        said = _m("verdict.unfinished", turn=state.turn, phase=term(f"phase.{state.phase.value}"))
    return Result(False, None, said, position=position)


def result_matches(claimed: Any, actual: dict[str, Any] | None) -> bool:
    """Whether a log's claimed result is the replayed one: the same winner and the same termination.

    The reason is the judge's own words (any language, any phrasing) and is not compared.

    >>> actual = {"winner": 1, "termination": "no_card_to_draw", "reason": "player 0 has no RESOURCE card..."}
    >>> result_matches({"winner": 1, "termination": "no_card_to_draw", "reason": "甲方无牌可取"}, actual)
    True
    >>> result_matches({"winner": 0, "termination": "no_card_to_draw", "reason": "甲方无牌可取"}, actual)
    False
    >>> result_matches(None, None), result_matches(None, actual)
    (True, False)
    """
    if claimed is None or actual is None:
        return claimed is None and actual is None
    if not isinstance(claimed, dict):
        return False
    return claimed.get("winner") == actual["winner"] and claimed.get("termination") == actual["termination"]


def _check_end(state: State, end: dict[str, Any], entry: dict[str, Any], index: int, problems: _Collector) -> None:
    claimed = entry.get("state")
    if claimed is not None and claimed != state_hash(state):
        problems.add("state", f"entries[{index}].state", _m("verdict.final_state_mismatch"), index)
    result = end.get("result")
    if "result" not in end:
        return
    outcome = state.outcome
    # what result_matches reads; the whole result (its reason said in English) only for the message
    matched = None if outcome is None else {"winner": outcome.winner, "termination": outcome.termination.value}
    if not result_matches(result, matched):
        actual = None if outcome is None else outcome.to_json()
        problems.add(
            "result",
            f"entries[{index}].action.result",
            _m("verdict.result_mismatch", claimed=repr(result), actual=repr(actual)),
            index,
        )


# --- structure checks ---------------------------------------------------------------------------------


def _check_header(header: dict[str, Any], problems: _Collector) -> None:
    for k in header:
        if k not in HEADER_KEYS:
            problems.add("format", f"header.{k}", _m("verdict.unknown_header_field"))
    for k in HEADER_REQUIRED:
        if k not in header:
            problems.add("format", f"header.{k}", _m("verdict.missing"))
    if problems.count:
        return
    ruleset = header["ruleset"]
    if not (
        isinstance(ruleset, dict) and isinstance(ruleset.get("name"), str) and isinstance(ruleset.get("version"), str)
    ):
        problems.add("format", "header.ruleset", _m("verdict.ruleset_expected"))
    database = header["database"]
    if not (isinstance(database, dict) and isinstance(database.get("hash"), str)):
        problems.add("format", "header.database", _m("verdict.database_expected"))
    players = header["players"]
    if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, dict) for p in players)):
        problems.add("format", "header.players", _m("verdict.players_expected"))
    decks = header["decks"]
    if not (isinstance(decks, list) and len(decks) == 2):
        problems.add("format", "header.decks", _m("verdict.decks_expected"))
    else:
        for p, d in enumerate(decks):
            if not isinstance(d, dict):
                problems.add("format", f"header.decks[{p}]", _m("verdict.deck_expected"))
                continue
            for k in ("resource", "pool", "factions"):
                v = d.get(k)
                if not (isinstance(v, list) and all(map(isinstance, v, repeat(str)))):  # in C: a deck is 40-odd names
                    problems.add("format", f"header.decks[{p}].{k}", _m("verdict.names_expected"))
            for k in d:
                if k not in ("resource", "pool", "factions"):
                    problems.add("format", f"header.decks[{p}].{k}", _m("verdict.unknown_deck_field"))
    first = header.get("first_player")
    if (first is not None and first not in (0, 1)) or isinstance(first, bool):
        problems.add("format", "header.first_player", _m("verdict.first_player_value", value=repr(first)))
    if not isinstance(header["signed"], bool):
        problems.add("format", "header.signed", _m("verdict.signed_value"))
    randomness = header["randomness"]
    kind = randomness.get("kind") if isinstance(randomness, dict) else None
    if kind == "committed":
        if not (isinstance(randomness.get("commitment"), str) and _HEX64.match(randomness["commitment"])):
            problems.add("format", "header.randomness.commitment", _m("verdict.commitment_value"))
    elif kind != "transcribed":
        problems.add("format", "header.randomness", _m("verdict.randomness_value"))


def _check_entries(
    header: dict[str, Any],
    entries: list[Any],
    transcribed: bool,
    problems: _Collector,
    status: dict[str, str],
    owned: bool = False,
) -> str | None:
    """Check every entry's shape and the hash chain; the last hash as computed (None without a chain).

    ``owned``: the entries were parsed here and nobody else holds them, so an entry's ``hash`` is taken out
    to serialise its body, and not put back (nothing reads it after this), instead of copying the entry.
    """
    total = len(entries)
    chained = not transcribed or any(type(e) is dict and "hash" in e for e in entries)
    if not chained:
        status["chain"] = "absent"
    new_hash = hashlib.sha256
    dumps = canonical_dumps
    sort_keys = CANONICAL_OPTION
    prev: Any = header_hash(header).encode()
    broken: int | None = None
    missing = False  # the first break is an entry without a hash
    actors = (0, 1, CHANCE_ACTOR, REFEREE_ACTOR)
    keys = ENTRY_KEYS
    skipped: set[int] = set()  # entries not chained: not an object, or an action that is not
    for i, e in enumerate(entries):
        if type(e) is not dict:
            problems.add("format", f"entries[{i}]", _m("verdict.entry_not_object", type=type(e).__name__), i)
            skipped.add(i)
            continue
        # subscripts, cheaper than get, for the fields every entry has; KeyError for one without
        try:
            a = e["action"]
        except KeyError:
            a = None
        if type(a) is not dict or type(kind := a.get("type")) is not str:
            problems.add("format", f"entries[{i}].action", _m("verdict.action_not_object"), i)
            skipped.add(i)
            continue
        try:
            n = e["n"]
        except KeyError:
            n = i
        if kind == END or n != i or not keys.issuperset(e):
            _check_entry_detail(e, a, i, total, transcribed, problems)
        try:
            actor = e["actor"]
        except KeyError:
            actor = 0
        if type(actor) is str:
            if actor != CHANCE_ACTOR and actor != REFEREE_ACTOR:
                _bad_actor(actor, i, problems)
        elif type(actor) is not int or (actor != 0 and actor != 1):
            if actor not in actors or type(actor) is bool:
                _bad_actor(actor, i, problems)
        if "state" in e:
            st = e["state"]
            if type(st) is not str or len(st) != 64:
                problems.add("format", f"entries[{i}].state", _m("verdict.state_hash_value"), i)
    if chained:
        # the chain in a loop of its own, after the shapes: faster than one loop doing both (the hashing's C code
        # and the checks' bytecode each stay warm); a copy of a new hash costs less than making one (OpenSSL 3
        # looks the digest up)
        base = new_hash()
        for i, e in enumerate(entries):
            if skipped and i in skipped:
                continue
            body = e if owned else dict(e)
            claimed = body.pop("hash", _UNSET)
            h = base.copy()
            try:
                h.update(prev + dumps(body, option=sort_keys))
            except TypeError:  # what orjson refuses: canonical says it with the stdlib
                h.update(prev + canonical(body))
            prev = h.hexdigest()
            if broken is None and claimed != prev:  # no hash at all (_UNSET) breaks it too
                broken = i
                missing = claimed is _UNSET
            prev = prev.encode()
        if broken is None:
            status["chain"] = "valid"
        else:
            status["chain"] = "broken"
            problems.add(
                "chain",
                f"entries[{broken}].hash",
                _m("verdict.entry_without_hash") if missing else _m("verdict.chain_broken", index=broken),
                broken,
            )
    return prev.decode() if chained else None


def _bad_actor(actor: Any, i: int, problems: _Collector) -> None:
    said = _m("verdict.actor_value", chance=repr(CHANCE_ACTOR), referee=repr(REFEREE_ACTOR), actor=repr(actor))
    problems.add("format", f"entries[{i}].actor", said, i)


def _check_entry_detail(
    e: dict[str, Any], a: dict[str, Any], i: int, total: int, transcribed: bool, problems: _Collector
) -> None:
    """The rarer checks: unknown fields, the numbering, the end entry."""
    where = f"entries[{i}]"
    if not e.keys() <= ENTRY_KEYS:
        extra = sorted(set(e) - ENTRY_KEYS)[0]
        problems.add("format", f"{where}.{extra}", _m("verdict.unknown_entry_field"), i)
    n = e.get("n", i)
    if n != i or type(n) is bool:
        problems.add(
            "chain" if type(n) is int else "format",
            f"{where}.n",
            _m("verdict.misnumbered", index=i, n=repr(n)),
            i,
        )
    if a["type"] == END:
        if i != total - 1:
            problems.add("format", f"{where}.action", _m("verdict.end_not_last"), i)
        _check_end_action(a, transcribed, where, i, problems)


def _check_end_action(a: dict[str, Any], transcribed: bool, where: str, i: int, problems: _Collector) -> None:
    allowed = {"type", "result"} if transcribed else {"type", "result", "seed", "salt"}
    for k in a:
        if k not in allowed:
            problems.add("format", f"{where}.action.{k}", _m("verdict.end_field", fields=", ".join(sorted(allowed))), i)
    if transcribed:
        return
    seed, salt = a.get("seed"), a.get("salt")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        problems.add("format", f"{where}.action.seed", _m("verdict.seed_value", value=repr(seed)), i)
    if type(salt) is not str or not 1 <= len(salt) <= 128:
        problems.add("format", f"{where}.action.salt", _m("verdict.salt_value", value=repr(salt)), i)


def _compare_decklists(
    db: CardDatabase, decks: list[Deck], expected: Sequence[Any], problems: _Collector, status: dict[str, str]
) -> None:
    if len(expected) != 2:
        problems.add("decklist", "expected_decklists", _m("verdict.two_decklists", count=len(expected)))
        status["decklists"] = "mismatch"
        return
    status["decklists"] = "match"
    for p, (got, want_spec) in enumerate(zip(decks, expected)):
        try:
            want = resolve_deck(db, want_spec)
        except GameSetupError as exc:
            problems.add("decklist", f"expected_decklists[{p}]", exc.said)
            status["decklists"] = "mismatch"
            continue
        for part in ("resource", "pool"):
            have, need = Counter(getattr(got, part)), Counter(getattr(want, part))
            if have != need:
                status["decklists"] = "mismatch"
                diffs = [
                    {"msg": "verdict.decklist_count", "params": {"name": {"name": n}, "have": have[n], "need": need[n]}}
                    for n in sorted(set(have) | set(need))
                    if have[n] != need[n]
                ]
                said = _m(
                    "verdict.decklist_differs", player=seat(p), part=term(f"part.{part}"), diffs={"msgs": diffs[:10]}
                )
                problems.add("decklist", f"header.decks[{p}].{part}", said)
        if set(got.factions) != set(want.factions):
            status["decklists"] = "mismatch"
            problems.add(
                "decklist",
                f"header.decks[{p}].factions",
                _m(
                    "verdict.factions_differ",
                    player=seat(p),
                    got=" ".join(got.factions) or term("word.none"),
                    want=" ".join(want.factions) or term("word.none"),
                ),
            )
