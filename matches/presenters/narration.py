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
from engine.game import (
    Action,
    ActivateEffect,
    ChooseCommandment,
    Discard,
    EndTurn,
    Equip,
    IllegalAction,
    Melee,
    Move,
    Pass,
    PaymentChoice,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Siege,
    State,
    recruitment,
)
from engine.game.narrate import describe
from engine.game.terms import Zone
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
    """The legal actions of ``seat`` as controls: label, the action's JSON, and for a payment the choices."""
    if state.current_player() != seat:
        return []
    visible = visible_ids(state, seat)
    nm = state.names

    def card(c: int) -> str:
        return names.card(nm[c]) if c in visible else _("a card you cannot see")

    out: list[dict[str, Any]] = []
    for legal in state.legal_actions():
        template = legal.template if isinstance(legal, PaymentChoice) else legal
        control: dict[str, Any] = {"kind": template.kind, "label": _label(state, template, card, names)}
        data = template.to_json()
        if isinstance(legal, PaymentChoice):
            data.pop(legal.field, None)
            control["field"] = legal.field
            control["count"] = legal.count
            control["choices"] = [
                {"id": c, "name": card(c) if isinstance(c, int) else names.card(str(c))} for c in legal.choices
            ]
        control["action"] = json.dumps(data, ensure_ascii=False)
        out.append(control)
    return out


def _label(state: State, a: Action, card: Any, names: Names) -> str:
    if isinstance(a, ChooseCommandment):
        return _("No commandment") if a.card is None else _("Choose the commandment %(card)s") % {"card": card(a.card)}
    if isinstance(a, Recruit):
        cost = recruitment.recruitment_cost(state, state.active, a.card)
        return _("Recruit %(card)s (cost %(cost)s)") % {"card": card(a.card), "cost": cost}
    if isinstance(a, Equip):
        return _("Equip %(card)s on %(general)s") % {"card": card(a.card), "general": card(a.general)}
    if isinstance(a, PlayEvent):
        return _("Play the event %(card)s") % {"card": card(a.card)}
    if isinstance(a, PlayTactic):
        return _("%(general)s executes %(card)s") % {"card": card(a.card), "general": card(a.executor)}
    if isinstance(a, PlayAdvantage):
        return _("Place the advantage %(card)s") % {"card": card(a.card)}
    if isinstance(a, ActivateEffect):
        return _("Activate the effect of %(card)s") % {"card": card(a.source)}
    if isinstance(a, Move):
        return _("Move %(card)s to %(zone)s") % {"card": card(a.general), "zone": names.zone(a.to.value, state.active)}
    if isinstance(a, Melee):
        return _("%(card)s attacks %(target)s") % {"card": card(a.attacker), "target": card(a.defender)}
    if isinstance(a, Siege):
        return _("%(card)s besieges (ruling G7)") % {"card": card(a.general)}
    if isinstance(a, EndTurn):
        return _("End turn")
    if isinstance(a, PlayCounter):
        return _("Answer with the counter %(card)s") % {"card": card(a.card)}
    if isinstance(a, Pass):
        return _("Let it resolve")
    if isinstance(a, Discard):
        return _("Discard down to the hand limit")
    if a.kind == "choose":
        return _("Choose the cards the text asks for")
    if a.kind == "name_cards":
        return _("Name the cards your commandment forbids the enemy")
    return a.kind


def game_reason(g: RefereedGame, names: Names) -> str:
    outcome = g.outcome or {}
    if outcome.get("termination") == CONCESSION:
        return _("%(who)s conceded") % {"who": names.seat(1 - int(outcome["winner"]))}
    if outcome.get("message"):
        reader = engine_text.SiteReader(viewer=names.viewer, players=names.players, database=names.db)
        return reader.render(outcome["message"])
    return str(outcome.get("reason", ""))
