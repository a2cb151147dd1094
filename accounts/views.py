"""Account pages: the dashboard (/me/), my games, the profile page and its form. Thin: form, access, one
service or presenter, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from accounts import presenters, services
from accounts.access import access_own_account, access_profile_owner
from accounts.forms import ProfileForm


def _lang() -> str:
    return get_language() or "zh-hans"


@login_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    user = access_own_account(request.user)
    return render(request, "accounts/dashboard.html", presenters.dashboard_context(user, _lang()))


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    user = access_own_account(request.user)
    return render(request, "accounts/my_games.html", {"rows": presenters.my_games(user, _lang())})


@require_GET
def profile(request: HttpRequest, username: str) -> HttpResponse:
    owner = access_profile_owner(username)
    return render(request, "accounts/profile.html", presenters.profile_context(owner, request.user, _lang()))


@login_required
@require_http_methods(["GET", "POST"])
def profile_edit(request: HttpRequest) -> HttpResponse:
    user = access_own_account(request.user)
    if request.method == "GET":
        form = ProfileForm(initial=presenters.profile_initial(user))
        return render(request, "accounts/profile_edit.html", {"form": form})
    form = ProfileForm(request.POST)
    if not form.is_valid():
        return render(request, "accounts/profile_edit.html", {"form": form}, status=400)
    services.update_profile(user, **form.cleaned_data)
    messages.success(request, _("Profile saved."))
    return redirect("accounts:profile", username=user.get_username())
