"""What happens, as each reader may hear it: ``describe(state, action, viewer)`` gives message lines.

The lines are :class:`engine.messages.Message` values ``(code, params)`` with card ids, never prose;
``python -m engine play``, the judge's step viewer and the site's feed render them in a language.
A card ``viewer`` cannot see is never put into a line for him: a draw is named to the drawer, a
payment or a discard to the one who gives the cards, a commandment to its owner before the game
begins; cards put face down from RESOURCE to DISCARD to nobody but the omniscient reader
(``viewer=None``: the judge and the command line).
"""

from __future__ import annotations

from typing import Any

from engine.game.actions import (
    Action,
    ActivateEffect,
    Choose,
    ChooseCommandment,
    CoinFlip,
    Discard,
    EndTurn,
    Equip,
    LegalAction,
    Melee,
    Move,
    NameCards,
    Pass,
    PaymentChoice,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Reveal,
    Siege,
    action_fields,
)
from engine.game.state import State
from engine.game.terms import Area, Zone
from engine.messages import MESSAGES, Message, card, cards, seat, term, zone


def describe(s: State, a: Action, viewer: int | None = None) -> list[Message]:
    """The lines ``viewer`` (0, 1, or None for everything) hears for ``a`` about to be applied to ``s``."""
    p = s.current_player()
    sees = viewer is None or viewer == p
    names = s.names
    who = seat(p)

    def c(x: int) -> dict[str, Any]:
        return card(names, x)

    def paid(payment: tuple[int, ...]) -> Any:
        if not payment:
            return ""
        if sees:
            return {"msg": "narrate.paid", "params": {"cards": cards(names, payment)}}
        return {"msg": "narrate.paid_hidden", "params": {"count": len(payment)}}

    def line(code: str, **params: Any) -> list[Message]:
        return [Message(code, params)]

    if isinstance(a, CoinFlip):
        return line("narrate.coin_flip", player=seat(a.first_player))
    if isinstance(a, Reveal):
        return _reveal(s, a, viewer)
    if isinstance(a, ChooseCommandment):
        if a.card is None:
            return line("narrate.no_commandment", player=who)
        if sees:
            return line("narrate.commandment", player=who, card=c(a.card))
        return line("narrate.commandment_hidden", player=who)
    if isinstance(a, Recruit):
        cost = s.rules.recruitment_cost(s, p, a.card)
        where = zone(a.to or Zone.FORTRESS, p)
        return line("narrate.recruit", player=who, card=c(a.card), zone=where, cost=cost, paid=paid(a.payment))
    if isinstance(a, Equip):
        return line("narrate.equip", player=who, card=c(a.card), general=c(a.general), paid=paid(a.payment))
    if isinstance(a, PlayEvent):
        return line("narrate.event", player=who, card=c(a.card), paid=paid(a.payment))
    if isinstance(a, PlayTactic):
        return line("narrate.tactic", player=who, card=c(a.card), general=c(a.executor), paid=paid(a.payment))
    if isinstance(a, PlayAdvantage):
        return line("narrate.advantage", player=who, card=c(a.card), paid=paid(a.payment))
    if isinstance(a, ActivateEffect):
        return line("narrate.activate", player=who, card=c(a.source), paid=paid(a.payment))
    if isinstance(a, Move):
        here = s.zone.get(a.general, Zone.FORTRESS)
        return line("narrate.move", player=who, card=c(a.general), **{"from": zone(here, p), "to": zone(a.to, p)})
    if isinstance(a, Melee):
        ma, md = s.rules.might(s, a.attacker), s.rules.might(s, a.defender)
        return line("narrate.melee", attacker=c(a.attacker), might_a=ma, defender=c(a.defender), might_d=md)
    if isinstance(a, Siege):
        return line("narrate.siege", card=c(a.general), enemy=seat(1 - p), might=s.rules.might(s, a.general))
    if isinstance(a, EndTurn):
        return line("narrate.end_turn", player=who, turn=s.turn, upkeep=len(s.field[p]))
    if isinstance(a, PlayCounter):
        kind = term(f"action.{s.pending.kind}") if s.pending is not None else ""
        return line("narrate.counter", player=who, kind=kind, card=c(a.card), paid=paid(a.payment))
    if isinstance(a, Pass):
        return line("narrate.pass", player=who)
    if isinstance(a, Discard):
        if sees:
            return line("narrate.discard", player=who, cards=cards(names, a.cards))
        return line("narrate.discard_hidden", player=who, count=len(a.cards))
    if isinstance(a, Choose):
        kind = s.choice["kind"] if s.choice is not None else ""
        if kind == "may":
            return line("narrate.may_no" if -1 in a.cards else "narrate.may_yes", player=who)
        if sees:
            return line("narrate.choose", player=who, cards=cards(names, a.cards), kind=term(f"choice.{kind}"))
        return line("narrate.choose_hidden", player=who, count=len(a.cards), kind=term(f"choice.{kind}"))
    if isinstance(a, NameCards):  # named aloud: public
        return line("narrate.name_cards", player=who, names={"cards": [{"name": n} for n in a.names]})
    return line("narrate.other", player=who, kind=term(f"action.{a.kind}"))


def label(s: State, legal: LegalAction) -> Message:
    """What the control offering ``legal`` to the player to move says: ``control.<kind>``.

    Read from the kind's field metadata, never per kind: each field is a parameter (a card
    reference, a zone of the mover's side), ``count`` is how many cards a :class:`PaymentChoice`
    asks for (a recruit's cost); the list it fills is left out. A kind whose card field is None
    (no commandment) says ``control.<kind>.none``; a kind without words says its name.
    """
    template = legal.template if isinstance(legal, PaymentChoice) else legal
    chosen = legal.field if isinstance(legal, PaymentChoice) else None
    p = s.current_player()
    params: dict[str, Any] = {"count": legal.count if isinstance(legal, PaymentChoice) else 0}
    empty = False
    for f in action_fields(template.kind):
        value = getattr(template, f.name)
        if f.name == chosen:
            continue
        if value is None:
            empty = empty or f.card is not None
            params[f.name] = term("word.none")
        elif f.card == "id":
            params[f.name] = cards(s.names, value) if f.is_list else card(s.names, value)
        elif isinstance(value, Zone):
            params[f.name] = zone(value, p)
        else:
            params[f.name] = value
    code = f"control.{template.kind}" + (".none" if empty else "")
    if code not in MESSAGES:
        return Message("control.other", {"kind": term(f"action.{template.kind}")})
    return Message(code, params)


def group_title(group: str) -> Message:
    """The heading of a group of controls (``Action.group``)."""
    return Message(f"group.{group}")


def _reveal(s: State, a: Reveal, viewer: int | None) -> list[Message]:
    """A card taken from a RESOURCE (or at random from a hand): named to whoever sees it."""
    assert s.chance is not None
    owner, dest = s.chance[0], s.chance[2]
    who = seat(owner)
    known = viewer is None or viewer == owner
    if len(s.chance) > 4:  # at random from a hand, to DISCARD (face down): the owner knew the card
        found = min((c for c in s.hand[owner] if s.names[c] == a.card), default=None) if known else None
        if found is not None:
            return [Message("narrate.lose_random", {"player": who, "card": card(s.names, found)})]
        return [Message("narrate.lose_random_hidden", {"player": who})]
    top = _next_resource_card(s, owner, a.card)
    if dest is Area.HAND and known and top is not None:
        return [Message("narrate.draw", {"player": who, "card": card(s.names, top)})]
    if dest is Area.HAND:
        return [Message("narrate.draw_hidden", {"player": who})]
    if dest is Area.RESOURCE and known and top is not None:
        return [Message("narrate.look_top", {"player": who, "card": card(s.names, top)})]
    if dest is Area.RESOURCE:
        return [Message("narrate.look_top_hidden", {"player": who})]
    if viewer is None and top is not None:
        return [Message("narrate.resource_to_discard", {"player": who, "card": card(s.names, top)})]
    return [Message("narrate.resource_to_discard_hidden", {"player": who})]


def _card_named(s: State, pile: Any, name: str) -> int | None:
    for c in pile:
        if s.names[c] == name:
            return c
    return None


def _next_resource_card(s: State, player: int, name: str) -> int | None:
    """The id of the card named ``name`` that the pending reveal takes from ``player``'s RESOURCE."""
    resource = s.resource[player]
    top = s.top[player] if s.top is not None else 0
    for i in range(top, min(len(resource), top + s.hidden[player])):
        if s.names[resource[i]] == name:
            return resource[i]
    return _card_named(s, resource, name)
