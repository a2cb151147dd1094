"""What the pod pages show (issue 15): a pod round's tables with their seats and results, the pod standings."""

from __future__ import annotations

from typing import Any

from junling.pages import page_of_items
from matches import access
from matches.models import Pod, PodSeat, Round, Tournament
from matches.presenters.tournaments import named_rows, pod_choices_view, round_clock, round_title
from matches.services.standings import latest_snapshot


def pod_pairings_page(user: Any, tournament: Tournament, rnd: Round, *, query: str, page: Any) -> dict[str, Any]:
    """A pod round's tables: each seat's player, his points before the round (under review) and, once
    reported, his placement and regions; whether the reader may report each pod."""
    pods = rnd.pods.order_by("table")
    if query:
        pods = pods.filter(seats__player__username__icontains=query).distinct()
    shown = page_of_items(pods, page)
    snapshot = latest_snapshot(tournament)
    points = {row["player"]: row["points"] for row in snapshot.rows} if snapshot else {}
    seats: dict[int, list[PodSeat]] = {}
    for seat in PodSeat.objects.filter(pod__in=list(shown)).select_related("player").order_by("pod_id", "seat"):
        seat.points = points.get(seat.player_id, 0)  # type: ignore[attr-defined]
        seats.setdefault(seat.pod_id, []).append(seat)
    organiser = access.can_organise(user, tournament)
    overseer = access.can_oversee(user, tournament)  # organisers and judges watch the event's tables
    open_round = rnd.status != Round.Status.DRAFT and tournament.status == Tournament.Status.RUNNING
    for pod in shown:
        pod.seat_rows = seats.get(pod.pk, [])
        seated = any(s.player_id == getattr(user, "pk", None) for s in pod.seat_rows)
        by_hand = pod.board_table_id is None  # a pod played on the site's table is reported by its end
        pod.can_report = open_round and (organiser or (seated and by_hand and pod.status != Pod.Status.FINISHED))
        pod.mine = seated
        pod.my_table = pod.board_table_id if seated else None
        pod.watch_table = pod.board_table_id if overseer and not seated else None
    note = next((n["params"] for n in rnd.notes if isinstance(n, dict) and n.get("code") == "pods.repeats"), None)
    return {
        "tournament": tournament,
        "round": rnd,
        "page": shown,
        "q": query,
        "points": rnd.status == Round.Status.DRAFT,
        # None: paired by hand (nothing said); else the pairer's repeats and whether none fewer is proved
        "repeats": None if note is None else note["n"],
        "repeats_proved": bool(note and note.get("proved")),
        "is_organiser": organiser,
        "can_answer_calls": access.can_answer_calls(user, tournament),
        "rounds": tournament.rounds.exclude(status=Round.Status.DRAFT).values_list("number", flat=True),
        "clock": round_clock(tournament, rnd),
        "round_title": round_title(rnd, tournament),
    }


def pod_standings_page(tournament: Tournament, *, query: str, page: Any) -> dict[str, Any]:
    snapshot = latest_snapshot(tournament)
    rows = snapshot.rows if snapshot else []
    rows = named_rows(rows, query.lower())
    return {
        "tournament": tournament,
        "snapshot": snapshot,
        "page": page_of_items(rows, page),
        "q": query,
        "pod_choices": pod_choices_view(tournament),
    }
