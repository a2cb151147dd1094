"""What every page's layout shows: the top navigation (the judging pages only to those who may use them), and the
counts of challenges and board-game table invitations waiting for the reader."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from matches.access import can_use_adjudication
from matches.presenters.lobby import challenges_waiting
from tables.presenters import invitations_waiting


def notices(request: HttpRequest) -> dict[str, Any]:
    """``challenges_waiting``: direct challenges the reader has not answered; ``invitations_waiting``: board-game
    tables with a seat kept for him that he has not taken (a badge each in the menu)."""
    user = getattr(request, "user", None)
    return {"challenges_waiting": challenges_waiting(user), "invitations_waiting": invitations_waiting(user)}


# (url name, label) for the top navigation; a page whose app is not there yet is left out.
# gettext_noop so that makemessages extracts the labels; they are translated per request below.
NAV = [
    ("cards:list", gettext_noop("Cards")),
    ("decks:list", gettext_noop("Decks")),
    ("matches:tournament-list", gettext_noop("Tournaments")),
    ("matches:play-my-matches", gettext_noop("Play")),
    ("matches:watch-list", gettext_noop("Watch")),
    ("tables:list", gettext_noop("Board games")),
    ("matches:ratings", gettext_noop("Ratings")),
    ("boards:games", gettext_noop("Games")),
]


# Shown only to those who may use the adjudication pages (matches.access).
JUDGING_NAV = [("matches:adjudication-index", gettext_noop("Adjudication"))]


def navigation(request: HttpRequest) -> dict[str, Any]:
    items = []
    nav = NAV + (JUDGING_NAV if can_use_adjudication(getattr(request, "user", None)) else [])
    for name, label in nav:
        try:
            items.append({"url": reverse(name), "label": _(label)})
        except NoReverseMatch:
            continue
    return {"nav_items": items}
