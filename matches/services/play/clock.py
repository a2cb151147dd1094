"""Chess clocks for refereed games: a total per player and a Fischer increment a turn, kept by the server.

A game with a clock stores, on its row, each seat's remaining seconds when its clock last stopped
(``clock_remaining``), which seat's clock runs (``clock_running``) and since when (``clock_since``,
timezone-aware), so the clocks survive a restart: what is left now is computed on read
(``remaining``), and a GET never writes. The clock of the player to act runs; while a response window
is open (ruling G11) no clock runs: the window has its own limit (``windows.RESPONSE_SECONDS``), and
chance and a bot's moves take no time. When a turn ends, its player's clock gains the increment.

A player whose clock reaches zero loses the game (termination ``time``, the log's header says so).
The loss is applied by the first state-changing request after it (the player's next action, the
opponent's claim or the table's settle POST) and by the periodic task ``matches.sweep_clocks``
(Celery beat), which enqueues ``matches.flag_game`` with each overdue game's id through the outbox.

The arithmetic that is not the card game's (remaining, flag due, stop, bounds) is ``junling.clocks``, shared with
the board-game tables; its names stay importable from here. Time comes from ``windows.now()`` (``junling.clocks.now``),
which tests set with ``windows.set_clock`` instead of sleeping.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils.translation import gettext as _

from engine.game import Phase, State
from engine.messages import Message
from junling import clocks
from junling.clocks import MAX_INCREMENT, MAX_TOTAL, MIN_TOTAL, flag_due, remaining, stop
from matches.models import RefereedGame
from matches.services.play import windows
from matches.services.play.errors import PlayRefused

TIME = "time"
"""The termination of a game lost on time (``termination.time``)."""
ABANDONMENT = "abandonment"
"""The termination of a game claimed because the opponent was gone (``termination.abandonment``)."""
DRAW_AGREED = "draw_agreed"
"""The termination of a game the players agreed to draw (``termination.draw_agreed``)."""
SITE_TERMINATIONS = (TIME, ABANDONMENT, DRAW_AGREED)
"""Ends decided by the referee outside the rules' own (the log's header records them)."""

__all__ = ["MAX_INCREMENT", "MAX_TOTAL", "MIN_TOTAL", "flag_due", "remaining", "stop"]
"""The generic arithmetic is ``junling.clocks`` (shared with the board-game tables); these names stay here."""


def check_control(total: int | None, increment: int) -> None:
    """Refuse a time control out of bounds (``PlayRefused``, code ``play.clock``)."""
    if not clocks.control_ok(total, increment):
        raise PlayRefused(
            _("A time control is 1 to 180 minutes a player and 0 to 600 seconds a turn."), code="play.clock"
        )


ABANDON_SECONDS = clocks.ABANDON_SECONDS
"""How long a player may be gone (no action, no presence signal) before the opponent may claim the game."""


def outcome(termination: str, loser: int | None) -> dict[str, Any]:
    """A stored outcome for an end the referee decides: ``loser`` loses (None: a draw)."""
    if loser is None:
        message = Message(f"termination.{termination}", {})
        return {"winner": None, "termination": termination, "reason": "draw agreed", "message": message.to_json()}
    message = Message(f"termination.{termination}", {"player": {"seat": loser}})
    reason = {TIME: "ran out of time", ABANDONMENT: "abandoned the game"}.get(termination, termination)
    return {
        "winner": 1 - loser,
        "termination": termination,
        "reason": f"player {loser} {reason}",
        "message": message.to_json(),
    }


def running_seat(row: RefereedGame, state: State) -> int | None:
    """Whose clock runs in this state: the player to act, none in a response window or once the game is over."""
    if row.clock_remaining is None or row.finished_at is not None or state.is_terminal():
        return None
    if state.phase is Phase.RESPONSE:
        return None
    seat = state.current_player()
    return seat if seat in (0, 1) else None


def start(row: RefereedGame, total: int | None, state: State) -> None:
    """Give both seats ``total`` seconds (nothing when the match has no clock); no clock runs yet and no
    increment is owed for the turns before this state (the coin flip's)."""
    if total is None:
        return
    clocks.start(row, total, 2)
    row.clock_turn = int(state.turn)


def flagged(row: RefereedGame, at: datetime.datetime | None = None) -> int | None:
    """The seat whose clock has run out at ``at`` (it can only be the running one), else None."""
    if row.finished_at is not None:
        return None
    return clocks.out_of_time(row, at)


def sync(row: RefereedGame, state: State, increment: int, at: datetime.datetime | None = None) -> None:
    """After actions were applied: charge the running clock, give each ended turn's player the increment,
    and start the clock of whoever is to act now (the caller saves the row)."""
    if row.clock_remaining is None:
        return
    at = at or windows.now()
    left = clocks.charged(row, at)
    turn = int(state.turn)
    if increment and turn > row.clock_turn:
        # Turns alternate between the players: the turn before this one was the other player's, and so on back.
        for ended in range(row.clock_turn, turn):
            player = int(state.active) if (turn - ended) % 2 == 0 else 1 - int(state.active)
            left[player] += increment
    row.clock_turn = max(row.clock_turn, turn)
    row.clock_remaining = left
    row.clock_running = running_seat(row, state)
    row.clock_since = at if row.clock_running is not None else None


FIELDS = ["clock_remaining", "clock_running", "clock_since", "clock_turn", "draw_offered_by", "seen_a", "seen_b"]
"""The row's fields this module and its neighbours (draws, presence) write."""


def mark_seen(row: RefereedGame, seat: int, at: datetime.datetime | None = None) -> None:
    """Note that ``seat`` is here (an action, or the page's presence POST); the caller saves the row."""
    setattr(row, "seen_a" if seat == 0 else "seen_b", at or windows.now())


def gone_for(row: RefereedGame, seat: int, at: datetime.datetime | None = None) -> float:
    """Seconds since ``seat`` last showed it was there (since the game began if never)."""
    return clocks.gone_for(row.seen_a if seat == 0 else row.seen_b, row.created_at, at)


def is_gone(row: RefereedGame, seat: int, at: datetime.datetime | None = None) -> bool:
    """Whether ``seat`` has been gone long enough for the opponent to claim the game (abandonment)."""
    return row.finished_at is None and gone_for(row, seat, at) >= ABANDON_SECONDS
