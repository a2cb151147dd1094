"""The refereed-play tasks: the referee's pass when a response window (ruling G11) runs out; clocks that ran
out; the bot's move."""

from __future__ import annotations

import math

from celery import shared_task

from matches import task_names
from matches.services.play.acting import do_expire_response_window
from matches.services.play.bot import do_play_bot_move, do_sweep_bots
from matches.services.play.ending import do_flag_game, do_sweep_clocks


@shared_task(name=task_names.EXPIRE_RESPONSE_WINDOW, bind=True)
def expire_response_window(self, game_id: int, step: int) -> str:  # type: ignore[no-untyped-def]
    """Pass for the responder of game ``game_id`` if its window opened at ``step`` is still open and due.

    Idempotent: an answered window (the step moved on) or a finished game is left alone. Not due yet
    (a worker ran early, or the task ran eagerly at once): a worker tries again when it is due; an
    eager run does nothing, and the first state-changing request after the deadline passes instead.
    """
    result = do_expire_response_window(game_id, step)
    if result.due_in is not None and not self.request.is_eager:
        self.apply_async((game_id, step), countdown=max(1, math.ceil(result.due_in)))
    return result.status


@shared_task(name=task_names.FLAG_GAME)
def flag_game(game_id: int) -> str:
    """End game ``game_id`` on time if its running clock has run out (idempotent: else nothing)."""
    return do_flag_game(game_id)


@shared_task(name=task_names.SWEEP_CLOCKS)
def sweep_clocks() -> int:
    """Periodic (Celery beat): enqueue ``flag_game`` for each game whose clock has run out."""
    return len(do_sweep_clocks())


@shared_task(name=task_names.PLAY_BOT_MOVE)
def play_bot_move(match_id: int, number: int, step: int) -> str:
    """Play the bot's move in game ``number`` of match ``match_id`` if the game still waits for it at
    ``step`` (idempotent: a stale or repeated task does nothing); the players' sockets are told."""
    return do_play_bot_move(match_id, number, step)


@shared_task(name=task_names.SWEEP_BOTS)
def sweep_bots() -> int:
    """Periodic (Celery beat): enqueue the bot's task again for each game that waited too long for it."""
    return len(do_sweep_bots())
