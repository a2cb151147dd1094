"""Celery tasks of the matches app: they take ids and are idempotent (safe to run twice)."""

from __future__ import annotations

from celery import shared_task

from matches import task_names
from matches.services.notices import send_pairing_notices
from matches.services.ratings import update_ratings as update
from matches.services.scoring import snapshot_standings as snapshot


@shared_task(name=task_names.SNAPSHOT_STANDINGS)
def snapshot_standings(tournament_id: int) -> int:
    """Store the standings for the tournament's current results (keyed by them); returns the snapshot id."""
    return snapshot(tournament_id).pk


@shared_task(name=task_names.UPDATE_RATINGS)
def update_ratings(tournament_id: int) -> int:
    """Rate the players of a finished tournament once; returns how many players' ratings changed."""
    return update(tournament_id)


@shared_task(name=task_names.NOTIFY_PAIRINGS, acks_late=True, reject_on_worker_lost=True, time_limit=300)
def notify_pairings(round_id: int) -> int:
    """E-mail the round's players that the pairings are up, once; returns how many e-mails were sent."""
    return send_pairing_notices(round_id)


from matches.tasks_adjudication import replay_log, replay_logs, replay_tournament  # noqa: E402, F401  (adjudication tasks)
from matches.tasks_play import expire_response_window  # noqa: E402, F401  (refereed-play tasks)
