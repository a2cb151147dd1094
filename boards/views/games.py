"""/games/: every game system with what it has (engine.systems), and each board game's short "how to play"."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from boards import access
from boards.presenters.systems import display_name, system_rows
from boards.presenters.systems import how_to_play as how_to_play_parts


def language(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", "zh-hans") or "zh-hans"


@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    return render(request, "boards/games.html", {"rows": system_rows(language(request))})


@require_GET
def how_to_play(request: HttpRequest, system_id: str) -> HttpResponse:
    """A game's short "how to play" from its rules, each point citing its section (404 for a game without one)."""
    system = access.access_system(system_id)
    if not system.how_to_play:
        raise Http404(_("This game has no how-to-play page."))
    context = {
        "system": system,
        "system_name": display_name(system, language(request))[0],
        "parts": how_to_play_parts(system),
        "battle_url": reverse("boards:battle", args=[system.id]) if system.battle_calculator else "",
    }
    return render(request, "boards/how_to_play.html", context)
