"""The lobby (open challenges, challenges to the reader, live games) and the table's ends of a game:
draw offers, claims (time or abandonment) and the presence signal. Thin views: a form, ``access``,
one service, a presenter; a GET never writes.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from junling.errors import Refused
from matches import access
from matches.forms_lobby import DirectChallengeForm, OpenChallengeForm, TakeChallengeForm
from matches.presenters import lobby as presenter
from matches.services import lobby
from matches.services.play import ending, lifecycle
from matches.services.play.errors import ActionRefused
from matches.views_play import _after


@login_required
@require_GET
def lobby_page(request: HttpRequest) -> HttpResponse:
    return render(request, "matches/play/lobby.html", presenter.lobby_context(request.user, request.LANGUAGE_CODE))


def _lobby_with_error(request: HttpRequest, error: str) -> HttpResponse:
    context = presenter.lobby_context(request.user, request.LANGUAGE_CODE, error)
    return render(request, "matches/play/lobby.html", context, status=400)


@login_required
@require_POST
def lobby_open(request: HttpRequest) -> HttpResponse:
    form = OpenChallengeForm(request.user, request.POST)
    if not form.is_valid():
        return _lobby_with_error(request, form.first_error())
    data = form.cleaned_data
    try:
        lobby.do_open_challenge(request.user, data["deck_version"], best_of=data["best_of"], **form.clock())
    except Refused as exc:
        return _lobby_with_error(request, exc.message)
    messages.success(request, _("Your challenge is open in the lobby."))
    return redirect("matches:lobby")


@login_required
@require_POST
def lobby_challenge(request: HttpRequest) -> HttpResponse:
    form = DirectChallengeForm(request.user, request.POST)
    if not form.is_valid():
        return _lobby_with_error(request, form.first_error())
    data = form.cleaned_data
    try:
        match = lifecycle.do_challenge(
            request.user, data["opponent"], data["deck_version"], best_of=data["best_of"], **form.clock()
        )
    except Refused as exc:
        return _lobby_with_error(request, exc.message)
    messages.success(request, _("Challenge sent to %(name)s.") % {"name": data["opponent"].username})
    return redirect("matches:play-match", match.pk)


@login_required
@require_POST
def lobby_take(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.access_open_challenge(request.user, pk)
    form = TakeChallengeForm(request.user, request.POST)
    if not form.is_valid():
        return _lobby_with_error(request, form.first_error())
    try:
        lobby.do_accept_open_challenge(request.user, match, form.cleaned_data["deck_version"])
    except Refused as exc:
        return _lobby_with_error(request, exc.message)
    return redirect("matches:play-match", match.pk)


# --- the table: draws, claims, presence ------------------------------------------------------------


@login_required
@require_POST
def match_draw(request: HttpRequest, pk: int, verb: str) -> HttpResponse:
    """Offer, accept, decline or withdraw a draw offer."""
    match = access.access_refereed_match(request.user, pk)
    do = ending.DRAW_ANSWERS.get(verb)
    if do is None:
        raise Http404(_("There is no such page."))
    error = None
    try:
        do(match, request.user)
    except ActionRefused as exc:
        error = exc
    return _after(request, match, error)


@login_required
@require_POST
def match_claim(request: HttpRequest, pk: int) -> HttpResponse:
    """Claim the game: the opponent's clock ran out, or he has been gone long enough."""
    match = access.access_refereed_match(request.user, pk)
    error = None
    try:
        ending.do_claim(match, request.user)
    except ActionRefused as exc:
        error = exc
    return _after(request, match, error)


@login_required
@require_POST
def match_present(request: HttpRequest, pk: int) -> HttpResponse:
    """The table says its player is here (every 30 s): no game can be claimed from him as abandoned."""
    match = access.access_refereed_match(request.user, pk)
    ending.do_mark_present(match, request.user)
    return HttpResponse(status=204)
