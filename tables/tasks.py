"""The tables app's tasks: a bot seat's move, never inside a person's request, and the sweep for lost ones."""

from __future__ import annotations

from celery import shared_task

from tables.services import PLAY_BOT_MOVE, SWEEP_BOTS, do_play_bot_move, do_sweep_table_bots


@shared_task(name=PLAY_BOT_MOVE)
def play_bot_move(table_id: int, step: int) -> str:
    """Play the bot seat's move at table ``table_id`` if it still waits for it at ``step`` (idempotent: a
    stale or repeated task does nothing); the table's sockets are told."""
    return do_play_bot_move(table_id, step)


@shared_task(name=SWEEP_BOTS)
def sweep_bots() -> int:
    """Periodic (Celery beat): enqueue the bot's task again at each table that waited too long for it."""
    return len(do_sweep_table_bots())
