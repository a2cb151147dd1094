"""Adjudication pages for judges and organisers: upload a log or pick a match game, follow the replay, read the
verdict, step through the entries, record a ruling."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from matches.models import Adjudication, Ruling
from matches.services import adjudication as services
from matches.services.adjudication import AdjudicationRefused, RulingRefused


def _require_user(request: HttpRequest) -> None:
    if not services.can_use_adjudication(request.user):
        raise Http404(_("There is no such page."))


def _index(request: HttpRequest, *, error: str = "", status: int = 200) -> HttpResponse:
    user = request.user
    return render(
        request,
        "matches/adjudication/index.html",
        {
            "adjudications": services.visible_adjudications(user)[:50],
            "games": services.games_to_adjudicate(user)[:100],
            "can_upload": services.is_any_judge(user),
            "tournaments": services.tournaments_to_replay(user)[:50],
            "limit_mib": services.MAX_LOG_UPLOAD_BYTES // (1024 * 1024),
            "error": error,
        },
        status=status,
    )


@login_required
@require_GET
def adjudication_index(request: HttpRequest) -> HttpResponse:
    _require_user(request)
    return _index(request)


@login_required
@require_POST
def adjudication_upload(request: HttpRequest) -> HttpResponse:
    _require_user(request)
    if not services.is_any_judge(request.user):
        raise PermissionDenied(_("Only judges and staff may upload logs for adjudication."))
    # Refuse an oversized body before reading it (the limit is services.MAX_LOG_UPLOAD_BYTES).
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > services.MAX_LOG_UPLOAD_BYTES + 64 * 1024:
        return _index(request, error=services.too_big_message(length), status=413)
    upload = request.FILES.get("log")
    if upload is None:
        return _index(request, error=_("Choose a log file to upload."), status=400)
    if upload.size is not None and upload.size > services.MAX_LOG_UPLOAD_BYTES:
        return _index(request, error=services.too_big_message(upload.size), status=413)
    raw = upload.read(services.MAX_LOG_UPLOAD_BYTES + 1)
    try:
        adjudication = services.upload_log(request.user, raw)
    except AdjudicationRefused as exc:
        return _index(request, error=exc.message, status=400)
    return redirect("matches:adjudication-detail", pk=adjudication.pk)


@login_required
@require_POST
def adjudication_game(request: HttpRequest, game_id: int) -> HttpResponse:
    _require_user(request)
    game = services.games_to_adjudicate(request.user).filter(pk=game_id).first()
    if game is None:
        raise Http404(_("There is no such game."))
    try:
        adjudication = services.adjudicate_game(request.user, game)
    except AdjudicationRefused as exc:
        return _index(request, error=exc.message, status=400)
    return redirect("matches:adjudication-detail", pk=adjudication.pk)


@login_required
@require_POST
def adjudication_tournament(request: HttpRequest, pk: int) -> HttpResponse:
    _require_user(request)
    tournament = services.tournaments_to_replay(request.user).filter(pk=pk).first()
    if tournament is None:
        raise Http404(_("There is no such tournament."))
    services.request_tournament_replay(request.user, tournament)
    messages.success(
        request, _("Every log of %(name)s will be replayed; its results and standings follow.") % {"name": tournament}
    )
    return redirect("matches:adjudication-index")


def _report(adjudication: Adjudication) -> dict[str, Any]:
    verdict = adjudication.verdict or {}
    players = verdict.get("players") or []
    names = [p.get("name", f"player {i}") if isinstance(p, dict) else str(p) for i, p in enumerate(players)]
    return {"verdict": verdict, "seat_names": names}


@login_required
@require_GET
def adjudication_detail(request: HttpRequest, pk: int) -> HttpResponse:
    adjudication = services.get_adjudication_for(request.user, pk)
    context: dict[str, Any] = {"a": adjudication, **_report(adjudication)}
    if adjudication.game_id is not None:
        context["winner_choices"] = Ruling.Winner.choices
        context["suggested"] = services.suggested_winner(adjudication) if adjudication.is_done else ""
        context["rulings"] = adjudication.rulings.select_related("judge")
        context["game"] = adjudication.game
    return render(request, "matches/adjudication/detail.html", context)


@login_required
@require_GET
def adjudication_progress(request: HttpRequest, pk: int) -> HttpResponse:
    adjudication = services.get_adjudication_for(request.user, pk)
    response = render(request, "matches/adjudication/_progress.html", {"a": adjudication})
    if adjudication.status in (Adjudication.Status.DONE, Adjudication.Status.FAILED) and request.htmx:
        response["HX-Refresh"] = "true"  # the report replaces the progress bar
    return response


@login_required
@require_GET
def adjudication_step(request: HttpRequest, pk: int) -> HttpResponse:
    adjudication = services.get_adjudication_for(request.user, pk)
    if not adjudication.is_done:
        return redirect("matches:adjudication-detail", pk=adjudication.pk)
    raw = request.GET.get("n", "0").strip()
    try:
        index = int(raw)
    except ValueError:
        index = 0
        messages.error(request, _("An entry number is a whole number from 0."))
    view = services.step_view(adjudication, index)
    players = None
    if view.state is not None and adjudication.database_version is not None:
        players = services.board(view.state, adjudication.database_version.to_engine(), get_language() or "zh")
    return render(
        request,
        "matches/adjudication/step.html",
        {
            "a": adjudication,
            "view": view,
            "players": players,
            "prev": max(0, view.index - 1),
            "next": min(view.total - 1, view.index + 1) if view.total else 0,
            "last": max(0, view.total - 1),
            **_report(adjudication),
        },
    )


@login_required
@require_POST
def adjudication_ruling(request: HttpRequest, pk: int) -> HttpResponse:
    adjudication = services.get_adjudication_for(request.user, pk)
    try:
        services.record_ruling(
            adjudication,
            request.user,
            winner=request.POST.get("winner", ""),
            reason=request.POST.get("reason", ""),
        )
    except RulingRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The ruling is recorded; the match result and the standings are updated."))
    return redirect("matches:adjudication-detail", pk=adjudication.pk)
