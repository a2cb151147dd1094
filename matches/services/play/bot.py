"""The bot's move played by a task (``matches.play_bot_move``), never inside the human's request.

When the bot of a match that moves in a task (``referee.bot_in_task``: ``ismcts-3``, and any bot on a
clock) is to act, ``referee.store`` enqueues the task through the outbox once the change commits, with
the match and the version it expects (the game's number and step). The task thinks outside any lock,
then applies its move through the referee's own path (``referee.apply``, ``advance``, ``store``: the
entry, the feed lines, the clocks, the push to the players' sockets, the next task if the bot is to act
again) in a transaction holding the game row's lock. A stale task (the game moved on: a concession, a
claim, an end on time, or the same task delivered twice) does nothing.

On a clock the bot's clock runs from the moment it is to act until its move is stored: its thinking and
the wait for a worker count against it. It thinks at most its level's budget and at most
``1/CLOCK_SHARE`` of the time it has left; a bot whose clock ran out loses on time like a player.
"""

from __future__ import annotations

import datetime

from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Max

import junling.outbox as outbox
from matches import task_names
from matches.models import RefereedGame
from matches.services.play import cache, clock, ending, referee, windows

CLOCK_SHARE = 20
"""On a clock the bot thinks at most this fraction (1/20) of its time left a move (never all of it)."""

STALL_SECONDS = 60
"""A game that has waited this long for the bot's task gets the task again (``do_sweep_bots``)."""

PLAYED, STALE, FLAGGED = "played", "stale", "flagged"
"""What the task did: moved, nothing (a stale or repeated task), or ended the game on the bot's time."""


def think_time(row: RefereedGame) -> float | None:
    """The cap on the bot's seconds for this move from its clock (None without a clock)."""
    left = clock.remaining(row)
    return None if left is None else left[referee.BOT_SEAT] / CLOCK_SHARE


def do_play_bot_move(match_id: int, number: int, step: int) -> str:
    """Play the bot's move in game ``number`` of match ``match_id`` if the game is still at ``step`` with
    the bot to act: ``played``; ``stale`` when anything else holds (idempotent); ``flagged`` when the
    bot's clock ran out first (the game is lost on time)."""
    row = (
        RefereedGame.objects.select_related("refereed_match__match", "refereed_match__database_version")
        .filter(refereed_match__match_id=match_id, number=number, steps=step, finished_at__isnull=True)
        .first()
    )
    if row is None:
        return STALE
    state = cache.load_state(row)  # a private copy: the move is applied to it under the lock below
    if not referee.bot_to_act(row, state):
        return STALE
    if clock.flagged(row) is not None:
        return FLAGGED if ending.do_flag_game(row.pk) == "flagged" else STALE
    action = referee.bot_move(row, state, think_time(row))  # outside the lock: the human may concede meanwhile
    try:
        with transaction.atomic():
            row = cache.locked_game(row.pk)
            if row.steps != step or row.finished_at is not None:
                return STALE
            if clock.flagged(row) is not None:  # it thought past its time (or waited for a worker too long)
                ending.end_on_time(row)
                return FLAGGED
            referee.apply(row, state, action)
            referee.advance(row, state)
            referee.store(row, state)
    except (IntegrityError, OperationalError) as exc:
        if cache.raced(exc):
            return STALE  # the same task ran twice at once (SQLite has no row lock): the other one moved
        raise
    return PLAYED


def do_sweep_bots(*, at: datetime.datetime | None = None) -> list[int]:
    """Enqueue the bot's task again for each game that has waited ``STALL_SECONDS`` for it (a task lost
    to a crashed worker or an error); the periodic task ``matches.sweep_bots``. A task that was only
    slow then finds its twin stale: the version decides which one moves."""
    moment = at or windows.now()
    waiting = (
        RefereedGame.objects.filter(finished_at__isnull=True, refereed_match__match__bot__gt="")
        .annotate(last=Max("entries__created_at"))
        .filter(last__lt=moment - datetime.timedelta(seconds=STALL_SECONDS))
        .select_related("refereed_match__match", "refereed_match__database_version")
    )
    due = []
    with transaction.atomic():
        for row in waiting:
            if referee.bot_to_act(row, cache.peek_state(row)):
                due.append(row.pk)
                outbox.enqueue(task_names.PLAY_BOT_MOVE, [row.refereed_match.match_id, row.number, row.steps])
    return due
