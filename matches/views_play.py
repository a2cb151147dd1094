"""Refereed match pages: play against a bot, challenge a player, my matches, the match table, the logs.

The table is one fragment (``_table.html``) that polls every 1.5 s with htmx and is only redrawn when
the game moved on (204 otherwise), so a half-chosen payment is not wiped by a poll.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from decks.models import DeckVersion
from matches.models import Match, RefereedGame
from matches.services import play as services
from matches.services.play import ActionRefused, PlayRefused


def _my_versions(user: Any) -> list[DeckVersion]:
    """The newest version of each of the user's decks (the ones he may play with)."""
    versions = DeckVersion.objects.filter(deck__owner=user).select_related("deck", "card_database_version")
    newest: dict[int, DeckVersion] = {}
    for v in versions.order_by("deck__name", "-number"):
        newest.setdefault(v.deck_id, v)
    return list(newest.values())


def _version_of(user: Any, value: Any) -> DeckVersion:
    try:
        pk = int(value)
    except (TypeError, ValueError):
        raise PlayRefused(_("Choose one of your decks.")) from None
    version = DeckVersion.objects.select_related("deck", "card_database_version").filter(pk=pk).first()
    if version is None or version.deck.owner_id != user.pk:
        raise PlayRefused(_("Choose one of your decks."))
    return version


def _best_of(value: Any) -> int:
    return 3 if str(value) == "3" else 1


@login_required
@require_GET
def play_home(request: HttpRequest) -> HttpResponse:
    return render(
        request, "matches/play/home.html", {"versions": _my_versions(request.user), "bots": ["random", "greedy"]}
    )


@login_required
@require_POST
def play_bot(request: HttpRequest) -> HttpResponse:
    try:
        version = _version_of(request.user, request.POST.get("deck_version"))
        bot_deck = request.POST.get("bot_deck_version")
        bot_version = _version_of(request.user, bot_deck) if bot_deck else None
        match = services.start_bot_match(
            request.user,
            version,
            request.POST.get("bot", ""),
            best_of=_best_of(request.POST.get("best_of")),
            bot_deck=bot_version,
        )
    except PlayRefused as exc:
        return _home_with_error(request, exc.message)
    return redirect("matches:play-match", match.pk)


@login_required
@require_POST
def play_challenge(request: HttpRequest) -> HttpResponse:
    username = str(request.POST.get("opponent", "")).strip()
    opponent = get_user_model().objects.filter(username=username).first() if username else None
    try:
        if opponent is None:
            raise PlayRefused(_("There is no player named %(name)s.") % {"name": username or "—"})
        version = _version_of(request.user, request.POST.get("deck_version"))
        match = services.challenge(request.user, opponent, version, best_of=_best_of(request.POST.get("best_of")))
    except PlayRefused as exc:
        return _home_with_error(request, exc.message)
    messages.success(request, _("Challenge sent to %(name)s.") % {"name": opponent.username})
    return redirect("matches:play-match", match.pk)


def _home_with_error(request: HttpRequest, error: str) -> HttpResponse:
    context = {"versions": _my_versions(request.user), "bots": ["random", "greedy"], "error": error}
    return render(request, "matches/play/home.html", context, status=400)


@login_required
@require_GET
def my_matches(request: HttpRequest) -> HttpResponse:
    rows = []
    for match in services.my_matches(request.user):
        seat = services.seat_of(match, request.user)
        opponent = match.player_b if seat == 0 else match.player_a
        rows.append(
            {
                "match": match,
                "opponent": opponent.username if opponent else _("%(bot)s bot") % {"bot": match.bot},
                "to_accept": match.status == Match.Status.PENDING and seat == 1,
                "score": (match.games_won_a, match.games_won_b)
                if seat == 0
                else (match.games_won_b, match.games_won_a),
            }
        )
    tournament = [
        {"match": m, "opponent": (m.player_b if m.player_a_id == request.user.pk else m.player_a).username}
        for m in services.tournament_matches_to_play(request.user)
    ]
    context = {"rows": rows, "tournament": tournament, "versions": _my_versions(request.user)}
    return render(request, "matches/play/my_matches.html", context)


@login_required
@require_POST
def match_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Either player of a tournament match starts it as a refereed match (the registered decks play)."""
    match = next((m for m in services.tournament_matches_to_play(request.user) if m.pk == pk), None)
    if match is None:
        raise Http404(_("There is no such match."))
    try:
        services.start_refereed_match(match, request.user)
    except PlayRefused as exc:
        messages.error(request, exc.message)
        return redirect("matches:play-my-matches")
    return redirect("matches:play-match", match.pk)


@login_required
@require_POST
def match_accept(request: HttpRequest, pk: int) -> HttpResponse:
    match = services.get_match_for_player(request.user, pk)
    try:
        services.accept_challenge(request.user, match, _version_of(request.user, request.POST.get("deck_version")))
    except PlayRefused as exc:
        messages.error(request, exc.message)
        return redirect("matches:play-my-matches")
    return redirect("matches:play-match", match.pk)


@login_required
@require_POST
def match_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    match = services.get_match_for_player(request.user, pk)
    try:
        services.withdraw_challenge(request.user, match)
    except PlayRefused as exc:
        messages.error(request, exc.message)
        return redirect("matches:play-match", pk)
    messages.success(request, _("The challenge was withdrawn."))
    return redirect("matches:play-my-matches")


def _table_context(request: HttpRequest, match: Match, error: Any = None) -> dict[str, Any]:
    view = services.player_view(match, request.user, request.LANGUAGE_CODE)
    groups: dict[str, list[dict[str, Any]]] = {}
    for control in view.get("controls", []):
        groups.setdefault(_GROUPS.get(control["kind"], "other"), []).append(control)
    view["groups"] = [
        {"key": key, "title": title, "controls": groups[key]} for key, title in _group_titles() if key in groups
    ]
    view["version"] = _version(view)
    return {"match": match, "view": view, "error": error}


_GROUPS = {
    "choose_commandment": "setup",
    "recruit": "recruit",
    "equip": "cards",
    "event": "cards",
    "tactic": "cards",
    "advantage": "cards",
    "activate": "activate",
    "move": "move",
    "melee": "attack",
    "siege": "attack",
    "counter": "respond",
    "pass": "respond",
    "discard": "discard",
    "end_turn": "end",
}


def _group_titles() -> list[tuple[str, str]]:
    return [
        ("respond", _("Response window")),
        ("setup", _("Commandment")),
        ("discard", _("Hand limit")),
        ("recruit", _("Recruit (兵)")),
        ("cards", _("Play a card")),
        ("activate", _("Activate")),
        ("move", _("Move")),
        ("attack", _("Attack and siege")),
        ("end", _("End of turn (终)")),
    ]


def _version(view: dict[str, Any]) -> str:
    return services.version_text(view.get("game", 0), view.get("step", 0), bool(view.get("game_over")), view["status"])


@login_required
@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = services.get_match_for_player(request.user, pk)
    return render(request, "matches/play/match.html", _table_context(request, match))


@login_required
@require_GET
def match_table(request: HttpRequest, pk: int) -> HttpResponse:
    """The table fragment; 204 (nothing to redraw) while the game has not moved since ``?v=``."""
    match = services.get_match_for_player(request.user, pk)
    if request.GET.get("v") == services.table_version(match):
        return HttpResponse(status=204)
    match.refresh_from_db()
    return render(request, "matches/play/_table.html", _table_context(request, match))


@login_required
@require_POST
def match_act(request: HttpRequest, pk: int) -> HttpResponse:
    match = services.get_match_for_player(request.user, pk)
    error = None
    try:
        payment = request.POST.getlist("payment") if "payment_choice" in request.POST else None
        services.act(
            match, request.user, request.POST.get("action", ""), step=request.POST.get("step"), payment=payment
        )
    except ActionRefused as exc:
        error = exc
    except PermissionDenied:
        raise Http404(_("There is no such match.")) from None
    return _after(request, match, error)


@login_required
@require_POST
def match_concede(request: HttpRequest, pk: int) -> HttpResponse:
    match = services.get_match_for_player(request.user, pk)
    error = None
    try:
        services.concede(match, request.user)
    except ActionRefused as exc:
        error = exc
    return _after(request, match, error)


def _after(request: HttpRequest, match: Match, error: ActionRefused | None) -> HttpResponse:
    match.refresh_from_db()
    if request.headers.get("HX-Request"):
        return render(request, "matches/play/_table.html", _table_context(request, match, error))
    if error is not None:
        messages.error(request, f"{error.rule}: {error.reason}" if error.rule else error.reason)
    return redirect("matches:play-match", match.pk)


@login_required
@require_GET
def game_log(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A game's signed log, for the players and the judges, once the match is over."""
    match = services.get_match_for_log(request.user, pk)
    if not services.can_download_logs(match, request.user):
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


urlpatterns = [
    path("play/", play_home, name="play-home"),
    path("play/bot", play_bot, name="play-bot"),
    path("play/challenge", play_challenge, name="play-challenge"),
    path("play/matches/", my_matches, name="play-my-matches"),
    path("play/matches/<int:pk>/", match_page, name="play-match"),
    path("play/matches/<int:pk>/table", match_table, name="play-table"),
    path("play/matches/<int:pk>/act", match_act, name="play-act"),
    path("play/matches/<int:pk>/concede", match_concede, name="play-concede"),
    path("play/matches/<int:pk>/accept", match_accept, name="play-accept"),
    path("play/matches/<int:pk>/start", match_start, name="play-start"),
    path("play/matches/<int:pk>/withdraw", match_withdraw, name="play-withdraw"),
    path("play/matches/<int:pk>/games/<int:number>/log", game_log, name="play-log"),
]
