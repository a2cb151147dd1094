"""Chess clocks kept by the server, for any refereed game of the site: a total per seat and a Fischer increment.

The one place of the clock arithmetic that the card game's matches (``matches.services.play.clock``) and the
board-game tables (``tables.services``) share. A clocked row (a ``RefereedGame``, a ``tables.Table``) stores

- ``clock_remaining``: each seat's seconds when its clock last stopped (None: the game has no clock),
- ``clock_running``: the seat whose clock runs (None: no clock runs),
- ``clock_since``: when it started running (timezone-aware),

so the clocks survive a restart: what is left now is computed on read (:func:`remaining`) and a GET never
writes. The game decides whose clock runs and when a turn ends (the matches by the card game's turns and
response windows, the tables by whose decision is pending); this module only counts.

Time is :func:`now`, which tests set (:func:`set_clock`, the ``frozen_clock`` fixture) instead of sleeping.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.utils import timezone

MIN_TOTAL, MAX_TOTAL, MAX_INCREMENT = 60, 3 * 3600, 600
"""Bounds of a time control (seconds): 1 minute to 3 hours a seat, 0 to 10 minutes a turn."""

ABANDON_SECONDS = 180
"""How long a seat may be gone (no action, no presence signal) before another may claim the game (abandonment)."""

_clock: Callable[[], datetime.datetime] = timezone.now


def now() -> datetime.datetime:
    """The time clocks and windows are measured against (the system clock unless a test set another)."""
    return _clock()


def set_clock(clock: Callable[[], datetime.datetime] | None) -> None:
    """Measure with ``clock`` (None: the system clock again)."""
    global _clock
    _clock = clock or timezone.now


def gone_for(seen: datetime.datetime | None, since: datetime.datetime, at: datetime.datetime | None = None) -> float:
    """Seconds since a seat last showed it was there (``seen``; ``since`` if never: the game's start)."""
    return ((at or now()) - (seen or since)).total_seconds()


def control_ok(total: int | None, increment: int) -> bool:
    """Whether a time control is within bounds (``total`` None: no clock; the increment still must be)."""
    return (total is None or MIN_TOTAL <= total <= MAX_TOTAL) and 0 <= increment <= MAX_INCREMENT


def start(row: Any, total: int | None, seats: int) -> None:
    """Give every one of ``seats`` seats ``total`` seconds (nothing without a clock); no clock runs yet."""
    if total is None:
        return
    row.clock_remaining = [float(total)] * seats
    row.clock_running = None
    row.clock_since = None


def remaining(row: Any, at: datetime.datetime | None = None) -> list[float] | None:
    """Each seat's seconds left at ``at`` (default now), the running clock counted down; None without a clock."""
    if row.clock_remaining is None:
        return None
    left = [float(x) for x in row.clock_remaining]
    if row.clock_running is not None and row.clock_since is not None:
        left[row.clock_running] -= ((at or now()) - row.clock_since).total_seconds()
    return [max(0.0, x) for x in left]


def out_of_time(row: Any, at: datetime.datetime | None = None) -> int | None:
    """The seat whose clock has run out at ``at`` (only the running one can), else None."""
    if row.clock_running is None:
        return None
    left = remaining(row, at)
    assert left is not None
    return int(row.clock_running) if left[row.clock_running] <= 0 else None


def flag_due(row: Any) -> datetime.datetime | None:
    """When the running clock runs out (None when none runs)."""
    if row.clock_remaining is None or row.clock_running is None or row.clock_since is None:
        return None
    return row.clock_since + datetime.timedelta(seconds=float(row.clock_remaining[row.clock_running]))


def charged(row: Any, at: datetime.datetime) -> list[float]:
    """Each seat's seconds with the running clock charged up to ``at`` (never below zero); nothing is written."""
    left = [float(x) for x in row.clock_remaining]
    if row.clock_running is not None and row.clock_since is not None:
        left[row.clock_running] = max(0.0, left[row.clock_running] - (at - row.clock_since).total_seconds())
    return left


def hand_over(row: Any, seat: int | None, increment: int, at: datetime.datetime | None = None) -> None:
    """After actions were applied: charge the running clock and run ``seat``'s (None: no clock runs). A seat
    whose clock stops because another seat (or nobody) is to act has ended its turn: it gains ``increment``.
    The caller saves the row."""
    if row.clock_remaining is None:
        return
    at = at or now()
    left = charged(row, at)
    ended = row.clock_running
    if ended is not None and ended != seat and increment:
        left[ended] += increment
    row.clock_remaining = left
    row.clock_running = seat
    row.clock_since = at if seat is not None else None


def stop(row: Any, at: datetime.datetime | None = None) -> None:
    """The game is over: charge the running clock and stop it (the caller saves the row)."""
    if row.clock_remaining is None:
        return
    row.clock_remaining = remaining(row, at)
    row.clock_running = None
    row.clock_since = None


def clock_text(seconds: float | None) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour), rounded down; empty without a clock."""
    if seconds is None:
        return ""
    s = max(0, int(seconds))
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def control_text(total: int | None, increment: int) -> str:
    """A time control as players write it: ``10+5`` (minutes + seconds a turn); empty without one."""
    if total is None:
        return ""
    minutes = total / 60
    return f"{minutes:g}+{increment}"
