"""The lobby page: open challenges, the challenges sent to the reader, the live games; the notice badge.

Read only: built from stored matches; nothing here writes.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from accounts.names import display_name
from matches.access import can_accept_open_challenge, can_watch
from matches.models import Match, RefereedMatch
from matches.presenters.clock import control_text
from matches.presenters.play import my_versions

LIVE_GAMES_SHOWN = 50
"""The lobby lists this many live games, newest first."""


def _format_title(refereed: RefereedMatch, language: str) -> str:
    f = refereed.format
    if f is None:
        return ""
    return (f.title_zh if language.startswith("zh") and f.title_zh else f.title) or f.name


def _row(refereed: RefereedMatch, user: Any, language: str) -> dict[str, Any]:
    match = refereed.match
    return {
        "match": match,
        "challenger": display_name(match.player_a),
        "opponent": display_name(match.player_b) if match.player_b else "",
        "format": _format_title(refereed, language),
        "best_of": match.best_of,
        "control": control_text(refereed.clock_total, refereed.clock_increment),
        "mine": match.player_a_id == getattr(user, "pk", None),
    }


def _refereed() -> QuerySet[RefereedMatch]:
    return RefereedMatch.objects.select_related("match__player_a", "match__player_b", "format")


def incoming_challenges(user: Any) -> QuerySet[RefereedMatch]:
    """Direct challenges to ``user`` that wait for his answer."""
    return _refereed().filter(match__player_b=user, match__status=Match.Status.PENDING, deck_b__isnull=True)


def challenges_waiting(user: Any) -> int:
    """How many challenges wait for ``user`` (the badge beside the lobby's link)."""
    if not getattr(user, "is_authenticated", False):
        return 0
    return incoming_challenges(user).count()


def lobby_context(user: Any, language: str, error: str = "") -> dict[str, Any]:
    """Open challenges (the reader's own marked), challenges sent to the reader, live games, his decks."""
    open_rows = [
        {**_row(r, user, language), "can_accept": can_accept_open_challenge(r.match, user)}
        for r in _refereed()
        .filter(is_open=True, match__player_b__isnull=True, match__status=Match.Status.PENDING)
        .order_by("-created_at", "-id")
    ]
    incoming = [_row(r, user, language) for r in incoming_challenges(user).order_by("-created_at", "-id")]
    live = [
        {**_row(r, user, language), "can_watch": can_watch(r.match, user)}
        for r in _refereed()
        .filter(match__status=Match.Status.PLAYING, match__player_b__isnull=False)
        .order_by("-created_at", "-id")[:LIVE_GAMES_SHOWN]
    ]
    return {"open": open_rows, "incoming": incoming, "live": live, "versions": my_versions(user), "error": error}
