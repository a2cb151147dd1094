"""The judge's floor (issue 27): the queue of judge calls, a round's health, and a player's own call.

Read only. Waiting times are counted from ``now`` (the caller passes ``django.utils.timezone.now()``), so the
pages that poll these every few seconds show each call's wait as it grows.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.names import display_name, with_profiles
from junling.models import AuditEvent
from matches import access
from matches.models import JudgeCall, Match, Pod, RefereedMatch, Round, Tournament

RECENT_RESOLVED = 10
"""How many resolved calls the queue shows under the waiting ones."""


def waited(seconds: float) -> str:
    """A wait in the reader's language: "45 s", "3 min", "1 h 5 min"."""
    seconds = max(0, int(seconds))
    if seconds < 60:
        return _("%(s)d s") % {"s": seconds}
    minutes = seconds // 60
    if minutes < 60:
        return _("%(m)d min") % {"m": minutes}
    return _("%(h)d h %(m)d min") % {"h": minutes // 60, "m": minutes % 60}


def _players(call: JudgeCall) -> list[str]:
    if call.match is not None:
        return [display_name(u) for u in (call.match.player_a, call.match.player_b) if u is not None]
    if call.pod is not None:
        return [display_name(s.player) for s in call.pod.seats.all()]
    return []


def watch_url(table: Match | Pod | None, refereed: set[int] | None = None) -> str:
    """Where a judge watches the table live: its refereed match or board-game table; "" for a paper table.
    ``refereed``: the ids of the round's matches played refereed, when the caller has them (one query)."""
    if table is None:
        return ""
    if table.board_table_id:
        return reverse("tables:watch", args=[table.board_table_id])
    if isinstance(table, Match):
        played = table.pk in refereed if refereed is not None else RefereedMatch.objects.filter(match=table).exists()
        if played:
            return reverse("matches:watch-match", args=[table.pk])
    return ""


def escalations(calls: list[JudgeCall]) -> dict[int, tuple[str, str]]:
    """Who passed each of these escalated calls to a head judge and why (their ``judge_call.escalate`` audit
    records, one query): what the head judge taking the call needs to read."""
    ids = [str(c.pk) for c in calls if c.escalated]
    if not ids:
        return {}
    events = AuditEvent.objects.filter(verb="judge_call.escalate", target_type="matches.judgecall", target_id__in=ids)
    found: dict[int, tuple[str, str]] = {}
    for event in events.select_related(*with_profiles("actor")).order_by("created_at", "id"):
        who = display_name(event.actor) if event.actor else ""
        found[int(event.target_id)] = (who, str((event.data or {}).get("reason") or ""))
    return found


def call_row(
    call: JudgeCall,
    now: datetime.datetime,
    user: Any = None,
    roles: tuple[bool, bool] | None = None,
    escalation: tuple[str, str] | None = None,
) -> dict[str, Any]:
    """One call as the queue shows it: the table, who called and why, its state, who is on it, who passed it to
    a head judge and why, the wait. ``roles``: whether ``user`` answers the event's calls and is a head judge,
    when the caller knows; ``escalation``: the call's entry of :func:`escalations`, when the caller has them."""
    if escalation is None and call.escalated:
        escalation = escalations([call]).get(call.pk)
    escalated_by, escalation_reason = escalation or ("", "")
    end = call.resolved_at or now
    if user is not None and roles is None:
        roles = (access.can_answer_calls(user, call.tournament), access.can_head_judge(user, call.tournament))
    answers, head = roles or (False, False)
    can_take = not call.is_resolved and (head if call.escalated else answers)
    return {
        "pk": call.pk,
        "round": call.round.number,
        "table": call.table,
        "caller": display_name(call.caller),
        "players": _players(call),
        "reason": call.reason,
        "status": call.status,
        "status_label": call.get_status_display(),
        "escalated": call.escalated,
        "escalated_by": escalated_by,
        "escalation_reason": escalation_reason,
        "claimed_by": display_name(call.claimed_by) if call.claimed_by else "",
        "mine": user is not None and call.claimed_by_id == getattr(user, "pk", None),
        "resolved_by": display_name(call.resolved_by) if call.resolved_by else "",
        "note": call.note,
        "waited_seconds": int((end - call.created_at).total_seconds()),
        "waited": waited((end - call.created_at).total_seconds()),
        "can_take": can_take,
        "watch_url": watch_url(call.match or call.pod),
    }


def calls_of(tournament: Tournament) -> Any:
    return (
        JudgeCall.objects.filter(tournament=tournament)
        .select_related(
            "tournament",
            "round",
            "match",
            "pod",
            *with_profiles("caller", "claimed_by", "resolved_by", "match__player_a", "match__player_b"),
        )
        .prefetch_related("pod__seats__player__profile")
    )


def call_queue(user: Any, tournament: Tournament, now: datetime.datetime) -> dict[str, Any]:
    """The calls waiting or being answered, the longest wait first, then the latest resolved ones."""
    calls = calls_of(tournament)
    roles = (access.can_answer_calls(user, tournament), access.can_head_judge(user, tournament))
    open_calls = list(calls.exclude(status=JudgeCall.Status.RESOLVED))
    closed = list(calls.filter(status=JudgeCall.Status.RESOLVED).order_by("-resolved_at")[:RECENT_RESOLVED])
    passed = escalations(open_calls + closed)
    waiting = [call_row(c, now, user, roles, passed.get(c.pk, ("", ""))) for c in open_calls]
    waiting.sort(key=lambda r: -r["waited_seconds"])
    resolved = [call_row(c, now, user, roles, passed.get(c.pk, ("", ""))) for c in closed]
    return {"waiting": waiting, "resolved": resolved, "is_head_judge": roles[1]}


def current_round(tournament: Tournament) -> Round | None:
    """The round being played (the latest published one), else the latest finished one."""
    rounds = tournament.rounds.exclude(status=Round.Status.DRAFT).order_by("-number")
    return rounds.filter(status=Round.Status.PUBLISHED).first() or rounds.first()


MATCH_STATES: dict[str, str] = {
    Match.Status.PENDING: "missing",
    Match.Status.PLAYING: "missing",
    Match.Status.REPORTED: "reported",
    Match.Status.DISPUTED: "disputed",
    Match.Status.FINISHED: "finished",
}
POD_STATES: dict[str, str] = {
    Pod.Status.PENDING: "missing",
    Pod.Status.REPORTED: "reported",
    Pod.Status.FINISHED: "finished",
}


def _result_label(state: str) -> str:
    return {
        "missing": _("no result yet"),
        "reported": _("reported by one player"),
        "disputed": _("disputed"),
        "finished": _("result in"),
        "bye": _("bye"),
    }[state]


def round_health(tournament: Tournament, rnd: Round | None, now: datetime.datetime) -> dict[str, Any]:
    """A round's tables by number: open or finished, the result missing, half-reported or disputed, and the
    judge on each table's call; with the time since the round started (its publication)."""
    if rnd is None:
        return {"round": None, "rows": [], "counts": {}}
    calls: dict[int, JudgeCall] = {
        c.table: c
        for c in JudgeCall.objects.filter(round=rnd)
        .exclude(status=JudgeCall.Status.RESOLVED)
        .select_related(*with_profiles("claimed_by"))
    }
    rows: list[dict[str, Any]] = []
    tables: list[tuple[int, Any, str, list[str]]] = []
    refereed = set(RefereedMatch.objects.filter(match__round=rnd).values_list("match_id", flat=True))
    for m in rnd.matches.select_related(*with_profiles("player_a", "player_b")).order_by("table", "id"):
        state = "bye" if m.is_bye or m.player_b_id is None else MATCH_STATES.get(m.status, "missing")
        tables.append((m.table, m, state, [display_name(u) for u in (m.player_a, m.player_b) if u is not None]))
    for p in rnd.pods.prefetch_related("seats__player__profile").order_by("table"):
        state = POD_STATES.get(p.status, "missing")
        tables.append((p.table, p, state, [display_name(s.player) for s in p.seats.all()]))
    for number, table, state, players in sorted(tables, key=lambda t: t[0]):
        call = calls.get(number)
        rows.append(
            {
                "table": number,
                "players": players,
                "state": state,
                "state_label": _result_label(state),
                "open": state not in ("finished", "bye"),
                "call": None
                if call is None
                else {
                    "status": call.status,
                    "status_label": call.get_status_display(),
                    "judge": display_name(call.claimed_by) if call.claimed_by else "",
                    "waited": waited((now - call.created_at).total_seconds()),
                },
                "watch_url": watch_url(table, refereed) if state != "bye" else "",
            }
        )
    started = rnd.published_at
    counts = {
        "tables": len(rows),
        "open": sum(1 for r in rows if r["open"]),
        "missing": sum(1 for r in rows if r["state"] == "missing"),
        "reported": sum(1 for r in rows if r["state"] == "reported"),
        "disputed": sum(1 for r in rows if r["state"] == "disputed"),
        "calls": len(calls),
    }
    return {
        "round": rnd,
        "rows": rows,
        "counts": counts,
        "started": started,
        "since_start": waited((now - started).total_seconds()) if started else "",
    }


def floor_page(user: Any, tournament: Tournament, now: datetime.datetime) -> dict[str, Any]:
    """The judges' page: the queue of calls and the current round's health."""
    rnd = current_round(tournament)
    return {"tournament": tournament, **call_queue(user, tournament, now), "health": round_health(tournament, rnd, now)}


def my_call(user: Any, table: Match | Pod | None, now: datetime.datetime) -> dict[str, Any] | None:
    """What a player at ``table`` sees of his table's call: the button, or the call waiting (how long), the
    judge coming, or the last call's resolution note. None where he may not call (not his table, or its round
    is not being played)."""
    if table is None or not access.can_call_judge(user, table):
        return None
    rnd = table.round
    call = (
        JudgeCall.objects.filter(round=rnd, table=table.table)
        .select_related(*with_profiles("claimed_by", "resolved_by"))
        .order_by("-created_at", "-id")
        .first()
    )
    row = None
    if call is not None:
        row = {
            "pk": call.pk,
            "status": call.status,
            "status_label": call.get_status_display(),
            "judge": display_name(call.claimed_by) if call.claimed_by else "",
            "resolved_by": display_name(call.resolved_by) if call.resolved_by else "",
            "note": call.note,
            "waited": waited(((call.resolved_at or now) - call.created_at).total_seconds()),
        }
    kind = "match" if isinstance(table, Match) else "pod"
    return {
        "tournament_id": table.tournament_id,
        "kind": kind,
        "table_pk": table.pk,
        "table": table.table,
        "call": row,
        "can_call": call is None or call.is_resolved,
    }


def table_for(
    user: Any, *, match: Match | None = None, pod: Pod | None = None, rnd: Round | None = None, board: Any = None
) -> Any:
    """The table a player's call box is about: the page's match or pod, an event's board-game table (``board``,
    a ``tables.Table``), or his own table in ``rnd``."""
    if board is not None:
        return access.event_of_board_table(board)
    if match is not None and match.round_id is not None:
        return match
    if pod is not None:
        return pod
    if rnd is not None:
        own_match, own_pod = access.table_of(user, rnd)
        return own_match or own_pod
    return None
