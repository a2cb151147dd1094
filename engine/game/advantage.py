"""Advantage cards (优, §2.7, §3.6.3): one on the whole table; either player's next one replaces it,
the replaced card going to its owner's DISCARD. Placed in one's own turn only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import CardType
from engine.game.actions import LegalAction, PaymentChoice, PlayAdvantage
from engine.game.errors import IllegalAction
from engine.messages import card

if TYPE_CHECKING:
    from engine.game.state import State


def check(s: State, a: PlayAdvantage) -> IllegalAction | None:
    """An advantage card in hand, its cost (0 on every printed card) paid (§2.7.2)."""
    player = s.active
    if a.card not in s.hand[player]:
        return IllegalAction("refusal.not_in_hand", {"card": card(s.names, a.card)}, "§2.7")
    if s.cards[a.card].type != CardType.ADVANTAGE:
        return IllegalAction("refusal.advantage.not_advantage", {"card": card(s.names, a.card)}, "§2.7")
    if s.texts and s.rules.banned(s, player, a.card):
        return IllegalAction("refusal.banned", {"card": card(s.names, a.card)}, "§2.6")
    cost = s.rules.execution_cost(s.cards[a.card])
    return s.rules.check_payment(s, player, a.payment, cost, a.card, "§2.7.2", "what.placing", a.card)


def do(s: State, a: PlayAdvantage) -> None:
    """Reveal and pay; the opponent may answer (G11)."""
    if s.rules.reveal_and_pay(s, a):
        s.rules.open_window(s, a)


def resolve(s: State, a: PlayAdvantage, negated: bool) -> None:
    """The card on the table (whoever's) goes to its owner's DISCARD; this one takes its place (§2.7.1 3–4)."""
    s.stack.remove(a.card)
    if negated:
        s.rules.to_discard(s, a.card)
        return
    if s.advantage is not None:
        s.rules.to_discard(s, s.advantage)
    s.advantage = a.card
    spec = s.cards[a.card].effect
    if spec and "play" in spec:
        s.rules.queue(s, a.card, "play", {})


def legal(s: State, out: list[LegalAction]) -> None:
    """Every advantage card in hand."""
    player = s.active
    hand = s.hand[player]
    seen: set[str] = set()
    for c in hand:
        card = s.cards[c]
        if card.type != CardType.ADVANTAGE or card.name in seen:
            continue
        seen.add(card.name)
        if s.texts and s.rules.banned(s, player, c):
            continue
        cost = s.rules.execution_cost(card)
        if cost == 0:
            out.append(PlayAdvantage(c))
        elif cost < len(hand):
            out.append(PaymentChoice(PlayAdvantage(c), cost, tuple(x for x in hand if x != c)))
