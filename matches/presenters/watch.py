"""What a spectator of a refereed match sees: the board, the counts and the public feed, never a hand,
a deck's order or a card only one seat was shown; optionally with a delay (the tournament's
``spectator_delay``: only entries older than it are shown).

Built from the stored entries: the state after the entries the spectator may see, and from it the
public observation (each side as the *other* seat sees it, so a hand, an unrevealed COMMAND, a
face-down payment or a private choice never appear). Nothing here writes. Who may watch, and with
which delay, is ``matches.access``; time is ``matches.services.play.windows.now`` (tests set it).
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from accounts.names import display_name
from engine.game import State, action_from_json
from junling import engine_text
from matches.access import spectatable, spectator_delay
from matches.models import Match, Pod, RefereedEntry, RefereedGame, RefereedMatch
from matches.presenters.narration import Names, narrated_feed
from matches.presenters.play import display_names, games_of_match, poll_attributes
from matches.services.play import cache, windows

FEED_LIMIT = 200
"""The newest feed lines a spectator is shown."""
_CARD_KEYS = ('"card"', '"cards"', '"name"', '"names"')


def public_observation(state: State) -> dict[str, Any]:
    """What both seats see alike: each side as its opponent sees it; a pending payment and a choice as
    the seat not making them sees them."""
    obs = [state.observation(0), state.observation(1)]
    public = dict(obs[0])
    public["player"] = None
    public["sides"] = [obs[1]["sides"][0], obs[0]["sides"][1]]
    public["pending"] = obs[1 - state.active]["pending"] if state.active in (0, 1) else None
    if "choice" in public:
        public["choice"] = obs[1 - int(public["choice"]["player"])]["choice"]
    return public


def public_line(both: list[Any]) -> list[Any] | None:
    """One entry's feed as a spectator hears it: what both seats heard alike; where they heard it
    differently, the line that names no card (the other seat's "drew a card"); else nothing."""
    if not both or len(both) != 2:
        return None
    if both[0] == both[1]:
        return both[0]
    for line in both:
        if not any(key in json.dumps(line) for key in _CARD_KEYS):
            return line
    return None


def _render(reader: engine_text.SiteReader, entry: list[Any]) -> str:
    """A stored feed entry ``[[code, params], ...]`` (or one ``[msgid, params]`` of older games) as text."""
    lines = [entry] if entry and isinstance(entry[0], str) else entry
    return " ".join(reader.render(line) for line in lines)


def _state_after(row: RefereedGame, steps: int) -> State:
    if steps == row.steps:
        return cache.load_state(row)
    state = cache.initial_state(row)
    for data in RefereedEntry.objects.filter(game=row).order_by("n").values_list("action", flat=True)[:steps]:
        state.apply(action_from_json(data))
    return state


def cutoff(delay: int, now: datetime.datetime | None = None) -> datetime.datetime | None:
    """The newest moment a spectator with ``delay`` seconds may see (None: no delay)."""
    if delay <= 0:
        return None
    return (now or windows.now()) - datetime.timedelta(seconds=delay)


def spectator_view(match: Match, user: Any, language: str = "zh-hans") -> dict[str, Any]:
    """The spectator's table of ``match`` (the caller checked ``can_spectate``)."""
    delay = spectator_delay(match, user)
    until = cutoff(delay)
    players = display_names(match)
    every = games_of_match(match)  # the games, their refereed match and card database (none after current_of)
    if every:
        refereed = every[0].refereed_match
    else:
        refereed = RefereedMatch.objects.select_related("database_version").get(match=match)
    names = Names(refereed.database_version.to_engine(), -1, players, language)
    rows = every if until is None else [g for g in every if g.created_at <= until]
    row = rows[-1] if rows else None

    def over(g: RefereedGame) -> bool:
        return g.finished_at is not None and (until is None or g.finished_at <= until)

    match_over = match.is_finished and (until is None or (match.finished_at is not None and match.finished_at <= until))
    wins = [sum(1 for g in rows if over(g) and g.outcome and g.outcome["winner"] == s) for s in (0, 1)]
    view: dict[str, Any] = {
        "match": match.pk,
        "players": players,
        "best_of": match.best_of,
        "score": wins,
        "delay": delay,
        "match_over": match_over,
        "waiting": row is None,
    }
    if row is None:
        view["version"] = f"0.0.{int(match_over)}"
        return view
    entries = RefereedEntry.objects.filter(game=row)
    if until is not None:
        entries = entries.filter(created_at__lte=until)
    steps = entries.count() if until is not None else row.steps
    state = _state_after(row, steps)
    # No viewer: seats by name, zones by owner (a spectator has no "your" side).
    reader = engine_text.SiteReader(viewer=None, players=players, database=names.db)
    if until is None:
        key = (row.pk, row.salt, "public", get_language(), tuple(players))
        feed = narrated_feed(key, row, lambda both: _render(reader, line) if (line := public_line(both)) else None)
    else:
        feed_rows = entries.order_by("-n").values_list("feed", flat=True)[:FEED_LIMIT]
        feed = [_render(reader, line) for line in (public_line(f) for f in feed_rows) if line]
    obs = public_observation(state)
    view.update(
        {
            "game": row.number,
            "step": steps,
            "game_over": over(row),
            "observation": obs,
            "board": _board(obs, names),
            "feed": feed,
            "to_act": players[state.current_player()] if state.current_player() in (0, 1) else "",
        }
    )
    view["version"] = f"{row.number}.{steps}.{int(view['game_over'])}.{int(match_over)}"
    return view


def _board(obs: dict[str, Any], names: Names) -> dict[str, Any]:
    """Both sides for a spectator: seat 0 (player A) below, seat 1 above."""

    def gen(g: dict[str, Any]) -> dict[str, Any]:
        return {**g, "display": names.card(g["name"]), "equipment": [names.card(e["name"]) for e in g["equipment"]]}

    sides = []
    for seat in (1, 0):
        side = obs["sides"][seat]
        sides.append(
            {
                "seat": seat,
                "name": names.players[seat],
                "side": side,
                "command": names.card(side["command"]["name"]) if side["command"] else "",
                "casualty": [names.card(c["name"]) for c in side["casualty"]],
                "zones": [
                    {"zone": zone, "generals": [gen(g) for g in side["generals"] if g["zone"] == zone]}
                    for zone in ("fortress", "border", "enemy_border")
                ],
            }
        )
    return {
        "sides": sides,
        "advantage": names.card(obs["advantage"]["name"]) if obs["advantage"] else "",
        "stack": [names.card(c["name"]) for c in obs["stack"]],
    }


def zone_title(zone: str) -> str:
    if zone == "fortress":
        return _("Fortress")
    if zone == "border":
        return _("Border")
    return _("Enemy border")


def watch_context(match: Match, user: Any, language: str) -> dict[str, Any]:
    view = spectator_view(match, user, language)
    for side in view.get("board", {}).get("sides", []):
        for zone in side["zones"]:
            zone["title"] = zone_title(zone["zone"])
    view["poll"] = poll_attributes("matches:watch-table", match.pk, view["version"], 3000, view["match_over"])
    return {"match": match, "view": view}


def undelayed_version(match: Match, row: RefereedGame | None) -> str:
    """The version :func:`spectator_view` gives a spectator without a delay, from the match and its current
    game (``cache.current_game``) alone: a pushed spectator table is looked up by it."""
    if row is None:
        return f"0.0.{int(match.is_finished)}"
    return f"{row.number}.{row.steps}.{int(row.finished_at is not None)}.{int(match.is_finished)}"


# --- the list of games to watch ---------------------------------------------------------------------


def watchable_matches(user: Any, limit: int = 100) -> list[Match]:
    """Live refereed games ``user`` may watch: public games, feature tables, every table of his events."""
    live = (
        Match.objects.filter(refereed__isnull=False, status=Match.Status.PLAYING)
        .select_related("player_a", "player_b", "tournament")
        .order_by("-created_at", "-id")
    )
    return list(spectatable(user, live)[:limit])


def watch_list_context(user: Any) -> dict[str, Any]:
    rows = []
    for m in watchable_matches(user):
        names = display_names(m)
        rows.append(
            {
                "match": m,
                "players": names,
                "tournament": m.tournament,
                "featured": m.featured,
                "table": m.table,
            }
        )
    return {"rows": rows}


def spectator_settings_context(tournament: Any) -> dict[str, Any]:
    """An organiser's spectator settings page: the tables being played now (the pairings still pending or
    playing, the unfinished pods played on the site's tables), each with whether it is featured and where it
    is watched (a refereed match's spectator page, or the board-game table of a pod or a wargame pairing once
    it is played)."""

    def board_watch(table: Any) -> str | None:
        if table is not None and table.status == "playing":
            return reverse("tables:watch", args=[table.pk])
        return None

    rows: list[dict[str, Any]] = []
    matches = (
        Match.objects.filter(tournament=tournament, status__in=[Match.Status.PENDING, Match.Status.PLAYING])
        .select_related("player_a", "player_a__profile", "player_b", "player_b__profile", "round", "board_table")
        .order_by("-round__number", "table", "id")
    )
    for m in matches:
        watch = board_watch(m.board_table)
        if watch is None and m.board_table_id is None and m.status == Match.Status.PLAYING:
            watch = reverse("matches:watch-match", args=[m.pk])
        players = [display_name(m.player_a), display_name(m.player_b) if m.player_b else "—"]
        feature = reverse("matches:tournament-feature-table", args=[tournament.pk, m.pk])
        row = {"table": m.table, "players": players, "featured": m.featured, "feature": feature, "watch": watch}
        rows.append(row | {"kind": "match", "id": m.pk})
    pods = (
        Pod.objects.filter(tournament=tournament, board_table__isnull=False)  # a pod played on paper: nothing to watch
        .exclude(status=Pod.Status.FINISHED)
        .select_related("round", "board_table")
        .prefetch_related("seats__player__profile")
        .order_by("-round__number", "table", "id")
    )
    for pod in pods:
        players = [display_name(s.player) for s in sorted(pod.seats.all(), key=lambda s: s.seat)]
        feature = reverse("matches:tournament-feature-pod", args=[tournament.pk, pod.pk])
        watch = board_watch(pod.board_table)
        row = {"table": pod.table, "players": players, "featured": pod.featured, "feature": feature, "watch": watch}
        rows.append(row | {"kind": "pod", "id": pod.pk})
    return {"tournament": tournament, "rows": rows}
