"""The boards app's tasks: a large map or game-data import checked off the request."""

from __future__ import annotations

from celery import shared_task

from boards.services.imports import do_validate_import
from boards.task_names import VALIDATE_IMPORT


@shared_task(name=VALIDATE_IMPORT)
def validate_import(job_id: int) -> str:
    """Check and store the import job ``job_id`` (idempotent: a finished job is left as it is)."""
    return do_validate_import(job_id)
