"""Tournament running pages: organiser admin (structure, rounds, pairings, results, finish), pairings per round,
live standings, a player's match, the judge's disputes, CSV/JSON exports, the ratings leaderboard and history.

Views are thin: they parse the form, call one service, and show its error (400) or redirect.
Organiser and judge pages are checked through matches.services.rounds.can_organise / can_judge.
No page here shows a decklist.
"""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from decks.models import DeckVersion, Format
from matches.models import Match, Rating, Registration, Round, Tournament
from matches.services import registration as registration_services
from matches.services import rounds as services
from matches.services.ratings import history_svg, rating_history
from matches.services.registration import RegistrationRefused, TournamentStateError
from matches.services.results import ResultRefused, override_result, report_result, resolve_dispute
from matches.services.rounds import RoundError, can_judge, can_organise
from matches.services.standings import latest_snapshot
from matches.views import _tournament_for

PAGE_SIZE = 100
ERRORS = (RoundError, ResultRefused, TournamentStateError, RegistrationRefused)


def _page(request: HttpRequest, items: Any, size: int = PAGE_SIZE) -> Any:
    return Paginator(items, size).get_page(request.GET.get("page"))


def _organised(request: HttpRequest, pk: int) -> Tournament:
    tournament = _tournament_for(request, pk)
    if not can_organise(request.user, tournament):
        raise PermissionDenied(_("Only the tournament's organisers may do this."))
    return tournament


def _round(tournament: Tournament, number: int, user: Any) -> Round:
    rnd = Round.objects.filter(tournament=tournament, number=number).first()
    # A draft round is under review: only organisers and judges see it.
    if rnd is None or (
        rnd.status == Round.Status.DRAFT and not (can_organise(user, tournament) or can_judge(user, tournament))
    ):
        raise Http404(_("There is no such round."))
    return rnd


def _points(tournament: Tournament) -> dict[int, int]:
    snapshot = latest_snapshot(tournament)
    return {row["player"]: row["points"] for row in snapshot.rows} if snapshot else {}


# --- create -------------------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    formats = Format.objects.order_by("name")
    form = {"name": "", "format": "", "best_of": "3", "structure": "swiss", "planned_rounds": "0", "top_cut": "0"}
    error = ""
    if request.method == "POST":
        form.update({k: request.POST.get(k, v).strip() for k, v in form.items()})
        fmt = formats.filter(pk=int(form["format"])).first() if form["format"].isdigit() else None
        try:
            if fmt is None:
                raise RoundError(_("Choose a format."))
            if form["best_of"] not in ("1", "3"):
                raise RoundError(_("A match is best of 1 or best of 3."))
            with transaction.atomic():
                tournament = registration_services.create_tournament(
                    request.user, name=form["name"], format=fmt, best_of=int(form["best_of"])
                )
                services.set_structure(
                    tournament,
                    request.user,
                    structure=form["structure"],
                    planned_rounds=form["planned_rounds"],
                    top_cut=form["top_cut"],
                )
        except ERRORS as exc:
            error = str(exc)
        else:
            messages.success(request, _("The tournament is created as a draft."))
            return redirect("matches:tournament-admin", pk=tournament.pk)
    return render(
        request,
        "matches/tournament_new.html",
        {"formats": formats, "form": form, "error": error, "structures": Tournament.Structure.choices},
        status=400 if error else 200,
    )


# --- organiser admin ----------------------------------------------------------------------------------------


def _admin(
    request: HttpRequest,
    tournament: Tournament,
    *,
    error: str = "",
    warnings: Any = None,
    pairs_text: str = "",
    status: int = 200,
) -> HttpResponse:
    rounds = list(tournament.rounds.order_by("number"))
    draft = next((r for r in rounds if r.status == Round.Status.DRAFT), None)
    counts: dict[int, dict[str, int]] = {}
    for round_id, match_status in Match.objects.filter(round__tournament=tournament).values_list("round_id", "status"):
        counts.setdefault(round_id, {}).setdefault(match_status, 0)
        counts[round_id][match_status] += 1
    for rnd in rounds:
        c = counts.get(rnd.pk, {})
        rnd.tables = sum(c.values())  # type: ignore[attr-defined]
        rnd.finished_tables = c.get(Match.Status.FINISHED, 0)  # type: ignore[attr-defined]
        rnd.disputed = c.get(Match.Status.DISPUTED, 0)  # type: ignore[attr-defined]
    if draft is not None and not pairs_text and draft.tables <= 500:  # type: ignore[attr-defined]
        pairs_text = "\n".join(
            f"{a} {b or 'bye'}"
            for a, b in draft.matches.order_by("table").values_list("player_a__username", "player_b__username")
        )
    registrations = Registration.objects.filter(tournament=tournament)
    return render(
        request,
        "matches/tournament_admin.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "draft": draft,
            "error": error,
            "warnings": warnings or [],
            "pairs_text": pairs_text,
            "players": registrations.count(),
            "active_players": registrations.filter(dropped=False).count(),
            "structures": Tournament.Structure.choices,
            "can_judge": can_judge(request.user, tournament),
        },
        status=status,
    )


@login_required
@require_GET
def tournament_admin(request: HttpRequest, pk: int) -> HttpResponse:
    return _admin(request, _organised(request, pk))


def _user_named(name: str) -> Any:
    user = get_user_model().objects.filter(username=name.strip()).first()
    if user is None:
        raise RoundError(_("There is no player named %(name)s.") % {"name": name.strip() or "''"})
    return user


@login_required
@require_POST
def tournament_admin_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """One organiser action (a service call); the admin page again with the error, or a redirect to it."""
    tournament = _organised(request, pk)
    user, post = request.user, request.POST
    done = ""
    try:
        if action == "structure":
            services.set_structure(
                tournament,
                user,
                structure=post.get("structure", ""),
                planned_rounds=post.get("planned_rounds", "0"),
                top_cut=post.get("top_cut", "0"),
            )
            done = _("The structure is saved.")
        elif action == "open":
            registration_services.open_registration(tournament, user)
            done = _("Registration is open.")
        elif action == "start":
            registration_services.start_tournament(tournament, user)
            done = _("The tournament has started; decklists are locked.")
        elif action == "pair":
            rnd = services.pair_next_round(tournament, user)
            done = _("Round %(n)s is paired as a draft: review it, then publish.") % {"n": rnd.number}
        elif action in ("repair", "publish"):
            draft = tournament.rounds.filter(status=Round.Status.DRAFT).first()
            if draft is None:
                raise RoundError(_("There is no draft round."))
            if action == "repair":
                services.repair_round(draft, user)
                done = _("Round %(n)s is paired again.") % {"n": draft.number}
            else:
                services.publish_round(draft, user)
                done = _("Round %(n)s is published.") % {"n": draft.number}
        elif action == "hand":
            text = post.get("pairs", "")
            usernames = dict(
                Registration.objects.filter(tournament=tournament).values_list("player__username", "player_id")
            )
            pairs = services.parse_pairs(text, usernames)
            outcome = services.pair_by_hand(tournament, user, pairs, confirm=post.get("confirm") == "on")
            if not outcome.saved:
                return _admin(
                    request,
                    tournament,
                    error=_("The pairing was not saved: it breaks the rules below. Confirm to save it anyway.")
                    if all(w.problem in services.CONFIRMABLE for w in outcome.warnings)
                    else _("The pairing cannot be saved: fix the problems below."),
                    warnings=outcome.warnings,
                    pairs_text=text,
                    status=400,
                )
            done = _("Round %(n)s is paired by hand.") % {"n": outcome.round.number}  # type: ignore[union-attr]
            for warning in outcome.warnings:
                messages.warning(request, warning.message)
        elif action == "drop":
            services.drop_player(tournament, user, _user_named(post.get("player", "")))
            done = _("The player has dropped.")
        elif action == "late":
            player = _user_named(post.get("player", ""))
            version = (
                DeckVersion.objects.filter(deck__owner=player, deck__format=tournament.format)
                .select_related("deck", "card_database_version")
                .order_by("-created_at", "-id")
                .first()
            )
            if version is None:
                raise RoundError(_("%(name)s has no deck of this format.") % {"name": player.username})
            services.add_late_entry(tournament, user, player, version)
            done = _("%(name)s is entered late.") % {"name": player.username}
        elif action == "finish":
            services.finish_tournament(tournament, user)
            done = _("The tournament is finished; ratings are being updated.")
        else:
            raise Http404(_("There is no such action."))
    except ERRORS as exc:
        return _admin(request, tournament, error=str(exc), status=400)
    messages.success(request, done)
    return redirect("matches:tournament-admin", pk=tournament.pk)


# --- pairings, results ----------------------------------------------------------------------------------------


@require_GET
def round_pairings(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    rnd = _round(tournament, number, request.user)
    matches = rnd.matches.select_related("player_a", "player_b").order_by("table", "id")
    query = request.GET.get("q", "").strip()[:150]
    if query:
        from django.db.models import Q

        matches = matches.filter(Q(player_a__username__icontains=query) | Q(player_b__username__icontains=query))
    page = _page(request, matches)
    # Under review, each player's points before the round show the pair-downs.
    points = _points(tournament) if rnd.status == Round.Status.DRAFT else {}
    for match in page:
        match.points_a = points.get(match.player_a_id, 0)
        match.points_b = points.get(match.player_b_id, 0)
    context = {
        "tournament": tournament,
        "round": rnd,
        "page": page,
        "q": query,
        "points": bool(points),
        "is_organiser": can_organise(request.user, tournament),
        "rounds": tournament.rounds.exclude(status=Round.Status.DRAFT).values_list("number", flat=True),
    }
    template = "matches/_pairings_table.html" if request.headers.get("HX-Request") else "matches/round_pairings.html"
    return render(request, template, context)


def _games(post: Any) -> tuple[str, str, str]:
    return post.get("games_won_a", ""), post.get("games_won_b", ""), post.get("games_drawn", "0") or "0"


def _match(pk: int) -> Match:
    match = Match.objects.select_related("round", "tournament", "player_a", "player_b").filter(pk=pk).first()
    if match is None:
        raise Http404(_("There is no such match."))
    return match


def _back(request: HttpRequest, fallback: str) -> HttpResponse:
    target = request.POST.get("next", "")
    from django.utils.http import url_has_allowed_host_and_scheme

    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(fallback)


@login_required
@require_POST
def match_override(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    fallback = f"/tournaments/{match.tournament_id}/rounds/{match.round.number if match.round else 1}/"
    try:
        override_result(match, request.user, *_games(request.POST), reason=request.POST.get("reason", ""))
    except ERRORS as exc:
        messages.error(request, str(exc))
        return _back(request, fallback)
    messages.success(request, _("Table %(t)s: the result is saved.") % {"t": match.table})
    return _back(request, fallback)


@login_required
@require_POST
def match_resolve(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    try:
        resolve_dispute(match, request.user, *_games(request.POST), note=request.POST.get("note", ""))
    except ERRORS as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Table %(t)s: the dispute is resolved.") % {"t": match.table})
    return redirect("matches:tournament-judge", pk=match.tournament_id)


@login_required
@require_http_methods(["GET", "POST"])
def my_match(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    from django.db.models import Q

    match = (
        Match.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .filter(Q(player_a=request.user) | Q(player_b=request.user))
        .select_related("round", "tournament", "player_a", "player_b")
        .order_by("-round__number")
        .first()
    )
    error = ""
    if request.method == "POST":
        if match is None:
            raise Http404(_("You have no match in this tournament."))
        try:
            match = report_result(match, request.user, *_games(request.POST))
        except ERRORS as exc:
            error = str(exc)
        else:
            messages.success(request, _("Your result is reported."))
            return redirect("matches:my-match", pk=tournament.pk)
    my_report = match.reports.filter(reporter=request.user).first() if match else None
    other_reported = match.reports.exclude(reporter=request.user).exists() if match else False
    registration = Registration.objects.filter(tournament=tournament, player=request.user).first()
    return render(
        request,
        "matches/my_match.html",
        {
            "tournament": tournament,
            "match": match,
            "i_am_a": match is not None and match.player_a_id == request.user.pk,
            "my_report": my_report,
            "other_reported": other_reported,
            "registration": registration,
            "error": error,
        },
        status=400 if error else 200,
    )


@login_required
@require_POST
def my_drop(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    try:
        services.drop_player(tournament, request.user, request.user)
    except ERRORS as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("You have dropped from the tournament."))
    return redirect("matches:my-match", pk=tournament.pk)


@login_required
@require_GET
def judge_page(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    if not (can_judge(request.user, tournament) or can_organise(request.user, tournament)):
        raise PermissionDenied(_("Only the tournament's judges and organisers may see disputes."))
    disputed = list(
        Match.objects.filter(tournament=tournament, status=Match.Status.DISPUTED)
        .select_related("round", "player_a", "player_b")
        .prefetch_related("reports__reporter")
        .order_by("round__number", "table")
    )
    return render(
        request,
        "matches/judge.html",
        {"tournament": tournament, "disputed": disputed, "is_judge": can_judge(request.user, tournament)},
    )


# --- standings ------------------------------------------------------------------------------------------------


@require_GET
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    snapshot = latest_snapshot(tournament)
    rows = snapshot.rows if snapshot else []
    query = request.GET.get("q", "").strip()[:150].lower()
    if query:
        rows = [r for r in rows if query in r["name"].lower()]
    context = {"tournament": tournament, "snapshot": snapshot, "page": _page(request, rows), "q": query}
    template = "matches/_standings_table.html" if request.headers.get("HX-Request") else "matches/standings.html"
    return render(request, template, context)


# --- exports ----------------------------------------------------------------------------------------------------

PAIRING_FIELDS = ["table", "player_a", "player_b", "status", "games_won_a", "games_won_b", "games_drawn", "bye"]
STANDING_FIELDS = ["rank", "name", "points", "record", "mwp", "gwp", "omwp", "ogwp", "dropped"]


def pairing_rows(rnd: Round) -> list[dict[str, Any]]:
    rows = rnd.matches.order_by("table", "id").values_list(
        "table",
        "player_a__username",
        "player_b__username",
        "status",
        "games_won_a",
        "games_won_b",
        "games_drawn",
        "is_bye",
        "result_source",
    )
    return [
        {
            "table": t,
            "player_a": a,
            "player_b": b or "",
            "status": s,
            "games_won_a": ga,
            "games_won_b": gb,
            "games_drawn": gd,
            "bye": bye,
            "missed": source == Match.Source.MISSED,
        }
        for t, a, b, s, ga, gb, gd, bye, source in rows
    ]


def _csv(rows: list[dict[str, Any]], fields: list[str], filename: str) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # Excel opens UTF-8 (Chinese names) only with a BOM
    writer = csv.DictWriter(response, fieldnames=fields, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    return response


@require_GET
def pairings_export(request: HttpRequest, pk: int, number: int, fmt: str) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    rnd = _round(tournament, number, request.user)
    rows = pairing_rows(rnd)
    if fmt == "csv":
        return _csv(rows, PAIRING_FIELDS, f"tournament-{tournament.pk}-round-{rnd.number}-pairings.csv")
    return JsonResponse(
        {"tournament": tournament.pk, "round": rnd.number, "kind": rnd.kind, "status": rnd.status, "pairings": rows},
        json_dumps_params={"ensure_ascii": False},
    )


@require_GET
def standings_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    tournament = _tournament_for(request, pk)
    snapshot = latest_snapshot(tournament)
    rows = snapshot.rows if snapshot else []
    if fmt == "csv":
        return _csv(rows, STANDING_FIELDS, f"tournament-{tournament.pk}-standings.csv")
    return JsonResponse(
        {
            "tournament": tournament.pk,
            "round": snapshot.round_number if snapshot else 0,
            "computed_at": snapshot.computed_at.isoformat() if snapshot else None,
            "standings": rows,
        },
        json_dumps_params={"ensure_ascii": False},
    )


# --- ratings -----------------------------------------------------------------------------------------------------


@require_GET
def ratings(request: HttpRequest) -> HttpResponse:
    board = Rating.objects.select_related("player").order_by("-ordinal", "player_id")
    return render(request, "matches/ratings.html", {"page": _page(request, board)})


@require_GET
def rating_player(request: HttpRequest, username: str) -> HttpResponse:
    player = get_user_model().objects.filter(username=username).first()
    if player is None:
        raise Http404(_("There is no such player."))
    history = rating_history(player)
    return render(
        request,
        "matches/rating_history.html",
        {
            "player": player,
            "rating": Rating.objects.filter(player=player).first(),
            "history": history,
            "chart": history_svg(history),
        },
    )
