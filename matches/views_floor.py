"""The judge's floor (issue 27): a player calls a judge from his table; the event's judges see the queue of
calls (the longest wait first) and the round health view, claim a call, pass it to a head judge, resolve it
with a note. The pages poll their fragments (htmx, every 5 s), so a new call or a result shows without a
reload. Thin views: forms read the input, ``matches.access`` decides, ``services.judge_calls`` acts,
``presenters.floor`` shows."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from junling.errors import Refused
from junling.pages import back, form_message, refusals
from matches import access
from matches.forms_floor import CallJudgeForm, EscalateCallForm, ResolveCallForm
from matches.models import JudgeCall
from matches.presenters import floor as presenter
from matches.services import judge_calls
from matches.services.notices import pairings_notice as notice_of


def _floor(
    request: HttpRequest, tournament: Any, *, error: str = "", error_call: int = 0, status: int = 200
) -> HttpResponse:
    context = presenter.floor_page(request.user, tournament, timezone.now())
    context.update(error=error, error_call=error_call)
    template = "matches/floor/_floor.html" if request.headers.get("HX-Request") else "matches/floor/floor.html"
    return render(request, template, context, status=status)


@login_required
@require_GET
@refusals
def floor(request: HttpRequest, pk: int) -> HttpResponse:
    """The judges' page: calls waiting (how long), who is on which, and the current round's tables."""
    tournament = access.access_floor(request.user, access.access_tournament(request.user, pk))
    return _floor(request, tournament)


@login_required
@require_GET
@refusals
def round_health(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = access.access_floor(request.user, access.access_tournament(request.user, pk))
    rnd = access.access_round(request.user, tournament, number)
    context = {"tournament": tournament, "health": presenter.round_health(tournament, rnd, timezone.now())}
    template = "matches/floor/_health.html" if request.headers.get("HX-Request") else "matches/floor/health.html"
    return render(request, template, context)


@login_required
@require_GET
def my_call(request: HttpRequest) -> HttpResponse:
    """A player's call box alone (polled by his table's page): the button, the wait, the judge coming."""
    form = CallJudgeForm(request.GET)
    if not form.is_valid():
        return HttpResponse(form_message(form), status=400, content_type="text/plain; charset=utf-8")
    table = access.table_to_call(form.cleaned_data["kind"], form.cleaned_data["table"])
    box = presenter.my_call(request.user, table, timezone.now())
    return render(request, "matches/floor/_call_box.html", {"box": box, "next": form.cleaned_data.get("next", "")})


@login_required
@require_POST
@refusals
def call_judge(request: HttpRequest) -> HttpResponse:
    form = CallJudgeForm(request.POST)
    if not form.is_valid():
        raise Refused(form_message(form), code="invalid")
    table = access.table_to_call(form.cleaned_data["kind"], form.cleaned_data["table"])
    judge_calls.do_call_judge(request.user, table, form.cleaned_data["reason"])
    messages.success(request, _("A judge is called to table %(t)s.") % {"t": table.table})
    return back(request, form.cleaned_data["next"], reverse("matches:tournament-detail", args=[table.tournament_id]))


def _call(request: HttpRequest, pk: int) -> JudgeCall:
    call = access.access_judge_call(request.user, pk)
    access.access_floor(request.user, call.tournament)
    return call


def _answered(request: HttpRequest, call: JudgeCall, form: Any, act: Any) -> HttpResponse:
    """Run one step on ``call``; a bad form or a refusal is the floor page again, 400/409, saying which call."""
    if not form.is_valid():
        return _floor(request, call.tournament, error=form_message(form), error_call=call.pk, status=400)
    try:
        act(form.cleaned_data)
    except Refused as exc:
        if exc.status == 403:
            raise
        return _floor(request, call.tournament, error=exc.message, error_call=call.pk, status=exc.status)
    return back(request, form.cleaned_data.get("next", ""), reverse("matches:floor", args=[call.tournament_id]))


@login_required
@require_POST
@refusals
def call_claim(request: HttpRequest, pk: int) -> HttpResponse:
    call = _call(request, pk)
    form = EscalateCallForm(request.POST)  # only ``next`` is read
    return _answered(request, call, form, lambda data: judge_calls.do_claim_call(request.user, call))


@login_required
@require_POST
@refusals
def call_escalate(request: HttpRequest, pk: int) -> HttpResponse:
    call = _call(request, pk)
    form = EscalateCallForm(request.POST)
    return _answered(request, call, form, lambda data: judge_calls.do_escalate_call(request.user, call, data["reason"]))


@login_required
@require_POST
@refusals
def call_resolve(request: HttpRequest, pk: int) -> HttpResponse:
    call = _call(request, pk)
    form = ResolveCallForm(request.POST)
    return _answered(request, call, form, lambda data: judge_calls.do_resolve_call(request.user, call, data["note"]))


@require_GET
def pairings_notice(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament page's "pairings are up" notice alone (polled every 15 s while the event runs), so that a
    player waiting on the page sees the next round, and its tab title says so when he looks elsewhere."""
    tournament = access.access_tournament(request.user, pk)
    context = {"tournament": tournament, "notice": notice_of(request.user, tournament)}
    return render(request, "matches/_pairings_notice.html", context)
