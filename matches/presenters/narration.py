"""Narration of refereed play: how each seat hears an action (stored with it), the feed and the control
labels in the reader's language, and error texts with the cards a seat cannot see removed.

All of the prose about actions lives here, in one module, so that it can be replaced in one place
(issue 10: the engine's narrator of codes). The referee calls ``feed_line`` when it stores an entry
and ``sanitise`` on the engine's refusals; the table's presenter calls the rest.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine.cards import CardDatabase
from engine.game import (
    Action,
    ActivateEffect,
    ChooseCommandment,
    CoinFlip,
    Discard,
    EndTurn,
    Equip,
    Melee,
    Move,
    Pass,
    PaymentChoice,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Reveal,
    Siege,
    State,
    recruitment,
)
from engine.game.terms import Area, Zone
from matches.models import RefereedEntry, RefereedGame

CONCESSION = "concession"
"""The termination of a conceded game (``matches.services.play.referee`` writes it)."""

_LABEL = re.compile(r"(\S+) \(#(\d+)\)")


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


def sanitise(state: State, seat: int, text: str) -> str:
    """``text`` with every card ``seat`` cannot see removed: labels become "a hidden card", and a text that still
    names a hidden card (not also a visible one) is replaced by a neutral sentence."""
    visible = visible_ids(state, seat)
    names = state.names

    def label(m: re.Match[str]) -> str:
        card = int(m.group(2))
        if card in visible:
            return m.group(0)
        return _("a card you cannot see")

    text = _LABEL.sub(label, text)
    seen_names = {names[c] for c in visible}
    hidden_names = {names[c] for c in range(len(names)) if c not in visible} - seen_names
    if any(name in text for name in hidden_names):
        return _("that action names a card you cannot see")
    return text


def _card(name: str) -> dict[str, str]:
    return {"card": name}


def feed_line(state: State, action: Action, viewer: int) -> list[Any]:
    """How ``viewer`` hears ``action`` (about to be applied): [msgid, params]; card params are {"card": name}.

    Hidden information stays hidden: a draw is named to its owner only, a payment to its payer only,
    cards put into DISCARD from RESOURCE to nobody.
    """
    names = state.names
    actor = state.current_player()
    own = actor == viewer
    who = {"seat": actor}

    def paid(cards: tuple[int, ...]) -> Any:
        if not cards:
            return ""
        if own:
            return {"cards": [names[c] for c in cards]}
        return {"count": len(cards)}

    if isinstance(action, CoinFlip):
        return [gettext_noop("The coin falls: %(who)s goes first (ruling G1)."), {"who": {"seat": action.first_player}}]
    if isinstance(action, Reveal):
        assert state.chance is not None
        owner, dest = state.chance[0], state.chance[2]
        if dest is Area.HAND:
            if owner == viewer:
                return [gettext_noop("%(who)s: draw %(card)s."), {"who": {"seat": owner}, "card": _card(action.card)}]
            return [gettext_noop("%(who)s: draw a card."), {"who": {"seat": owner}}]
        return [gettext_noop("%(who)s: the top card of RESOURCE goes to DISCARD, face down."), {"who": {"seat": owner}}]
    if isinstance(action, ChooseCommandment):
        if action.card is None:
            return [gettext_noop("%(who)s: no commandment."), {"who": who}]
        if own:
            return [
                gettext_noop("%(who)s: choose the commandment %(card)s, face down."),
                {"who": who, "card": _card(names[action.card])},
            ]
        return [gettext_noop("%(who)s: choose a commandment, face down."), {"who": who}]
    if isinstance(action, Recruit):
        return [
            gettext_noop("%(who)s: recruit %(card)s into 自城内%(paid)s."),
            {"who": who, "card": _card(names[action.card]), "paid": paid(action.payment)},
        ]
    if isinstance(action, Equip):
        return [
            gettext_noop("%(who)s: equip %(card)s on %(general)s%(paid)s."),
            {
                "who": who,
                "card": _card(names[action.card]),
                "general": _card(names[action.general]),
                "paid": paid(action.payment),
            },
        ]
    if isinstance(action, PlayEvent):
        return [
            gettext_noop("%(who)s: play the event %(card)s%(paid)s."),
            {"who": who, "card": _card(names[action.card]), "paid": paid(action.payment)},
        ]
    if isinstance(action, PlayTactic):
        return [
            gettext_noop("%(who)s: %(general)s executes %(card)s%(paid)s."),
            {
                "who": who,
                "card": _card(names[action.card]),
                "general": _card(names[action.executor]),
                "paid": paid(action.payment),
            },
        ]
    if isinstance(action, PlayAdvantage):
        return [
            gettext_noop("%(who)s: place the advantage %(card)s%(paid)s."),
            {"who": who, "card": _card(names[action.card]), "paid": paid(action.payment)},
        ]
    if isinstance(action, ActivateEffect):
        return [
            gettext_noop("%(who)s: activate the effect of %(card)s%(paid)s."),
            {"who": who, "card": _card(names[action.source]), "paid": paid(action.payment)},
        ]
    if isinstance(action, Move):
        return [
            gettext_noop("%(who)s: move %(card)s to %(zone)s."),
            {"who": who, "card": _card(names[action.general]), "zone": {"zone": action.to.value, "owner": actor}},
        ]
    if isinstance(action, Melee):
        return [
            gettext_noop("%(who)s: %(card)s attacks %(target)s."),
            {"who": who, "card": _card(names[action.attacker]), "target": _card(names[action.defender])},
        ]
    if isinstance(action, Siege):
        return [
            gettext_noop("%(who)s: %(card)s besieges the enemy RESOURCE (ruling G7)."),
            {"who": who, "card": _card(names[action.general])},
        ]
    if isinstance(action, EndTurn):
        return [gettext_noop("%(who)s: end the turn (upkeep %(n)s)."), {"who": who, "n": len(state.field[actor])}]
    if isinstance(action, PlayCounter):
        return [
            gettext_noop("%(who)s: answer with the counter %(card)s%(paid)s."),
            {"who": who, "card": _card(names[action.card]), "paid": paid(action.payment)},
        ]
    if isinstance(action, Pass):
        return [gettext_noop("%(who)s: let it resolve."), {"who": who}]
    if isinstance(action, Discard):
        if own:
            return [
                gettext_noop("%(who)s: discard %(cards)s to the hand limit."),
                {"who": who, "cards": {"list": [names[c] for c in action.cards]}},
            ]
        return [gettext_noop("%(who)s: discard %(n)s card(s) to the hand limit."), {"who": who, "n": len(action.cards)}]
    if action.kind == "choose":
        chosen = tuple(getattr(action, "cards", ()))
        if own:
            return [
                gettext_noop("%(who)s: choose %(cards)s."),
                {"who": who, "cards": {"list": [names[c] for c in chosen]}},
            ]
        return [gettext_noop("%(who)s: choose %(n)s card(s)."), {"who": who, "n": len(chosen)}]
    if action.kind == "name_cards":  # named aloud: public
        named = [str(n) for n in getattr(action, "names", ())]
        return [gettext_noop("%(who)s: name %(cards)s."), {"who": who, "cards": {"list": named}}]
    return [gettext_noop("%(who)s: %(kind)s."), {"who": who, "kind": action.kind}]


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

    def param(self, value: Any) -> str:
        if isinstance(value, dict):
            if "card" in value:
                return self.card(value["card"])
            if "seat" in value:
                return self.seat(int(value["seat"]))
            if "zone" in value:
                return self.zone(value["zone"], int(value["owner"]))
            if "cards" in value:
                return _(", paying %(cards)s") % {"cards": ", ".join(self.card(c) for c in value["cards"])}
            if "list" in value:
                return ", ".join(self.card(c) for c in value["list"])
            if "count" in value:
                return _(", paying %(n)s card(s)") % {"n": value["count"]}
        return str(value)

    def line(self, entry: list[Any]) -> str:
        msgid, params = entry
        return _(msgid) % {k: self.param(v) for k, v in params.items()}


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
    return str(outcome.get("reason", ""))
