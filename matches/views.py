"""Tournament pages: list, detail with registrations, register a deck, organiser actions (open, start, publish)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from decks.services.decks import DecklistUnreadable
from engine.systems import get_system
from junling.errors import Refused
from junling.http import AuthenticatedHttpRequest
from junling.pages import confirmed, form_message, refusals
from matches import access
from matches.forms import RegisterDeckForm, WithdrawForm
from matches.http import ask_start, started_message
from matches.models import Tournament
from matches.presenters.tournaments import tournament_page, violation_rows
from matches.services import invitations as invitation_services
from matches.services import registration as services
from matches.services.registration import RegistrationRefused


def _detail(request: HttpRequest, tournament: Tournament, *, status: int = 200, **context: Any) -> HttpResponse:
    return render(
        request, "matches/tournament_detail.html", tournament_page(request.user, tournament, **context), status=status
    )


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "matches/tournament_list.html", {"tournaments": access.visible_tournaments(request.user)})


@require_GET
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail(request, access.access_tournament(request.user, pk))


@login_required
@require_POST
def tournament_register(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = access.access_tournament(request.user, pk)
    if not get_system(tournament.system).has_cards:  # a board game: the player joins, no deck
        try:
            services.join_event(request.user, tournament)
        except Refused as exc:
            return _detail(request, tournament, error=exc.message, status=exc.status)
        messages.success(request, _("You have joined the event."))
        return redirect("matches:tournament-detail", pk=tournament.pk)
    form = RegisterDeckForm(request.POST, player=request.user)
    if not form.is_valid():
        return _detail(request, tournament, error=form_message(form), status=400)
    try:
        services.register_deck(request.user, tournament, form.cleaned_data["deck_version"])
    except RegistrationRefused as exc:
        violations = violation_rows(exc.result, request.LANGUAGE_CODE)
        return _detail(request, tournament, error=exc.message, violations=violations, status=exc.status)
    except (Refused, DecklistUnreadable) as exc:
        return _detail(request, tournament, error=str(exc), status=getattr(exc, "status", 400))
    messages.success(request, _("Your deck is registered."))
    return redirect("matches:tournament-detail", pk=tournament.pk)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_withdraw(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """A registered player takes his registration back before the start: a confirmation page, then the act."""
    tournament = access.access_tournament(request.user, pk)
    registration = tournament.registrations.select_related("deck_version__deck").filter(player=request.user).first()
    context = {"tournament": tournament, "registration": registration}
    if request.method == "GET":
        return render(request, "matches/withdraw.html", {**context, "form": WithdrawForm()})
    form = WithdrawForm(request.POST)
    if not form.is_valid():
        return render(request, "matches/withdraw.html", {**context, "form": form}, status=400)
    try:
        services.withdraw_registration(request.user, tournament)
    except Refused as exc:
        return render(
            request, "matches/withdraw.html", {**context, "form": form, "error": exc.message}, status=exc.status
        )
    messages.success(request, _("Your registration is withdrawn."))
    return redirect("matches:tournament-detail", pk=tournament.pk)


@login_required
@require_POST
def invitation_accept(request: HttpRequest, pk: int) -> HttpResponse:
    """The invited player enters with one of his own deck versions (never one an organiser picked); a
    board-game event has no deck."""
    invitation = access.access_invitation(request.user, pk)
    tournament = invitation.tournament
    version = None
    if get_system(tournament.system).has_cards:
        form = RegisterDeckForm(request.POST, player=request.user)
        if not form.is_valid():
            return _detail(request, tournament, error=form_message(form), status=400)
        version = form.cleaned_data["deck_version"]
    try:
        invitation_services.do_accept_invitation(invitation, request.user, version)
    except RegistrationRefused as exc:
        violations = violation_rows(exc.result, request.LANGUAGE_CODE)
        return _detail(request, tournament, error=exc.message, violations=violations, status=exc.status)
    except Refused as exc:
        return _detail(request, tournament, error=exc.message, status=exc.status)
    messages.success(request, _("You have entered the tournament."))
    return redirect("matches:tournament-detail", pk=tournament.pk)


@login_required
@require_POST
def invitation_decline(request: HttpRequest, pk: int) -> HttpResponse:
    invitation = access.access_invitation(request.user, pk)
    try:
        invitation_services.do_decline(invitation, request.user)
    except Refused as exc:
        return _detail(request, invitation.tournament, error=exc.message, status=exc.status)
    messages.success(request, _("You have declined the invitation."))
    return redirect("matches:tournament-detail", pk=invitation.tournament_id)


def _organiser_action(request: HttpRequest, pk: int, action: Callable[..., Any], done: str) -> HttpResponse:
    tournament = access.access_tournament(request.user, pk)
    try:
        action(tournament, request.user)
    except Refused as exc:
        return _detail(request, tournament, error=exc.message, status=exc.status)
    messages.success(request, done)
    return redirect("matches:tournament-detail", pk=tournament.pk)


@login_required
@require_POST
@refusals
def tournament_open(request: HttpRequest, pk: int) -> HttpResponse:
    return _organiser_action(request, pk, services.open_registration, _("Registration is open."))


@login_required
@require_POST
@refusals
def tournament_start(request: HttpRequest, pk: int) -> HttpResponse:
    if not confirmed(request):
        tournament = access.access_organised_tournament(request.user, pk)
        return ask_start(request, tournament, f"/tournaments/{tournament.pk}/")
    return _organiser_action(request, pk, services.start_tournament, started_message(pk))


@login_required
@require_POST
@refusals
def tournament_publish(request: HttpRequest, pk: int) -> HttpResponse:
    return _organiser_action(request, pk, services.publish_decklists, _("Decklists are published."))
