"""Judge calls (issue 27, "the judge's floor"): a player calls a judge to his table, a judge claims the call
("I'm on it"), may pass it to a head judge, and resolves it with a note. Each step is one transaction with
one audit record (``judge_call.*``); the call row is locked, so two judges pressing "I'm on it" at once
give one claim and one clear refusal naming who has it.

Who may do each step is ``matches.access`` (``access_call_judge``, ``access_take_call``); a head judge is an
organiser of the event (``access.can_head_judge``). Nothing is enqueued: the pages that show calls poll them.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.names import display_name
from junling.errors import Refused
from junling.models import record
from matches import access
from matches.models import JudgeCall, Match, Pod

REASON_MAX = 200
NOTE_MAX = 500


class CallRefused(Refused):
    code = "call.refused"


def _locked(call: JudgeCall) -> JudgeCall:
    return JudgeCall.objects.select_for_update(of=("self",)).select_related("tournament", "claimed_by").get(pk=call.pk)


def _not_resolved(call: JudgeCall) -> None:
    if call.is_resolved:
        raise CallRefused(_("This call is already resolved."), code="call.resolved", status=409)


def _reason(text: str) -> str:
    """A call's or an escalation's reason, trimmed and bounded."""
    text = (text or "").strip()
    if len(text) > REASON_MAX:
        raise CallRefused(
            _("The reason is at most %(n)s characters.") % {"n": REASON_MAX},
            code="call.reason_too_long",
            params={"field": "reason", "max": REASON_MAX},
        )
    return text


def do_call_judge(user: Any, table: Match | Pod, reason: str = "") -> JudgeCall:
    """A player at ``table`` calls a judge; a table with a call still waiting gets that call back (no second
    call: the queue shows the first one's waiting time)."""
    access.access_call_judge(user, table)
    reason = _reason(reason)
    rnd = table.round
    assert rnd is not None  # access_call_judge: a published round's table
    waiting = JudgeCall.objects.filter(round=rnd, table=table.table).exclude(status=JudgeCall.Status.RESOLVED)
    try:
        with transaction.atomic():
            existing = waiting.select_for_update().first()
            if existing is not None:
                return existing
            call = JudgeCall.objects.create(
                tournament_id=rnd.tournament_id,
                round=rnd,
                match=table if isinstance(table, Match) else None,
                pod=table if isinstance(table, Pod) else None,
                table=table.table,
                caller=user,
                reason=reason,
            )
            record(user, "judge_call.open", call, table=call.table, round=rnd.number, reason=reason)
    except IntegrityError:  # the table's other player called at the same moment: his call is this table's
        existing = waiting.first()
        if existing is None:
            raise
        return existing
    return call


def do_claim_call(user: Any, call: JudgeCall) -> JudgeCall:
    """A judge takes the call ("I'm on it"); the players see who is coming. A head judge may take over a call
    another judge holds; anyone else is told who holds it."""
    with transaction.atomic():
        call = _locked(call)
        access.access_take_call(user, call)
        _not_resolved(call)
        if call.claimed_by_id == user.pk and call.status == JudgeCall.Status.CLAIMED:
            return call
        if (
            call.status == JudgeCall.Status.CLAIMED
            and call.claimed_by is not None
            and not access.can_head_judge(user, call.tournament)
        ):
            raise CallRefused(
                _("%(judge)s is already on this call.") % {"judge": display_name(call.claimed_by)},
                code="call.taken",
                status=409,
                params={"judge": call.claimed_by.username},
            )
        before = call.claimed_by_id
        call.status = JudgeCall.Status.CLAIMED
        call.claimed_by = user
        call.claimed_at = timezone.now()
        call.save(update_fields=["status", "claimed_by", "claimed_at"])
        record(user, "judge_call.claim", call, table=call.table, before=before)
    return call


def do_escalate_call(user: Any, call: JudgeCall, reason: str = "") -> JudgeCall:
    """A judge passes the call to a head judge (an organiser of the event): it waits again, for one of them."""
    reason = _reason(reason)
    with transaction.atomic():
        call = _locked(call)
        access.access_take_call(user, call)
        _not_resolved(call)
        if call.escalated:
            raise CallRefused(_("This call is already with a head judge."), code="call.escalated", status=409)
        call.escalated = True
        call.status = JudgeCall.Status.ESCALATED
        call.escalated_at = timezone.now()
        call.claimed_by = None
        call.claimed_at = None
        call.save(update_fields=["escalated", "status", "escalated_at", "claimed_by", "claimed_at"])
        record(user, "judge_call.escalate", call, table=call.table, reason=reason)
    return call


def do_resolve_call(user: Any, call: JudgeCall, note: str) -> JudgeCall:
    """The judge on the call (or a head judge) closes it with a note the players read."""
    note = (note or "").strip()
    if not note:
        raise CallRefused(
            _("Write what was decided: the players read this note."), code="call.note_missing", params={"field": "note"}
        )
    if len(note) > NOTE_MAX:
        raise CallRefused(
            _("The note is at most %(n)s characters.") % {"n": NOTE_MAX},
            code="call.note_too_long",
            params={"field": "note", "max": NOTE_MAX},
        )
    with transaction.atomic():
        call = _locked(call)
        access.access_take_call(user, call)
        _not_resolved(call)
        if call.claimed_by_id != user.pk and not access.can_head_judge(user, call.tournament):
            raise CallRefused(
                _("Say “I'm on it” first: only the judge on a call resolves it."),
                code="call.not_claimed",
                status=409,
            )
        call.status = JudgeCall.Status.RESOLVED
        call.resolved_by = user
        call.resolved_at = timezone.now()
        call.note = note
        call.save(update_fields=["status", "resolved_by", "resolved_at", "note"])
        record(user, "judge_call.resolve", call, table=call.table, note=note)
    return call
