"""Adjudication of disputed games: store a log, replay it in a Celery task, report the verdict, record a ruling.

The site signs and checks logs with :func:`log_signing_key` (the one place it is derived from
``settings.SECRET_KEY``). Uploads are capped by :data:`MAX_LOG_UPLOAD_BYTES` (the one place it is set).
Replays are keyed by the log's sha256, the card database and the match game: asking again for the same
replay returns the stored verdict (:func:`request_adjudication`).
"""

from __future__ import annotations

import datetime
import hashlib
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import Field
from django.utils import timezone
from django.utils.translation import gettext as _

import junling.outbox as outbox
from decks.models import CardDatabaseVersion
from engine.cards import CardDatabase
from engine.decklist import DecklistError, parse_decklist
from engine.log import LogFormatError, load_log
from engine.messages import Message
from engine.replay import Verdict, adjudicate, steps
from engine.replay.verdict import refusal
from junling import engine_text
from junling.errors import Refused
from junling.models import AuditEvent, OutboxMessage, record
from junling.signing import log_signing_key
from matches import task_names
from matches.access import (
    access_attach_log,
    access_game_adjudication,
    access_ruling,
    access_tournament_replay,
    access_upload,
    can_judge,
    can_organise,
)
from matches.models import Adjudication, GameLog, Match, MatchGame, Registration, Ruling, Tournament
from matches.services import records

MAX_LOG_UPLOAD_BYTES = 16 * 1024 * 1024
"""The largest log a judge may upload (16 MiB; a real game's log is a few hundred kB at most)."""
PROGRESS_EVERY = 500
"""The replay task stores its progress in the database every this many entries."""
MAX_PAUSE = 1.0
"""The longest pause (seconds) a test may ask the task to make after each progress update."""
BATCH_SIZE = 50
"""Adjudications one ``matches.replay_logs`` task replays (a task's own cost is about ten replays')."""

SWEEP_LIMIT = 500
"""Adjudications one sweep enqueues again at most (``do_sweep_adjudications``; the next sweep takes the rest)."""
STEP_WINDOW = 8
"""The viewer shows this many entries before and after the current one, in plain words."""


class AdjudicationRefused(Refused):
    """A log cannot be taken for adjudication (too big, not UTF-8 text, no log at all): what and where."""

    code = "adjudication.refused"


# --- logs -----------------------------------------------------------------------------------------------


def check_upload(raw: bytes) -> str:
    """The text of an uploaded log, or :class:`AdjudicationRefused` saying what is wrong and where."""
    if len(raw) > MAX_LOG_UPLOAD_BYTES:
        raise AdjudicationRefused(
            too_big_message(len(raw)), code="adjudication.too_big", status=413, params={"size": len(raw)}
        )
    if not raw.strip():
        raise AdjudicationRefused(_("The file is empty: upload a game log (JSON)."), code="adjudication.empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AdjudicationRefused(
            _("The file is not UTF-8 text (byte %(at)s): a game log is UTF-8 JSON.") % {"at": f"{exc.start:,}"},
            code="adjudication.not_utf8",
        ) from None
    nul = text.find("\x00")
    if nul >= 0:
        raise AdjudicationRefused(
            _("The file holds a NUL character at position %(at)s: a game log is JSON text.") % {"at": f"{nul:,}"},
            code="adjudication.nul",
        )
    return text


def too_big_message(size: int) -> str:
    return _("The file is %(size)s bytes; a game log may be at most %(limit)s bytes (%(mib)s MiB).") % {
        "size": f"{size:,}",
        "limit": f"{MAX_LOG_UPLOAD_BYTES:,}",
        "mib": MAX_LOG_UPLOAD_BYTES // (1024 * 1024),
    }


def store_log(raw: bytes, actor: Any, source: str = GameLog.Source.UPLOADED) -> GameLog:
    """The GameLog holding ``raw`` (stored once per sha256; checked by :func:`check_upload`)."""
    text = check_upload(raw)
    digest = hashlib.sha256(raw).hexdigest()
    signed = False
    try:
        header = load_log(raw).get("header")
        signed = isinstance(header, dict) and header.get("signed") is True
    except LogFormatError:
        pass
    log, _created = GameLog.objects.get_or_create(
        sha256=digest,
        defaults={
            "content": text,
            "size": len(raw),
            "signed": signed,
            "source": source,
            "uploaded_by": actor if getattr(actor, "is_authenticated", False) else None,
        },
    )
    return log


def header_of(raw: bytes | str) -> dict[str, Any] | None:
    """A log's header, or None if the log is not JSON or has no header object."""
    try:
        header = load_log(raw, limit=max(MAX_LOG_UPLOAD_BYTES, len(raw))).get("header")
    except LogFormatError:
        return None
    return header if isinstance(header, dict) else None


def database_hash_of(header: dict[str, Any] | None) -> str:
    """The card database content hash a log's header names ("" if none)."""
    database = header.get("database") if header else None
    value = database.get("hash") if isinstance(database, dict) else None
    return value[:64] if isinstance(value, str) else ""


def find_database_version(content_hash: str) -> CardDatabaseVersion | None:
    """The site's card database version with this content hash (the log names it in its header)."""
    if not content_hash:
        return None
    return CardDatabaseVersion.objects.select_related("database").filter(content_hash=content_hash).first()


# --- seats, decklists -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seats:
    """Which side of the match (``"a"`` or ``"b"``) sat in seat 0 and seat 1 of the log, and their registrations."""

    sides: tuple[str, str]
    registrations: tuple[Registration | None, Registration | None]


def seats_of(match: Match, header: dict[str, Any] | None) -> Seats:
    """Seat 0 is player A unless the header's players say otherwise (by ``user`` id or by user name)."""
    players = header.get("players") if header else None
    sides = ("a", "b")
    if isinstance(players, list) and len(players) == 2 and all(isinstance(p, dict) for p in players):
        b_id, b_name = match.player_b_id, match.player_b.get_username() if match.player_b else None
        a_name = match.player_a.get_username()
        first = players[0]
        if (b_id is not None and first.get("user") == b_id) or (b_name and first.get("name") == b_name):
            sides = ("b", "a")
        elif first.get("user") == match.player_a_id or first.get("name") == a_name:
            sides = ("a", "b")
    regs = {"a": match.registration_a, "b": match.registration_b}
    return Seats(sides, (regs[sides[0]], regs[sides[1]]))


def locked_decklists(match: Match | None, header: dict[str, Any] | None) -> list[Any] | None:
    """The locked decklists of seat 0 and seat 1 of a tournament match (None: nothing to compare).

    Raises :class:`DecklistError` if a locked decklist cannot be read (the verdict says so).
    """
    if match is None or match.tournament_id is None:
        return None
    seats = seats_of(match, header)
    if any(r is None or not r.is_locked for r in seats.registrations):
        return None
    return [parse_decklist(r.locked_decklist, filename=f"locked decklist of {r.player}") for r in seats.registrations]  # type: ignore[union-attr]


def verdict_for(
    raw: bytes | str,
    *,
    version: CardDatabaseVersion | None,
    match: Match | None = None,
    progress: Callable[[int, int], None] | None = None,
    progress_every: int = PROGRESS_EVERY,
) -> Verdict:
    """The verdict on ``raw`` with the site's key, the card database ``version`` and the match's locked decklists."""
    try:
        data = load_log(raw, limit=max(MAX_LOG_UPLOAD_BYTES, len(raw)))
    except LogFormatError as exc:
        return refusal(exc.kind, exc.where, exc.said)
    header = data.get("header") if isinstance(data.get("header"), dict) else None
    if version is None:
        wanted = database_hash_of(header)
        known = ", ".join(
            f"{v.database.name} {v.version}" for v in CardDatabaseVersion.objects.select_related("database")[:5]
        )
        said = Message("verdict.unknown_database", {"hash": wanted[:12] or "-", "known": known or "-"})
        return refusal("database", "header.database.hash", said)
    try:
        expected = locked_decklists(match, header)
    except DecklistError as exc:
        said = Message(
            "verdict.decklist_unreadable", {"error": {"msg": exc.said.code, "params": dict(exc.said.params)}}
        )
        return refusal("decklist", "expected_decklists", said)
    db: CardDatabase = version.to_engine()
    return adjudicate(
        data,
        db=db,
        key=log_signing_key(),
        expected_decklists=expected,
        progress=progress,
        progress_every=progress_every,
        max_bytes=max(MAX_LOG_UPLOAD_BYTES, len(raw)),
    )


# --- requesting a replay -----------------------------------------------------------------------------


def adjudication_key(log_sha256: str, database_hash: str, game_id: int | None, claimed: int | None = None) -> str:
    """The idempotency key of a replay: the same log, card database and game give the same adjudication.

    ``claimed``: the match an uploaded log claims, when the uploader may check it (its comparison with the
    match's record is then part of the verdict, which only those who may check the match see).
    """
    key = f"{log_sha256}:{database_hash or '-'}:{game_id or '-'}"
    if claimed is not None:
        key += f":claim {claimed}"
    return hashlib.sha256(key.encode()).hexdigest()


def request_adjudication(
    actor: Any, log: GameLog, *, game: MatchGame | None = None, claimed: Match | None = None, enqueue: bool = True
) -> Adjudication:
    """The adjudication of ``log`` (for ``game`` if given): the stored one, or a new one queued for a worker.

    ``claimed``: the match a loose log's header claims, which ``actor`` may check
    (``records.claimed_match``): the adjudication belongs to that match (and is seen by those who may
    adjudicate it), and the verdict compares the log with its record. A failed one is queued again.
    The replay task is enqueued when the transaction commits (unless ``enqueue`` is false: the caller
    replays it itself).
    """
    header = header_of(log.content)
    version = find_database_version(database_hash_of(header))
    claim = claimed.pk if claimed is not None and game is None else None
    key = adjudication_key(log.sha256, version.content_hash if version else "", game.pk if game else None, claim)
    match = game.match if game is not None else claimed
    with transaction.atomic():
        adjudication, created = Adjudication.objects.select_for_update().get_or_create(
            key=key,
            defaults={
                "log": log,
                "database_hash": database_hash_of(header),
                "database_version": version,
                "game": game,
                "match": match,
                "tournament": match.tournament if match is not None else None,
                "requested_by": actor if getattr(actor, "is_authenticated", False) else None,
            },
        )
        again = not created and adjudication.status == Adjudication.Status.FAILED
        if again:
            adjudication.status = Adjudication.Status.QUEUED
            adjudication.error = ""
            adjudication.save(update_fields=["status", "error"])
        if created or again:
            record(
                actor,
                "adjudication.request",
                adjudication,
                log=log.sha256,
                game=game.pk if game else None,
                database=version.content_hash if version else None,
                claimed=claim,
            )
            if enqueue:
                enqueue_adjudications([adjudication.pk])
    return adjudication


def enqueue_adjudications(ids: Iterable[int], *, batch_size: int = BATCH_SIZE) -> int:
    """Enqueue the replays of ``ids`` through the outbox, ``batch_size`` adjudications to a
    ``matches.replay_logs`` task (sent once the caller's transaction commits); the number of tasks."""
    ids = list(dict.fromkeys(int(i) for i in ids))
    size = max(1, int(batch_size))
    tasks = 0
    with transaction.atomic():
        for start in range(0, len(ids), size):
            outbox.enqueue(task_names.REPLAY_LOGS, [ids[start : start + size]])
            tasks += 1
    return tasks


def do_sweep_adjudications(*, at: Any = None) -> list[int]:
    """Enqueue the replay again of each adjudication still queued ``ADJUDICATION_STALL_SECONDS`` after it was
    requested, whose task was sent (the periodic task ``matches.sweep_adjudications``).

    Redis hands a message to a worker before the worker records it as unacknowledged, so a worker killed in
    between loses it: acks_late cannot bring it back (seen by ``make compose-check``, which kills a worker
    container mid-batch; docs/deploy.md). A replay that was only slow in the queue then has two tasks, and the
    second finds it claimed or done and skips it (:func:`run_adjudications`). While the broker is down the
    outbox still holds the tasks (no ``sent_at``), and those adjudications are left to the relay."""
    moment = at or timezone.now()
    stalled = moment - datetime.timedelta(seconds=settings.ADJUDICATION_STALL_SECONDS)
    queued = Adjudication.objects.filter(status=Adjudication.Status.QUEUED, created_at__lt=stalled)
    unsent: set[int] = set()
    for args in OutboxMessage.objects.filter(task=task_names.REPLAY_LOGS, sent_at__isnull=True).values_list(
        "args", flat=True
    ):
        unsent.update(int(i) for i in (args[0] if args else []))
    due = [pk for pk in queued.order_by("pk").values_list("pk", flat=True)[:SWEEP_LIMIT] if pk not in unsent]
    if due:
        enqueue_adjudications(due)
    return due


def upload_log(actor: Any, raw: bytes) -> Adjudication:
    """A judge uploads a loose log: stored, and its replay requested."""
    access_upload(actor)
    log = store_log(raw, actor)
    claimed = records.claimed_match(actor, header_of(log.content))
    return request_adjudication(actor, log, claimed=claimed)


def adjudicate_game(actor: Any, game: MatchGame) -> Adjudication:
    """A judge or organiser asks for the replay of a match game's stored log."""
    access_game_adjudication(actor, game)
    if game.log_id is None:
        raise AdjudicationRefused(_("This game has no stored log."), code="adjudication.no_log")
    return request_adjudication(actor, game.log, game=game)  # type: ignore[arg-type]


def attach_log(adjudication: Adjudication, actor: Any, match: Match) -> Adjudication:
    """An uploaded log (a paper or offline game, transcribed) becomes the next game of ``match``; it is
    replayed again against the match's locked decklists, and a judge can then rule on it like any match game."""
    access_attach_log(actor, match)
    if adjudication.game_id is not None:
        raise AdjudicationRefused(_("This log already belongs to a match game."), code="adjudication.attached")
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if match.games.count() >= match.best_of:
            raise AdjudicationRefused(
                _("This match already has its %(n)s games.") % {"n": match.best_of},
                code="adjudication.games_full",
                params={"n": match.best_of},
            )
        number = (match.games.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        game = MatchGame.objects.create(match=match, number=number, log=adjudication.log)
        sha = adjudication.log.sha256
        record(actor, "adjudication.attach", match, adjudication=adjudication.pk, game=game.pk, log=sha)
        attached = request_adjudication(actor, adjudication.log, game=game)
    return attached


# --- the replay (run by the Celery task) ------------------------------------------------------------


def run_adjudication(adjudication_id: int, *, progress_every: int = PROGRESS_EVERY, pause: float = 0.0) -> Adjudication:
    """Replay the adjudication's log and store the verdict; a done one is returned as it is (idempotent).

    A replay interrupted by a lost worker is started again from the beginning (nothing was stored but
    progress). ``pause``: seconds to wait after each progress update (tests that kill a worker mid-way).
    """
    adjudication = (
        Adjudication.objects.select_related("log", "database_version", "match")
        .defer("database_version__document", "verdict")  # 95 kB of JSON; the engine's database is cached by hash
        .get(pk=adjudication_id)
    )
    if adjudication.is_done:
        return adjudication
    Adjudication.objects.filter(pk=adjudication_id).update(
        status=Adjudication.Status.RUNNING,
        started_at=timezone.now(),
        progress_done=0,
        attempts=adjudication.attempts + 1,
    )
    pause = min(max(0.0, float(pause)), MAX_PAUSE)

    def progress(done: int, total: int) -> None:
        if done == total and not pause:
            return  # the end: the verdict's own update says so (one write fewer per log)
        Adjudication.objects.filter(pk=adjudication_id).update(progress_done=done, progress_total=total)
        if pause:
            time.sleep(pause)

    try:
        verdict, data = _judge(adjudication, progress=progress, progress_every=max(1, int(progress_every)))
    except Exception as exc:  # a database error or a bug: the adjudication says so, the page never fails
        Adjudication.objects.filter(pk=adjudication_id).update(
            status=Adjudication.Status.FAILED, error=f"{type(exc).__name__}: {exc}", finished_at=timezone.now()
        )
        raise
    fields = {
        "status": Adjudication.Status.DONE,
        "verdict": data,
        "ok": verdict.ok,
        "progress_done": verdict.replayed,
        "progress_total": verdict.entries,
        "finished_at": timezone.now(),
        "error": "",
    }
    with transaction.atomic():
        Adjudication.objects.filter(pk=adjudication_id).update(**fields)
        record(
            None, "adjudication.verdict", adjudication, ok=verdict.ok, legal=verdict.legal, replayed=verdict.replayed
        )
    for name, value in fields.items():
        setattr(adjudication, name, value)
    adjudication.attempts += 1
    return adjudication


def _judge(adjudication: Adjudication, **progress: Any) -> tuple[Verdict, dict[str, Any]]:
    """The verdict on the adjudication's log and what is stored of it (one replay; ``progress``: the
    callbacks :func:`verdict_for` takes). A loose log is compared with the record of the match it
    claims; a game's own log is its record, and its replay is what a ruling follows."""
    raw = adjudication.log.content
    verdict = verdict_for(
        raw.encode("utf-8"), version=adjudication.database_version, match=adjudication.match, **progress
    )
    if adjudication.game_id is None:
        verdict = with_record(verdict, raw, adjudication.match)
    data = verdict.to_dict()
    if adjudication.match is not None:
        data["seats"] = list(seats_of(adjudication.match, verdict.header).sides)
    return verdict, data


def with_record(verdict: Verdict, raw: str, match: Match | None) -> Verdict:
    """The verdict with the log compared with the record of the match its header claims (``records``)."""
    try:
        data = load_log(raw, limit=max(MAX_LOG_UPLOAD_BYTES, len(raw)))
    except LogFormatError:
        return verdict  # not a log: nothing is claimed
    return records.compare_with_record(verdict, data, match)


def run_adjudications(ids: Sequence[int]) -> dict[str, int]:
    """Replay several adjudications in one go and store their verdicts in one statement (the batch task).

    Each adjudication is replayed exactly once: those already done are skipped, and the others are
    claimed with ``SELECT ... FOR UPDATE SKIP LOCKED`` in the transaction that stores their verdicts, so
    a second run of the same batch (a message delivered twice) skips what the first holds or has done,
    and a worker that dies mid-batch rolls everything back (the redelivered batch replays it all again;
    nothing half-stored). A log whose replay raises is marked failed, alone (its error stored): the
    others keep their verdicts, and a new request queues it again (:func:`request_adjudication`); a
    database error loses the batch's transaction, so then each log is replayed alone, in its own.
    A batch of one is :func:`run_adjudication`, with its progress updates. Returns counts: done,
    failed, skipped.
    """
    wanted = sorted({int(i) for i in ids})
    if len(wanted) == 1:
        if Adjudication.objects.filter(pk=wanted[0], status=Adjudication.Status.DONE).exists():
            return {"done": 0, "failed": 0, "skipped": 1}
        one = run_adjudication(wanted[0])
        return {"done": int(one.is_done), "failed": int(one.status == Adjudication.Status.FAILED), "skipped": 0}
    try:
        return _run_batch(wanted)
    except DatabaseError:  # the batch's transaction is lost (rolled back): each log alone, in its own
        counts = {"done": 0, "failed": 0, "skipped": 0}
        for pk in wanted:
            if Adjudication.objects.filter(pk=pk, status=Adjudication.Status.DONE).exists():
                counts["skipped"] += 1
                continue
            try:
                one = run_adjudication(pk)
            except Exception:  # stored as failed by run_adjudication; the others go on
                counts["failed"] += 1
                continue
            counts["done" if one.is_done else "failed"] += 1
        return counts


def _run_batch(wanted: list[int]) -> dict[str, int]:
    counts = {"done": 0, "failed": 0, "skipped": 0}
    with transaction.atomic():
        claimed = list(
            Adjudication.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("log", "database_version", "match")
            .defer("database_version__document", "verdict")
            .filter(pk__in=wanted)
            .exclude(status=Adjudication.Status.DONE)
            .order_by("pk")
        )
        counts["skipped"] = len(wanted) - len(claimed)
        now = timezone.now()
        events = []
        for adjudication in claimed:
            adjudication.attempts += 1
            adjudication.started_at = now
            try:
                verdict, data = _judge(adjudication)
            except DatabaseError:
                raise  # the transaction is lost: run_adjudications replays each log alone
            except Exception as exc:  # this log only: the others keep their verdicts
                adjudication.status = Adjudication.Status.FAILED
                adjudication.error = f"{type(exc).__name__}: {exc}"
                adjudication.finished_at = timezone.now()
                counts["failed"] += 1
                continue
            adjudication.status = Adjudication.Status.DONE
            adjudication.verdict = data
            adjudication.ok = verdict.ok
            adjudication.progress_done = verdict.replayed
            adjudication.progress_total = verdict.entries
            adjudication.finished_at = timezone.now()
            adjudication.error = ""
            counts["done"] += 1
            events.append(
                AuditEvent(
                    verb="adjudication.verdict",
                    target_type=adjudication._meta.label_lower,
                    target_id=str(adjudication.pk),
                    data={"ok": verdict.ok, "legal": verdict.legal, "replayed": verdict.replayed},
                )
            )
        if claimed:
            _store_batch(claimed)
            AuditEvent.objects.bulk_create(events)
    return counts


def _store_batch(rows: list[Adjudication]) -> None:
    """Store the batch's results in one UPDATE (``CASE id WHEN ... THEN ... ELSE column END`` for each
    field, the values prepared by the model's own fields): what ``bulk_update`` writes, without building
    an ORM expression per row and field, which cost about as much as the replays themselves."""
    quote = connection.ops.quote_name
    meta = Adjudication._meta
    assert meta.pk is not None and meta.pk.column is not None
    pk = quote(meta.pk.column)
    sets, params = [], []
    for name in _BATCH_FIELDS:
        field = meta.get_field(name)
        assert isinstance(field, Field) and field.column is not None  # a concrete column of the table
        column = quote(field.column)
        whens = []
        for row in rows:
            whens.append("WHEN %s THEN %s")
            params += [row.pk, field.get_db_prep_save(getattr(row, name), connection)]
        sets.append(f"{column} = CASE {pk} {' '.join(whens)} ELSE {column} END")
    params += [row.pk for row in rows]
    marks = ", ".join(["%s"] * len(rows))
    sql = f"UPDATE {quote(meta.db_table)} SET {', '.join(sets)} WHERE {pk} IN ({marks})"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


_BATCH_FIELDS = (
    "status",
    "verdict",
    "ok",
    "progress_done",
    "progress_total",
    "attempts",
    "started_at",
    "finished_at",
    "error",
)


# --- the report -------------------------------------------------------------------------------------------


def suggested_winner(adjudication: Adjudication) -> str:
    """The game's winner under the rules as the verdict gives it, as a match side (``a``, ``b`` or ``none``)."""
    verdict = adjudication.verdict or {}
    result = verdict.get("result") or {}
    winner = result.get("winner")
    if not result.get("finished") or winner not in (0, 1):
        return Ruling.Winner.NONE
    sides = verdict.get("seats") or ["a", "b"]
    return str(sides[winner])


@dataclass(frozen=True)
class StepView:
    """What the step-through viewer shows: the board after entry ``index`` and the entries around it."""

    index: int
    total: int
    state: dict[str, Any] | None
    entries: list[dict[str, Any]]
    illegal: tuple[str, str] | None
    """(the rule cited, why) in the reader's language."""
    error: str = ""


def step_view(adjudication: Adjudication, index: int) -> StepView:
    """The board after entry ``index`` (both hands: judges see everything) and the entries around it."""
    verdict = adjudication.verdict or {}
    total = int(verdict.get("entries") or 0)
    version = adjudication.database_version
    if not verdict.get("well_formed") or version is None or total == 0:
        return StepView(0, total, None, [], None, _("This log cannot be stepped through: it is not well formed."))
    database = version.to_engine()
    reader = engine_text.SiteReader(database=database)  # the judge sees every card
    return step_through(adjudication.log.content, database, total, index, reader)


def step_through(content: Any, database: CardDatabase, total: int, index: int, reader: Any) -> StepView:
    """Entry ``index`` (clamped) of the log ``content`` of ``total`` entries: the state after it and the entries
    around it, said by ``reader`` (the judge's, or a player's own after his match: ``presenters.adjudication``)."""
    index = min(max(0, index), total - 1)
    low, high = max(0, index - STEP_WINDOW), index + STEP_WINDOW
    rows: list[dict[str, Any]] = []
    state: dict[str, Any] | None = None
    illegal: tuple[str, str] | None = None
    try:
        for step in steps(content, database, indices=[index]):
            if step.index >= low:
                text = " ".join(reader.render(line) for line in step.lines)
                rows.append({"index": step.index, "text": text, "illegal": step.illegal is not None})
            if step.index == index or (step.illegal is not None and step.index <= index):
                state = step.state
                if step.illegal is not None:
                    illegal = (reader.rule(step.illegal[0]), reader.render(step.illegal[1]))
            if step.index >= high:
                break
    except (LogFormatError, ValueError) as exc:
        return StepView(index, total, None, rows, None, _unreadable(exc))
    return StepView(index, total, state, rows, illegal)


def _unreadable(exc: ValueError) -> str:
    """Why the log stops being readable, in the reader's language (the engine's log errors are messages)."""
    said = getattr(exc, "said", None)
    if not isinstance(said, Message):
        return str(exc)
    where = getattr(exc, "where", "")
    text = engine_text.render(said)
    return f"{where}: {text}" if where else text


def board(state: dict[str, Any], db: CardDatabase, language: str) -> list[dict[str, Any]]:
    """Both players' areas from a state dict, card names in ``language`` (``en`` or Chinese)."""
    names: list[str] = []
    for deck in state.get("decks", []):
        names.extend(deck.get("resource", []))
        names.extend(deck.get("pool", []))
    english = language.startswith("en")

    def name(card: int | None) -> str:
        if card is None or not 0 <= card < len(names):
            return "-"
        if english:
            found = db.lookup(names[card])
            if found is not None and found.name_en:
                return f"{found.name_en}"
        return names[card]

    reader = engine_text.SiteReader(database=db)
    # A zone in the game's words (自城内, 自城外, 敌城外), from the general's owner's side.
    zones = {g: reader.zone(str(z), 0) for g, z in state.get("zone", [])}
    gear = {g: e for g, e in state.get("gear", [])}
    players = []
    for p in (0, 1):
        command = state["command"][p]
        players.append(
            {
                "seat": p,
                "hand": [name(c) for c in state["hand"][p]],
                "field": [
                    {"name": name(g), "zone": zones.get(g, ""), "gear": [name(e) for e in gear.get(g, [])]}
                    for g in state["field"][p]
                ],
                "resource": len(state["resource"][p]),
                "discard": len(state["discard"][p]),
                "casualty": [name(c) for c in state["casualty"][p]],
                "command": None if command is None else name(command),
            }
        )
    return players


# --- rulings ------------------------------------------------------------------------------------------------


class RulingRefused(Refused):
    """A ruling cannot be recorded (no match game, not finished replaying, no reason, wrong winner)."""

    code = "ruling.refused"


def _match_snapshot(match: Match) -> dict[str, Any]:
    return {
        "status": match.status,
        "games_won_a": match.games_won_a,
        "games_won_b": match.games_won_b,
        "games_drawn": match.games_drawn,
        "result_source": match.result_source,
    }


def _tally(match: Match) -> None:
    games = list(match.games.all())
    match.games_won_a = sum(1 for g in games if g.winner == MatchGame.Winner.A)
    match.games_won_b = sum(1 for g in games if g.winner == MatchGame.Winner.B)
    match.games_drawn = sum(1 for g in games if g.winner == MatchGame.Winner.DRAW)


def record_ruling(adjudication: Adjudication, judge: Any, *, winner: str, reason: str) -> Ruling:
    """The judge decides the game's winner: the game, the match's result and the standings change; audited.

    The match's games are tallied; once the tally decides the match (a player has a majority of
    ``best_of`` games, or every game has a result) a tournament match's result goes through the
    tournament services: ``results.resolve_dispute`` for a disputed match decided by one of its judges,
    ``results.override_result`` when an organiser rules (which also finish the round and recompute the
    standings after the commit). A finished match that is not disputed can only be changed by an
    organiser. A casual match's fields are set here (source: judge).
    """
    from matches.services import results

    reason = " ".join(str(reason or "").split())
    if winner not in Ruling.Winner.values:
        raise RulingRefused(_("The winner is player A, player B, a draw or not decided."), code="ruling.bad_winner")
    if not reason or len(reason) > 2000:
        raise RulingRefused(_("A ruling needs a reason (1 to 2000 characters)."), code="ruling.no_reason")
    if adjudication.game_id is None:
        raise RulingRefused(_("This log is not a match game's: there is no result to change."), code="ruling.no_game")
    if not adjudication.is_done:
        raise RulingRefused(_("Wait for the replay to finish before ruling."), code="ruling.not_done")
    match = adjudication.match
    assert match is not None
    access_ruling(judge, match)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        game = MatchGame.objects.select_for_update().get(pk=adjudication.game_id)
        previous = {"game": {"winner": game.winner, "reason": game.reason}, "match": _match_snapshot(match)}
        game.winner = winner
        game.reason = reason[:200]
        game.said = None  # the judge's own words now say why
        game.finished_at = game.finished_at or timezone.now()
        game.save(update_fields=["winner", "reason", "said", "finished_at"])
        games = list(match.games.all())
        a = sum(1 for g in games if g.winner == MatchGame.Winner.A)
        b = sum(1 for g in games if g.winner == MatchGame.Winner.B)
        d = sum(1 for g in games if g.winner == MatchGame.Winner.DRAW)
        decided = max(a, b) >= match.best_of // 2 + 1 or (
            len(games) >= match.best_of and all(g.winner != MatchGame.Winner.NONE for g in games)
        )
        called = ""
        if decided and match.tournament_id is not None:
            try:
                if match.status == Match.Status.DISPUTED and can_judge(judge, match.tournament):  # type: ignore[arg-type]
                    results.resolve_dispute(match, judge, a, b, d, note=reason)
                    called = "results.resolve_dispute"
                elif can_organise(judge, match.tournament):  # type: ignore[arg-type]
                    results.override_result(match, judge, a, b, d, reason=reason)
                    called = "results.override_result"
                else:
                    raise RulingRefused(
                        _("This match is not disputed: only an organiser can change its result."),
                        code="ruling.not_disputed",
                    )
            except results.ResultRefused as exc:
                raise RulingRefused(exc.message, code=exc.code, params=exc.params) from None
            match.refresh_from_db()
        elif match.tournament_id is not None and (a, b, d) != (match.games_won_a, match.games_won_b, match.games_drawn):
            # The new tally leaves the match undecided: it is no longer finished (issue 13). A judge of a
            # disputed match, or an organiser, may do this; then a judge decides it or has a game replayed.
            disputed_by_judge = match.status == Match.Status.DISPUTED and can_judge(judge, match.tournament)  # type: ignore[arg-type]
            if not (disputed_by_judge or can_organise(judge, match.tournament)):  # type: ignore[arg-type]
                raise RulingRefused(
                    _("This match is not disputed: only an organiser can change its result."),
                    code="ruling.not_disputed",
                )
            try:
                results.reopen_match(match, judge, a, b, d, reason=reason)
            except results.ResultRefused as exc:
                raise RulingRefused(exc.message, code=exc.code, params=exc.params) from None
            called = "results.reopen_match"
            match.refresh_from_db()
        elif decided:
            match.games_won_a, match.games_won_b, match.games_drawn = a, b, d
            match.status = Match.Status.FINISHED
            match.result_source = Match.Source.JUDGE
            match.finished_at = match.finished_at or timezone.now()
            match.save(
                update_fields=["games_won_a", "games_won_b", "games_drawn", "status", "finished_at", "result_source"]
            )
        ruling = Ruling.objects.create(
            adjudication=adjudication, game=game, judge=judge, winner=winner, reason=reason, previous=previous
        )
        record(
            judge,
            "adjudication.ruling",
            match,
            adjudication=adjudication.pk,
            game=game.pk,
            winner=winner,
            reason=reason,
            previous=previous,
            now=_match_snapshot(match),
            result_service=called,
        )
    return ruling


def _enqueue_standings(tournament_id: int) -> None:
    outbox.enqueue(task_names.SNAPSHOT_STANDINGS, [tournament_id])


# --- a whole tournament ------------------------------------------------------------------------------------


def request_tournament_replay(actor: Any, tournament: Tournament) -> None:
    """A judge or organiser asks for every log of the tournament to be replayed (a Celery task, after commit)."""
    access_tournament_replay(actor, tournament)
    with transaction.atomic():
        record(actor, "adjudication.replay_tournament", tournament)
        outbox.enqueue(task_names.REPLAY_TOURNAMENT, [tournament.pk])


def tournament_games(tournament_id: int) -> Iterable[MatchGame]:
    return MatchGame.objects.filter(match__tournament_id=tournament_id, log__isnull=False).select_related(
        "match", "log"
    )


def replay_tournament(tournament_id: int, actor: Any = None) -> dict[str, int]:
    """Replay every stored log of a tournament (stored verdicts are reused) and recompute its results.

    A game no judge has ruled on takes the result under the rules when its log is authentic and legal;
    a match's tally is recomputed from its games. The standings snapshot is recomputed after the commit.
    Returns counts: games, replayed, ok, changed.
    """
    counts = {"games": 0, "replayed": 0, "ok": 0, "changed": 0}
    for game in tournament_games(tournament_id):
        counts["games"] += 1
        adjudication = request_adjudication(actor, game.log, game=game, enqueue=False)  # type: ignore[arg-type]
        if not adjudication.is_done:
            adjudication = run_adjudication(adjudication.pk)
            counts["replayed"] += 1
        if adjudication.ok:
            counts["ok"] += 1
        if not adjudication.ok or game.rulings.exists():
            continue
        winner = suggested_winner(adjudication)
        if winner != Ruling.Winner.NONE and winner != game.winner:
            with transaction.atomic():
                MatchGame.objects.filter(pk=game.pk).update(winner=winner)
                match = Match.objects.select_for_update().get(pk=game.match_id)
                before = _match_snapshot(match)
                _tally(match)
                match.save(update_fields=["games_won_a", "games_won_b", "games_drawn"])
                record(actor, "adjudication.result", match, game=game.pk, winner=winner, previous=before)
            counts["changed"] += 1
    with transaction.atomic():
        _enqueue_standings(tournament_id)
    return counts
