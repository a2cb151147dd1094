"""/games/: every game system with what it has (engine.systems)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from boards.presenters.systems import system_rows


def language(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", "zh-hans") or "zh-hans"


@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    return render(request, "boards/games.html", {"rows": system_rows(language(request))})
