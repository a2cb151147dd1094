"""A player's profile, the dashboard and my games: thin views over ``home.presenters``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from accounts.access import access_own_account, access_profile_owner
from home import presenters


def _lang() -> str:
    return get_language() or "zh-hans"


@login_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    user = access_own_account(request.user)
    return render(request, "home/dashboard.html", presenters.dashboard_context(user, _lang()))


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    user = access_own_account(request.user)
    return render(request, "home/my_games.html", {"rows": presenters.my_games(user, _lang())})


@require_GET
def profile(request: HttpRequest, username: str) -> HttpResponse:
    owner = access_profile_owner(username)
    return render(request, "home/profile.html", presenters.profile_context(owner, request.user, _lang()))
