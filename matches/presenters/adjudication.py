"""What the adjudication pages show: the index (logs, games, tournaments to replay), a verdict's report,
and the step-through viewer with both hands visible."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html
from django.utils.translation import gettext as _

from accounts.names import display_name
from engine.log import load_log
from engine.messages import MESSAGES
from junling import engine_text
from matches import access
from matches.access import seat_of
from matches.models import Adjudication, MatchGame, RefereedGame, Ruling
from matches.presenters.play import display_names
from matches.services import adjudication as services

INDEX_ADJUDICATIONS = 50
INDEX_GAMES = 100
INDEX_TOURNAMENTS = 50


def index_page(user: Any, *, error: str = "") -> dict[str, Any]:
    return {
        "adjudications": access.visible_adjudications(user)[:INDEX_ADJUDICATIONS],
        "games": access.games_to_adjudicate(user)[:INDEX_GAMES],
        "can_upload": access.can_upload_logs(user),
        "tournaments": access.tournaments_to_replay(user)[:INDEX_TOURNAMENTS],
        "limit_mib": services.MAX_LOG_UPLOAD_BYTES // (1024 * 1024),
        "error": error,
    }


def report(adjudication: Adjudication) -> dict[str, Any]:
    """The verdict and the seats' names as the log's header gives them."""
    verdict = adjudication.verdict or {}
    players = verdict.get("players") or []
    names = [p.get("name", f"player {i}") if isinstance(p, dict) else str(p) for i, p in enumerate(players)]
    return {"verdict": verdict, "seat_names": names}


def action_words(action: Any, database: Any = None) -> str:
    """A log entry's action in the reader's language: its kind in words, then the cards and values it names
    (``melee: 关羽, 张辽``), never the raw dict."""
    if not isinstance(action, dict):
        return str(action)
    reader = engine_text.SiteReader(database=database)
    kind = str(action.get("type", ""))
    words = reader.translate(MESSAGES.get(f"action.{kind}", kind))
    values = []
    for key, value in action.items():
        if key == "type" or value is None or isinstance(value, (dict, list)):
            continue
        values.append(reader.card_name(value) if isinstance(value, str) else str(value))
    return f"{words}: {', '.join(values)}" if values else words


def illegal_seat_of(actor: Any, names: list[str]) -> dict[str, Any]:
    """Who played the first illegal entry, for a sentence: the seat counted from 1 and its name; nothing for
    chance (a die, a shuffle, a draw) or an entry with no actor."""
    if isinstance(actor, bool) or not isinstance(actor, int) or actor < 0:
        return {"illegal_seat": None, "illegal_name": ""}
    name = names[actor] if actor < len(names) else ""
    if not name:
        return {"illegal_seat": actor + 1, "illegal_name": _("Seat %(n)s") % {"n": actor + 1}}
    # the log's own name for the seat: data, in whatever script the players wrote it (not a word to translate)
    return {"illegal_seat": actor + 1, "illegal_name": format_html('<bdi translate="no">{}</bdi>', name)}


def detail_page(adjudication: Adjudication, user: Any = None) -> dict[str, Any]:
    context: dict[str, Any] = {"a": adjudication, **report(adjudication)}
    if adjudication.game_id is None and user is not None:
        context["attachable"] = list(access.matches_to_attach(user)[:200])
    first = (adjudication.verdict or {}).get("first_illegal")
    if first:
        database = adjudication.database_version.to_engine() if adjudication.database_version else None
        context["illegal_action"] = action_words(first.get("action"), database)
        context.update(illegal_seat_of(first.get("actor"), context["seat_names"]))
    if adjudication.game_id is not None:
        context["winner_choices"] = Ruling.Winner.choices
        context["suggested"] = services.suggested_winner(adjudication) if adjudication.is_done else ""
        context["rulings"] = adjudication.rulings.select_related("judge")
        context["game"] = adjudication.game
        context["game_reason"] = game_reason(adjudication.game)
    return context


def game_reason(game: MatchGame | None) -> str:
    """Why a match game ended, in the reader's language (the engine's message; else the stored text)."""
    if game is None:
        return ""
    said = engine_text.said(game.said)
    if said is None:
        return game.reason
    match = game.match
    players = [display_name(p) for p in (match.player_a, match.player_b)]
    return engine_text.render(said, players=players if all(players) else None)


def step_page(adjudication: Adjudication, index: int, language: str) -> dict[str, Any]:
    """Entry ``index`` of the replayed log (clamped), the entries around it, and both players' boards."""
    view = services.step_view(adjudication, index)
    players = None
    if view.state is not None and adjudication.database_version is not None:
        players = services.board(view.state, adjudication.database_version.to_engine(), language)
    return {
        "a": adjudication,
        "view": view,
        "players": players,
        "prev": max(0, view.index - 1),
        "next": min(view.total - 1, view.index + 1) if view.total else 0,
        "last": max(0, view.total - 1),
        **report(adjudication),
    }


def replay_page(match: Any, user: Any, number: int, index: int, language: str) -> dict[str, Any] | None:
    """A player's replay of his own game ``number`` once the match is over (``access.can_download_logs``): the
    judge's step viewer over the game's signed log, said to the player ("you", zones from his side) with
    his seat first. It shows what his log shows, both hands included (docs/accounts.md "My games").
    None when the game has no log."""
    row = (
        RefereedGame.objects.select_related("log", "refereed_match__database_version")
        .filter(refereed_match__match=match, number=number)
        .first()
    )
    if row is None or row.log is None:
        return None
    seat = seat_of(match, user)
    names = display_names(match)
    database = row.refereed_match.database_version.to_engine()
    reader = engine_text.SiteReader(viewer=seat, players=names, database=database, you=seat is not None)
    total = len(load_log(row.log.content).get("entries", []))
    view = services.step_through(row.log.content, database, total, index, reader)
    players = services.board(view.state, database, language) if view.state is not None else None
    if players is not None and seat is not None:
        players.sort(key=lambda p: p["seat"] != seat)  # his own seat first
    seat_names = [_("You") if s == seat else names[s] for s in (0, 1)]
    return {
        "match": match,
        "number": number,
        "view": view,
        "players": players,
        "seat_names": seat_names,
        "prev": max(0, view.index - 1),
        "next": min(view.total - 1, view.index + 1) if view.total else 0,
        "last": max(0, view.total - 1),
    }
