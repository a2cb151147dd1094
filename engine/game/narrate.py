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

import engine.game.turn as turn
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
    """The lines ``viewer`` (0, 1, or None for everything) hears for ``a`` about to be applied to ``s``:
    the action, then what it sets off that the table sees (:func:`consequences`)."""
    return _declared(s, a, viewer) + consequences(s, a, viewer)


def consequences(s: State, a: Action, viewer: int | None = None) -> list[Message]:
    """What applying ``a`` sets off, as ``viewer`` may hear it: the result of a melee whose window closes,
    a siege's actual depletion (after texts and counters), generals going to CASUALTY, and cards taken
    from RESOURCE in a known order without a chance event (put at its bottom before, G12). Read from the
    state after the action on a copy; a face-down card is named only to whoever may see it."""
    if s.outcome is not None or s.validate(a) is not None:
        return []
    after = s.clone()
    after.apply(a)
    out: list[Message] = []
    names = s.names
    pending = s.pending
    told: set[int] = set()
    if pending is not None and after.pending is None:
        if isinstance(pending, Melee):
            out += _melee_result(s, after, pending)
            told = {pending.attacker, pending.defender}
        elif isinstance(pending, Siege):
            enemy = 1 - s.owner[pending.general]
            amount = len(s.resource[enemy]) - len(after.resource[enemy])
            if after.chance is not None and after.chance[0] == enemy and after.chance[2] is Area.DISCARD:
                amount += after.chance[1]
            if not (after.outcome is not None and after.outcome.termination.value == "cannot_pay_depletion"):
                out.append(
                    Message(
                        "narrate.siege_depletes",
                        {"card": card(names, pending.general), "enemy": seat(enemy), "amount": amount},
                    )
                )
    fallen = [g for p in (0, 1) for g in after.casualty[p] if g in s.zone and g not in told]
    for g in fallen:
        out.append(Message("narrate.to_casualty", {"card": card(names, g)}))
    out += _recycled(s, after, viewer, a.card if isinstance(a, Reveal) else None)
    return out


def _melee_result(s: State, after: State, m: Melee) -> list[Message]:
    names = s.names
    fell = [g for g in (m.attacker, m.defender) if g in s.zone and g not in after.zone]
    if len(fell) == 2:
        return [
            Message("narrate.melee_both", {"attacker": card(names, m.attacker), "defender": card(names, m.defender)})
        ]
    if len(fell) == 1:
        loser = fell[0]
        winner = m.defender if loser == m.attacker else m.attacker
        return [Message("narrate.melee_won", {"winner": card(names, winner), "loser": card(names, loser)})]
    return [Message("narrate.melee_none", {"attacker": card(names, m.attacker), "defender": card(names, m.defender)})]


def _recycled(s: State, after: State, viewer: int | None, revealed: str | None) -> list[Message]:
    """Cards that left a RESOURCE without a chance event: known cards from its bottom part (G12).
    ``revealed``: the name a :class:`Reveal` gives (that card has its own line)."""
    out: list[Message] = []
    for p in (0, 1):
        gone = [c for c in s.resource[p] if c not in after.resource[p]]
        if revealed is not None and s.chance is not None and s.chance[0] == p:
            unseen = set(s.resource[p][(s.top[p] if s.top is not None else 0) :][: s.hidden[p]])
            first = next((c for c in gone if c in unseen and s.names[c] == revealed), None)
            gone = [c for c in gone if c != first]
        if not gone:
            continue
        who = seat(p)
        for c in gone:
            if c in after.hand[p]:
                if viewer is None or viewer == p:
                    out.append(Message("narrate.draw_recycled", {"player": who, "card": card(s.names, c)}))
                else:
                    out.append(Message("narrate.draw_recycled_hidden", {"player": who}))
            elif c in after.discard[p]:
                if viewer is None:
                    out.append(Message("narrate.recycled_to_discard", {"player": who, "card": card(s.names, c)}))
                else:
                    out.append(Message("narrate.recycled_to_discard_hidden", {"player": who}))
    return out


def _upkeep_line(s: State, p: int) -> Message:
    """The end of turn with the upkeep the rules will ask, and the card texts that change it (于禁, 民心所向)."""
    amount = turn.upkeep(s, p)
    generals = len(s.field[p])
    params: dict[str, Any] = {"player": seat(p), "turn": s.turn, "upkeep": amount}
    if amount == generals:
        return Message("narrate.end_turn", params)
    texts = [g for g in s.field[p] if s.texts and s.rules.has_flag(s, g, "upkeep_free")]
    for src in s.keyed.get("upkeep_mod", ()) if s.texts else ():
        mod = s.cards[src].effect.get("upkeep_mod")
        if s.rules.on_table_text(s, src) and isinstance(mod, dict) and mod.get("own" if s.owner[src] == p else "enemy"):
            texts.append(src)
    params |= {"generals": generals, "cards": cards(s.names, texts)}
    return Message("narrate.end_turn_texts", params)


def _declared(s: State, a: Action, viewer: int | None) -> list[Message]:
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
        if a.target is not None and a.target2 is not None:
            return line(
                "narrate.event_pair",
                player=who,
                card=c(a.card),
                target=c(a.target),
                target2=c(a.target2),
                paid=paid(a.payment),
            )
        if a.target is not None:
            return line("narrate.event_target", player=who, card=c(a.card), target=c(a.target), paid=paid(a.payment))
        return line("narrate.event", player=who, card=c(a.card), paid=paid(a.payment))
    if isinstance(a, PlayTactic):
        if a.target is not None:
            return line(
                "narrate.tactic_target",
                player=who,
                card=c(a.card),
                general=c(a.executor),
                target=c(a.target),
                paid=paid(a.payment),
            )
        return line("narrate.tactic", player=who, card=c(a.card), general=c(a.executor), paid=paid(a.payment))
    if isinstance(a, PlayAdvantage):
        return line("narrate.advantage", player=who, card=c(a.card), paid=paid(a.payment))
    if isinstance(a, ActivateEffect):
        if a.target is not None:
            return line(
                "narrate.activate_target", player=who, card=c(a.source), target=c(a.target), paid=paid(a.payment)
            )
        return line("narrate.activate", player=who, card=c(a.source), paid=paid(a.payment))
    if isinstance(a, Move):
        here = s.zone.get(a.general, Zone.FORTRESS)
        return line("narrate.move", player=who, card=c(a.general), **{"from": zone(here, p), "to": zone(a.to, p)})
    if isinstance(a, Melee):
        ma, md = s.rules.might(s, a.attacker), s.rules.might(s, a.defender)
        return line("narrate.melee", attacker=c(a.attacker), might_a=ma, defender=c(a.defender), might_d=md)
    if isinstance(a, Siege):
        return line("narrate.siege", card=c(a.general), enemy=seat(1 - p))
    if isinstance(a, EndTurn):
        return [_upkeep_line(s, p)]
    if isinstance(a, PlayCounter):
        kind = term(f"action.{s.pending.kind}") if s.pending is not None else ""
        if a.target is not None:
            return line(
                "narrate.counter_target",
                player=who,
                kind=kind,
                card=c(a.card),
                target=c(a.target),
                paid=paid(a.payment),
            )
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
    suffix = ""
    for f in action_fields(template.kind):
        value = getattr(template, f.name)
        if f.name == chosen:
            continue
        if value is None and f.optional:
            continue
        if f.optional and value != f.default:
            suffix = f".{f.name}"  # a target named (ruling G17): control.<kind>.target
        if value is None:
            empty = empty or f.card is not None
            params[f.name] = term("word.none")
        elif f.card == "id":
            params[f.name] = cards(s.names, value) if f.is_list else card(s.names, value)
        elif isinstance(value, Zone):
            params[f.name] = zone(value, p)
        else:
            params[f.name] = value
    code = f"control.{template.kind}" + (".none" if empty else suffix)
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
