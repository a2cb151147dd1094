"""What a player's profile, his dashboard and his games list show, gathered from every app (the top layer). Read
only: a GET never writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from allauth.account.models import EmailAddress
from django.db.models import Q
from django.utils import timezone

from accounts.access import can_edit_profile
from accounts.names import display_name
from accounts.presenters import profile_of
from decks.models import Deck
from matches.access import can_download_logs
from matches.models import Match, Pod, Rating, RefereedGame, Registration, Round, Tournament
from tables.presenters import invitation_rows

RECENT_DECKS = 5
OPEN_EVENTS = 10
RECENT_GAMES = 200
UNFINISHED = (Match.Status.PENDING, Match.Status.PLAYING, Match.Status.REPORTED, Match.Status.DISPUTED)


def profile_context(owner: Any, viewer: Any, language: str) -> dict[str, Any]:
    """The public profile of ``owner``; the owner also sees his e-mail addresses and an edit link."""
    profile = profile_of(owner)
    own = can_edit_profile(viewer, owner)
    return {
        "owner": owner,
        "profile": profile,
        "name": display_name(owner, language),
        "own": own,
        "emails": list(EmailAddress.objects.filter(user=owner).order_by("-primary", "email")) if own else [],
        "public_decks": list(
            Deck.objects.filter(owner=owner, visibility=Deck.Visibility.PUBLIC).select_related("format")[:20]
        ),
        # His rating history is a page only once he has a rating (``rating_player_page``: else a 404).
        "rated": Rating.objects.filter(player=owner).exists(),
    }


def next_match(user: Any) -> Match | None:
    """The player's unfinished tournament match in a published round (the one to play now), if any."""
    return (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user), tournament__isnull=False, status__in=UNFINISHED)
        .filter(round__status=Round.Status.PUBLISHED)
        .select_related("tournament", "round", "player_a", "player_b")
        .order_by("round__published_at", "table", "id")
        .first()
    )


def next_pod(user: Any) -> Pod | None:
    """The player's unfinished pod in a published round of a board-game event, if any."""
    return (
        Pod.objects.filter(seats__player=user, round__status=Round.Status.PUBLISHED)
        .exclude(status=Pod.Status.FINISHED)
        .select_related("tournament", "round")
        .order_by("round__published_at", "table")
        .first()
    )


def open_events(user: Any, now: Any = None) -> list[dict[str, Any]]:
    """Tournaments taking registrations now, and whether the player is in each."""
    now = now or timezone.now()
    candidates = Tournament.objects.filter(status=Tournament.Status.REGISTRATION).select_related("format")
    mine = set(Registration.objects.filter(player=user).values_list("tournament_id", flat=True))
    rows = [
        {"tournament": t, "registered": t.pk in mine}
        for t in candidates.order_by("registration_closes", "id")[: OPEN_EVENTS * 3]
        if t.registration_is_open(now)
    ]
    return rows[:OPEN_EVENTS]


def challenges_waiting_for(user: Any) -> list[Match]:
    """Refereed challenges another player sent ``user`` that he has not answered yet."""
    return list(
        Match.objects.filter(
            player_b=user, status=Match.Status.PENDING, refereed__isnull=False, tournament__isnull=True
        )
        .select_related("player_a")
        .order_by("-created_at", "-id")
    )


PENDING_CHALLENGE_SOURCES: list[Callable[[Any], list[Any]]] = [challenges_waiting_for]
"""Where the dashboard's "challenges" section reads from: each function takes the user and returns
matches waiting for his answer. Other code (a lobby, issue 14) appends its own source here."""


def pending_challenges(user: Any) -> list[Any]:
    found: list[Any] = []
    for source in PENDING_CHALLENGE_SOURCES:
        found.extend(source(user))
    return found


def my_registrations(user: Any) -> list[Registration]:
    """The player's registrations in tournaments that have not started (he may still withdraw them)."""
    return list(
        Registration.objects.filter(
            player=user, tournament__status__in=(Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)
        )
        .select_related("tournament", "deck_version__deck")
        .order_by("tournament__name", "id")
    )


def dashboard_context(user: Any, language: str) -> dict[str, Any]:
    match = next_match(user)
    opponent = None
    if match is not None:
        opponent = match.player_b if match.player_a_id == user.pk else match.player_a
    return {
        "name": display_name(user, language),
        "next_match": match,
        "next_pod": next_pod(user),
        "next_opponent": display_name(opponent, language) if opponent is not None else "",
        "open_events": open_events(user),
        "challenges": pending_challenges(user),
        "table_invitations": invitation_rows(user, language),
        "registrations": my_registrations(user),
        "recent_decks": list(Deck.objects.filter(owner=user).select_related("format")[:RECENT_DECKS]),
    }


# --- my games -----------------------------------------------------------------------------------------------------


def my_games(user: Any, language: str) -> list[dict[str, Any]]:
    """Every match of the player, newest first: date, event and round, opponent, score, and the logs of his
    refereed games once the match is over (``matches.access.can_download_logs``)."""
    matches = list(
        Match.objects.filter(Q(player_a=user) | Q(player_b=user))
        .select_related("tournament", "round", "player_a__profile", "player_b__profile", "refereed")
        .order_by("-created_at", "-id")[:RECENT_GAMES]
    )
    logs: dict[int, list[int]] = {}
    finished_refereed = [m.pk for m in matches if hasattr(m, "refereed") and can_download_logs(m, user)]
    for match_id, number in (
        RefereedGame.objects.filter(refereed_match__match_id__in=finished_refereed, log__isnull=False)
        .order_by("number")
        .values_list("refereed_match__match_id", "number")
    ):
        logs.setdefault(match_id, []).append(number)
    rows = []
    for m in matches:
        seat_a = m.player_a_id == user.pk
        opponent = m.player_b if seat_a else m.player_a
        mine, theirs = (m.games_won_a, m.games_won_b) if seat_a else (m.games_won_b, m.games_won_a)
        rows.append(
            {
                "match": m,
                "date": m.finished_at or m.created_at,
                "opponent": display_name(opponent, language) if opponent is not None else "",
                "bot": m.bot,
                "bye": m.is_bye,
                "score": f"{mine}–{theirs}" + (f"–{m.games_drawn}" if m.games_drawn else ""),
                "refereed": hasattr(m, "refereed"),
                "logs": logs.get(m.pk, []),
            }
        )
    return rows
