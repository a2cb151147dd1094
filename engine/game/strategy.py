"""Strategy cards (事): events, incl. 三十六计 (§2.4, §3.6.2), and tactics (计略, §3.7.3, ruling G6).

A card whose text targets names its target when it is played, before the response window, and cannot be
played while it has no legal target (ruling G17): ``target`` of the action.

Events are played any number of times a turn and stack (§3.6.2). A tactic is executed through one
of one's generals that may still attack (G8); the plain tactic (施计, glossary 22) sends every enemy
general in the executor's zone whose Wit is lower than the executor's to CASUALTY; the executor has
attacked either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import CardType
from engine.game.actions import LegalAction, PaymentChoice, PlayEvent, PlayTactic
from engine.game.errors import IllegalAction
from engine.messages import card

if TYPE_CHECKING:
    from engine.game.state import State

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_STRATEGY = CardType.STRATEGY


def is_event(s: State, card: int) -> bool:
    """A 事 card that is not a tactic."""
    c = s.cards[card]
    return c.type == _STRATEGY and not c.is_tactic


def check_event(s: State, a: PlayEvent) -> IllegalAction | None:
    """An event in hand, its execution cost paid (§3.6.2)."""
    player = s.active
    if a.card not in s.hand[player]:
        return IllegalAction("refusal.not_in_hand", {"card": card(s.names, a.card)}, "§3.6.2")
    if not is_event(s, a.card):
        code = "refusal.event.is_tactic" if s.cards[a.card].is_tactic else "refusal.event.not_event"
        return IllegalAction(code, {"card": card(s.names, a.card)}, "§3.6.2")
    if s.texts and s.rules.banned(s, player, a.card):
        return IllegalAction("refusal.banned", {"card": card(s.names, a.card)}, "§2.6")
    why = s.rules.check_target(s, a.card, _steps(s, a.card), {}, a.target, a.target2)
    if why is not None:
        return why
    cost = s.rules.execution_cost(s.cards[a.card])
    return s.rules.check_payment(s, player, a.payment, cost, a.card, "§3.6.2", "what.playing", a.card)


def _steps(s: State, card: int) -> object:
    spec = s.cards[card].effect if s.texts else None
    return spec.get("play") if spec else None


def tactic_cost(s: State, card: int, executor: int | None) -> int:
    """耗费点 of a tactic, after texts that lower it (程昱 for fire tactics through him, 孙武); never below 0."""
    cost = s.rules.execution_cost(s.cards[card])
    if not s.texts or not cost:
        return cost
    c = s.cards[card]
    player = s.owner[card]
    for src in s.keyed.get("cost_mod", ()):
        if s.owner[src] != player or not (src == executor or s.rules.on_table_text(s, src)):
            continue
        for mod in s.cards[src].effect["cost_mod"]:
            if mod["what"] != "tactic" or ("subtype" in mod and mod["subtype"] != c.subtype):
                continue
            if mod.get("via_self") and src != executor:
                continue
            cost += int(mod["amount"])
    return cost if cost > 0 else 0


def do_event(s: State, a: PlayEvent) -> None:
    """Reveal and pay; the opponent may answer (G11)."""
    if s.rules.reveal_and_pay(s, a):
        s.rules.open_window(s, a)


def resolve_event(s: State, a: PlayEvent, negated: bool) -> None:
    """To DISCARD, then its effect (its text's ``play`` steps), unless negated."""
    s.stack.remove(a.card)
    s.rules.to_discard(s, a.card)
    if not negated:
        spec = s.cards[a.card].effect
        if spec and spec.get("play"):
            named = {} if a.target is None else {"_target": a.target}
            if a.target2 is not None:
                named["_target2"] = a.target2
            s.rules.queue(s, a.card, "play", named)


def check_tactic(s: State, a: PlayTactic) -> IllegalAction | None:
    """A tactic in hand, an own general that may still attack, an enemy general in its zone (§3.7.3, G6)."""
    player = s.active
    if a.card not in s.hand[player]:
        return IllegalAction("refusal.not_in_hand", {"card": card(s.names, a.card)}, "§3.7.3")
    if not s.cards[a.card].is_tactic:
        return IllegalAction("refusal.tactic.not_tactic", {"card": card(s.names, a.card)}, "ruling G6")
    if a.executor not in s.zone or s.owner[a.executor] != player:
        return IllegalAction("refusal.not_own_general", {"card": card(s.names, a.executor)}, "ruling G6")
    why = s.rules.why_not_ready(s, a.executor, "attack")
    if why is not None:
        return IllegalAction(*why)
    if not s.rules.enemies_in_zone(s, a.executor):
        return IllegalAction("refusal.tactic.no_enemy", {"card": card(s.names, a.executor)}, "§3.7.3 rule 1")
    if s.texts and s.rules.banned(s, player, a.card):
        return IllegalAction("refusal.banned", {"card": card(s.names, a.card)}, "§2.6")
    wrong = s.rules.check_target(s, a.card, _steps(s, a.card), {"executor": a.executor}, a.target)
    if wrong is not None:
        return wrong
    cost = tactic_cost(s, a.card, a.executor)
    return s.rules.check_payment(s, player, a.payment, cost, a.card, "§3.7.3", "what.executing", a.card)


def do_tactic(s: State, a: PlayTactic) -> None:
    """Reveal on the executor, pay; the executor has attacked; the opponent may answer (G11)."""
    if s.rules.reveal_and_pay(s, a):
        s.rules.note_attack(s, a.executor)
        s.rules.open_window(s, a)


def resolve_tactic(s: State, a: PlayTactic, negated: bool) -> None:
    """施计: each enemy general in the executor's zone with lower Wit goes to CASUALTY (§3.7.3 rule 7, G6)."""
    s.stack.remove(a.card)
    s.rules.to_discard(s, a.card)
    if negated or a.executor not in s.zone:
        return
    spec = s.cards[a.card].effect
    if spec and "play" in spec:
        ctx = {"executor": a.executor} if a.target is None else {"executor": a.executor, "_target": a.target}
        s.rules.queue(s, a.card, "play", ctx)
        return
    power = s.rules.wit(s, a.executor)
    beaten = [g for g in s.rules.enemies_in_zone(s, a.executor) if s.rules.wit(s, g) < power]
    for g in beaten:
        if s.rules.immune_to_tactic(s, g, a.executor):
            continue
        s.rules.to_casualty(s, g, by=a.executor)
        if s.listeners:
            s.rules.emit(s, "victory", {"winner": a.executor, "loser": g, "attack": False, "tactic": True})


def legal(s: State, out: list[LegalAction]) -> None:
    """Events in hand; tactics in hand through each general that may attack an enemy in its zone."""
    player = s.active
    hand = s.hand[player]
    cards = s.cards
    executors: list[int] | None = None
    seen: set[str] = set()
    texts = s.texts
    for c in hand:
        card = cards[c]
        if card.type != _STRATEGY or card.name in seen:
            continue
        seen.add(card.name)
        if texts and s.rules.banned(s, player, c):
            continue
        cost = s.rules.execution_cost(card)
        if not card.is_tactic:
            if cost >= len(hand) and cost > 0:
                continue
            rest = tuple(x for x in hand if x != c) if cost else ()
            steps = _steps(s, c)
            for t, t2 in [(None, None)] if steps is None else s.rules.target_pairs_for(s, c, steps, {}):
                play = PlayEvent(c, (), t, t2)
                out.append(PaymentChoice(play, cost, rest) if cost else play)
            continue
        if executors is None:
            ready = s.rules.may_attack if texts else s.rules.ready
            executors = [g for g in s.field[player] if ready(s, g) and s.rules.enemies_in_zone(s, g)]
        steps = _steps(s, c)
        for g in executors:
            cost = tactic_cost(s, c, g) if texts else s.rules.execution_cost(card)
            if cost >= len(hand) and cost > 0:
                continue
            rest = tuple(x for x in hand if x != c) if cost else ()
            targets = [None] if steps is None else s.rules.targets_for(s, c, steps, {"executor": g})
            for t in targets:
                out.append(PaymentChoice(PlayTactic(c, g, (), t), cost, rest) if cost else PlayTactic(c, g, (), t))
