"""Large map and game-data imports, checked in a task with progress (issue 29 item 8).

A file of more than :data:`LARGE_ROWS` rows in all (``engine.maps.count_rows``) or more than
:data:`LARGE_BYTES` bytes is not checked in the request: :func:`do_queue_import` stores it as an
:class:`~boards.models.ImportJob` and enqueues ``boards.validate_import`` through the outbox; the task
(:func:`do_validate_import`) checks it with the same services as a small import (``boards.services.maps``),
writing the rows checked into the job every ``engine.maps.PROGRESS_EVERY`` rows, and ends the job done (with
the stored version) or refused (with every bad row). Smaller files keep the synchronous path."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from boards.models import GameMap, ImportJob
from boards.services import maps as map_services
from boards.task_names import VALIDATE_IMPORT
from engine import jsonsafe
from engine.maps import count_rows
from engine.systems import get_system
from junling import outbox
from junling.models import record

LARGE_ROWS = 300
"""More rows than this in all (regions, borders, roads, set-ups, a data file's tables): checked in a task.
The bundled test maps have under 100; the engine refuses a list above 2,000 (``engine.maps.MAX_ROWS``)."""
LARGE_BYTES = 256 * 1024
"""A file larger than this (of the 2 MB allowed) is checked in a task whatever its rows."""


def is_large(raw: bytes) -> bool:
    """Whether an upload is checked in a task: over :data:`LARGE_BYTES`, or valid UTF-8 JSON of more than
    :data:`LARGE_ROWS` rows. A file that is not JSON is small (the request refuses it at once)."""
    if len(raw) > map_services.MAX_FILE_BYTES:
        return False  # refused at once as too large
    if len(raw) > LARGE_BYTES:
        return _text(raw) is not None
    try:
        return count_rows(jsonsafe.loads(raw)) > LARGE_ROWS
    except jsonsafe.JSONRefused:
        return False


def _text(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _total(text: str) -> int:
    try:
        return count_rows(jsonsafe.loads(text))
    except jsonsafe.JSONRefused:
        return 0


def do_queue_import(
    system_id: str,
    kind: str,
    raw: bytes,
    *,
    actor: Any,
    filename: str = "<upload>",
    version: str | None = None,
    game_map: GameMap | None = None,
) -> ImportJob:
    """Store a large upload as a queued import job, audited, and enqueue its check once the job commits."""
    text = _text(raw) or ""
    with transaction.atomic():
        job = ImportJob.objects.create(
            system=system_id,
            kind=kind,
            text=text,
            filename=filename[:255],
            version=version or "",
            game_map=game_map,
            created_by=actor,
            total=_total(text),
        )
        record(actor, "import_job.queue", job, system=system_id, kind=kind, filename=filename, total=job.total)
        outbox.enqueue(VALIDATE_IMPORT, [job.pk])
    return job


def do_validate_import(job_id: int) -> str:
    """Check the job's file and store it (the services of a small import), writing progress into the job as
    the check goes; end it done or refused. Idempotent: a finished job, or none, is left alone; a job whose
    worker died while validating is checked again (storing is idempotent by content hash)."""
    job = ImportJob.objects.filter(pk=job_id).first()
    if job is None or job.finished:
        return job.status if job is not None else "missing"
    ImportJob.objects.filter(pk=job.pk).update(status=ImportJob.Status.VALIDATING, done=0)
    total = job.total

    def progress(rows: int) -> None:
        ImportJob.objects.filter(pk=job.pk).update(done=min(rows, total) if total else rows)

    system = get_system(job.system)
    common: dict[str, Any] = {
        "filename": job.filename or "<upload>",
        "version": job.version or None,
        "actor": job.created_by,
        "progress": progress,
    }
    try:
        if job.kind == ImportJob.Kind.MAP:
            stored: Any = map_services.import_map(system, job.text.encode("utf-8"), **common)
        else:
            stored = map_services.import_game_data(system, job.text.encode("utf-8"), game_map=job.game_map, **common)
    except map_services.MapImportRefused as exc:
        rows = [{"where": p.where, "message_en": p.why_en} for p in exc.problems]  # said in the reader's language
        with transaction.atomic():
            ImportJob.objects.filter(pk=job.pk).update(
                status=ImportJob.Status.REFUSED, done=total, problems=rows, finished_at=timezone.now()
            )
            record(job.created_by, "import_job.refused", job, problems=len(rows))
        return ImportJob.Status.REFUSED
    field = "stored_map" if job.kind == ImportJob.Kind.MAP else "stored_data"
    with transaction.atomic():
        ImportJob.objects.filter(pk=job.pk).update(
            status=ImportJob.Status.DONE, done=total, finished_at=timezone.now(), **{field: stored}
        )
        record(job.created_by, "import_job.done", job, content_hash=stored.content_hash)
    return ImportJob.Status.DONE
