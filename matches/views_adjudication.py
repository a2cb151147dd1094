"""Adjudication pages for judges and organisers: upload a log or pick a match game, follow the replay, read the
verdict, step through the entries, record a ruling."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from junling.errors import Refused
from junling.http import AuthenticatedHttpRequest
from junling.pages import form_message, refusals
from junling.throttles import UPLOAD, check_page_rate
from matches import access
from matches.forms import AttachLogForm, LogUploadForm, RulingForm, StepForm
from matches.models import Adjudication
from matches.presenters import adjudication as presenters
from matches.services import adjudication as services

UPLOAD_SLACK = 64 * 1024
"""Bytes of multipart framing allowed above the log's own limit before the body is refused unread."""


def _index(request: HttpRequest, *, error: str = "", status: int = 200) -> HttpResponse:
    return render(
        request, "matches/adjudication/index.html", presenters.index_page(request.user, error=error), status=status
    )


@login_required
@require_GET
def adjudication_index(request: HttpRequest) -> HttpResponse:
    access.access_adjudication_pages(request.user)
    return _index(request)


def _declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


@login_required
@require_POST
@refusals
def adjudication_upload(request: HttpRequest) -> HttpResponse:
    access.access_upload(access.access_adjudication_pages(request.user))
    check_page_rate(request, UPLOAD)  # POST /api/adjudications/ shares the bucket: one limit for one act
    # Refuse an oversized body before reading it (the limit is services.MAX_LOG_UPLOAD_BYTES).
    length = _declared_length(request)
    if length > services.MAX_LOG_UPLOAD_BYTES + UPLOAD_SLACK:
        return _index(request, error=services.too_big_message(length), status=413)
    form = LogUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _index(request, error=form_message(form), status=400)
    upload = form.cleaned_data["log"]
    if upload.size is not None and upload.size > services.MAX_LOG_UPLOAD_BYTES:
        return _index(request, error=services.too_big_message(upload.size), status=413)
    try:
        adjudication = services.upload_log(request.user, upload.read(services.MAX_LOG_UPLOAD_BYTES + 1))
    except Refused as exc:
        return _index(request, error=exc.message, status=exc.status)
    return redirect("matches:adjudication-detail", pk=adjudication.pk)


@login_required
@require_POST
@refusals
def adjudication_game(request: HttpRequest, game_id: int) -> HttpResponse:
    access.access_adjudication_pages(request.user)
    game = access.games_to_adjudicate(request.user).filter(pk=game_id).first()
    if game is None:
        raise Http404(_("There is no such game."))
    try:
        adjudication = services.adjudicate_game(request.user, game)
    except Refused as exc:
        return _index(request, error=exc.message, status=exc.status)
    return redirect("matches:adjudication-detail", pk=adjudication.pk)


@login_required
@require_POST
@refusals
def adjudication_tournament(request: HttpRequest, pk: int) -> HttpResponse:
    access.access_adjudication_pages(request.user)
    tournament = access.tournaments_to_replay(request.user).filter(pk=pk).first()
    if tournament is None:
        raise Http404(_("There is no such tournament."))
    services.request_tournament_replay(request.user, tournament)
    messages.success(
        request, _("Every log of %(name)s will be replayed; its results and standings follow.") % {"name": tournament}
    )
    return redirect("matches:adjudication-index")


@login_required
@require_GET
def adjudication_detail(request: HttpRequest, pk: int) -> HttpResponse:
    adjudication = access.access_adjudication(request.user, pk)
    return render(request, "matches/adjudication/detail.html", presenters.detail_page(adjudication, request.user))


@login_required
@require_GET
def adjudication_progress(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    adjudication = access.access_adjudication(request.user, pk)
    response = render(request, "matches/adjudication/_progress.html", {"a": adjudication})
    if adjudication.status in (Adjudication.Status.DONE, Adjudication.Status.FAILED) and request.htmx:
        response["HX-Refresh"] = "true"  # the report replaces the progress bar
    return response


@login_required
@require_GET
def adjudication_step(request: HttpRequest, pk: int) -> HttpResponse:
    adjudication = access.access_adjudication(request.user, pk)
    if not adjudication.is_done:
        return redirect("matches:adjudication-detail", pk=adjudication.pk)
    form = StepForm(request.GET)
    index = 0
    if form.is_valid():
        index = form.cleaned_data["n"] or 0
    else:
        messages.error(request, form_message(form))
    context = presenters.step_page(adjudication, index, get_language() or "zh")
    return render(request, "matches/adjudication/step.html", context)


@login_required
@require_POST
@refusals
def adjudication_attach(request: HttpRequest, pk: int) -> HttpResponse:
    """Attach an uploaded log to a match: it becomes the match's next game, replayed and ready for a ruling."""
    adjudication = access.access_adjudication(request.user, pk)
    form = AttachLogForm(request.POST, user=request.user)
    if not form.is_valid():
        messages.error(request, form_message(form))
        return redirect("matches:adjudication-detail", pk=adjudication.pk)
    try:
        attached = services.attach_log(adjudication, request.user, form.cleaned_data["match"])
    except Refused as exc:
        if exc.status == 403:
            raise
        messages.error(request, exc.message)
        return redirect("matches:adjudication-detail", pk=adjudication.pk)
    messages.success(request, _("The log is attached to the match as its next game; it is replayed again."))
    return redirect("matches:adjudication-detail", pk=attached.pk)


@login_required
@require_POST
@refusals
def adjudication_ruling(request: HttpRequest, pk: int) -> HttpResponse:
    adjudication = access.access_adjudication(request.user, pk)
    form = RulingForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_message(form))
        return redirect("matches:adjudication-detail", pk=adjudication.pk)
    try:
        services.record_ruling(
            adjudication, request.user, winner=form.cleaned_data["winner"], reason=form.cleaned_data["reason"]
        )
    except Refused as exc:
        if exc.status == 403:
            raise
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The ruling is recorded; the match result and the standings are updated."))
    return redirect("matches:adjudication-detail", pk=adjudication.pk)
