"""Counter cards (特) and the response window (§2.5, ruling G11).

After each opponent action a counter could answer, the non-active player gets a window: he may play
a counter card from hand (paying its cost) or pass. The window opens whatever his hand holds, so the
referee never gives away whether he holds a counter (G11). The action has been declared and paid;
it resolves when the window closes. A counter card without text negates the action it answers
(the English guide: "Counter: negate enemy's card effects"): costs stay paid, the card played goes to
DISCARD, and a general that declared an attack has still acted (§3.7.2 note, §3.7.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards import CardType
from engine.game.actions import Action, LegalAction, Pass, PaymentChoice, PlayCounter
from engine.game.errors import IllegalAction
from engine.game.terms import Phase
from engine.messages import card, term

if TYPE_CHECKING:
    from engine.game.state import State

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_COUNTER, _MAIN, _RESPONSE = CardType.COUNTER, Phase.MAIN, Phase.RESPONSE

ANSWERABLE = ("equip", "event", "tactic", "advantage", "activate", "melee", "siege")
"""The actions that open a window. Recruitment and movement do not: no rule lets a counter answer them."""

ATTACKS = ("melee", "tactic")
"""The [攻击] on a general: a melee or a tactical strike; 对策, the 对 mark and 荀攸 answer both (ruling G14)."""


def reveal_and_pay(s: State, a: Any) -> bool:
    """Take ``a.card`` from the active player's hand onto the stack and pay ``a.payment``.

    The shared first half of equipping, events, tactics and advantage cards; False when the card is
    of an undeclared faction and the player has lost (G10), in which case nothing is paid.
    """
    player = s.active
    s.hand[player].remove(a.card)
    s.stack.append(a.card)
    if s.rules.undeclared_faction(s, player, a.card):
        return False
    s.rules.pay(s, player, a.payment)
    return True


def open_window(s: State, action: Action) -> None:
    """Declared and paid: the opponent's window opens (G11)."""
    s.pending = action
    s.phase = _RESPONSE
    s.deciding = 1 - s.active


def answers(s: State, card: int, action: Action) -> bool:
    """Whether a counter card can answer ``action``: its text's ``answers`` list, or any action if it has none.

    A text may narrow it further with ``answers_if`` (conditions on the text's owner's side).
    """
    spec = s.cards[card].effect
    kinds = spec.get("answers") if spec else None
    if kinds is not None and action.kind not in kinds:
        return False
    if spec and "answers_if" in spec:
        return s.rules.holds_all(s, spec["answers_if"], -1, card, {})
    return True


def could_answer(s: State, player: int, kind: str) -> bool:
    """Whether a card of the database that ``player`` may play (its factions declared) answers ``kind``
    actions: public knowledge, so a window that depends on it gives nothing away (G11)."""
    cache = s.game.__dict__.setdefault("_answerable", {})
    key = (s.factions[player], kind)
    found = cache.get(key)
    if found is None:
        declared = set(s.factions[player])
        found = cache[key] = any(
            c.type == _COUNTER and kind in c.effect.get("answers", ()) and set(c.factions) <= declared
            for c in s.game.db
        )
    return bool(found)


def dui_cards(s: State, player: int) -> list[int]:
    """对 cards ``player`` may use now as if by 对策 (荀攸's text, the enemy attacking one of his generals).

    An attack is a melee or a tactical strike (§3.7, §3.7.1 B, ruling G14)."""
    pending = s.pending
    if pending is None or pending.kind not in ATTACKS or not s.texts:
        return []
    if not any(s.rules.has_flag(s, g, "dui_as_counter") for g in s.field[player]):
        return []
    return [c for c in s.hand[player] if "对" in s.cards[c].marks and s.cards[c].type in ("物", "事")]


def legal(s: State) -> list[LegalAction]:
    """Pass, or any counter in hand that answers the pending action and can be paid for."""
    player = s.deciding
    hand = s.hand[player]
    out: list[LegalAction] = [Pass()]
    pending = s.pending
    assert pending is not None
    cards = s.cards
    dui = dui_cards(s, player) if s.texts else []
    for c in hand:
        card = cards[c]
        if (card.type != _COUNTER or not answers(s, c, pending)) and c not in dui:
            continue
        if s.texts and s.rules.banned(s, player, c):
            continue
        cost = s.rules.execution_cost(card)
        if cost and cost >= len(hand):
            continue
        steps = _steps(s, c)
        for t in [None] if steps is None else s.rules.targets_for(s, c, steps, {}):
            a = PlayCounter(c, (), t)
            out.append(a if cost == 0 else PaymentChoice(a, cost, tuple(x for x in hand if x != c)))
    if s.texts:
        s.rules.legal_respond(s, out)
    return out


def check(s: State, a: PlayCounter) -> IllegalAction | None:
    """A counter card in the answering player's hand that answers the pending action, its cost paid (§2.5.5)."""
    player = s.deciding
    if a.card not in s.hand[player]:
        return IllegalAction("refusal.not_in_hand", {"card": card(s.names, a.card)}, "§2.5.5")
    if s.texts and s.rules.banned(s, player, a.card):
        return IllegalAction("refusal.banned", {"card": card(s.names, a.card)}, "§2.6")
    dui = s.texts and a.card in dui_cards(s, player)
    if s.cards[a.card].type != _COUNTER and not dui:
        return IllegalAction("refusal.counter.not_counter", {"card": card(s.names, a.card)}, "§2.5.5")
    assert s.pending is not None
    if not dui and not answers(s, a.card, s.pending):
        return IllegalAction(
            "refusal.counter.does_not_answer",
            {"card": card(s.names, a.card), "kind": term(f"action.{s.pending.kind}")},
            "§2.5.5",
        )
    why = s.rules.check_target(s, a.card, _steps(s, a.card), {}, a.target)
    if why is not None:
        return why
    cost = s.rules.execution_cost(s.cards[a.card])
    return s.rules.check_payment(s, player, a.payment, cost, a.card, "§2.5.5", "what.playing", a.card)


def _steps(s: State, c: int) -> object:
    """The ``play`` steps of counter card ``c`` (texts on): the general they choose first is named when the
    counter is played (ruling G17). A 对 card used through 荀攸 names none: it is used as 对策 would."""
    spec = s.cards[c].effect if s.texts and s.cards[c].type == _COUNTER else None
    return spec.get("play") if spec else None


def do_counter(s: State, a: PlayCounter) -> None:
    """Reveal, pay, to DISCARD; its effect (by default: negate the pending action); the action resolves.

    A 对 card used through 荀攸's text is equipped or played as 对策 would (its cost paid here).
    """
    player = s.deciding
    card = s.cards[a.card]
    if card.type != _COUNTER:  # a 对 card (荀攸)
        s.hand[player].remove(a.card)
        if s.rules.undeclared_faction(s, player, a.card):
            s.stack.append(a.card)
            return
        s.rules.pay(s, player, a.payment)
        s.stack.append(a.card)
        s.phase = _MAIN
        s.deciding = s.active
        s.frames.insert(0, [-1, "@use_card", 0, {"card": a.card, "cost": 0}])
        s.rules.queue_builtin(s, "@close", {"negated": False})
        return
    s.hand[player].remove(a.card)
    if s.rules.undeclared_faction(s, player, a.card):
        s.stack.append(a.card)
        return
    s.rules.pay(s, player, a.payment)
    s.rules.to_discard(s, a.card)
    spec = card.effect
    steps = spec.get("play") if spec else None
    if steps:
        s.phase = _MAIN
        s.deciding = s.active
        s.rules.queue(s, a.card, "play", {} if a.target is None else {"_target": a.target})
        s.rules.queue_builtin(s, "@close", {"negated": bool(spec.get("negates", False))})
        return
    _close(s, True)


def check_pass(s: State, a: Pass) -> IllegalAction | None:
    """Passing is always possible in a window."""
    return None


def do_pass(s: State, a: Pass) -> None:
    """The pending action resolves."""
    _close(s, False)


def close_builtin(s: State, ctx: dict[str, Any]) -> None:
    """``@close``: the counter card's text has run; the window closes (negated or not)."""
    s.phase = _RESPONSE
    _close(s, bool(ctx["negated"]))


def _close(s: State, negated: bool) -> None:
    pending = s.pending
    assert pending is not None
    s.pending = None
    s.phase = _MAIN
    s.deciding = s.active
    if s.outcome is None:
        s.rules.resolvers[type(pending)](s, pending, negated)
