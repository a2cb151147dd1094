"""What a player's table of a refereed match shows, and the play pages' lists.

Built only from the stored game and ``state.observation(seat)``; nothing here writes. A response
window that has run out is shown as expired (from its stored deadline) until the timeout task or the
next state-changing request applies the referee's pass.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from accounts.names import display_name
from decks.models import DeckVersion
from engine.game.players import INTERACTIVE as BOTS
from junling.bots import bot_label
from junling.prepared import Prepared
from matches.access import access_seat, seat_of, startable_matches
from matches.models import Match, RefereedGame, RefereedMatch
from matches.presenters.clock import ending_view
from matches.presenters.narration import Names, controls, feed_with_cards, game_reason, group_titles
from matches.presenters.table_info import table_info
from matches.services.play import cache, clock, windows


def version_text(game: int, steps: int, over: bool, status: str, expired: bool = False, ending: str = "") -> str:
    """The table version: game number, stored steps, whether the game is over, the match status,
    whether an open window has run out (so that a polling page redraws when it does), and ``ending``
    (a draw offer, a clock run out: ``ending_version``)."""
    return f"{game}.{steps}.{int(over)}.{status}" + (".expired" if expired else "") + ending


def ending_version(row: RefereedGame | None) -> str:
    """The part of the version a draw offer or a clock that ran out changes."""
    if row is None or row.finished_at is not None:
        return ""
    offer = "" if row.draw_offered_by is None else f".draw{row.draw_offered_by}"
    return offer + (".flag" if clock.flagged(row) is not None else "")


def table_version(match: Match) -> str:
    """A short text that changes whenever a player's table would change (polls compare it; no view is built)."""
    status = Match.objects.filter(pk=match.pk).values_list("status", flat=True).first() or ""
    return version_of(status, cache.current_game(match))


def version_of(status: str, row: RefereedGame | None) -> str:
    """:func:`table_version` of a match whose status and current game (or None) the caller has read."""
    if row is None:
        return version_text(0, 0, False, status)
    expired = False
    if row.finished_at is None:
        state = cache.peek_state(row)
        expired = windows.is_open(row, state) and windows.is_due(windows.response_deadline(row, state))
    return version_text(row.number, row.steps, row.finished_at is not None, status, expired, ending_version(row))


def current_of(match_id: int) -> tuple[Match, RefereedGame | None]:
    """The match and its current game (``cache.current_game``) in one query when it has a game: what a
    pushed table starts from (its players, tournament and card database joined). The query reads every
    game of the match (one to a few rows): the match keeps them for its table (``games_of_match``), which then
    needs no query of its own for the score."""
    games = _CURRENT_OF.all(match_id)
    if games:
        row = games[-1]
        match = row.refereed_match.match
        match.__dict__[GAMES] = games
        return match, row
    return Match.objects.select_related("player_a", "player_b", "tournament").get(pk=match_id), None


GAMES = "_current_games"
"""Where a match read by :func:`current_of` keeps its games (the same read as its current game)."""


def games_of_match(match: Match) -> list[RefereedGame]:
    """Every game of ``match``, oldest first: those :func:`current_of` read with it, else one query."""
    games = match.__dict__.get(GAMES)
    return games if games is not None else cache.games_of(match.pk)


_CURRENT_OF = Prepared(
    lambda match_id: (
        RefereedGame.objects.select_related(
            "refereed_match__match__player_a",
            "refereed_match__match__player_b",
            "refereed_match__match__player_a__profile",
            "refereed_match__match__player_b__profile",
            "refereed_match__match__tournament",
            "refereed_match__database_version",
        )
        .filter(refereed_match__match_id=match_id)
        .order_by("number")
    ),
    0,
)
"""The query of :func:`current_of`, compiled once a process (``junling.prepared``)."""


def display_names(match: Match) -> list[str]:
    """The two players' names as the page shows them: a bot by its label in the reader's language, the
    empty seat of an open challenge (the lobby) as such."""
    if match.player_b is None and not match.bot:
        return [display_name(match.player_a), _("an opponent from the lobby")]
    return [display_name(match.player_a), display_name(match.player_b) if match.player_b else bot_label(match.bot)]


def player_view(match: Match, user: Any, language: str = "zh-hans") -> dict[str, Any]:
    """Everything the user's page or API answer shows: built only from ``state.observation(seat)``."""
    return _player_view(match, user, language)[0]


def _player_view(match: Match, user: Any, language: str) -> tuple[dict[str, Any], RefereedGame | None]:
    """:func:`player_view` and the current game it was built from (the last of the match's games)."""
    seat = access_seat(match, user)
    # Every game of the match (one query, or none after current_of); the last is the current one.
    games = games_of_match(match)
    row = games[-1] if games else None
    players = display_names(match)
    if row is not None:
        refereed = row.refereed_match
        refereed.match = match
    else:
        refereed = RefereedMatch.objects.select_related("database_version").get(match=match)
    names = Names(refereed.database_version.to_engine(), seat, players, language)
    wins = [sum(1 for g in games if g.outcome and g.outcome["winner"] == s) for s in (0, 1)]
    view: dict[str, Any] = {
        "match": match.pk,
        "seat": seat,
        "players": players,
        "opponent": players[1 - seat],
        "best_of": match.best_of,
        "status": match.status,
        "score": {"you": wins[seat], "opponent": wins[1 - seat]},
        "games": [
            {
                "number": g.number,
                "over": g.finished_at is not None,
                "winner": None
                if not g.outcome or g.outcome["winner"] is None
                else names.seat(int(g.outcome["winner"])),
                "drawn": bool(g.outcome and g.outcome["winner"] is None),
                "you_won": bool(g.outcome and g.outcome["winner"] == seat),
                "reason": "" if not g.outcome else game_reason(g, names),
                "log_id": g.log_id if match.is_finished else None,
            }
            for g in games
        ],
        "waiting": row is None,
        "to_accept": row is None and seat == 1,
        "match_over": match.is_finished,
    }
    view.update(ending_view(refereed, row, seat, bool(match.bot)))
    if row is None:
        return view, row
    state = cache.load_state(row)
    deadline = windows.response_deadline(row, state)
    now = windows.now()
    expired = windows.is_due(deadline, now)
    lines, line_cards = feed_with_cards(row, names)
    view.update(
        {
            "game": row.number,
            "step": row.steps,
            "observation": state.observation(seat),
            # A window that ran out waits for the referee's pass: nobody may answer it any more.
            "your_turn": state.current_player() == seat and not expired,
            "controls": [] if expired else controls(state, seat, names),
            "feed": lines,
            "deadline": deadline.isoformat() if deadline else None,
            "seconds_left": max(0, int((deadline - now).total_seconds())) if deadline else None,
            "window_expired": expired,
            "game_over": row.finished_at is not None,
        }
    )
    view["board"] = _board(view["observation"], seat, names)
    view.update(table_info(view["observation"], names, view["feed"], line_cards))
    return view, row


def table_context(match: Match, user: Any, language: str, error: Any = None) -> dict[str, Any]:
    """The table fragment's context: the player's view, its controls grouped, its version, and ``poll``:
    the attributes that make the fragment poll (``matches.presenters.fragments`` drops them from a
    pushed table)."""
    view, row = _player_view(match, user, language)
    groups: dict[str, list[dict[str, Any]]] = {}
    for control in view.get("controls", []):
        groups.setdefault(control["group"], []).append(control)
    view["groups"] = [
        {"key": key, "title": title, "controls": groups[key]} for key, title in group_titles() if key in groups
    ]
    view["version"] = version_text(
        view.get("game", 0),
        view.get("step", 0),
        bool(view.get("game_over")),
        view["status"],
        bool(view.get("window_expired")),
        ending_version(row),
    )
    view["poll"] = poll_attributes("matches:play-table", match.pk, view["version"], 1500, view["match_over"])
    return {"match": match, "view": view, "error": error}


def poll_attributes(url_name: str, pk: int, version: str, every_ms: int, over: bool) -> str:
    """The htmx attributes by which a table's fragment polls ``url_name`` (none once the match is over)."""
    if over:
        return ""
    url = reverse(url_name, args=[pk])
    return format_html(' hx-get="{}?v={}" hx-trigger="every {}ms" hx-swap="outerHTML"', url, version, every_ms)


def api_view(match: Match, user: Any, language: str) -> dict[str, Any]:
    """The API's answer: the player's view without the page's arrangement (the observation holds the same)."""
    view = player_view(match, user, language)
    for page_only in ("board", "card_texts", "feed_items"):
        view.pop(page_only, None)
    return view


def _board(obs: dict[str, Any], seat: int, names: Names) -> dict[str, Any]:
    """The observation arranged for the page: rows from the opponent's fortress down to the viewer's."""
    me, them = obs["sides"][seat], obs["sides"][1 - seat]

    def gen(g: dict[str, Any], owner: int) -> dict[str, Any]:
        return {
            **g,
            "display": names.card(g["name"]),
            "mine": owner == seat,
            "equipment": [{**e, "display": names.card(e["name"])} for e in g["equipment"]],
        }

    def at(side: dict[str, Any], owner: int, zone: str) -> list[dict[str, Any]]:
        return [gen(g, owner) for g in side["generals"] if g["zone"] == zone]

    rows = [
        {"name": names.zone("fortress", 1 - seat), "generals": at(them, 1 - seat, "fortress")},
        {
            "name": names.zone("border", 1 - seat),
            "generals": at(them, 1 - seat, "border") + at(me, seat, "enemy_border"),
        },
        {"name": names.zone("border", seat), "generals": at(me, seat, "border") + at(them, 1 - seat, "enemy_border")},
        {"name": names.zone("fortress", seat), "generals": at(me, seat, "fortress")},
    ]
    return {
        "rows": rows,
        "hand": [{**c, "display": names.card(c["name"])} for c in me.get("hand", [])],
        "me": me,
        "them": them,
        "my_casualty": [names.card(c["name"]) for c in me["casualty"]],
        "their_casualty": [names.card(c["name"]) for c in them["casualty"]],
        "my_command": names.card(me["command"]["name"]) if me["command"] else "",
        "their_command": names.card(them["command"]["name"]) if them["command"] else "",
        "advantage": names.card(obs["advantage"]["name"]) if obs["advantage"] else "",
        "stack": [names.card(c["name"]) for c in obs["stack"]],
    }


# --- the play pages' lists ------------------------------------------------------------------------


def my_versions(user: Any) -> list[DeckVersion]:
    """The newest version of each of the user's decks (the ones he may play with)."""
    versions = DeckVersion.objects.filter(deck__owner=user).select_related("deck", "card_database_version")
    newest: dict[int, DeckVersion] = {}
    for v in versions.order_by("deck__name", "-number"):
        newest.setdefault(v.deck_id, v)
    return list(newest.values())


def home_context(user: Any, error: str = "") -> dict[str, Any]:
    """The play page: the user's decks and the bots."""
    return {"versions": my_versions(user), "bots": list(BOTS), "error": error}


def my_matches(user: Any) -> list[Match]:
    """The user's refereed matches, newest first (challenges waiting included)."""
    return list(
        Match.objects.filter(Q(player_a=user) | Q(player_b=user), refereed__isnull=False)
        .select_related("player_a", "player_b", "refereed")
        .order_by("-created_at", "-id")
    )


def tournament_matches_to_play(user: Any) -> list[Match]:
    """The user's tournament matches he may start refereed, newest first."""
    return list(
        startable_matches(user)
        .select_related("player_a", "player_b", "tournament", "round")
        .order_by("-created_at", "-id")
    )


def my_matches_context(user: Any) -> dict[str, Any]:
    """The "my matches" page: refereed matches with the opponent and score, tournament matches to start."""
    rows = []
    for match in my_matches(user):
        seat = seat_of(match, user)
        rows.append(
            {
                "match": match,
                "opponent": display_names(match)[1 - seat] if seat is not None else "",
                "to_accept": match.status == Match.Status.PENDING and seat == 1,
                "score": (match.games_won_a, match.games_won_b)
                if seat == 0
                else (match.games_won_b, match.games_won_a),
            }
        )
    tournament = [
        {"match": m, "opponent": display_name(m.player_b if m.player_a_id == user.pk else m.player_a)}
        for m in tournament_matches_to_play(user)
    ]
    return {"rows": rows, "tournament": tournament, "versions": my_versions(user)}
