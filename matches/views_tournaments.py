"""Tournament running pages: organiser admin (structure, rounds, pairings, results, finish), pairings per round,
live standings, a player's match, the judge's disputes, CSV/JSON exports, the ratings leaderboard and history.

Views are thin: a form parses the input, one service acts, a presenter builds the page; a refusal is
the page again with its message (400, or 403 for NotAllowed), or a redirect. Who may do what is
``matches.access``. No page here shows a decklist.
"""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from decks.models import Format
from engine.systems import DEFAULT_SYSTEM, all_systems, get_system
from junling.errors import Refused
from junling.pages import back, confirm_page, confirmed, form_message, invalid_form, refusals
from matches import access, views_pods
from matches.forms import (
    POD_SIZE_CHOICES,
    TIEBREAKER_CHOICES,
    EventForm,
    ExtraTimeForm,
    HandPairingForm,
    OverrideForm,
    PlayerForm,
    PodChoicesForm,
    PublishForm,
    ReplayForm,
    ResolveForm,
    ResultForm,
    RoleForm,
    SearchForm,
    StructureForm,
    TournamentForm,
)
from matches.http import ask_start, started_message
from matches.models import Round, Tournament
from matches.presenters import tournaments as presenters
from matches.presenters.suggested_bid import SUGGESTED_BID_FIELDS
from matches.presenters.suggested_bid import suggested_bid_export as suggested_bid_data
from matches.services import event as event_services
from matches.services import invitations as invitation_services
from matches.services import pods as pod_services
from matches.services import registration as registration_services
from matches.services import rounds as services
from matches.services.board_maps import known_maps
from matches.services.results import order_replay, override_result, report_result, resolve_dispute
from matches.services.rounds import RoundError
from matches.services.scoring import scoring_of
from matches.services.standings import latest_snapshot


def _search(request: HttpRequest) -> str:
    form = SearchForm(request.GET)
    return form.cleaned_data["q"] if form.is_valid() else ""


# --- create -------------------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
@refusals
def tournament_new(request: HttpRequest) -> HttpResponse:
    access.access_tournament_creation(request.user)
    form = TournamentForm(request.POST if request.method == "POST" else None)
    error = ""
    status = 200
    if request.method == "POST":
        if not form.is_valid():
            error = form_message(form)
        else:
            data = form.cleaned_data
            try:
                with transaction.atomic():
                    tournament = registration_services.create_tournament(
                        request.user,
                        name=data["name"],
                        format=data["format"],
                        system=data["system"],
                        map_hash=data["map_hash"],
                        side_bids=data["side_bids"],
                        open_bidding=data["open_bidding"],
                        best_of=data["best_of"],
                        rated=data["rated"],
                        **form.clock(),
                    )
                    services.set_structure(
                        tournament,
                        request.user,
                        structure=data["structure"],
                        planned_rounds=data["planned_rounds"],
                        top_cut=data["top_cut"],
                    )
                    if data["pod_choices"]:
                        pod_services.set_pod_choices(tournament, request.user, **data["pod_choices"])
            except Refused as exc:
                error, status = exc.message, exc.status
            else:
                messages.success(request, _("The tournament is created as a draft."))
                return redirect("matches:tournament-admin", pk=tournament.pk)
    values: dict[str, str | bool] = {
        "name": "",
        "system": DEFAULT_SYSTEM,
        "format": "",
        "map_hash": "",
        "best_of": "3",
        "structure": "swiss",
        "planned_rounds": "0",
        "top_cut": "0",
        "clock_minutes": "",
        "clock_increment": "0",
        "pod_sizes": "threes_bottom",
        "placement_points": "",
        "tiebreaker_1": "regions",
        "tiebreaker_2": "opp",
        "tiebreaker_3": "firsts",
    }
    if form.is_bound:  # the page again shows what was typed
        values.update({k: str(form[k].value() or "").strip() for k in values})
    values["rated"] = bool(form.is_bound and form["rated"].value())
    values["side_bids"] = bool(form.is_bound and form["side_bids"].value())
    values["open_bidding"] = bool(form.is_bound and form["open_bidding"].value())
    values["bound"] = form.is_bound
    return render(
        request,
        "matches/tournament_new.html",
        {
            "formats": Format.objects.order_by("name"),
            "systems": all_systems(),
            "maps": [(s, known_maps(s.id)) for s in all_systems() if s.has_map],
            "form": values,
            "error": error,
            "structures": Tournament.Structure.choices,
            "pod_size_choices": POD_SIZE_CHOICES,
            "tiebreaker_choices": TIEBREAKER_CHOICES,
            "can_create_rated": access.can_create_tournament(request.user, rated=True),
        },
        status=status if status != 200 else (400 if error else 200),
    )


# --- organiser admin ----------------------------------------------------------------------------------------


def _admin(request: HttpRequest, tournament: Tournament, *, status: int = 200, **context: Any) -> HttpResponse:
    return render(
        request,
        "matches/tournament_admin.html",
        presenters.admin_page(request.user, tournament, **context),
        status=status,
    )


@login_required
@require_GET
@refusals
def tournament_admin(request: HttpRequest, pk: int) -> HttpResponse:
    return _admin(request, access.access_organised_tournament(request.user, pk))


def _draft(tournament: Tournament) -> Round:
    draft = tournament.rounds.filter(status=Round.Status.DRAFT).first()
    if draft is None:
        raise RoundError(_("There is no draft round."), code="round.no_draft")
    return draft


def _valid(form: Any) -> dict[str, Any]:
    if not form.is_valid():
        raise invalid_form(form)
    return form.cleaned_data


def _invite(tournament: Tournament, user: Any, player: Any) -> str:
    # An organiser only invites: the player enters by accepting, with a deck he chooses.
    invitation_services.do_invite(tournament, user, player)
    if not get_system(tournament.system).has_cards:
        return _("%(name)s is invited; they enter once they accept.") % {"name": player.username}
    return _("%(name)s is invited; they enter once they accept with a deck of their own.") % {"name": player.username}


def _hand_pairing(request: HttpRequest, tournament: Tournament) -> HttpResponse | str:
    form = HandPairingForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return _admin(request, tournament, error=form_message(form), pairs_text=form["pairs"].value() or "", status=400)
    outcome = services.pair_by_hand(
        tournament, request.user, form.cleaned_data["pairs"], confirm=form.cleaned_data["confirm"]
    )
    if not outcome.saved:
        confirmable = all(w.problem in services.CONFIRMABLE for w in outcome.warnings)
        return _admin(
            request,
            tournament,
            error=_("The pairing was not saved: it breaks the rules below. Confirm to save it anyway.")
            if confirmable
            else _("The pairing cannot be saved: fix the problems below."),
            warnings=outcome.warnings,
            pairs_text=form["pairs"].value() or "",
            status=400,
        )
    for warning in outcome.warnings:
        messages.warning(request, warning.message)
    return _("Round %(n)s is paired by hand.") % {"n": outcome.round.number}  # type: ignore[union-attr]


def _ask(request: HttpRequest, tournament: Tournament, action: str) -> HttpResponse | None:
    """The confirmation page of an irreversible organiser action not yet confirmed; None when confirmed."""
    if action not in ("start", "finish", "drop") or confirmed(request):
        return None
    cancel = f"/tournaments/{tournament.pk}/admin"
    if action == "start":
        return ask_start(request, tournament, cancel)
    if action == "finish":
        return confirm_page(
            request,
            title=_("Finish %(name)s?") % {"name": tournament.name},
            question=_("Finishing cannot be undone."),
            consequences=[_("The final standings are fixed and the ratings are updated.")],
            button=_("Yes, finish the tournament"),
            cancel_url=cancel,
        )
    player = _valid(PlayerForm(request.POST))["player"]
    return confirm_page(
        request,
        title=_("Drop %(name)s?") % {"name": player.username},
        question=_("A dropped player is never paired again; this cannot be undone."),
        consequences=[_("Their results so far stay in the standings.")],
        button=_("Yes, drop %(name)s") % {"name": player.username},
        cancel_url=cancel,
        fields={"player": player.username},
    )


@login_required
@require_POST
@refusals
def tournament_admin_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """One organiser action (a service call); the admin page again with the error, or a redirect to it."""
    tournament = access.access_organised_tournament(request.user, pk)
    user = request.user
    try:
        question = _ask(request, tournament, action)
        if question is not None:
            return question
        if action == "structure":
            data = _valid(StructureForm(request.POST))
            services.set_structure(
                tournament,
                user,
                structure=data["structure"],
                planned_rounds=data["planned_rounds"],
                top_cut=data["top_cut"],
            )
            done = _("The structure is saved.")
        elif action == "pods":
            pod_form = PodChoicesForm(request.POST)
            _valid(pod_form)
            choices = pod_form.pod_choices(tournament.system)
            if pod_form.errors:
                raise invalid_form(pod_form)
            pod_services.set_pod_choices(tournament, user, **choices)
            done = _("The pods, points and tiebreakers are saved.")
        elif action == "open":
            registration_services.open_registration(tournament, user)
            done = _("Registration is open.")
        elif action == "start":
            registration_services.start_tournament(tournament, user)
            done = started_message(tournament.pk)
        elif action == "pair":
            rnd = services.pair_next_round(tournament, user)
            done = _("Round %(n)s is paired as a draft: review it, then publish.") % {"n": rnd.number}
        elif action == "repair":
            rnd = services.repair_round(_draft(tournament), user)
            done = _("Round %(n)s is paired again.") % {"n": rnd.number}
        elif action == "publish":
            on_tables = _valid(PublishForm(request.POST))["on_tables"]
            rnd = services.publish_round(_draft(tournament), user, on_tables=on_tables)
            done = (
                _("Round %(n)s is published; its tables are set up on the site.")
                if on_tables
                else _("Round %(n)s is published.")
            ) % {"n": rnd.number}
        elif action == "hand":
            outcome = _hand_pairing(request, tournament)
            if isinstance(outcome, HttpResponse):
                return outcome
            done = outcome
        elif action == "drop":
            services.drop_player(tournament, user, _valid(PlayerForm(request.POST))["player"])
            done = _("The player has dropped.")
        elif action == "invite":
            done = _invite(tournament, user, _valid(PlayerForm(request.POST))["player"])
        elif action == "finish":
            services.finish_tournament(tournament, user)
            if tournament.rated:
                done = _("The tournament is finished; ratings are being updated.")
            else:
                done = _("The tournament is finished. It was unrated: no rating changes.")
        elif action in ROSTER_ACTIONS:
            return _roster_action(request, tournament, action)
        else:
            raise Http404(_("There is no such action."))
    except Refused as exc:
        return _admin(request, tournament, error=exc.message, status=exc.status)
    messages.success(request, done)
    return redirect("matches:tournament-admin", pk=tournament.pk)


# --- the event: roster, check-in, roles, clock, printouts -------------------------------------------------------

ROSTER_ACTIONS = ("event", "check_in", "role")


def _roster(request: HttpRequest, tournament: Tournament, *, status: int = 200, **context: Any) -> HttpResponse:
    return render(
        request, "matches/roster.html", presenters.roster_page(request.user, tournament, **context), status=status
    )


def _roster_action(request: HttpRequest, tournament: Tournament, action: str) -> HttpResponse:
    user = request.user
    try:
        if action == "event":
            form = EventForm(request.POST)
            if not form.is_valid():
                return _roster(request, tournament, error=form_message(form), event_form=form, status=400)
            event_services.update_event(tournament, user, **form.cleaned_data)
            done = _("The event details are saved.")
        elif action == "check_in":
            player = _valid(PlayerForm(request.POST))["player"]
            event_services.check_in(tournament, user, player)
            done = _("%(name)s is checked in.") % {"name": player.username}
        else:
            data = _valid(RoleForm(request.POST))
            event_services.set_role(tournament, user, data["player"], data["role"], add=not data["remove"])
            done = _("The roles are saved.")
    except Refused as exc:
        return _roster(request, tournament, error=exc.message, status=exc.status)
    messages.success(request, done)
    return redirect("matches:tournament-roster", pk=tournament.pk)


@login_required
@require_GET
@refusals
def roster(request: HttpRequest, pk: int) -> HttpResponse:
    return _roster(request, access.access_organised_tournament(request.user, pk))


@login_required
@require_POST
@refusals
def my_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    """A registered player checks himself in on the tournament page."""
    tournament = access.access_tournament(request.user, pk)
    try:
        event_services.check_in(tournament, request.user, request.user)
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("You are checked in."))
    return redirect("matches:tournament-detail", pk=tournament.pk)


@login_required
@require_POST
@refusals
def match_extra_time(request: HttpRequest, match_id: int) -> HttpResponse:
    """A judge or an organiser gives one table extra minutes on the round clock."""
    match = access.access_match(request.user, match_id)
    if match.tournament is None:
        raise Http404(_("There is no such match."))
    access.access_extend_time(request.user, match.tournament)
    form = ExtraTimeForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_message(form))
        return back(request, form["next"].value() or "", _round_url(match))
    try:
        event_services.give_extra_time(match, request.user, form.cleaned_data["minutes"])
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Table %(t)s has %(n)s extra minutes.") % {"t": match.table, "n": form.cleaned_data["minutes"]},
        )
    return back(request, form.cleaned_data["next"], _round_url(match))


PRINTOUTS = ("table", "name", "slips")


@require_GET
def round_print(request: HttpRequest, pk: int, number: int, by: str) -> HttpResponse:
    """A round for paper: pairings by table or by name, or the match slips (the print stylesheet does the rest)."""
    if by not in PRINTOUTS:
        raise Http404(_("There is no such printout."))
    tournament = access.access_tournament(request.user, pk)
    rnd = access.access_round(request.user, tournament, number)
    return render(request, "matches/round_print.html", presenters.print_page(tournament, rnd, by=by))


# --- pairings, results ----------------------------------------------------------------------------------------


@require_GET
def round_pairings(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = access.access_tournament(request.user, pk)
    rnd = access.access_round(request.user, tournament, number)
    if scoring_of(tournament).pods:
        return views_pods.pod_round(request, tournament, rnd)
    context = presenters.pairings_page(
        request.user, tournament, rnd, query=_search(request), page=request.GET.get("page")
    )
    partial = context["table_template"]
    template = partial if request.headers.get("HX-Request") else "matches/round_pairings.html"
    return render(request, template, context)


def _round_url(match: Any) -> str:
    return f"/tournaments/{match.tournament_id}/rounds/{match.round.number if match.round else 1}/"


@login_required
@require_POST
@refusals
def match_override(request: HttpRequest, match_id: int) -> HttpResponse:
    match = access.access_override(request.user, access.access_match(request.user, match_id))
    form = OverrideForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_message(form))
        return back(request, form["next"].value() or "", _round_url(match))
    try:
        override_result(match, request.user, *form.games(), reason=form.cleaned_data["reason"])
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Table %(t)s: the result is saved.") % {"t": match.table})
    return back(request, form.cleaned_data["next"], _round_url(match))


@login_required
@require_POST
@refusals
def match_resolve(request: HttpRequest, match_id: int) -> HttpResponse:
    match = access.access_dispute(request.user, access.access_match(request.user, match_id))
    form = ResolveForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_message(form))
        return redirect("matches:tournament-judge", pk=match.tournament_id)
    try:
        resolve_dispute(match, request.user, *form.games(), note=form.cleaned_data["note"])
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Table %(t)s: the dispute is resolved.") % {"t": match.table})
    return redirect("matches:tournament-judge", pk=match.tournament_id)


@login_required
@require_POST
@refusals
def match_replay(request: HttpRequest, match_id: int) -> HttpResponse:
    """A judge has an undecided match played on (a game replayed): the players report the whole match again."""
    match = access.access_dispute(request.user, access.access_match(request.user, match_id))
    note = _valid(ReplayForm(request.POST))["note"]
    try:
        order_replay(match, request.user, note=note)
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        done = _("Table %(t)s plays on: the players report the whole match again.") % {"t": match.table}
        messages.success(request, done)
    return redirect("matches:tournament-judge", pk=match.tournament_id)


@login_required
@require_http_methods(["GET", "POST"])
def my_match(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = access.access_tournament(request.user, pk)
    match = presenters.player_match(request.user, tournament)
    error, status = "", 200
    if request.method == "POST":
        if match is None:
            raise Http404(_("You have no match in this tournament."))
        form = ResultForm(request.POST)
        try:
            _valid(form)
            match = report_result(match, request.user, *form.games())
        except Refused as exc:
            error, status = exc.message, exc.status
        else:
            messages.success(request, _("Your result is reported."))
            return redirect("matches:my-match", pk=tournament.pk)
    return render(
        request,
        "matches/my_match.html",
        presenters.my_match_page(request.user, tournament, match, error=error),
        status=status,
    )


@login_required
@require_POST
def my_drop(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = access.access_tournament(request.user, pk)
    if not confirmed(request):
        return confirm_page(
            request,
            title=_("Drop from %(name)s?") % {"name": tournament.name},
            question=_("You will never be paired again in this tournament; this cannot be undone."),
            consequences=[_("Your results so far stay in the standings.")],
            button=_("Yes, drop me"),
            cancel_url=f"/tournaments/{tournament.pk}/my-match",
        )
    try:
        services.drop_player(tournament, request.user, request.user)
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("You have dropped from the tournament."))
    return redirect("matches:my-match", pk=tournament.pk)


@login_required
@require_GET
@refusals
def judge_page(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = access.access_overseen(request.user, access.access_tournament(request.user, pk))
    return render(request, "matches/judge.html", presenters.judge_page(request.user, tournament))


# --- standings ------------------------------------------------------------------------------------------------


@require_GET
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = access.access_tournament(request.user, pk)
    if scoring_of(tournament).pods:
        return views_pods.pod_standings(request, tournament)
    if scoring_of(tournament).sided:
        return views_pods.vp_standings(request, tournament)
    context = presenters.standings_page(tournament, query=_search(request), page=request.GET.get("page"))
    template = "matches/_standings_table.html" if request.headers.get("HX-Request") else "matches/standings.html"
    return render(request, template, context)


@require_GET
def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    """The top cut (or a single-elimination event) as a bracket, with the champion and the final placings."""
    tournament = access.access_tournament(request.user, pk)
    return render(request, "matches/bracket.html", presenters.bracket(tournament))


# --- exports ----------------------------------------------------------------------------------------------------


def _csv(rows: list[dict[str, Any]], fields: list[str], filename: str) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # Excel opens UTF-8 (Chinese names) only with a BOM
    writer = csv.DictWriter(response, fieldnames=fields, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    return response


EXPORT_FORMATS = ("csv", "json")


def _export_format(fmt: str) -> str:
    """``csv`` or ``json``; any other name is a 404 (not a JSON answer by default)."""
    if fmt not in EXPORT_FORMATS:
        raise Http404(_("There is no such export format."))
    return fmt


@require_GET
def pairings_export(request: HttpRequest, pk: int, number: int, fmt: str) -> HttpResponse:
    _export_format(fmt)
    tournament = access.access_tournament(request.user, pk)
    rnd = access.access_round(request.user, tournament, number)
    data = presenters.pairings_export(tournament, rnd)
    if fmt == "csv":
        filename = f"tournament-{tournament.pk}-round-{rnd.number}-pairings.csv"
        if "seats" in data:  # a pod round: one row a seat
            return _csv(data["seats"], presenters.POD_SEAT_FIELDS, filename)
        return _csv(data["pairings"], presenters.pairing_fields(tournament), filename)
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


@require_GET
def standings_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    _export_format(fmt)
    tournament = access.access_tournament(request.user, pk)
    data = presenters.standings_export(tournament, latest_snapshot(tournament))
    if fmt == "csv":
        fields = presenters.standing_fields(tournament)
        return _csv(data["standings"], fields, f"tournament-{tournament.pk}-standings.csv")
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


@require_GET
def suggested_bid_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """The map's suggested bid of a two-sided wargame's event (issue 26): one CSV row, or the JSON object;
    a 404 for other games."""
    _export_format(fmt)
    tournament = access.access_tournament(request.user, pk)
    data = suggested_bid_data(tournament) if scoring_of(tournament).sided else None
    if data is None:
        raise Http404(_("This event's game has no suggested bid."))
    if fmt == "csv":
        return _csv([data], SUGGESTED_BID_FIELDS, f"tournament-{tournament.pk}-suggested-bid.csv")
    return JsonResponse({"tournament": tournament.pk, **data}, json_dumps_params={"ensure_ascii": False})


# --- ratings -----------------------------------------------------------------------------------------------------


@require_GET
def ratings(request: HttpRequest) -> HttpResponse:
    return render(
        request, "matches/ratings.html", presenters.ratings_page(request.GET.get("page"), request.GET.get("game"))
    )


@require_GET
def rating_player(request: HttpRequest, username: str) -> HttpResponse:
    return render(request, "matches/rating_history.html", presenters.rating_player_page(username))
