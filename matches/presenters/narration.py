"""Narration of refereed play: how each seat hears an action (stored with it), the feed and the control
labels in the reader's language, and error texts with the cards a seat cannot see removed.

All of the prose about actions lives here, in one module, so that it can be replaced in one place
(issue 10: the engine's narrator of codes). The referee calls ``feed_line`` when it stores an entry
and ``refusal_text`` on the engine's refusals; the table's presenter calls the rest. The words
themselves are the engine's message codes (``engine.messages``), rendered by ``junling.engine_text``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from engine.cards import CardDatabase
from engine.game import Action, IllegalAction, PaymentChoice, State
from engine.game.actions import ACTION_KINDS
from engine.game.narrate import describe, group_title, label
from engine.game.terms import Zone
from engine.messages import card
from junling import engine_text
from matches.models import RefereedEntry, RefereedGame

CONCESSION = "concession"
"""The termination of a conceded game (``matches.services.play.referee`` writes it)."""


def visible_ids(state: State, seat: int) -> set[int]:
    """Every card id the observation of ``seat`` shows."""
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

    walk(state.observation(seat))
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
        reader = engine_text.SiteReader(viewer=self.viewer, players=self.players, database=self.db)
        lines = [entry] if entry and isinstance(entry[0], str) else entry
        return " ".join(reader.render(line) for line in lines)


def feed(row: RefereedGame, viewer: Names, *, limit: int = 200) -> list[str]:
    """The viewer's feed lines of a game, newest first."""
    rows = RefereedEntry.objects.filter(game=row).order_by("-n").values_list("feed", flat=True)[:limit]
    return [viewer.line(f[viewer.viewer]) for f in rows]


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
        reader = engine_text.SiteReader(viewer=names.viewer, players=names.players, database=names.db)
        return reader.render(outcome["message"])
    return str(outcome.get("reason", ""))
