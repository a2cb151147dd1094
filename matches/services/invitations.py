"""Invitations: the one way an organiser brings a player in; the player enters only by accepting it.

An organiser never registers another player or picks his deck: he invites (``do_invite``), and the invited
player accepts with a deck version of his own (a board-game event: without a deck) (``do_accept_invitation``:
a normal registration while registration is open, a late entry once a Swiss tournament runs) or declines
(``do_decline``).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from decks.models import DeckVersion
from engine.systems import get_system
from junling.errors import Refused
from junling.models import record
from matches.access import access_organised
from matches.models import Invitation, Registration, Round, Tournament
from matches.services.registration import join_event, register_deck
from matches.services.rounds import enter_late


class InvitationRefused(Refused):
    """An invitation cannot be sent or answered as asked."""

    code = "invitation.refused"


def do_invite(tournament: Tournament, actor: Any, player: Any) -> Invitation:
    """An organiser invites ``player`` (before the end; once running, a Swiss tournament before its top cut)."""
    access_organised(actor, tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status == Tournament.Status.FINISHED:
            raise InvitationRefused(_("The tournament is finished."), code="invitation.finished")
        if tournament.status == Tournament.Status.RUNNING:
            _check_late_entry_possible(tournament)
        if Registration.objects.filter(tournament=tournament, player=player).exists():
            raise InvitationRefused(
                _("%(name)s is already registered in this tournament.") % {"name": player},
                code="invitation.already_registered",
                params={"name": str(player)},
            )
        existing = Invitation.objects.filter(
            tournament=tournament, player=player, status=Invitation.Status.PENDING
        ).first()
        if existing is not None:
            return existing
        try:
            with transaction.atomic():
                invitation = Invitation.objects.create(tournament=tournament, player=player, invited_by=actor)
        except IntegrityError:  # invited at the same moment by another organiser: that invitation stands
            return Invitation.objects.get(tournament=tournament, player=player, status=Invitation.Status.PENDING)
        record(actor, "tournament.invite", invitation, tournament=tournament.pk, player=player.pk)
    return invitation


def _check_late_entry_possible(tournament: Tournament) -> None:
    if tournament.structure != Tournament.Structure.SWISS:
        raise InvitationRefused(
            _("Late entry is only possible in a Swiss tournament."), code="invitation.late_entry_not_swiss"
        )
    if tournament.rounds.filter(kind=Round.Kind.TOP_CUT).exists():
        raise InvitationRefused(_("The top cut has begun: no more late entries."), code="invitation.top_cut")


def _pending(invitation: Invitation, player: Any) -> Invitation:
    locked = Invitation.objects.select_for_update().filter(pk=invitation.pk).first()
    if locked is None or locked.player_id != getattr(player, "pk", None):
        raise InvitationRefused(_("Only the invited player may answer an invitation."), code="invitation.not_invitee")
    if locked.status != Invitation.Status.PENDING:
        raise InvitationRefused(_("This invitation has already been answered."), code="invitation.answered")
    return locked


def do_accept_invitation(invitation: Invitation, player: Any, deck_version: DeckVersion | None = None) -> Registration:
    """The invited player enters with ``deck_version``, which must be his own and legal in the format; a
    board-game event has no deck (``deck_version`` is None, and any given is not used)."""
    with transaction.atomic():
        invitation = _pending(invitation, player)
        tournament = Tournament.objects.get(pk=invitation.tournament_id)
        cards = get_system(tournament.system).has_cards
        if cards and deck_version is None:
            raise InvitationRefused(_("Accept with a deck of your own."), code="invitation.needs_deck")
        if cards and deck_version is not None and deck_version.deck.owner_id != player.pk:
            raise InvitationRefused(_("You can only register your own deck."), code="invitation.not_owner")
        version = deck_version if cards else None
        if tournament.status == Tournament.Status.RUNNING:
            registration = enter_late(tournament, player, version, invited_by=invitation.invited_by)
        elif tournament.status == Tournament.Status.FINISHED:
            raise InvitationRefused(_("The tournament is finished."), code="invitation.finished")
        elif version is None:
            registration = join_event(player, tournament)
        else:
            registration = register_deck(player, tournament, version)
        invitation.status = Invitation.Status.ACCEPTED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
        record(player, "tournament.invitation_accept", invitation, registration=registration.pk)
    return registration


def do_decline(invitation: Invitation, player: Any) -> Invitation:
    """The invited player declines; nothing else changes."""
    with transaction.atomic():
        invitation = _pending(invitation, player)
        invitation.status = Invitation.Status.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
        record(player, "tournament.invitation_decline", invitation)
    return invitation
