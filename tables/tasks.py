"""The tables app's tasks: a bot seat's move, never inside a person's request, the sweep for lost ones, and
the end of a table whose clock ran out (and its periodic sweep)."""

from __future__ import annotations

from celery import shared_task

from tables.services import (
    FLAG_TABLE,
    PLAY_BOT_MOVE,
    SWEEP_BOTS,
    SWEEP_CLOCKS,
    do_flag_table,
    do_play_bot_move,
    do_sweep_table_bots,
    do_sweep_table_clocks,
)


@shared_task(name=PLAY_BOT_MOVE)
def play_bot_move(table_id: int, step: int) -> str:
    """Play the bot seat's move at table ``table_id`` if it still waits for it at ``step`` (idempotent: a
    stale or repeated task does nothing); the table's sockets are told."""
    return do_play_bot_move(table_id, step)


@shared_task(name=SWEEP_BOTS)
def sweep_bots() -> int:
    """Periodic (Celery beat): enqueue the bot's task again at each table that waited too long for it."""
    return len(do_sweep_table_bots())


@shared_task(name=FLAG_TABLE)
def flag_table(table_id: int) -> str:
    """End table ``table_id`` on time if its running clock has run out (idempotent)."""
    return do_flag_table(table_id)


@shared_task(name=SWEEP_CLOCKS)
def sweep_clocks() -> int:
    """Periodic (Celery beat): enqueue ``tables.flag_table`` for every table whose clock has run out."""
    return len(do_sweep_table_clocks())
