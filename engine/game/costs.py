"""Paying costs with hand cards (§2.8, §3.2.1): any cards of the payer's choice, to DISCARD face down."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.game.errors import IllegalAction
from engine.messages import card

if TYPE_CHECKING:
    from engine.game.state import State


def execution_cost(card: Card) -> int:
    """耗费点 of an equipment, strategy, counter or advantage card (0 if none is printed)."""
    return card.cost or 0


def ability_cost(card: Card) -> int:
    """特效点: the hand cards an active effect costs (a number in ``ability_cost``; 0 if none)."""
    text = card.ability_cost.strip()
    return int(text) if text.isdigit() else 0


def check_payment(
    s: State, player: int, payment: tuple[int, ...], cost: int, played: int | None, rule: str, what: Any
) -> IllegalAction | None:
    """Whether ``payment`` pays ``cost`` for ``what`` (a message parameter): that many distinct hand cards, not the
    played card."""
    if len(payment) != cost:
        return IllegalAction("refusal.payment.count", {"what": what, "cost": cost, "given": len(payment)}, rule)
    if cost == 0:
        return None
    hand = s.hand[player]
    seen = set()
    for c in payment:
        if c in seen:
            return IllegalAction("refusal.payment.twice", {"card": card(s.names, c)}, rule)
        seen.add(c)
        if c == played:
            return IllegalAction("refusal.payment.played_card", {"card": card(s.names, c)}, rule)
        if c not in hand:
            return IllegalAction("refusal.payment.not_in_hand", {"card": card(s.names, c)}, rule)
    return None
