"""Who may do what with card databases, formats and decks: the one answer per question.

Every permission question of the ``decks`` app is a function here, in the style of Zulip's
``access_*`` helpers: ``can_*`` answers yes or no, ``access_*`` returns the object or raises
``junling.errors.NotAllowed`` / ``Http404``. Views, the API and services call these.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from decks.models import Deck, DeckVersion
from junling.access import is_staff
from junling.errors import NotAllowed
from junling.parsers import parse_id


def _id(pk: Any) -> int | None:
    return parse_id(pk)


# --- card databases ----------------------------------------------------------------------------------------------


def can_import_card_database(user: Any) -> bool:
    """Only staff import card databases (a new version is what every deck is checked against)."""
    return is_staff(user)


def access_card_database_import(user: Any) -> None:
    """Raise NotAllowed unless ``user`` may import card databases."""
    if not can_import_card_database(user):
        raise NotAllowed(_("Only staff may import card databases."), code="card_database.import_not_allowed")


def can_choose_format_card_databases(user: Any) -> bool:
    """Only staff choose which card-database versions a format allows (what every deck of it is read against)."""
    return is_staff(user)


def access_format_card_databases(user: Any) -> None:
    """Raise NotAllowed unless ``user`` may choose a format's card-database versions."""
    if not can_choose_format_card_databases(user):
        raise NotAllowed(
            _("Only staff may choose a format's card databases."), code="format.card_databases_not_allowed"
        )


# --- decks -------------------------------------------------------------------------------------------------------


def can_edit_deck(user: Any, deck: Deck) -> bool:
    """Only a deck's owner edits or deletes it (staff too do not write in another player's deck)."""
    return bool(getattr(user, "is_authenticated", False) and deck.owner_id == user.pk)


def access_deck_to_edit(user: Any, deck: Deck) -> Deck:
    """``deck`` if ``user`` may edit or delete it; else NotAllowed."""
    if not can_edit_deck(user, deck):
        raise NotAllowed(_("This deck is not yours."), code="deck.not_yours", params={"deck": deck.pk})
    return deck


def access_deck(user: Any, pk: Any) -> Deck:
    """The deck ``pk`` for its owner: Http404 if there is none, NotAllowed if it is someone else's."""
    number = _id(pk)
    deck = Deck.objects.select_related("format", "owner").filter(pk=number).first() if number is not None else None
    if deck is None:
        raise Http404(_("There is no such deck."))
    return access_deck_to_edit(user, deck)


def can_view_deck(user: Any, deck: Deck) -> bool:
    """A deck's page: its owner, and anyone once the owner made it public. A deck shared by link is seen
    only through its link (access_shared_deck); a private deck never by anyone else, staff included."""
    return can_edit_deck(user, deck) or deck.visibility == Deck.Visibility.PUBLIC


def access_deck_page(user: Any, pk: Any) -> Deck:
    """The deck ``pk`` whose page ``user`` may see: Http404 if there is none, NotAllowed if it is private."""
    number = _id(pk)
    deck = Deck.objects.select_related("format", "owner").filter(pk=number).first() if number is not None else None
    if deck is None:
        raise Http404(_("There is no such deck."))
    if not can_view_deck(user, deck):
        raise NotAllowed(_("This deck is not yours."), code="deck.not_yours", params={"deck": deck.pk})
    return deck


SHARE_TOKEN_MAX = 64


def access_shared_deck(token: Any) -> Deck:
    """The deck behind a share link, while its owner shares it (by link or publicly); else Http404, the same
    for a wrong token as for a deck made private again."""
    text = str(token or "")
    deck = None
    if text and len(text) <= SHARE_TOKEN_MAX:
        deck = (
            Deck.objects.select_related("format", "owner")
            .filter(share_token=text)
            .exclude(visibility=Deck.Visibility.PRIVATE)
            .first()
        )
    if deck is None:
        raise Http404(_("There is no such deck."))
    return deck


def decks_of(user: Any) -> Any:
    """The decks ``user`` owns (none for an anonymous user), with what the deck API shows."""
    if not getattr(user, "is_authenticated", False):
        return Deck.objects.none()
    return (
        Deck.objects.filter(owner=user)
        .select_related("format", "owner")
        .prefetch_related("versions__card_database_version")
    )


def access_deck_to_read(user: Any, pk: Any) -> Deck:
    """The deck ``pk`` for the API's read: whom its page shows it to (can_view_deck: the owner; anyone once
    public), else Http404 (the API does not confirm that a private or link-shared deck exists; a deck
    shared by link is read through its token, access_shared_deck)."""
    number = _id(pk)
    decks = Deck.objects.select_related("format", "owner").prefetch_related("versions__card_database_version")
    deck = decks.filter(pk=number).first() if number is not None else None
    if deck is None or not can_view_deck(user, deck):
        raise Http404(_("There is no such deck."))
    return deck


def access_own_deck(user: Any, pk: Any) -> Deck:
    """The deck ``pk`` if ``user`` owns it, else Http404: the API does not confirm that someone else's exists."""
    number = _id(pk)
    deck = decks_of(user).filter(pk=number).first() if number is not None else None
    if deck is None:
        raise Http404(_("There is no such deck."))
    return deck


# --- decklists ---------------------------------------------------------------------------------------------------


def can_view_decklist(user: Any, deck_version: DeckVersion) -> bool:
    """Owner and staff; anyone for a public deck; organisers and judges of a tournament it is registered in;
    anyone once that one published."""
    if getattr(user, "is_authenticated", False) and (user.pk == deck_version.deck.owner_id or is_staff(user)):
        return True
    if deck_version.deck.visibility == Deck.Visibility.PUBLIC:
        return True
    registrations = deck_version.registrations.all()
    if registrations.filter(tournament__decklists_published=True).exists():
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return registrations.filter(Q(tournament__organisers=user) | Q(tournament__judges=user)).exists()


def access_deck_version(user: Any, pk: Any) -> DeckVersion:
    """The deck version ``pk`` if ``user`` may see its decklist (can_view_decklist); else Http404/NotAllowed."""
    number = _id(pk)
    versions = DeckVersion.objects.select_related("deck__format", "deck__owner", "card_database_version")
    version = versions.filter(pk=number).first() if number is not None else None
    if version is None:
        raise Http404(_("There is no such deck version."))
    if not can_view_decklist(user, version):
        raise NotAllowed(
            _("This decklist is private until the organiser publishes it."),
            code="decklist.private",
            params={"deck_version": version.pk},
        )
    return version
