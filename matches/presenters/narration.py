"""Narration of refereed play: how each seat hears an action (stored with it), the feed and the control
labels in the reader's language, and error texts with the cards a seat cannot see removed.

All of the prose about actions lives here, in one module, so that it can be replaced in one place
(issue 10: the engine's narrator of codes). The referee calls ``feed_line`` when it stores an entry
and ``refusal_text`` on the engine's refusals; the table's presenter calls the rest. The words
themselves are the engine's message codes (``engine.messages``), rendered by ``junling.engine_text``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.cards import CardDatabase
from engine.game import Action, IllegalAction, PaymentChoice, State
from engine.game.actions import ACTION_KINDS
from engine.game.narrate import describe, group_title, label
from engine.game.terms import Zone
from engine.messages import card
from junling import engine_text
from matches.models import RefereedEntry, RefereedGame
from matches.services.play import cache

CONCESSION = "concession"
"""The termination of a conceded game (``matches.services.play.referee`` writes it)."""


def visible_ids(state: State, seat: int) -> set[int]:
    """Every card id the observation of ``seat`` shows."""
    return ids_in(state.observation(seat))


def ids_in(observation: Any) -> set[int]:
    """Every card id an observation shows (nested dicts and lists; a card: a dict with an int ``id`` and a ``name``)."""
    found: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if "id" in value and "name" in value and isinstance(value["id"], int):
                found.add(value["id"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(observation)
    return found


# --- the engine's words: refusals and the feed are (code, params) messages, rendered by junling.engine_text ---


def refusal_text(state: State, seat: int, error: IllegalAction) -> str:
    """Why an action was refused, for ``seat``: a card he cannot see is "a card you cannot see"."""
    db = state.game.db
    return engine_text.render(error.message, viewer=seat, database=db, visible=visible_ids(state, seat))


def feed_line(state: State, action: Action, viewer: int) -> list[Any]:
    """How ``viewer`` hears ``action`` (about to be applied): ``[[code, params], ...]`` with card ids
    (engine.game.narrate.describe: a card the viewer cannot see is never in it)."""
    return [line.to_json() for line in describe(state, action, viewer)]


@dataclass
class Names:
    """Turns card names, seats and zones into text for one viewer in one language."""

    db: CardDatabase
    viewer: int
    players: list[str]
    language: str = "zh-hans"
    cache: dict[str, str] = field(default_factory=dict)

    def card(self, name: str) -> str:
        if name not in self.cache:
            card = self.db.lookup(name)
            self.cache[name] = card.display_name(self.language) if card is not None else name
        return self.cache[name]

    def seat(self, seat: int) -> str:
        if seat == self.viewer:
            return _("You")
        return self.players[seat]

    def zone(self, zone: str, owner: int) -> str:
        """A zone of ``owner``'s side, as the viewer calls it."""
        mine = owner == self.viewer
        z = Zone(zone)
        if z is Zone.FORTRESS:
            return _("自城内 (your fortress)") if mine else _("敌城内 (enemy fortress)")
        if (z is Zone.BORDER) == mine:
            return _("自城外 (your border)")
        return _("敌城外 (enemy border)")

    def line(self, entry: list[Any]) -> str:
        """A stored feed entry: ``[[code, params], ...]`` (or one ``[msgid, params]`` of older games)."""
        reader = engine_text.SiteReader(viewer=self.viewer, players=self.players, database=self.db, you=True)
        lines = [entry] if entry and isinstance(entry[0], str) else entry
        return " ".join(reader.render(line) for line in lines)


FEED_LIMIT = 200
"""The newest feed lines a table shows."""

# a key naming the game (pk, salt) and the reader -> (entries narrated, what the newest FEED_LIMIT entries said)
_FEEDS: dict[tuple[Any, ...], tuple[int, list[Any]]] = {}
MAX_FEEDS = 1024
"""Games x readers (seats, spectators) x languages whose narrated feed a process keeps (the oldest go first)."""


def feed(row: RefereedGame, viewer: Names) -> list[str]:
    """The viewer's feed lines of the game's ``row.steps`` entries, newest first (at most FEED_LIMIT)."""
    return feed_with_cards(row, viewer)[0]


def feed_with_cards(row: RefereedGame, viewer: Names) -> tuple[list[str], list[list[str]]]:
    """:func:`feed`, and the card names each line names (the table shows their texts), both newest first."""
    key = (row.pk, row.salt, viewer.viewer, viewer.language, get_language(), tuple(viewer.players))
    said = narrated_feed(key, row, lambda both: (viewer.line(both[viewer.viewer]), card_names_in(both[viewer.viewer])))
    return [line for line, _cards in said], [cards for _line, cards in said]


# (game pk, salt) -> (the entry number of the first kept, the stored feeds of the newest FEED_LIMIT entries)
_STORED: dict[tuple[int, str], tuple[int, list[Any]]] = {}
MAX_STORED = 1024
"""Games whose newest stored feeds a process keeps (the oldest go first): more than its live games (500 live
matches thrashed 256, each miss a read)."""


def note_stored(pk: int, salt: str, first: int, feeds: list[Any]) -> None:
    """Entries ``first``, ``first + 1``, ... of game ``pk`` were committed with these feeds
    (``cache.STORED_LISTENERS``): kept as if read, so the tables drawn for that change here read nothing.
    Kept after the game's kept feeds when they follow on, else alone (an older ``start`` reads afresh)."""
    key = (pk, salt)
    feeds = json.loads(json.dumps(feeds))  # as the database gives them back (lists, not tuples)
    kept = _STORED.get(key)
    if kept is not None and kept[0] + len(kept[1]) == first:
        first, feeds = kept[0], kept[1] + feeds
    drop = max(0, len(feeds) - FEED_LIMIT)
    _STORED.pop(key, None)
    _STORED[key] = (first + drop, feeds[drop:])
    while len(_STORED) > MAX_STORED:
        _STORED.pop(next(iter(_STORED)))


cache.STORED_LISTENERS.append(note_stored)


def stored_feeds(row: RefereedGame, start: int) -> list[Any]:
    """The stored feeds (both seats' lines) of the game's entries ``start`` to ``row.steps``; ``start`` is
    at most FEED_LIMIT entries back. Read once a process: every reader narrating the same new entries
    (the other seat, the spectators) takes them from here."""
    key = (row.pk, row.salt)
    first, feeds = _STORED.get(key, (0, []))
    end = first + len(feeds)
    if end > row.steps or start < first:  # a stale row, or older entries than kept: read afresh
        first, feeds, end = start, [], start
    if end < row.steps:
        fresh = RefereedEntry.objects.filter(game=row, n__gte=end, n__lt=row.steps).order_by("n")
        feeds = feeds + list(fresh.values_list("feed", flat=True))
        drop = max(0, len(feeds) - FEED_LIMIT)
        first, feeds = first + drop, feeds[drop:]
        _STORED.pop(key, None)
        _STORED[key] = (first, feeds)
        while len(_STORED) > MAX_STORED:
            _STORED.pop(next(iter(_STORED)))
    return feeds[start - first : row.steps - first]


def narrated_feed(key: tuple[Any, ...], row: RefereedGame, narrate: Callable[[Any], Any]) -> list[Any]:
    """What ``narrate`` makes of each of the game's ``row.steps`` stored feeds (None: nothing), newest first,
    of the newest FEED_LIMIT entries. ``key`` names the game (its pk and salt) and the reader.

    Stored entries never change, so each is narrated once a process for each reader and language: a table
    drawn after an action reads and narrates only the entries added since (usually one to three)."""
    done, lines = _FEEDS.get(key, (0, []))
    if done > row.steps:  # a stale row: narrate its entries afresh
        done, lines = 0, []
    if done < row.steps:
        start = max(done, row.steps - FEED_LIMIT)
        lines = (lines + [narrate(f) for f in stored_feeds(row, start)])[-FEED_LIMIT:]
        _FEEDS.pop(key, None)
        _FEEDS[key] = (row.steps, lines)
        while len(_FEEDS) > MAX_FEEDS:
            _FEEDS.pop(next(iter(_FEEDS)))
    return [line for line in reversed(lines) if line is not None]


def card_names_in(value: Any) -> list[str]:
    """The card names a stored feed line names (its params), in order, each once."""
    found: dict[str, None] = {}

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            if isinstance(v.get("name"), str) and ("card" in v or len(v) == 1):
                found.setdefault(v["name"])
            elif isinstance(v.get("card"), str):  # older games named the card only
                found.setdefault(v["card"])
            for key, item in v.items():
                if key == "list" and isinstance(item, list):  # older games: a list of card names
                    for n in item:
                        if isinstance(n, str):
                            found.setdefault(n)
                else:
                    walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    walk(value)
    return list(found)


def controls(state: State, seat: int, names: Names) -> list[dict[str, Any]]:
    """The legal actions of ``seat`` as controls: the engine's label for them (``narrate.label``) in the
    reader's language, its group (``Action.group``), the action's JSON, and for a payment or a choice
    the field the chosen cards go into (``PaymentChoice.field``) and the choices."""
    if state.current_player() != seat:
        return []
    visible = visible_ids(state, seat)
    reader = engine_text.SiteReader(viewer=seat, players=names.players, database=names.db, visible=visible)
    out: list[dict[str, Any]] = []
    for legal in state.legal_actions():
        template = legal.template if isinstance(legal, PaymentChoice) else legal
        control: dict[str, Any] = {
            "kind": template.kind,
            "group": template.group,
            "label": reader.render(label(state, legal)),
        }
        data = template.to_json()
        if isinstance(legal, PaymentChoice):
            data.pop(legal.field, None)
            control["field"] = legal.field
            control["pays"] = legal.pays
            control["count"] = legal.count
            control["choices"] = [
                {"id": c, "name": reader.param(card(state.names, c)) if isinstance(c, int) else names.card(str(c))}
                for c in legal.choices
            ]
        control["action"] = json.dumps(data, ensure_ascii=False)
        out.append(control)
    return out


def group_titles() -> list[tuple[str, str]]:
    """Every group of controls (``Action.group``) in the order of :data:`ACTION_KINDS`, with its title."""
    reader = engine_text.SiteReader()
    groups = dict.fromkeys(cls.group for cls in ACTION_KINDS.values() if cls.group)
    return [(g, reader.render(group_title(g))) for g in groups]


def game_reason(g: RefereedGame, names: Names) -> str:
    outcome = g.outcome or {}
    if outcome.get("termination") == CONCESSION:
        return _("%(who)s conceded") % {"who": names.seat(1 - int(outcome["winner"]))}
    if outcome.get("message"):
        reader = engine_text.SiteReader(viewer=names.viewer, players=names.players, database=names.db, you=True)
        return reader.render(outcome["message"])
    return str(outcome.get("reason", ""))
