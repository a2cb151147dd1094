"""Acting in a refereed game: a player's action, and the referee's pass when a response window runs out.

Every change runs in a transaction holding the game row's lock; the action, the chance events and
the bot's replies it leads to are stored before the lock is released.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.utils.translation import gettext as _

from engine.game import Action, LogError, Pass, State, action_from_json
from engine.game.actions import chosen_field
from engine.messages import Message
from junling import engine_text
from junling.models import record
from matches.access import access_seat
from matches.models import Match, RefereedGame
from matches.presenters.narration import refusal_text
from matches.services.play import cache, clock, ending, referee, windows
from matches.services.play.errors import ActionRefused

"""Where the cards a player ticks go, by action type (else ``payment``); ``names`` holds card names, not ids."""


def _locked_current_game(match: Match, row: RefereedGame | None = None) -> RefereedGame:
    """The current game locked; ``row``: the current game as the caller has just read it (unlocked)."""
    row = row or cache.current_game(match)
    if row is None:
        raise ActionRefused(
            _("This match has not started yet: the challenge waits for the opponent's deck."), code="play.not_started"
        )
    return cache.locked_game(row.pk)


def _pass_if_due(row: RefereedGame, state: State, at: datetime.datetime | None = None) -> bool:
    """Pass for the responder whose response window (ruling G11) has run out; True if it did."""
    if not windows.is_due(windows.response_deadline(row, state), at):
        return False
    referee.apply(row, state, Pass())
    referee.advance(row, state)
    return True


def _pass_due_window(match: Match, row: RefereedGame | None = None) -> bool:
    """Pass a response window that ran out (own transaction); True if it did. ``row``: the current game,
    when the caller has just read it."""
    row = row or cache.current_game(match)
    if row is None or row.finished_at is not None:
        return False
    state = cache.peek_state(row)
    if windows.is_open(row, state) and windows.is_due(windows.response_deadline(row, state)):
        do_expire_response_window(row.pk, row.steps)
        return True
    return False


def do_act(match: Match, user: Any, data: Any, *, step: Any = None, payment: Any = None) -> RefereedGame:
    """Apply the user's action (the engine's JSON form; ``payment`` completes a payment choice).

    Refused (ActionRefused) when it is not the user's turn, when ``step`` is not the game's current step
    (stale: the page was drawn before another action), or when the engine refuses it (rule and reason,
    with cards the user cannot see removed). A window that ran out is passed first.
    """
    seat = access_seat(match, user)
    row = cache.current_game(match)
    # In its own transactions: the pass (or the loss on time) stands even when the action is refused.
    if row is not None and _pass_due_window(match, row):
        row = None  # the game changed: read it again
    if ending.flag_if_out(match, row):
        row = None
    try:
        with transaction.atomic():
            return _act_locked(match, seat, data, step, payment, row)
    except (IntegrityError, OperationalError) as exc:
        if not cache.raced(exc):
            raise
        raise ActionRefused(
            _("Another action was applied at the same moment: nothing of yours was applied; look again."),
            stale=True,
            code="play.raced",
        ) from None


def _act_locked(match: Match, seat: int, data: Any, step: Any, payment: Any, read: RefereedGame | None) -> RefereedGame:
    row = _locked_current_game(match, read)
    state = cache.load_state(row)
    if _pass_if_due(row, state):
        referee.store(row, state)
    if row.finished_at is not None or state.is_terminal():
        raise ActionRefused(_("This game is over."), stale=True, code="play.game_over")
    if clock.flagged(row) is not None:  # ran out since flag_if_out looked: the sweep or the next request ends it
        raise ActionRefused(_("This game is over."), stale=True, code="play.game_over")
    if step not in (None, "") and str(step) != str(row.steps):
        raise ActionRefused(
            _("The game moved on since your page was drawn (step %(yours)s, now %(now)s): nothing was applied.")
            % {"yours": step, "now": row.steps},
            stale=True,
        )
    if state.current_player() != seat:
        raise ActionRefused(_("It is not your turn to act: wait for your opponent."), code="play.not_your_turn")
    action = read_action(state, seat, data, payment)
    error = state.validate(action)
    if error is not None:
        raise ActionRefused(refusal_text(state, seat, error), error.rule, code="play.illegal")
    ending.lapse_draw_offer(row, seat)
    clock.mark_seen(row, seat)
    referee.apply(row, state, action)
    referee.advance(row, state)
    referee.store(row, state)
    return row


def _why(exc: Exception) -> str:
    """An engine's log error in the reader's language (its message); any other error as it says itself."""
    said = getattr(exc, "said", None)
    return engine_text.render(said) if isinstance(said, Message) else str(exc)


def read_action(state: State, seat: int, data: Any, payment: Any) -> Action:
    """The engine action a player sent: its JSON form (an object or its text) and the cards he ticked."""
    try:
        if isinstance(data, str):
            data = json.loads(data)
        if payment is not None:
            if not isinstance(data, dict):
                raise LogError(Message("log.entry_not_object", {"type": type(data).__name__}))
            field = chosen_field(str(data.get("type")))  # the kind's list field, from its declaration
            by_name = field is not None and field.card == "name"
            chosen = [str(c) for c in payment] if by_name else [int(c) for c in payment]
            data = {**data, field.name if field is not None else "payment": chosen}
        action = action_from_json(data)
    except (ValueError, TypeError) as exc:
        raise ActionRefused(
            _("That is not an action of this game: %(why)s") % {"why": _why(exc)},
            code="play.malformed",
        ) from None
    if action.is_chance:
        raise ActionRefused(_("Chance events are the referee's: a player cannot send one."), code="play.chance")
    return action


# --- a response window runs out --------------------------------------------------------------------


@dataclass(frozen=True)
class Expiry:
    """What a timeout did: ``passed``, ``answered`` (nothing left to do) or ``not_due`` (``due_in`` seconds left)."""

    status: str
    due_in: float | None = None


def do_expire_response_window(game_id: int, step: int, *, at: datetime.datetime | None = None) -> Expiry:
    """Pass for the responder of the window open at ``step`` of game ``game_id`` if it has run out.

    Idempotent: a window already answered (the game moved past ``step``, or ended) is left alone.
    """
    try:
        with transaction.atomic():
            if not RefereedGame.objects.filter(pk=game_id, steps=step, finished_at__isnull=True).exists():
                return Expiry("answered")
            row = cache.locked_game(game_id)
            if row.steps != step or row.finished_at is not None:
                return Expiry("answered")
            state = cache.load_state(row)
            deadline = windows.response_deadline(row, state)
            if deadline is None:
                return Expiry("answered")
            moment = at or windows.now()
            if not windows.is_due(deadline, moment):
                return Expiry("not_due", (deadline - moment).total_seconds())
            _pass_if_due(row, state, moment)
            referee.store(row, state)
            record(None, "match.play.window_expired", row.refereed_match.match, game=row.number, step=step)
    except (IntegrityError, OperationalError) as exc:
        if not cache.raced(exc):
            raise
        return Expiry("answered")  # an action at the same moment answered it
    return Expiry("passed")


def do_settle(match: Match, user: Any) -> Expiry:
    """A player asks the referee to apply what is due (the page does when its window's countdown ends)."""
    access_seat(match, user)
    ending.flag_if_out(match)
    row = cache.current_game(match)
    if row is None or row.finished_at is not None:
        return Expiry("answered")
    return do_expire_response_window(row.pk, row.steps)
