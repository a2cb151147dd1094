"""The event around a tournament (issue 13): its details, the player cap and waitlist, check-in, and who helps
run it (co-organisers and judges).

Each service is one transaction with one audit record; who may act is ``matches.access``. Nobody is entered
by someone else here: the waitlist only moves a player's own registration up, check-in records that a
registered player is present, and a walk-in is an invitation the player accepts himself
(``matches.services.invitations``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from junling.errors import Refused
from junling.models import record
from matches.access import access_check_in, access_extend_time, access_organised
from matches.models import Match, Registration, Tournament


class EventRefused(Refused):
    """The event's details, check-in or roles cannot change as asked."""

    code = "event.refused"


EVENT_FIELDS = (
    "starts_at",
    "venue",
    "online",
    "description",
    "player_cap",
    "check_in",
    "round_minutes",
    "registration_opens",
    "registration_closes",
)


def update_event(tournament: Tournament, actor: Any, **details: Any) -> Tournament:
    """Change the event's details (date and time, venue or online, description, cap, check-in, round length,
    registration window) until it finishes. A raised cap promotes waiting players at once."""
    access_organised(actor, tournament)
    unknown = set(details) - set(EVENT_FIELDS)
    if unknown:
        raise EventRefused(
            _("Unknown event details: %(names)s.") % {"names": ", ".join(sorted(unknown))}, code="event.unknown"
        )
    for key in ("starts_at", "registration_opens", "registration_closes"):
        moment = details.get(key)
        if moment is not None and timezone.is_naive(moment):
            raise EventRefused(_("Times need a time zone."), code="event.naive_time")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status == Tournament.Status.FINISHED:
            raise EventRefused(_("The tournament has finished."), code="event.finished")
        for key, value in details.items():
            setattr(tournament, key, value)
        opens, closes = tournament.registration_opens, tournament.registration_closes
        if opens and closes and closes <= opens:
            raise EventRefused(_("Registration must close after it opens."), code="event.window")
        if not 1 <= tournament.round_minutes <= 600:
            raise EventRefused(_("A round lasts 1 to 600 minutes."), code="event.round_minutes")
        tournament.save(update_fields=list(details))
        changed = {k: (v.isoformat() if isinstance(v, datetime.datetime) else v) for k, v in details.items()}
        record(actor, "tournament.event", tournament, **changed)
        promote_waitlist(tournament, actor)
    return tournament


def places_taken(tournament: Tournament) -> int:
    return Registration.objects.filter(tournament=tournament, dropped=False, waitlisted=False).count()


def is_full(tournament: Tournament) -> bool:
    """Whether a new registration would wait: a cap, and as many registered players as it allows."""
    return bool(tournament.player_cap) and places_taken(tournament) >= tournament.player_cap


def promote_waitlist(tournament: Tournament, actor: Any) -> list[Registration]:
    """Before the start, move waiting players up in registration order while the cap has room (after a drop,
    a withdrawal or a raised cap). Call inside the transaction of the change that freed the place."""
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        return []
    waiting = Registration.objects.select_for_update().filter(tournament=tournament, waitlisted=True, dropped=False)
    room = None if not tournament.player_cap else max(0, tournament.player_cap - places_taken(tournament))
    promoted = list(waiting.order_by("registered_at", "id")[:room] if room is not None else waiting)
    for registration in promoted:
        registration.waitlisted = False
        registration.save(update_fields=["waitlisted"])
        record(actor, "tournament.promote", registration, tournament=tournament.pk, player=registration.player_id)
    return promoted


def check_in(tournament: Tournament, actor: Any, player: Any) -> Registration:
    """Record that ``player`` (registered, not waiting) is present: the player himself, or an organiser who
    sees him. With check-in required, whoever has not checked in when the tournament starts is a no-show."""
    access_check_in(actor, tournament, player)
    with transaction.atomic():
        registration = (
            Registration.objects.select_for_update().filter(tournament=tournament, player=player, dropped=False).first()
        )
        if registration is None:
            raise EventRefused(
                _("%(name)s is not registered in this tournament.") % {"name": player},
                code="event.not_registered",
                params={"name": str(player)},
            )
        if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
            raise EventRefused(_("Check-in closes when the tournament starts."), code="event.check_in_closed")
        if registration.waitlisted:
            raise EventRefused(
                _("%(name)s is on the waitlist: a waiting player checks in once a place frees.") % {"name": player},
                code="event.check_in_waitlisted",
                params={"name": str(player)},
            )
        if registration.checked_in_at is None:
            registration.checked_in_at = timezone.now()
            registration.save(update_fields=["checked_in_at"])
            record(actor, "tournament.check_in", registration, tournament=tournament.pk, player=player.pk)
    return registration


ROLES = ("organiser", "judge")


def set_role(tournament: Tournament, actor: Any, user: Any, role: str, *, add: bool) -> Tournament:
    """Add or remove a co-organiser or a judge. The last organiser cannot be removed."""
    access_organised(actor, tournament)
    if role not in ROLES:
        raise EventRefused(_("A role is organiser or judge."), code="event.role")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        people = tournament.organisers if role == "organiser" else tournament.judges
        if add:
            people.add(user)
        else:
            if role == "organiser" and people.exclude(pk=user.pk).count() == 0:
                raise EventRefused(
                    _("A tournament needs an organiser: add another before removing the last."),
                    code="event.last_organiser",
                )
            people.remove(user)
        record(actor, "tournament.role", tournament, role=role, user=user.pk, added=add)
    return tournament


def give_extra_time(match: Match, actor: Any, minutes: int) -> Match:
    """A table's extra minutes on the round clock (a long ruling, a late start); 0 takes them back."""
    if match.tournament is None:
        raise EventRefused(_("Only a tournament match has a round clock."), code="event.no_clock")
    access_extend_time(actor, match.tournament)
    if not 0 <= int(minutes) <= 120:
        raise EventRefused(_("Extra time is 0 to 120 minutes."), code="event.extra_minutes")
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            raise EventRefused(_("This match is finished: it needs no more time."), code="event.finished_match")
        before = match.extra_minutes
        match.extra_minutes = int(minutes)
        match.save(update_fields=["extra_minutes"])
        record(actor, "match.extra_time", match, minutes=int(minutes), before=before)
    return match
