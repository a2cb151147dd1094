"""Paying costs with hand cards (§2.8, §3.2.1): any cards of the payer's choice, to DISCARD face down."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.game.errors import IllegalAction
from engine.messages import card, msg

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
    s: State, player: int, payment: tuple[int, ...], cost: int, played: int | None, rule: str, what: str, about: int
) -> IllegalAction | None:
    """Whether ``payment`` pays ``cost`` for ``what`` (a message code, "what.recruiting", naming the card ``about``):
    that many distinct hand cards, not the played card. The message is built only when it refuses (most
    checks pass: a replay's are all legal)."""
    if len(payment) != cost:
        params = {"what": msg(what, card=card(s.names, about)), "cost": cost, "given": len(payment)}
        return IllegalAction("refusal.payment.count", params, rule)
    if cost == 0:
        return None
    hand = s.hand[player]
    # the commonest answer, with set operations: distinct cards, not the played one, all in hand;
    # anything else goes through the loop below, which says which card is wrong
    given = set(payment)
    if len(given) == cost and played not in given and given.issubset(hand):
        return None
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
