"""Spectator pages: the live games one may watch, a game watched (public information, pushed over a
websocket by ``matches.consumers.WatchConsumer``, polled only when the socket cannot open), and an
organiser's spectator settings (the delay and the feature tables). Thin: access, forms, services,
presenters; a GET never writes.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from junling.errors import Refused
from matches import access
from matches.forms_watch import FeatureForm, SpectatorDelayForm
from matches.models import Match, Pod, Tournament
from matches.presenters import watch as presenter
from matches.services import spectators
from tables import presenters as tables_presenters


@require_GET
def watch_list(request: HttpRequest) -> HttpResponse:
    context = presenter.watch_list_context(request.user)
    context["board_tables"] = tables_presenters.live_to_watch(request.user, request.LANGUAGE_CODE)
    return render(request, "matches/watch/list.html", context)


@require_GET
def watch_match(request: HttpRequest, pk: int) -> HttpResponse:
    match = access.access_spectated_match(request.user, pk)
    context = presenter.watch_context(match, request.user, request.LANGUAGE_CODE)
    return render(request, "matches/watch/match.html", context)


@require_GET
def watch_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The spectator's table fragment (the fallback when a websocket cannot open); 204 while unchanged."""
    match = access.access_spectated_match(request.user, pk)
    context = presenter.watch_context(match, request.user, request.LANGUAGE_CODE)
    if request.GET.get("v") == context["view"]["version"]:
        return HttpResponse(status=204)
    return render(request, "matches/watch/_table.html", context)


def _settings_page(
    request: HttpRequest, pk: int, form: SpectatorDelayForm | None = None, status: int = 200
) -> HttpResponse:
    tournament = access.access_organised_tournament(request.user, pk)
    context = presenter.spectator_settings_context(tournament)
    context["form"] = form or SpectatorDelayForm(initial={"spectator_delay": tournament.spectator_delay})
    return render(request, "matches/watch/tournament_settings.html", context, status=status)


@login_required
@require_GET
def tournament_spectators(request: HttpRequest, pk: int) -> HttpResponse:
    return _settings_page(request, pk)


@login_required
@require_POST
def tournament_spectator_delay(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = access.access_organised_tournament(request.user, pk)
    form = SpectatorDelayForm(request.POST)
    if not form.is_valid():
        return _settings_page(request, pk, form, status=400)
    spectators.do_set_spectator_delay(request.user, tournament, form.cleaned_data["spectator_delay"])
    messages.success(request, _("The spectator delay was saved."))
    return redirect("matches:tournament-spectators", tournament.pk)


def _feature(request: HttpRequest, tournament: Tournament, table: Match | Pod) -> HttpResponse:
    form = FeatureForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.first_error())
        return redirect("matches:tournament-spectators", tournament.pk)
    try:
        spectators.do_feature_table(request.user, table, form.cleaned_data["featured"])
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect("matches:tournament-spectators", tournament.pk)


@login_required
@require_POST
def tournament_feature_table(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    tournament = access.access_organised_tournament(request.user, pk)
    return _feature(request, tournament, get_object_or_404(Match, pk=match_pk, tournament=tournament))


@login_required
@require_POST
def tournament_feature_pod(request: HttpRequest, pk: int, pod_pk: int) -> HttpResponse:
    tournament = access.access_organised_tournament(request.user, pk)
    return _feature(request, tournament, get_object_or_404(Pod, pk=pod_pk, tournament=tournament))
