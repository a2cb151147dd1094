"""兵 Recruitment (§3.5, rulings G3, G8, G13): a general from hand into 自城内, paid with hand cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import CardType
from engine.game import areas, costs, effects, victory
from engine.game.actions import LegalAction, PaymentChoice, Recruit
from engine.game.errors import IllegalAction
from engine.game.terms import Zone

if TYPE_CHECKING:
    from engine.game.state import State


def recruitment_cost(s: State, player: int, card: int) -> int:
    """[招募点] = printed cost − own generals on the battlefield sharing a faction, once per shared faction (G3).

    A dual-faction general on the battlefield counts once for each faction it shares; never below 0.
    """
    c = s.cards[card]
    cost = c.cost or 0
    factions = c.factions
    if factions:
        cards = s.cards
        for g in s.field[player]:
            for f in cards[g].factions:
                if f in factions:
                    cost -= 1
    return cost if cost > 0 else 0


def name_taken(s: State, player: int, card: int) -> bool:
    """True if an own general of the same name is on the battlefield or in CASUALTY (§1.2.1, G13)."""
    name = s.names[card]
    names = s.names
    for g in s.field[player]:
        if names[g] == name:
            return True
    for g in s.casualty[player]:
        if names[g] == name:
            return True
    return False


def check(s: State, a: Recruit) -> IllegalAction | None:
    """The recruit is a general in hand, its name is free (G13), the payment matches the cost (G3)."""
    player = s.active
    if a.card not in s.hand[player]:
        return IllegalAction("§3.5", f"{s.label(a.card)} is not in your hand")
    if s.cards[a.card].type != CardType.CHARACTER:
        return IllegalAction("§3.5", f"{s.label(a.card)} is not a general (人): only generals are recruited")
    if name_taken(s, player, a.card):
        return IllegalAction(
            "ruling G13",
            f"you already have a general named {s.names[a.card]} on the battlefield or in CASUALTY (§1.2.1)",
        )
    cost = recruitment_cost(s, player, a.card)
    return costs.check_payment(s, player, a.payment, cost, a.card, "ruling G3", f"recruiting {s.names[a.card]}")


def do(s: State, a: Recruit) -> None:
    """Declare, place in 自城内 (入城), pay; the recruit waits this turn (待命, G8)."""
    player = s.active
    s.hand[player].remove(a.card)
    if victory.undeclared_faction(s, player, a.card):
        s.stack.append(a.card)
        return
    s.field[player].append(a.card)
    s.zone[a.card] = Zone.FORTRESS
    s.fresh.add(a.card)
    areas.pay(s, player, a.payment)
    if s.listeners:
        effects.emit(s, "recruited", {"general": a.card})


def legal(s: State, out: list[LegalAction]) -> None:
    """Every general in hand whose name is free and whose cost the rest of the hand can pay."""
    player = s.active
    hand = s.hand[player]
    cards = s.cards
    seen: set[str] = set()
    for c in hand:
        if cards[c].type != CardType.CHARACTER:
            continue
        name = s.names[c]
        if name in seen:  # copies of one name in hand are the same choice: offer the first
            continue
        seen.add(name)
        if name_taken(s, player, c):
            continue
        cost = recruitment_cost(s, player, c)
        if cost == 0:
            out.append(Recruit(c))
        elif cost < len(hand):
            out.append(PaymentChoice(Recruit(c), cost, tuple(x for x in hand if x != c)))
