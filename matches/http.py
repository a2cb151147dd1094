"""HTTP plumbing of the events' pages: the start's confirmation and note. The plumbing every app shares
(refusals, input, confirmation pages, paging) is ``junling.pages``."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from engine.systems import get_system
from junling.pages import confirm_page
from matches.models import Tournament

__all__ = ["ask_start", "started_message"]


def ask_start(request: HttpRequest, tournament: Any, cancel_url: str) -> HttpResponse:
    """The confirmation page of the start (shared by the admin page and the tournament page)."""
    active = tournament.registrations.filter(dropped=False).count()
    return confirm_page(
        request,
        title=_("Start %(name)s?") % {"name": tournament.name},
        question=_("Starting cannot be undone."),
        consequences=[
            _("Every decklist is locked; registration closes for good.")
            if get_system(tournament.system).has_cards
            else _("Registration closes for good."),
            _("%(n)s active players will be in the tournament.") % {"n": active},
        ],
        button=_("Yes, start the tournament"),
        cancel_url=cancel_url,
    )


def started_message(pk: int) -> str:
    """The note after a start: a card game's decklists are locked; a board-game event has none."""
    system = Tournament.objects.values_list("system", flat=True).get(pk=pk)
    if get_system(system).has_cards:
        return _("The tournament has started; decklists are locked.")
    return _("The event has started.")
