"""A large import's job as its page and the API show it: status, progress, and the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from boards.models import ImportJob
from boards.problems import ShownProblem, translate


@dataclass(frozen=True)
class JobView:
    job: ImportJob
    percent: int
    problems: list[ShownProblem]
    stored_url: str
    status_label: str


def job_view(job: ImportJob) -> JobView:
    """The job with its progress in percent, its bad rows in the reader's language, and its stored version's page."""
    percent = 100 if job.finished or not job.total else min(100, job.done * 100 // job.total)
    problems = [ShownProblem(p["where"], translate(p["message_en"]), p["message_en"]) for p in job.problems]
    stored = job.stored
    url = ""
    if stored is not None:
        url = reverse(f"boards:{job.kind}", args=[job.system, stored.pk])
    return JobView(job, percent, problems, url, str(job.get_status_display()))


def job_json(job: ImportJob) -> dict[str, Any]:
    """The API's answer for a job (``ImportJobSerializer``)."""
    stored = job.stored
    return {
        "id": job.pk,
        "system": job.system,
        "kind": job.kind,
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "stored": None
        if stored is None
        else {"id": stored.pk, "name": stored.name, "version": stored.version, "content_hash": stored.content_hash},
        "errors": [{"where": p.where, "message": p.why, "message_en": p.why_en} for p in job_view(job).problems],
    }
