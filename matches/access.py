"""Who may do what in tournaments, matches and adjudication: the one answer per question.

Every permission question of the ``matches`` app is a function here, in the style of Zulip's
``access_*`` helpers: ``can_*`` answers yes or no (for templates and presenters), ``access_*`` returns
the object or raises ``junling.errors.NotAllowed`` / ``Http404``. Views, the API, services and
presenters call these; none of them checks ``is_staff`` or a role by itself.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from junling.access import is_staff
from junling.errors import NotAllowed
from matches.models import Match, RefereedMatch, Round

# --- Staff -------------------------------------------------------------------------------------

# --- Tournaments, registration, rounds and results --------------------------------------------

# --- Adjudication -------------------------------------------------------------------------------

# --- Refereed play ------------------------------------------------------------------------------
# Who is seated at a refereed match, who may see its table and its logs. Anyone else gets 404 for a
# match, as if it did not exist.


def seat_of(match: Match, user: Any) -> int | None:
    """0 for player A, 1 for player B, None for anyone else."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return None
    if pk == match.player_a_id:
        return 0
    if pk == match.player_b_id:
        return 1
    return None


def can_play(user: Any) -> bool:
    """Anyone logged in may start a refereed match or challenge a player."""
    return bool(getattr(user, "is_authenticated", False))


def access_player(user: Any) -> Any:
    """``user``, if he may play; else NotAllowed."""
    if not can_play(user):
        raise NotAllowed(_("Log in to play."), code="play.login")
    return user


def access_seat(match: Match, user: Any) -> int:
    """The seat of ``user`` at ``match``; NotAllowed for anyone who is not one of its two players."""
    seat = seat_of(match, user)
    if seat is None:
        raise NotAllowed(_("Only the players of this match may act in it."), code="play.not_seated")
    return seat


def can_watch(match: Match, user: Any) -> bool:
    """Who may see a refereed match's table: its two players, each his own side (spectators come later)."""
    return seat_of(match, user) is not None


def can_see_logs(match: Match, user: Any) -> bool:
    """Who may ask for a refereed match's logs: its players, the tournament's judges and staff."""
    if seat_of(match, user) is not None or is_staff(user):
        return True
    return match.tournament is not None and match.tournament.is_judge(user)


def can_download_logs(match: Match, user: Any) -> bool:
    """Those who may see the logs, and only once the match is over (the seed stays secret until then)."""
    return match.is_finished and can_see_logs(match, user)


def _refereed(pk: Any) -> Match | None:
    match = Match.objects.select_related("player_a", "player_b", "tournament").filter(pk=pk).first()
    if match is None or not RefereedMatch.objects.filter(match=match).exists():
        return None
    return match


def access_refereed_match(user: Any, pk: Any) -> Match:
    """A refereed match whose table the user may see (404 for anyone else, as if it did not exist)."""
    match = _refereed(pk)
    if match is None or not can_watch(match, user):
        raise Http404(_("There is no such match."))
    return match


def access_match_logs(user: Any, pk: Any) -> Match:
    """A refereed match whose logs the user may ask for (players, judges, staff); 404 for others."""
    match = _refereed(pk)
    if match is None or not can_see_logs(match, user):
        raise Http404(_("There is no such match."))
    return match


def startable_matches(user: Any) -> QuerySet[Match]:
    """The user's published tournament matches between two registered decks that may still be played refereed."""
    return (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user), refereed__isnull=True, tournament__isnull=False)
        .filter(registration_a__isnull=False, registration_b__isnull=False, player_b__isnull=False)
        .filter(status__in=[Match.Status.PENDING, Match.Status.PLAYING])
        .exclude(round__status=Round.Status.DRAFT)
    )


def access_match_to_start(user: Any, pk: Any) -> Match:
    """A tournament match the user may start refereed (404 otherwise)."""
    match = startable_matches(user).filter(pk=pk).first() if can_play(user) else None
    if match is None:
        raise Http404(_("There is no such match."))
    return match
