"""The suggested bid of a wargame event's map (issue 26 item 6), for the round page (before the players bid)
and the event page (the organiser): from every finished game of the site's events of the same game on the
same map, by ``matches.tournament.suggested_bid`` (docs/tournaments.md, "A suggested bid")."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.utils.functional import SimpleLazyObject

from engine.systems import get_system
from matches.models import Match, Tournament
from matches.presenters.sides import SIDE_NAMES
from matches.tournament.suggested_bid import MIN_GAMES, SuggestedBid, suggest_bid

CACHE_SECONDS = 3600
"""The suggestion of a given set of games is kept this long (the bootstrap costs about 0.1 ms a game)."""


def map_games(tournament: Tournament) -> list[tuple[int, int]]:
    """(first side's VP, second side's VP), before bids, of every finished two-player game of the events
    that play this event's game on its map (``map_hash``)."""
    sides = get_system(tournament.system).sides
    rows = (
        Match.objects.filter(
            tournament__system=tournament.system,
            tournament__map_hash=tournament.map_hash,
            status=Match.Status.FINISHED,
            is_bye=False,
            player_b__isnull=False,
            vp_a__isnull=False,
            vp_b__isnull=False,
        )
        .exclude(side_a="")
        .values_list("side_a", "vp_a", "vp_b")
    )
    return [(a or 0, b or 0) if side == sides[0] else (b or 0, a or 0) for side, a, b in rows]


def suggested_bid_view(tournament: Tournament) -> dict[str, Any] | None:
    """The suggestion as the templates show it; None for a game without two sides."""
    sides = get_system(tournament.system).sides
    if len(sides) != 2:
        return None
    s = _suggestion(map_games(tournament), (sides[0], sides[1]))
    first, second = (str(SIDE_NAMES.get(side, side)) for side in sides)
    return {
        "games": s.games,
        "enough": s.enough,
        "min_games": MIN_GAMES,
        "first": first,
        "second": second,
        "mean_first": f"{s.mean_margin:+.1f}",
        "mean_second": f"{-s.mean_margin:+.1f}" if s.games else "+0.0",
        "side": str(SIDE_NAMES.get(s.side, s.side)) if s.side else "",
        "bid": f"{s.bid:g}",
        "low": f"{s.low:+g}",
        "high": f"{s.high:+g}",
    }


def _suggestion(games: list[tuple[int, int]], sides: tuple[str, str]) -> SuggestedBid:
    """``suggest_bid`` of these games, cached by their content (a new or changed result is a new key)."""
    key = "suggested-bid:" + hashlib.sha256(repr((sides, sorted(games))).encode()).hexdigest()
    found = cache.get(key)
    if found is None:
        found = suggest_bid(games, sides)
        cache.set(key, found, CACHE_SECONDS)
    return found


def lazy_suggested_bid(tournament: Tournament) -> Any:
    """:func:`suggested_bid_view` computed only when a template reads it (a page's partial refresh does not)."""
    return SimpleLazyObject(lambda: suggested_bid_view(tournament))


SUGGESTED_BID_FIELDS = ["first", "second", "games", "enough", "min_games", "mean_margin", "side", "bid", "low", "high"]
"""The suggestion's columns in the exports and the API (codes and numbers, no words)."""


def suggested_bid_export(tournament: Tournament) -> dict[str, Any] | None:
    """The suggestion as data for the API and the exports: the side codes (``first``, ``second``), the number of
    games, whether they are ``enough`` (``min_games``), the first side's mean margin, the side the bid is for
    (a code, "" for no bid), the bid in VP and the interval of the first side's balancing bid (``low``,
    ``high``); None for a game without two sides."""
    sides = get_system(tournament.system).sides
    if len(sides) != 2:
        return None
    s = _suggestion(map_games(tournament), (sides[0], sides[1]))
    return {
        "first": sides[0],
        "second": sides[1],
        "games": s.games,
        "enough": s.enough,
        "min_games": MIN_GAMES,
        "mean_margin": round(s.mean_margin, 4),
        "side": s.side,
        "bid": float(s.bid),
        "low": float(s.low),
        "high": float(s.high),
    }
