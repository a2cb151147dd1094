"""Counter cards (特) and the response window (§2.5, ruling G11).

After each opponent action a counter could answer, the non-active player gets a window: he may play
a counter card from hand (paying its cost) or pass. The window opens whatever his hand holds, so the
referee never gives away whether he holds a counter (G11). The action has been declared and paid;
it resolves when the window closes. A counter card without text negates the action it answers
(the English guide: "Counter: negate enemy's card effects"): costs stay paid, the card played goes to
DISCARD, and a general that declared an attack has still acted (§3.7.2 note, §3.7.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.cards import CardType
from engine.game import areas, costs, effects, victory
from engine.game.actions import Action, LegalAction, Pass, PaymentChoice, PlayCounter
from engine.game.errors import IllegalAction
from engine.game.terms import Phase

if TYPE_CHECKING:
    from engine.game.state import State

ANSWERABLE = ("equip", "event", "tactic", "advantage", "activate", "melee", "siege")
"""The actions that open a window. Recruitment and movement do not: no rule lets a counter answer them."""

RESOLVERS: dict[type, Callable[[Any, Any, bool], None]] = {}
"""How each answerable action resolves once its window closes: ``resolve(state, action, negated)``."""


def open_window(s: State, action: Action) -> None:
    """Declared and paid: the opponent's window opens (G11)."""
    s.pending = action
    s.phase = Phase.RESPONSE
    s.to_act = 1 - s.active


def answers(s: State, card: int, action: Action) -> bool:
    """Whether a counter card can answer ``action``: its text's ``answers`` list, or any action if it has none."""
    spec = s.cards[card].effect
    kinds = spec.get("answers") if spec else None
    return kinds is None or action.kind in kinds


def legal(s: State) -> list[LegalAction]:
    """Pass, or any counter in hand that answers the pending action and can be paid for."""
    player = s.to_act
    hand = s.hand[player]
    out: list[LegalAction] = [Pass()]
    pending = s.pending
    assert pending is not None
    cards = s.cards
    for c in hand:
        card = cards[c]
        if card.type != CardType.COUNTER or not answers(s, c, pending):
            continue
        cost = costs.execution_cost(card)
        if cost == 0:
            out.append(PlayCounter(c))
        elif cost < len(hand):
            out.append(PaymentChoice(PlayCounter(c), cost, tuple(x for x in hand if x != c)))
    return out


def check(s: State, a: PlayCounter) -> IllegalAction | None:
    """A counter card in the answering player's hand that answers the pending action, its cost paid (§2.5.5)."""
    player = s.to_act
    if a.card not in s.hand[player]:
        return IllegalAction("§2.5.5", f"{s.label(a.card)} is not in your hand")
    if s.cards[a.card].type != CardType.COUNTER:
        return IllegalAction("§2.5.5", f"{s.label(a.card)} is not a counter (特) card")
    assert s.pending is not None
    if not answers(s, a.card, s.pending):
        return IllegalAction("§2.5.5", f"{s.names[a.card]} does not answer a {s.pending.kind} action")
    cost = costs.execution_cost(s.cards[a.card])
    return costs.check_payment(s, player, a.payment, cost, a.card, "§2.5.5", f"playing {s.names[a.card]}")


def do_counter(s: State, a: PlayCounter) -> None:
    """Reveal, pay, to DISCARD; its effect (by default: negate the pending action); the action resolves."""
    player = s.to_act
    s.hand[player].remove(a.card)
    if victory.undeclared_faction(s, player, a.card):
        s.stack.append(a.card)
        return
    areas.pay(s, player, a.payment)
    areas.to_discard(s, a.card)
    spec = s.cards[a.card].effect
    steps = spec.get("play") if spec else None
    if steps:
        effects.run(s, a.card, steps, {"answered": s.pending})
        negated = bool(spec.get("negates", False))
    else:
        negated = True
    _close(s, negated)


def check_pass(s: State, a: Pass) -> IllegalAction | None:
    """Passing is always possible in a window."""
    return None


def do_pass(s: State, a: Pass) -> None:
    """The pending action resolves."""
    _close(s, False)


def _close(s: State, negated: bool) -> None:
    pending = s.pending
    assert pending is not None
    s.pending = None
    s.phase = Phase.MAIN
    s.to_act = s.active
    if s.outcome is None:
        RESOLVERS[type(pending)](s, pending, negated)
