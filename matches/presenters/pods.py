"""What the pod pages show (issue 15): a pod round's tables with their seats and results, the pod standings."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db.models import Count

from junling.pages import page_of_items
from matches import access
from matches.models import Match, Pod, PodSeat, Round, Tournament
from matches.presenters.sides import SIDE_NAMES
from matches.presenters.tournaments import named_rows, pod_choices_view, round_clock, round_title
from matches.services.scoring import scoring_of
from matches.services.standings import latest_snapshot
from matches.services.wargame import game_sides


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
    """A board-game event's standings; each shown row also has the player's ``seats`` (pods) or ``sides``
    (wargames), and ``seat_numbers`` heads the seats' column."""
    snapshot = latest_snapshot(tournament)
    rows = snapshot.rows if snapshot else []
    rows = named_rows(rows, query.lower())
    shown = page_of_items(rows, page)
    players = [r["player"] for r in shown]
    seat_numbers: list[int] = []
    if scoring_of(tournament).pods:
        counts = seat_counts(tournament, players)
        seat_numbers = list(range(1, max((max(c, default=0) for c in counts.values()), default=0) + 1))
        for r in shown:
            r["seats"] = [counts.get(r["player"], Counter())[n] for n in seat_numbers]
    elif scoring_of(tournament).sided:
        sides = side_counts(tournament, players)
        for r in shown:
            r["sides"] = [(str(SIDE_NAMES.get(side, side)), n) for side, n in sides.get(r["player"], {}).items()]
    return {
        "tournament": tournament,
        "snapshot": snapshot,
        "page": shown,
        "q": query,
        "pod_choices": pod_choices_view(tournament),
        "seat_numbers": seat_numbers,
    }


def seat_counts(tournament: Tournament, players: list[int]) -> dict[int, Counter[int]]:
    """Each of ``players``' times in each seat (1 first) over the event's finished pods (issue 26 item 2)."""
    rows = (
        PodSeat.objects.filter(pod__tournament=tournament, pod__status=Pod.Status.FINISHED, player_id__in=players)
        .values("player_id", "seat")
        .annotate(n=Count("id"))
    )
    counts: dict[int, Counter[int]] = {}
    for row in rows:
        counts.setdefault(row["player_id"], Counter())[row["seat"]] = row["n"]
    return counts


def side_counts(tournament: Tournament, players: list[int]) -> dict[int, dict[str, int]]:
    """Each of ``players``' games on each side (the game's side order, 0s included) over the event's finished
    games, byes left out (issue 26 item 2)."""
    first, second = game_sides(tournament)
    counts = {p: {first: 0, second: 0} for p in players}
    games = Match.objects.filter(tournament=tournament, status=Match.Status.FINISHED, is_bye=False).exclude(side_a="")
    for a, side_a in games.filter(player_a_id__in=players).values_list("player_a_id", "side_a"):
        counts[a][side_a] = counts[a].get(side_a, 0) + 1
    for b, side_a in games.filter(player_b_id__in=players).values_list("player_b_id", "side_a"):
        counts[b][second if side_a == first else first] += 1
    return counts
