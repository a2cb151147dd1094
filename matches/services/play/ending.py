"""Ends of a game the referee decides outside the rules: a clock that ran out, a claim of abandonment, an
agreed draw; and the signals they are measured by (a seat's presence).

Every ``do_*`` verb runs in one transaction holding the game row's lock and writes its audit record;
each end is stored as the game's outcome with its termination code (``clock.TIME``,
``clock.ABANDONMENT``, ``clock.DRAW_AGREED``), which the signed log's header records
(``referee.build_log``) and the match's result follows (``referee.finish_game``).

Draw offers: a seat offers, the other accepts (the game is drawn) or declines; the offerer may
withdraw it; it lapses when the offerer acts (``lapse_draw_offer``, called by ``acting``). One offer
at a time.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

import junling.outbox as outbox
from junling.models import record
from matches import task_names
from matches.access import access_seat
from matches.models import Match, RefereedGame
from matches.services.play import cache, clock, referee, windows
from matches.services.play.errors import ActionRefused


def _locked_playing_game(match: Match) -> RefereedGame:
    row = cache.current_game(match)
    if row is None:
        raise ActionRefused(
            _("This match has not started yet: the challenge waits for the opponent's deck."), code="play.not_started"
        )
    row = cache.locked_game(row.pk)
    if row.finished_at is not None:
        raise ActionRefused(_("This game is over."), stale=True, code="play.game_over")
    return row


def _end(row: RefereedGame, outcome: dict[str, Any]) -> None:
    referee.finish_game(row, outcome)
    referee.save(row)


# --- clocks ------------------------------------------------------------------------------------------


def do_flag_game(game_id: int, *, at: datetime.datetime | None = None) -> str:
    """End game ``game_id`` on time if the running clock has run out: ``flagged``, ``not_due`` or ``over``.

    Idempotent: a finished game, or one whose clock has time left, is left alone.
    """
    with transaction.atomic():
        if not RefereedGame.objects.filter(pk=game_id, finished_at__isnull=True, clock_running__isnull=False).exists():
            return "over"
        row = cache.locked_game(game_id)
        if clock.flagged(row, at) is None:
            return "not_due"
        end_on_time(row, at)
    return "flagged"


def end_on_time(row: RefereedGame, at: datetime.datetime | None = None) -> None:
    """End the locked game ``row``, whose running clock has run out at ``at``: its player loses on time."""
    loser = clock.flagged(row, at)
    assert loser is not None
    _end(row, clock.outcome(clock.TIME, loser))
    record(None, "match.play.flagged", row.refereed_match.match, game=row.number, seat=loser)


def flag_if_out(match: Match, row: RefereedGame | None = None) -> bool:
    """Before a state-changing request: end the current game on time if a clock ran out (own transaction);
    True if it did. ``row``: the current game, when the caller has just read it."""
    row = row or cache.current_game(match)
    if row is not None and row.finished_at is None and clock.flagged(row) is not None:
        do_flag_game(row.pk)
        return True
    return False


def do_sweep_clocks(*, at: datetime.datetime | None = None) -> list[int]:
    """Enqueue ``matches.flag_game`` for every running game whose clock has run out (the periodic task)."""
    moment = at or windows.now()
    due = []
    with transaction.atomic():
        running = RefereedGame.objects.filter(finished_at__isnull=True, clock_running__isnull=False)
        for row in running.only("id", "clock_remaining", "clock_running", "clock_since", "finished_at"):
            deadline = clock.flag_due(row)
            if deadline is not None and deadline <= moment:
                due.append(row.pk)
                outbox.enqueue(task_names.FLAG_GAME, [row.pk])
    return due


# --- presence and abandonment -------------------------------------------------------------------------


def do_mark_present(match: Match, user: Any) -> None:
    """The player's page (or socket) says he is here: a game he is gone from can then not be claimed."""
    seat = access_seat(match, user)
    row = cache.current_game(match)
    if row is None or row.finished_at is not None:
        return
    with transaction.atomic():
        row = cache.locked_game(row.pk)
        clock.mark_seen(row, seat)
        row.save(update_fields=["seen_a" if seat == 0 else "seen_b"])


def do_claim(match: Match, user: Any) -> RefereedGame:
    """The user claims the current game: his opponent's clock ran out (a loss on time), or his opponent
    has been gone (no action, no presence signal) for ``clock.ABANDON_SECONDS`` (abandonment).
    Refused when neither holds."""
    seat = access_seat(match, user)
    current = cache.current_game(match)
    if current is not None and current.finished_at is None and clock.flagged(current) is not None:
        do_flag_game(current.pk)
        return RefereedGame.objects.get(pk=current.pk)
    with transaction.atomic():
        row = _locked_playing_game(match)
        opponent = 1 - seat
        if match.bot:
            raise ActionRefused(_("A bot never leaves: there is nothing to claim."), code="play.nothing_to_claim")
        if not clock.is_gone(row, opponent):
            raise ActionRefused(
                _(
                    "Your opponent showed he was here %(seconds)s seconds ago: a game can be claimed after "
                    "%(limit)s seconds without a sign of him."
                )
                % {"seconds": max(0, int(clock.gone_for(row, opponent))), "limit": clock.ABANDON_SECONDS},
                code="play.nothing_to_claim",
            )
        clock.mark_seen(row, seat)
        _end(row, clock.outcome(clock.ABANDONMENT, opponent))
        record(user, "match.play.claim_abandonment", match, game=row.number, seat=opponent)
    return row


# --- draw offers ---------------------------------------------------------------------------------------


def do_offer_draw(match: Match, user: Any) -> RefereedGame:
    """The user offers his opponent a draw of the current game."""
    seat = access_seat(match, user)
    flag_if_out(match)
    with transaction.atomic():
        row = _locked_playing_game(match)
        if match.bot:
            raise ActionRefused(_("A bot does not take draw offers."), code="play.draw_bot")
        if row.draw_offered_by is not None:
            raise ActionRefused(_("A draw offer is already on the table."), code="play.draw_pending")
        row.draw_offered_by = seat
        clock.mark_seen(row, seat)
        referee.save(row)
        record(user, "match.play.draw_offer", match, game=row.number, seat=seat, step=row.steps)
    return row


def _offer(match: Match, user: Any, *, mine: bool) -> tuple[int, RefereedGame]:
    seat = access_seat(match, user)
    row = _locked_playing_game(match)
    offered = row.draw_offered_by
    if offered is None or (offered == seat) != mine:
        raise ActionRefused(
            _("There is no draw offer of yours to withdraw.") if mine else _("Your opponent offers no draw."),
            stale=True,
            code="play.no_draw_offer",
        )
    clock.mark_seen(row, seat)
    return seat, row


def do_accept_draw(match: Match, user: Any) -> RefereedGame:
    """The user accepts his opponent's draw offer: the game is drawn."""
    flag_if_out(match)
    with transaction.atomic():
        seat, row = _offer(match, user, mine=False)
        row.draw_offered_by = None
        _end(row, clock.outcome(clock.DRAW_AGREED, None))
        record(user, "match.play.draw_accept", match, game=row.number, seat=seat)
    return row


def _drop_offer(match: Match, user: Any, *, mine: bool, verb: str) -> RefereedGame:
    with transaction.atomic():
        seat, row = _offer(match, user, mine=mine)
        row.draw_offered_by = None
        referee.save(row)
        record(user, verb, match, game=row.number, seat=seat)
    return row


def do_decline_draw(match: Match, user: Any) -> RefereedGame:
    """The user declines his opponent's draw offer."""
    return _drop_offer(match, user, mine=False, verb="match.play.draw_decline")


def do_withdraw_draw(match: Match, user: Any) -> RefereedGame:
    """The user withdraws his own draw offer."""
    return _drop_offer(match, user, mine=True, verb="match.play.draw_withdraw")


def lapse_draw_offer(row: RefereedGame, seat: int) -> None:
    """``seat`` acted: its own draw offer lapses (the caller saves the row and audits the action)."""
    if row.draw_offered_by == seat:
        row.draw_offered_by = None


DRAW_ANSWERS = {
    "offer": do_offer_draw,
    "accept": do_accept_draw,
    "decline": do_decline_draw,
    "withdraw": do_withdraw_draw,
}
"""What a player may do about a draw offer, by its word (the table's ``/draw/<verb>`` and the API's ``verb``)."""
