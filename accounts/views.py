"""Account pages: the dashboard (/me/), my games, the profile page and its form. Thin: form, access, one
service or presenter, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import presenters, services
from accounts.access import access_own_account
from accounts.forms import ProfileForm


def _lang() -> str:
    return get_language() or "zh-hans"


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
    return redirect("home:profile", username=user.get_username())
