"""Paying costs with hand cards (§2.8, §3.2.1): any cards of the payer's choice, to DISCARD face down."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.game.errors import IllegalAction

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
    s: State, player: int, payment: tuple[int, ...], cost: int, played: int | None, rule: str, what: str
) -> IllegalAction | None:
    """Whether ``payment`` pays ``cost`` for ``what``: that many distinct hand cards, not the played card."""
    if len(payment) != cost:
        return IllegalAction(rule, f"{what} costs {cost} hand card(s); {len(payment)} were given")
    if cost == 0:
        return None
    hand = s.hand[player]
    seen = set()
    for c in payment:
        if c in seen:
            return IllegalAction(rule, f"{s.label(c)} was given twice: each hand card pays once")
        seen.add(c)
        if c == played:
            return IllegalAction(rule, f"{s.label(c)} is the card being played; it cannot pay for itself")
        if c not in hand:
            return IllegalAction(rule, f"{s.label(c)} is not in your hand, so it cannot pay")
    return None
