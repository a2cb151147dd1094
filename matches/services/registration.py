"""Tournament services: create, open registration, register a deck, start (lock decklists), publish decklists.

Legality is the engine's: a registration re-checks the deck version against the
tournament's format (``decks.services.decks.check_deck_version``).
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from decks.models import DeckVersion, Format
from decks.services.decks import check_deck_version, deck_content_hash
from engine.systems import DEFAULT_SYSTEM, UnknownSystemError, get_system
from junling.errors import NotAllowed, Refused
from junling.models import record
from matches.access import access_organised, access_tournament_creation, access_withdraw
from matches.models import Registration, Tournament
from matches.services.board_maps import known_maps
from matches.services.event import is_full, promote_waitlist
from matches.services.play.clock import check_control

if TYPE_CHECKING:
    from engine.deckrules import CheckResult


class RegistrationRefused(Refused):
    """A deck cannot be registered: illegal (``result`` holds every violation, also in ``params``), wrong owner,
    or out of the window."""

    code = "registration.refused"

    def __init__(self, message: str, result: CheckResult | None = None, *, code: str | None = None) -> None:
        super().__init__(message, code=code, params=result.to_dict() if result is not None else None)
        self.result = result


class TournamentStateError(Refused):
    """The tournament is not in a state that allows this action (e.g. starting a finished tournament)."""

    code = "tournament.state"


def create_tournament(
    actor: Any,
    *,
    name: str,
    format: Format | None,
    system: str = DEFAULT_SYSTEM,
    map_hash: str = "",
    side_bids: bool = False,
    open_bidding: bool = False,
    organisers: Iterable[Any] = (),
    judges: Iterable[Any] = (),
    registration_opens: datetime.datetime | None = None,
    registration_closes: datetime.datetime | None = None,
    best_of: int = 3,
    rated: bool = False,
    clock_total: int | None = None,
    clock_increment: int = 0,
) -> Tournament:
    """A draft tournament; ``actor`` is an organiser unless others are named. Only a ``rated`` one changes
    ratings, and creating it needs ``matches.add_rated_tournament`` (``matches.access.can_create_tournament``)."""
    access_tournament_creation(actor, rated=rated)
    name = " ".join(str(name or "").split())
    if not name or len(name) > 200:
        raise TournamentStateError(_("A tournament needs a name of 1 to 200 characters."), code="tournament.name")
    if best_of not in (1, 3):
        raise TournamentStateError(_("A match is best of 1 or best of 3."), code="tournament.best_of")
    check_control(clock_total, clock_increment)  # refereed matches play with the tournament's clock
    check_game(system, format, map_hash)
    for moment in (registration_opens, registration_closes):
        if moment is not None and timezone.is_naive(moment):
            raise TournamentStateError(_("Registration times need a time zone."), code="tournament.naive_time")
    if registration_opens and registration_closes and registration_closes <= registration_opens:
        raise TournamentStateError(_("Registration must close after it opens."), code="tournament.window")
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name,
            system=system,
            format=format,
            map_hash=map_hash,
            side_bids=side_bids and bool(get_system(system).sides),
            open_bidding=open_bidding and side_bids and bool(get_system(system).sides),
            registration_opens=registration_opens,
            registration_closes=registration_closes,
            best_of=best_of,
            rated=rated,
            clock_total=clock_total,
            clock_increment=clock_increment if clock_total is not None else 0,
            created_by=actor if getattr(actor, "is_authenticated", False) else None,
        )
        tournament.organisers.set(list(organisers) or [actor])
        tournament.judges.set(list(judges))
        record(
            actor,
            "tournament.create",
            tournament,
            name=name,
            system=system,
            format=format.name if format else None,
            map_hash=map_hash or None,
            rated=rated,
        )
    return tournament


def check_game(system: str, format: Format | None, map_hash: str) -> None:
    """A card game's event names a format (its decks); a board game's names no format but a known map."""
    try:
        game = get_system(system)
    except UnknownSystemError:
        raise TournamentStateError(
            _("Unknown game: %(game)s.") % {"game": system}, code="tournament.system", params={"game": system}
        ) from None
    if game.has_cards and format is None:
        raise TournamentStateError(_("A card game's tournament needs a format."), code="tournament.format")
    if not game.has_cards and format is not None:
        raise TournamentStateError(
            _("A board game's tournament has no format: players bring no decks."), code="tournament.no_format"
        )
    if game.has_map and map_hash not in known_maps(system):
        raise TournamentStateError(_("Choose one of the game's maps (by its content hash)."), code="tournament.map")
    if not game.has_map and map_hash:
        raise TournamentStateError(_("This game has no map."), code="tournament.no_map")


def join_event(player: Any, tournament: Tournament) -> Registration:
    """A player enters a board-game event (no deck): registration must be open; beyond the cap he waits."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if get_system(tournament.system).has_cards:
            raise RegistrationRefused(_("Register a deck for this tournament."), code="registration.needs_deck")
        if not tournament.registration_is_open():
            raise RegistrationRefused(_("Registration for this tournament is not open."), code="registration.closed")
        existing = Registration.objects.filter(tournament=tournament, player=player).first()
        if existing is not None:
            return existing
        full = is_full(tournament)
        registration = Registration.objects.create(
            tournament=tournament, player=player, registered_by=player, waitlisted=full
        )
        record(player, "tournament.join", registration, tournament=tournament.pk, waitlisted=full)
    return registration


def open_registration(tournament: Tournament, actor: Any) -> Tournament:
    """Draft -> registration (players may register while inside the registration window)."""
    access_organised(actor, tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status != Tournament.Status.DRAFT:
            raise TournamentStateError(
                _("Registration can only be opened for a draft tournament."), code="tournament.not_draft"
            )
        tournament.status = Tournament.Status.REGISTRATION
        tournament.save(update_fields=["status"])
        record(actor, "tournament.open_registration", tournament)
    return tournament


def register_deck(
    player: Any, tournament: Tournament, deck_version: DeckVersion, *, now: datetime.datetime | None = None
) -> Registration:
    """Register ``deck_version`` for ``player``; a second registration replaces the first while registration is open.

    Refused (RegistrationRefused) outside the registration window, after the start, for a deck that is not the
    player's, and for an illegal deck under the tournament's format (with every violation, ruling D7).
    """
    now = now or timezone.now()
    if not getattr(player, "is_authenticated", False):
        raise NotAllowed(_("Log in to register a deck."), code="registration.anonymous")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(of=("self",)).select_related("format").get(pk=tournament.pk)
        if tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED):
            raise RegistrationRefused(
                _("The tournament has started; registrations are locked."), code="registration.locked"
            )
        if not tournament.registration_is_open(now):
            raise RegistrationRefused(_("Registration for this tournament is not open."), code="registration.closed")
        if deck_version.deck.owner_id != player.pk:
            raise RegistrationRefused(_("You can only register your own deck."), code="registration.not_owner")
        assert tournament.format is not None  # a deck tournament has a format
        result = check_deck_version(deck_version, tournament.format)
        if not result.legal:
            raise RegistrationRefused(
                _("This deck is not legal in %(format)s: %(n)s violation(s).")
                % {"format": tournament.format.display_title(get_language() or "zh"), "n": len(result.violations)},
                result,
                code="registration.illegal_deck",
            )
        previous = Registration.objects.filter(tournament=tournament, player=player).first()
        holds_place = previous is not None and not previous.dropped and not previous.waitlisted
        # Beyond the player cap a registration waits; a player who holds a place keeps it when changing deck.
        waitlisted = not holds_place and is_full(tournament)
        registration, _created = Registration.objects.update_or_create(
            tournament=tournament,
            player=player,
            defaults={
                "deck_version": deck_version,
                "registered_by": player,
                "registered_at": previous.registered_at if holds_place and previous else now,
                "dropped": False,
                "waitlisted": waitlisted,
            },
        )
        record(
            player,
            "tournament.register",
            registration,
            tournament=tournament.pk,
            deck_version=deck_version.pk,
            content_hash=deck_version.content_hash,
            replaced=previous.deck_version_id if previous else None,
            waitlisted=waitlisted,
        )
    return registration


def withdraw_registration(player: Any, tournament: Tournament) -> None:
    """``player`` takes his own registration back before the tournament starts (the row goes; the audit
    record keeps which deck it was). Refused once the tournament runs (then he drops instead) or when
    there is nothing to withdraw."""
    access_withdraw(player, tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
            raise RegistrationRefused(
                _("The tournament has started; drop from it instead of withdrawing."), code="registration.started"
            )
        registration = Registration.objects.filter(tournament=tournament, player=player).first()
        if registration is None:
            raise RegistrationRefused(_("You are not registered for this tournament."), code="registration.none")
        record(
            player,
            "tournament.withdraw",
            registration,
            tournament=tournament.pk,
            deck_version=registration.deck_version_id,
        )
        registration.delete()
        promote_waitlist(tournament, player)  # the place it freed goes to the first player waiting


def start_tournament(tournament: Tournament, actor: Any, *, now: datetime.datetime | None = None) -> list[Registration]:
    """Start: lock every registration (frozen copy of the decklist + its hash); registration closes for good."""
    access_organised(actor, tournament)
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
            raise TournamentStateError(_("The tournament has already started."), code="tournament.started")
        registrations = tournament.registrations.select_related("deck_version__card_database_version")
        # Whoever still waits, and (with check-in required) whoever has not checked in, leaves the event:
        # their registrations are removed, and the audit record names them.
        waiting = list(registrations.filter(dropped=False, waitlisted=True).values_list("player_id", flat=True))
        no_shows: list[int] = []
        if tournament.check_in:
            no_shows = list(
                registrations.filter(dropped=False, waitlisted=False, checked_in_at__isnull=True).values_list(
                    "player_id", flat=True
                )
            )
        active = [r for r in registrations.filter(dropped=False, waitlisted=False) if r.player_id not in no_shows]
        if not active:
            raise TournamentStateError(
                _("No player is registered: a tournament cannot start without players.")
                if not no_shows
                else _("No registered player has checked in: a tournament cannot start without players."),
                code="tournament.no_players",
            )
        registrations.filter(player_id__in=waiting + no_shows).delete()
        locked = []
        for registration in active:
            version = registration.deck_version
            if version is not None:  # a board game's registration has no deck: only the time is locked
                registration.locked_decklist = version.decklist
                registration.locked_hash = deck_content_hash(
                    version.decklist, version.card_database_version.content_hash
                )
            registration.locked_at = now
            registration.save(update_fields=["locked_decklist", "locked_hash", "locked_at"])
            locked.append(registration)
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = now
        # The seed of the random first round (and of the round-robin circle, the elimination bracket): drawn
        # once, kept in the audit record, so the pairing can be re-done and checked by anyone with the record.
        tournament.pairing_seed = secrets.randbelow(2**63)
        tournament.save(update_fields=["status", "started_at", "pairing_seed"])
        record(
            actor,
            "tournament.start",
            tournament,
            locked={str(r.player_id): r.locked_hash for r in locked},
            pairing_seed=tournament.pairing_seed,
            waitlist_released=waiting,
            no_shows=no_shows,
        )
    return locked


def publish_decklists(tournament: Tournament, actor: Any) -> Tournament:
    """Make every registered decklist of the tournament public."""
    access_organised(actor, tournament)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not tournament.decklists_published:
            tournament.decklists_published = True
            tournament.save(update_fields=["decklists_published"])
            record(actor, "tournament.publish_decklists", tournament)
    return tournament


def registration_decklist(registration: Registration) -> str:
    """The frozen copy once locked, else the registered version's decklist ("" in a board-game event: no deck)."""
    if registration.is_locked or registration.deck_version is None:
        return registration.locked_decklist
    return registration.deck_version.decklist
