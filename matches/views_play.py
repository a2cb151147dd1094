"""Refereed match pages: play against a bot, challenge a player, my matches, the match table, the logs.

The table is one fragment (``_table.html``) that polls every 1.5 s with htmx and is only redrawn when
the game moved on (204 otherwise), so a half-chosen payment is not wiped by a poll. Views read input
through ``forms_play``, ask ``matches.access`` who may act, call the services and render what
``matches.presenters.play`` builds; a GET never writes.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from junling.errors import Refused
from matches import access
from matches.forms import StepForm
from matches.forms_play import AcceptForm, ActForm, BotMatchForm, ChallengeForm
from matches.models import Match, RefereedGame
from matches.presenters import adjudication as replays
from matches.presenters import fragments
from matches.presenters import play as presenter
from matches.services.play import acting, lifecycle
from matches.services.play.errors import ActionRefused


@login_required
@require_GET
def play_home(request: HttpRequest) -> HttpResponse:
    return render(request, "matches/play/home.html", presenter.home_context(request.user))


def _home_with_error(request: HttpRequest, error: str) -> HttpResponse:
    return render(request, "matches/play/home.html", presenter.home_context(request.user, error), status=400)


@login_required
@require_POST
def play_bot(request: HttpRequest) -> HttpResponse:
    form = BotMatchForm(request.user, request.POST)
    if not form.is_valid():
        return _home_with_error(request, form.first_error())
    data = form.cleaned_data
    try:
        match = lifecycle.do_start_bot_match(
            request.user,
            data["deck_version"],
            data["bot"],
            best_of=data["best_of"],
            bot_deck=data["bot_deck_version"],
            **form.clock(),
        )
    except Refused as exc:
        return _home_with_error(request, exc.message)
    return redirect("matches:play-match", match.pk)


@login_required
@require_POST
def play_challenge(request: HttpRequest) -> HttpResponse:
    form = ChallengeForm(request.user, request.POST)
    if not form.is_valid():
        return _home_with_error(request, form.first_error())
    data = form.cleaned_data
    try:
        match = lifecycle.do_challenge(request.user, data["opponent"], data["deck_version"], best_of=data["best_of"])
    except Refused as exc:
        return _home_with_error(request, exc.message)
    messages.success(request, _("Challenge sent to %(name)s.") % {"name": data["opponent"].username})
    return redirect("matches:play-match", match.pk)


@login_required
@require_GET
def my_matches(request: HttpRequest) -> HttpResponse:
    return render(request, "matches/play/my_matches.html", presenter.my_matches_context(request.user))


@login_required
@require_POST
def match_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Either player of a tournament match starts it as a refereed match (the registered decks play)."""
    match = access.access_match_to_start(request.user, pk)
    try:
        lifecycle.do_start_refereed_match(match, request.user)
    except Refused as exc:
        messages.error(request, exc.message)
        return redirect("matches:play-my-matches")
    return redirect("matches:play-match", match.pk)


@login_required
@require_POST
def match_accept(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.access_refereed_match(request.user, pk)
    form = AcceptForm(request.user, request.POST)
    try:
        if not form.is_valid():
            raise Refused(form.first_error(), code="play.invalid")
        lifecycle.do_accept_challenge(request.user, match, form.cleaned_data["deck_version"])
    except Refused as exc:
        messages.error(request, exc.message)
        return redirect("matches:play-my-matches")
    return redirect("matches:play-match", match.pk)


@login_required
@require_POST
def match_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.access_refereed_match(request.user, pk)
    try:
        lifecycle.do_withdraw_challenge(request.user, match)
    except Refused as exc:
        messages.error(request, exc.message)
        return redirect("matches:play-match", pk)
    messages.success(request, _("The challenge was withdrawn."))
    return redirect("matches:play-my-matches")


def _table(request: HttpRequest, match: Match, error: ActionRefused | None = None) -> dict[str, object]:
    return presenter.table_context(match, request.user, request.LANGUAGE_CODE, error)


@login_required
@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.access_refereed_match(request.user, pk)
    return render(request, "matches/play/match.html", _table(request, match))


@login_required
@require_GET
def match_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table fragment; 204 (nothing to redraw) while the game has not moved since ``?v=``."""
    match, row = presenter.current_of(access.access_refereed_match(request.user, pk).pk)
    version = presenter.version_of(match.status, row)
    if request.GET.get("v") == version:
        return HttpResponse(status=204)
    return _fragment(request, match, row, version)


def _fragment(request: HttpRequest, match: Match, row: RefereedGame | None, version: str = "") -> HttpResponse:
    """The user's table fragment, rendered once per seat and version (``presenters.fragments``)."""
    fragment = fragments.seat_table(match, row, request.user, request.LANGUAGE_CODE, version)
    return HttpResponse(fragment.for_page(get_token(request)))


@login_required
@require_POST
def match_act(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.access_refereed_match(request.user, pk)
    return _after(request, match, act_from(match, request.user, request.POST))


def act_from(match: Match, user: Any, data: QueryDict) -> ActionRefused | None:
    """Read one action from posted ``data`` (``ActForm``) and apply it for ``user`` (``acting.do_act``, which
    asks ``access`` for his seat): the refusal, or None. The act view and a seat's socket
    (``matches.consumers.SeatConsumer``) both act through it."""
    form = ActForm(data)
    try:
        if not form.is_valid():
            raise ActionRefused(form.first_error(), code="play.malformed")
        cleaned = form.cleaned_data
        acting.do_act(match, user, cleaned["action"], step=cleaned["step"], payment=form.payment_or_none())
    except ActionRefused as exc:
        return exc
    return None


@login_required
@require_POST
def match_concede(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.access_refereed_match(request.user, pk)
    error = None
    try:
        lifecycle.do_concede(match, request.user)
    except ActionRefused as exc:
        error = exc
    return _after(request, match, error)


@login_required
@require_POST
def match_settle(request: HttpRequest, pk: int) -> HttpResponse:
    """Apply what is due (a response window that ran out): the table posts here when its countdown ends."""
    match = access.access_refereed_match(request.user, pk)
    acting.do_settle(match, request.user)
    return _after(request, match, None)


def _after(request: HttpRequest, match: Match, error: ActionRefused | None) -> HttpResponse:
    if request.headers.get("HX-Request"):
        if error is None:  # the table every reader of this seat is shown: the push to his socket reuses it
            return _fragment(request, *presenter.current_of(match.pk))
        match.refresh_from_db()
        return render(request, "matches/play/_table.html", _table(request, match, error))
    if error is not None:
        messages.error(request, error.message)
    return redirect("matches:play-match", match.pk)


@login_required
@require_GET
def game_log(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A game's signed log, for the players and the judges, once the match is over."""
    match = access.access_match_logs(request.user, pk)
    if not access.can_download_logs(match, request.user):
        return render(
            request,
            "error.html",
            {"message": _("The logs of a match can be downloaded once the match is over.")},
            status=403,
        )
    row = RefereedGame.objects.select_related("log").filter(refereed_match__match=match, number=number).first()
    if row is None or row.log is None:
        raise Http404(_("There is no such game."))
    response = HttpResponse(row.log.content, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-game-{number}.junling-log.json"'
    return response


@login_required
@require_GET
def game_replay(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A player's own game stepped through, once the match is over: the judge's step viewer over its signed
    log (the same people as the log: ``access.can_download_logs``), said to the reader."""
    match = access.access_match_logs(request.user, pk)
    if not access.can_download_logs(match, request.user):
        message = _("A game can be replayed once the match is over.")
        return render(request, "error.html", {"message": message}, status=403)
    form = StepForm(request.GET)
    index = (form.cleaned_data["n"] or 0) if form.is_valid() else 0
    context = replays.replay_page(match, request.user, number, index, get_language() or "zh-hans")
    if context is None:
        raise Http404(_("There is no such game."))
    return render(request, "matches/play/replay.html", context)
