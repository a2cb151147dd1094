"""Player ratings: OpenSkill (Plackett-Luce), one per player and game system, updated once when a tournament
finishes, game by game in round and table order.

A player's ordinal (mu - 3 sigma) orders the game's leaderboard; each tournament leaves one RatingChange per
player who played a rated game in it (byes and missed rounds are not games and do not rate). A match rates
its two players by its winner (equal games: a draw); a pod (a multi-player table: 龙虎三国志) rates its
players by their placements, shared places as ties, as Plackett-Luce ranks do.

Ratings come only from events their players entered: only a ``rated`` tournament rates, and only games
whose players all registered themselves (``Registration.registered_by``; an accepted invitation counts, an
entry made by anyone else never does).
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _
from openskill.models import PlackettLuce

from engine.systems import DEFAULT_SYSTEM
from junling.models import record
from matches.models import Match, Pod, PodSeat, Rating, RatingChange, Round, Tournament

MODEL = PlackettLuce()


def _ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def update_ratings(tournament_id: int) -> int:
    """Rate a finished tournament's played matches in round and table order; once (idempotent).

    Returns how many players' ratings changed (0 when the tournament was rated already or is not finished).
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if (
            tournament.status != Tournament.Status.FINISHED
            or not tournament.rated
            or RatingChange.objects.filter(tournament=tournament).exists()
        ):
            return 0
        games = _rated_games(tournament)
        players = sorted({p for game in games for p, _rank in game})
        if not players:
            return 0
        stored = {
            r.player_id: r
            for r in Rating.objects.select_for_update().filter(player_id__in=players, system=tournament.system)
        }
        current = {
            p: MODEL.create_rating([stored[p].mu, stored[p].sigma]) if p in stored else MODEL.rating() for p in players
        }
        before = {p: (r.mu, r.sigma) for p, r in current.items()}
        counts = dict.fromkeys(players, 0)
        for game in games:
            # Plackett-Luce ranks: lower is better; equal ranks are a tie.
            rated = MODEL.rate([[current[p]] for p, _rank in game], ranks=[float(rank) for _p, rank in game])
            for (p, _rank), (new,) in zip(game, rated, strict=True):
                current[p] = new
                counts[p] += 1
        changes = []
        for p in players:
            mu, sigma = current[p].mu, current[p].sigma
            if p in stored:
                rating = stored[p]
                rating.mu, rating.sigma, rating.ordinal = mu, sigma, _ordinal(mu, sigma)
                rating.matches += counts[p]
                rating.save(update_fields=["mu", "sigma", "ordinal", "matches", "updated_at"])
            else:
                Rating.objects.create(
                    player_id=p,
                    system=tournament.system,
                    mu=mu,
                    sigma=sigma,
                    ordinal=_ordinal(mu, sigma),
                    matches=counts[p],
                )
            mu0, sigma0 = before[p]
            changes.append(
                RatingChange(
                    player_id=p,
                    tournament=tournament,
                    mu_before=mu0,
                    sigma_before=sigma0,
                    mu_after=mu,
                    sigma_after=sigma,
                    ordinal_before=_ordinal(mu0, sigma0),
                    ordinal_after=_ordinal(mu, sigma),
                )
            )
        try:
            RatingChange.objects.bulk_create(changes)
        except IntegrityError:  # rated concurrently: the other run's ratings stand
            transaction.set_rollback(True)
            return 0
        record(None, "ratings.update", tournament, players=len(players), games=len(games), system=tournament.system)
    return len(players)


def _rated_games(tournament: Tournament) -> list[list[tuple[int, int]]]:
    """The tournament's rated games in round and table order, each as (player, rank) pairs, rank 0 best."""
    ordered: list[tuple[int, int, int, list[tuple[int, int]]]] = []
    matches = (
        Match.objects.filter(
            tournament=tournament,
            round__isnull=False,
            status=Match.Status.FINISHED,
            is_bye=False,
            player_b__isnull=False,
            registration_a__registered_by=F("player_a"),
            registration_b__registered_by=F("player_b"),
        )
        .exclude(result_source=Match.Source.MISSED)
        .values_list("round__number", "table", "id", "player_a_id", "player_b_id", "games_won_a", "games_won_b")
    )
    for number, table, pk, a, b, wins_a, wins_b in matches:
        rank_a, rank_b = (0, 1) if wins_a > wins_b else (1, 0) if wins_b > wins_a else (0, 0)
        ordered.append((number, table, pk, [(a, rank_a), (b, rank_b)]))
    seats = (
        PodSeat.objects.filter(pod__tournament=tournament, pod__status=Pod.Status.FINISHED)
        .order_by("pod_id", "seat")
        .values_list(
            "pod_id", "pod__round__number", "pod__table", "player_id", "placement", "registration__registered_by"
        )
    )
    pods: dict[tuple[int, int, int], list[tuple[int, int | None, int | None]]] = {}
    for pod_id, number, table, player, placement, registered_by in seats:
        pods.setdefault((number, table, pod_id), []).append((player, placement, registered_by))
    for key, pod in pods.items():
        # every seat placed and entered by its own player, as a match needs both
        if len(pod) >= 2 and all(place is not None and by == player for player, place, by in pod):
            ordered.append((*key, [(player, int(place or 1) - 1) for player, place, _by in pod]))
    ordered.sort(key=lambda row: row[:3])
    return [game for *_key, game in ordered]


def rated_systems() -> list[str]:
    """The game systems some player has a rating in."""
    return sorted(set(Rating.objects.values_list("system", flat=True)))


def leaderboard(system: str = DEFAULT_SYSTEM) -> Any:
    """Every player rated in ``system``, best ordinal first."""
    return Rating.objects.filter(system=system).select_related("player").order_by("-ordinal", "player_id")


def rating_history(player: Any, system: str | None = None) -> list[RatingChange]:
    """A player's rating changes, oldest first; only those of ``system``'s tournaments when given."""
    changes = RatingChange.objects.filter(player=player)
    if system is not None:
        changes = changes.filter(tournament__system=system)
    return list(changes.select_related("tournament").order_by("created_at", "id"))


def history_svg(changes: list[RatingChange], *, width: int = 480, height: int = 160) -> str:
    """An inline SVG line chart of the ordinal after each tournament (the first point is the starting rating)."""
    if not changes:
        return ""
    labels = [_("start")] + [c.tournament.name for c in changes]
    values = [changes[0].ordinal_before] + [c.ordinal_after for c in changes]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    pad = 24
    step = (width - 2 * pad) / max(1, len(values) - 1)

    def xy(i: int, v: float) -> tuple[float, float]:
        return pad + i * step, height - pad - (v - low) / span * (height - 2 * pad)

    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, v) for i, v in enumerate(values)))
    dots = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3"><title>{escape(label)}: {v:.2f}</title></circle>'
        for i, (label, v) in enumerate(zip(labels, values, strict=True))
        for x, y in [xy(i, v)]
    )
    return (
        f'<svg class="rating-chart" role="img" viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        f' xmlns="http://www.w3.org/2000/svg"><title>{escape(_("Rating (ordinal) after each tournament"))}</title>'
        f'<text x="2" y="14" font-size="11">{high:.1f}</text>'
        f'<text x="2" y="{height - 4}" font-size="11">{low:.1f}</text>'
        f'<polyline fill="none" stroke="currentColor" stroke-width="2" points="{points}"/>{dots}</svg>'
    )


def finished_rounds(tournament: Tournament) -> int:
    return Round.objects.filter(tournament=tournament, status=Round.Status.FINISHED).count()
