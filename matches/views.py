"""Tournament pages: list, detail with registrations, register a deck, organiser actions (open, start, publish)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from decks.models import DeckVersion
from decks.services.decks import DecklistUnreadable
from matches.models import Tournament
from matches.services import registration as services
from matches.services.registration import RegistrationRefused, TournamentStateError


def _visible(user: Any) -> Any:
    tournaments = Tournament.objects.select_related("format")
    if getattr(user, "is_superuser", False):
        return tournaments
    if getattr(user, "is_authenticated", False):
        return tournaments.filter(~Q(status=Tournament.Status.DRAFT) | Q(organisers=user) | Q(judges=user)).distinct()
    return tournaments.exclude(status=Tournament.Status.DRAFT)


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "matches/tournament_list.html", {"tournaments": _visible(request.user)})


def _tournament_for(request: HttpRequest, pk: int) -> Tournament:
    tournament = services.get_tournament(pk)
    if not _visible(request.user).filter(pk=tournament.pk).exists():
        from django.http import Http404

        raise Http404(_("There is no such tournament."))
    return tournament


def _detail(request: HttpRequest, tournament: Tournament, *, error: str = "", violations: Any = None, status=200):
    user = request.user
    registrations = tournament.registrations.select_related("player", "deck_version__deck")
    rows = [
        {
            "registration": r,
            "can_view": services.can_view_registration_decklist(user, r),
            "decklist": services.registration_decklist(r),
        }
        for r in registrations
    ]
    my_versions: list[DeckVersion] = []
    if user.is_authenticated and tournament.registration_is_open():
        my_versions = list(
            DeckVersion.objects.filter(deck__owner=user, deck__format=tournament.format)
            .select_related("deck")
            .order_by("deck__name", "-number")
        )
    return render(
        request,
        "matches/tournament_detail.html",
        {
            "tournament": tournament,
            "rows": rows,
            "is_organiser": tournament.is_organiser(user),
            "registration_open": tournament.registration_is_open(),
            "my_versions": my_versions,
            "my_registration": next((r for r in registrations if r.player_id == user.pk), None),
            "error": error,
            "violations": violations or [],
        },
        status=status,
    )


@require_GET
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return _detail(request, _tournament_for(request, pk))


@login_required
@require_POST
def tournament_register(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    raw = request.POST.get("deck_version", "")
    version = (
        DeckVersion.objects.select_related("deck").filter(pk=int(raw), deck__owner=request.user).first()
        if raw.isdigit() and len(raw) < 18
        else None
    )
    if version is None:
        return _detail(request, tournament, error=_("Choose one of your deck versions."), status=400)
    try:
        services.register_deck(request.user, tournament, version)
    except RegistrationRefused as exc:
        violations = []
        if exc.result is not None:
            english = (request.LANGUAGE_CODE or "").startswith("en")
            violations = [
                {"rule": v.rule, "message": v.message if english else (v.message_zh or v.message), "cards": v.cards}
                for v in exc.result.violations
            ]
        return _detail(request, tournament, error=exc.message, violations=violations, status=400)
    except DecklistUnreadable as exc:
        return _detail(request, tournament, error=str(exc), status=400)
    messages.success(request, _("Your deck is registered."))
    return redirect("matches:tournament-detail", pk=tournament.pk)


def _organiser_action(request: HttpRequest, pk: int, action: Any, done: str) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    try:
        action(tournament, request.user)
    except TournamentStateError as exc:
        return _detail(request, tournament, error=str(exc), status=400)
    messages.success(request, done)
    return redirect("matches:tournament-detail", pk=tournament.pk)


@login_required
@require_POST
def tournament_open(request: HttpRequest, pk: int) -> HttpResponse:
    return _organiser_action(request, pk, services.open_registration, _("Registration is open."))


@login_required
@require_POST
def tournament_start(request: HttpRequest, pk: int) -> HttpResponse:
    return _organiser_action(
        request, pk, services.start_tournament, _("The tournament has started; decklists are locked.")
    )


@login_required
@require_POST
def tournament_publish(request: HttpRequest, pk: int) -> HttpResponse:
    return _organiser_action(request, pk, services.publish_decklists, _("Decklists are published."))
