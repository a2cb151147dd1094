"""Active effects (特效, §2.2.8, §3.6.4, ruling G8): declared and paid in one's own turn, once per turn
for each general and for each equipment it carries; activating does not end the general's turn and is
allowed the turn it was recruited.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import areas, costs, counters, effects
from engine.game.actions import ActivateEffect, LegalAction, PaymentChoice
from engine.game.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game.state import State


def sources(s: State, player: int) -> list[int]:
    """Own generals on the battlefield and own equipment on them that have an active effect."""
    out = []
    cards = s.cards
    for g in s.field[player]:
        if cards[g].ability_kind == "effect":
            out.append(g)
        for e in s.gear.get(g, ()):
            if cards[e].ability_kind == "effect" and s.owner[e] == player:
                out.append(e)
    return out


def check(s: State, a: ActivateEffect) -> IllegalAction | None:
    """The source is an own general (or own equipment) on the battlefield with an active effect not yet used."""
    player = s.active
    src = a.source
    on_field = src in s.zone or src in s.carrier
    if not on_field or s.owner[src] != player:
        return IllegalAction("§3.6.4", f"{s.label(src)} is not your general or equipment on the battlefield")
    if s.cards[src].ability_kind != "effect":
        return IllegalAction("§3.6.4", f"{s.names[src]} has no active effect (特效)")
    if src in s.activated:
        return IllegalAction("ruling G8", f"the active effect of {s.label(src)} was already activated this turn")
    cost = costs.ability_cost(s.cards[src])
    return costs.check_payment(s, player, a.payment, cost, None, "§3.6.4 rule 3", f"activating {s.names[src]}")


def do(s: State, a: ActivateEffect) -> None:
    """Declare (even at cost 0) and pay; the opponent may answer (G11)."""
    areas.pay(s, s.active, a.payment)
    s.activated.add(a.source)
    counters.open_window(s, a)


def resolve(s: State, a: ActivateEffect, negated: bool) -> None:
    """The effect's steps (its text's ``activate`` spec) take place unless negated."""
    if negated or not s.on_table(a.source):
        return
    spec = s.cards[a.source].effect
    if spec:
        effects.run(s, a.source, spec.get("activate"), {"action": a})


def legal(s: State, out: list[LegalAction]) -> None:
    """Every active effect not yet used this turn that the hand can pay for."""
    player = s.active
    hand = s.hand[player]
    for src in sources(s, player):
        if src in s.activated:
            continue
        cost = costs.ability_cost(s.cards[src])
        if cost == 0:
            out.append(ActivateEffect(src))
        elif cost <= len(hand):
            out.append(PaymentChoice(ActivateEffect(src), cost, tuple(hand)))


counters.RESOLVERS[ActivateEffect] = resolve
