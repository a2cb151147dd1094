"""Response windows (ruling G11): when one closes by itself, and the task that closes it.

A GET never writes: when a window opens, the referee schedules ``matches.expire_response_window``
with a countdown (after the commit). The task takes the game id and the step the window opened at,
so it is idempotent: a window already answered (the step moved on) is left alone. The task checks
the stored deadline itself, so an eager run (the embedded default runs tasks in-process at once)
does nothing before the deadline; then the first state-changing request applies the pass. Pages
compute "expired" from the same deadline without writing.

Time comes from ``now()``, which tests set with ``set_clock`` instead of sleeping.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import junling.outbox as outbox
from engine.game import Phase, State
from junling import clocks
from matches import task_names
from matches.models import RefereedEntry, RefereedGame
from matches.services.play import cache

RESPONSE_SECONDS = 30
"""How long a player has to answer a response window (ruling G11) before the referee passes for him."""


def now() -> datetime.datetime:
    """The time windows are measured against: the site's one settable clock (``junling.clocks.now``)."""
    return clocks.now()


def set_clock(clock: Callable[[], datetime.datetime] | None) -> None:
    """Measure windows and every game clock with ``clock`` (None: the system clock again)."""
    clocks.set_clock(clock)


def is_open(row: RefereedGame, state: State) -> bool:
    """Whether a response window waits for an answer (no query)."""
    return row.finished_at is None and not state.is_terminal() and state.phase is Phase.RESPONSE


def response_deadline(row: RefereedGame, state: State) -> datetime.datetime | None:
    """When the open response window closes by itself (None when no window is open).

    It runs from the entry that opened it, the game's last one.
    """
    if not is_open(row, state):
        return None
    key = (row.pk, row.salt, row.steps)
    last = _OPENED.get(key)
    if last is None:
        cache.flush_entries(row)  # the entries an action applied are stored before the last one is read
        last = RefereedEntry.objects.filter(game=row).order_by("-n").values_list("created_at", flat=True).first()
        if last is not None:  # stored entries never change: remembered for this game and step
            _OPENED[key] = last
            while len(_OPENED) > MAX_OPENED:
                _OPENED.pop(next(iter(_OPENED)))
    return (last or now()) + datetime.timedelta(seconds=RESPONSE_SECONDS)


_OPENED: dict[tuple[int, str, int], datetime.datetime] = {}
"""(game pk, salt, steps) -> when its last entry was stored (a window runs from it): read once a process."""
MAX_OPENED = 1024


def is_due(deadline: datetime.datetime | None, at: datetime.datetime | None = None) -> bool:
    """Whether a window with this deadline has run out (at ``at``, default now)."""
    return deadline is not None and (at or now()) >= deadline


def schedule_timeout(row: RefereedGame, state: State) -> None:
    """If a window is open at ``row.steps``, run the timeout task when it runs out (after the commit)."""
    if not is_open(row, state):
        return
    game_id, step = row.pk, row.steps
    outbox.enqueue(task_names.EXPIRE_RESPONSE_WINDOW, [game_id, step], countdown=RESPONSE_SECONDS)
