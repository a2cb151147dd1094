"""Celery tasks of adjudication: they take ids (never logs), store their results in the database and are idempotent.

``acks_late`` with ``reject_on_worker_lost``: a worker killed mid-replay leaves the message unacknowledged,
and the broker gives it to another worker, which replays the log again from the start (a done
adjudication is returned as stored).
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from matches import task_names
from matches.services.adjudication import PROGRESS_EVERY, do_sweep_adjudications, run_adjudication, run_adjudications
from matches.services.adjudication import replay_tournament as replay


# ignore_result: the verdict is stored in the database, not in the result backend.
@shared_task(name=task_names.REPLAY_LOG, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def replay_log(adjudication_id: int, progress_every: int | None = None, pause: float = 0.0) -> dict[str, Any]:
    """Replay an adjudication's log and store the verdict; ``pause`` (tests only) waits after each progress update."""
    adjudication = run_adjudication(adjudication_id, progress_every=progress_every or PROGRESS_EVERY, pause=pause)
    return {"id": adjudication.pk, "status": adjudication.status, "ok": adjudication.ok}


@shared_task(name=task_names.REPLAY_TOURNAMENT, acks_late=True, reject_on_worker_lost=True)
def replay_tournament(tournament_id: int) -> dict[str, int]:
    """Replay every stored log of a tournament, recompute its results, then its standings."""
    return replay(tournament_id)


@shared_task(name=task_names.REPLAY_LOGS, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def replay_logs(adjudication_ids: list[int]) -> dict[str, int]:
    """Replay a batch of adjudications and store their verdicts in one statement (``run_adjudications``):
    done ones are skipped, a failing log is marked failed alone, a lost worker's batch runs again."""
    return run_adjudications(adjudication_ids)


@shared_task(name=task_names.SWEEP_ADJUDICATIONS)
def sweep_adjudications() -> int:
    """Enqueue again the replays whose task a dead worker lost (``do_sweep_adjudications``); how many."""
    return len(do_sweep_adjudications())
