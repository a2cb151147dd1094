"""Player ratings: OpenSkill (Plackett-Luce), updated once when a tournament finishes, match by match in order.

A player's ordinal (mu - 3 sigma) orders the leaderboard; each tournament leaves one RatingChange per
player who played a match in it (byes and missed rounds are not games and do not rate).

Ratings come only from events their players entered: only a ``rated`` tournament rates, and only
matches between two players who registered themselves (``Registration.registered_by``; an accepted
invitation counts, an entry made by anyone else never does).
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _
from openskill.models import PlackettLuce

from junling.models import record
from matches.models import Match, Rating, RatingChange, Round, Tournament

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
        played = list(
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
            .order_by("round__number", "table", "id")
            .values_list("player_a_id", "player_b_id", "games_won_a", "games_won_b")
        )
        players = sorted({p for a, b, _x, _y in played for p in (a, b)})
        if not players:
            return 0
        stored = {r.player_id: r for r in Rating.objects.select_for_update().filter(player_id__in=players)}
        current = {
            p: MODEL.create_rating([stored[p].mu, stored[p].sigma]) if p in stored else MODEL.rating() for p in players
        }
        before = {p: (r.mu, r.sigma) for p, r in current.items()}
        counts = dict.fromkeys(players, 0)
        for a, b, wins_a, wins_b in played:
            # Plackett-Luce ranks: lower is better; equal ranks are a draw.
            ranks = [0, 1] if wins_a > wins_b else [1, 0] if wins_b > wins_a else [0, 0]
            (new_a,), (new_b,) = MODEL.rate([[current[a]], [current[b]]], ranks=ranks)
            current[a], current[b] = new_a, new_b
            counts[a] += 1
            counts[b] += 1
        changes = []
        for p in players:
            mu, sigma = current[p].mu, current[p].sigma
            if p in stored:
                rating = stored[p]
                rating.mu, rating.sigma, rating.ordinal = mu, sigma, _ordinal(mu, sigma)
                rating.matches += counts[p]
                rating.save(update_fields=["mu", "sigma", "ordinal", "matches", "updated_at"])
            else:
                Rating.objects.create(player_id=p, mu=mu, sigma=sigma, ordinal=_ordinal(mu, sigma), matches=counts[p])
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
        record(None, "ratings.update", tournament, players=len(players), matches=len(played))
    return len(players)


def leaderboard() -> Any:
    """Every rated player, best ordinal first."""
    return Rating.objects.select_related("player").order_by("-ordinal", "player_id")


def rating_history(player: Any) -> list[RatingChange]:
    return list(RatingChange.objects.filter(player=player).select_related("tournament").order_by("created_at", "id"))


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
