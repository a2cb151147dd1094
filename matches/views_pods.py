"""Board-game event pages (issue 15): a pod round's tables with their report forms, a pod's report, the pod
standings; a wargame's result (victory points) and its standings.

Thin: the form parses, ``matches.services.pods`` acts, ``matches.presenters.pods`` builds the page. The
round and standings URLs are the tournament's own; ``views_tournaments`` hands a pod event's to these.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from junling.errors import Refused
from junling.pages import back, form_message, refusals
from matches import access
from matches.forms import PodReportForm, SealedBidForm, SearchForm, VpReportForm
from matches.models import Pod, Round, Tournament
from matches.presenters.pods import pod_pairings_page, pod_standings_page
from matches.services.pods import report_pod
from matches.services.wargame import do_enter_bid, report_vp


def _search(request: HttpRequest) -> str:
    form = SearchForm(request.GET)
    return form.cleaned_data["q"] if form.is_valid() else ""


def pod_round(
    request: HttpRequest, tournament: Tournament, rnd: Round, *, error: str = "", status: int = 200
) -> HttpResponse:
    context = pod_pairings_page(request.user, tournament, rnd, query=_search(request), page=request.GET.get("page"))
    template = "matches/_pods.html" if request.headers.get("HX-Request") else "matches/pod_pairings.html"
    return render(request, template, {**context, "error": error}, status=status)


def pod_standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    context = pod_standings_page(tournament, query=_search(request), page=request.GET.get("page"))
    template = (
        "matches/_pod_standings_table.html" if request.headers.get("HX-Request") else "matches/pod_standings.html"
    )
    return render(request, template, context)


@login_required
@require_POST
def pod_report(request: HttpRequest, pod_id: int) -> HttpResponse:
    """A seated player's or an organiser's report of a pod: placements and regions held."""
    pod = Pod.objects.select_related("round", "tournament").filter(pk=pod_id).first()
    if pod is None:
        raise Http404(_("There is no such pod."))
    tournament = access.access_tournament(request.user, pod.tournament_id)
    rnd = access.access_round(request.user, tournament, pod.round.number)
    form = PodReportForm(request.POST, list(pod.seats.order_by("seat").values_list("player_id", flat=True)))
    if not form.is_valid():
        return pod_round(request, tournament, rnd, error=form_message(form), status=400)
    try:
        report_pod(pod, request.user, form.rows())
    except Refused as exc:
        return pod_round(request, tournament, rnd, error=exc.message, status=exc.status)
    messages.success(request, _("The pod's result is saved."))
    return redirect("matches:round-pairings", pk=tournament.pk, number=rnd.number)


def vp_standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    context = pod_standings_page(tournament, query=_search(request), page=request.GET.get("page"))
    partial = request.headers.get("HX-Request")
    template = "matches/_vp_standings_table.html" if partial else "matches/vp_standings.html"
    return render(request, template, context)


def _table_post(request: HttpRequest, match_id: int, form: Any, act: Any, done: str) -> HttpResponse:
    """A wargame table's posted form: read, ``act(match, data)``, the refusal or ``done`` as a message, back
    to the round's page."""
    match = access.access_match(request.user, match_id)
    fallback = f"/tournaments/{match.tournament_id}/rounds/{match.round.number if match.round else 1}/"
    if not form.is_valid():
        messages.error(request, form_message(form))
        return back(request, form["next"].value() or "", fallback)
    data = form.cleaned_data
    try:
        act(match, data)
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done % {"t": match.table})
    return back(request, data["next"], fallback)


@login_required
@require_POST
@refusals
def match_bid(request: HttpRequest, match_id: int) -> HttpResponse:
    """A sealed bid for a wargame table's sides (issue 26), by a player or an organiser for a paper table."""
    return _table_post(
        request,
        match_id,
        SealedBidForm(request.POST),
        lambda match, data: do_enter_bid(match, request.user, data["player"], data["side"], data["vp"]),
        _("Table %(t)s: the bid is in, sealed until both are in."),
    )


@login_required
@require_POST
@refusals
def match_vp(request: HttpRequest, match_id: int) -> HttpResponse:
    """A wargame result (a player's report or an organiser's entry): victory points, bids, side."""
    return _table_post(
        request,
        match_id,
        VpReportForm(request.POST),
        lambda match, data: report_vp(
            match,
            request.user,
            data["vp_a"],
            data["vp_b"],
            bid_a=data["bid_a"] or 0,
            bid_b=data["bid_b"] or 0,
            side_a=data["side_a"],
        ),
        _("Table %(t)s: the result is saved."),
    )
