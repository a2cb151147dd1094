"""Active effects (特效, §2.2.8, §3.6.4, ruling G8): declared and paid in one's own turn, once per turn
for each general and for each equipment it carries; activating does not end the general's turn and is
allowed the turn it was recruited.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game.actions import ActivateEffect, LegalAction, PaymentChoice
from engine.game.errors import IllegalAction
from engine.game.terms import Phase
from engine.messages import card

if TYPE_CHECKING:
    from engine.game.state import State


def enemy_turn_only(spec: Any) -> bool:
    """An active effect that is activated only in the enemy's turn (周仓: ``respond`` without ``activate``)."""
    return bool(spec) and "respond" in spec and "activate" not in spec


def sources(s: State, player: int) -> list[int]:
    """Own generals on the battlefield and own equipment on them that have an active effect."""
    out = []
    cards = s.cards
    for g in s.field[player]:
        if cards[g].ability_kind == "effect" and not enemy_turn_only(cards[g].effect):
            out.append(g)
        for e in s.gear.get(g, ()):
            if cards[e].ability_kind == "effect" and s.owner[e] == player:
                out.append(e)
    return out


def check(s: State, a: ActivateEffect) -> IllegalAction | None:
    """The source is an own general (or own equipment) on the battlefield with an active effect not yet used."""
    player = s.active
    src = a.source
    if s.texts and src == s.advantage and isinstance(src, int):
        return _check_fulfil(s, a)
    on_field = src in s.zone or src in s.carrier
    if not on_field or s.owner[src] != player:
        return IllegalAction("refusal.activate.not_on_field", {"card": card(s.names, src)}, "§3.6.4")
    c = s.cards[src]
    if c.ability_kind != "effect" or enemy_turn_only(c.effect):
        return IllegalAction("refusal.activate.no_effect", {"card": card(s.names, src)}, "§3.6.4")
    if src in s.activated:
        return IllegalAction("refusal.activate.already", {"card": card(s.names, src)}, "ruling G8")
    why = s.rules.check_target(s, src, _steps(s, src), {}, a.target)
    if why is not None:
        return why
    cost = s.rules.ability_cost(c)
    if not cost and not a.payment:  # nothing to pay, nothing given: check_payment's answer (one call less)
        return None
    return s.rules.check_payment(s, player, a.payment, cost, None, "§3.6.4 rule 3", "what.activating", src)


def do(s: State, a: ActivateEffect) -> None:
    """Declare (even at cost 0) and pay; the opponent may answer (G11)."""
    s.rules.pay(s, s.active, a.payment)
    if s.texts and a.source == s.advantage:
        s.memory.setdefault("fulfilled", []).append(a.source)  # 东风: the condition is met (§3.6.3 3)
        return
    s.activated.add(a.source)
    s.rules.open_window(s, a)


def resolve(s: State, a: ActivateEffect, negated: bool) -> None:
    """The effect's steps (its text's ``activate`` spec) take place unless negated."""
    if negated or not s.on_table(a.source):
        return
    spec = s.cards[a.source].effect
    if spec and spec.get("activate"):
        s.rules.queue(s, a.source, "activate", {} if a.target is None else {"_target": a.target})


def _steps(s: State, src: int) -> Any:
    spec = s.cards[src].effect if s.texts else None
    return spec.get("activate") if spec else None


def _fulfil_spec(s: State, card: int) -> dict | None:
    cond = s.cards[card].effect.get("condition")
    return cond if isinstance(cond, dict) and "discard" in cond else None


def _check_fulfil(s: State, a: ActivateEffect) -> IllegalAction | None:
    """An advantage whose condition is to give up hand cards (东风): its owner, once, the right cards (§3.6.3 3)."""
    src = a.source
    spec = _fulfil_spec(s, src)
    if spec is None or s.owner[src] != s.active:
        return IllegalAction("refusal.fulfil.none", {"card": card(s.names, src)}, "§3.6.3")
    if src in s.memory.get("fulfilled", ()):
        return IllegalAction("refusal.fulfil.done", {"card": card(s.names, src)}, "§3.6.3")
    need = spec["discard"]
    if len(a.payment) != int(need.get("count", 1)):
        return IllegalAction(
            "refusal.fulfil.count", {"card": card(s.names, src), "count": need.get("count", 1)}, "§3.6.3"
        )
    for c in a.payment:
        if c not in s.hand[s.active] or not s.rules.matches(s, c, need):
            return IllegalAction(
                "refusal.fulfil.bad_card", {"card": card(s.names, c), "source": card(s.names, src)}, "§3.6.3"
            )
    return None


def legal_fulfil(s: State, out: list[LegalAction]) -> None:
    """The own advantage's condition, if it is to give up hand cards and is not met yet."""
    src = s.advantage
    if src is None or s.owner[src] != s.active or _fulfil_spec(s, src) is None:
        return
    if src in s.memory.get("fulfilled", ()):
        return
    need = _fulfil_spec(s, src)
    assert need is not None
    fits = tuple(c for c in s.hand[s.active] if s.rules.matches(s, c, need["discard"]))
    count = int(need["discard"].get("count", 1))
    if len(fits) >= count:
        out.append(PaymentChoice(ActivateEffect(src), count, fits))


# --- active effects in the enemy's turn (周仓) ---------------------------------------------------------


def _responders(s: State, player: int) -> list[int]:
    out = []
    for g in s.field[player]:
        spec = s.cards[g].effect
        if spec and "respond" in spec and g not in s.activated:
            r = spec["respond"]
            if s.pending is not None and s.pending.kind in r.get("answers", ()):
                if s.rules.holds_all(s, r.get("if", ()), g, g, {}):
                    out.append(g)
    return out


def legal_respond(s: State, out: list[LegalAction]) -> None:
    """Active effects that may be activated in the enemy's turn, answering the pending action."""
    player = s.deciding
    hand = s.hand[player]
    for g in _responders(s, player):
        cost = s.rules.ability_cost(s.cards[g])
        if cost > len(hand):
            continue
        for t in s.rules.targets_for(s, g, _respond_steps(s, g), {}):
            a = ActivateEffect(g, (), t)
            out.append(a if cost == 0 else PaymentChoice(a, cost, tuple(hand)))


def _respond_steps(s: State, g: int) -> Any:
    """The steps of ``g``'s text used in the enemy's turn (``respond.do``): a general they choose first is
    named when it is activated, before they happen (ruling G17)."""
    return s.cards[g].effect["respond"].get("do")


def check_respond(s: State, a: ActivateEffect) -> IllegalAction | None:
    """In a window: a general of the answering player whose text may be activated in the enemy's turn."""
    player = s.deciding
    if a.source not in _responders(s, player):
        return IllegalAction("refusal.activate.not_in_enemy_turn", {"card": card(s.names, a.source)}, "§3.6.4 rule 2")
    why = s.rules.check_target(s, a.source, _respond_steps(s, a.source), {}, a.target)
    if why is not None:
        return why
    cost = s.rules.ability_cost(s.cards[a.source])
    return s.rules.check_payment(s, player, a.payment, cost, None, "§3.6.4 rule 3", "what.activating", a.source)


def do_respond(s: State, a: ActivateEffect) -> None:
    """Pay; its steps happen; the pending action is negated if the text says so, then resolves."""
    player = s.deciding
    s.rules.pay(s, player, a.payment)
    s.activated.add(a.source)
    s.phase = Phase.MAIN
    s.deciding = s.active
    r = s.cards[a.source].effect["respond"]
    s.rules.queue(s, a.source, "respond.do", {} if a.target is None else {"_target": a.target})
    s.rules.queue_builtin(s, "@close", {"negated": bool(r.get("negates", False))})


def legal(s: State, out: list[LegalAction]) -> None:
    """Every active effect not yet used this turn that the hand can pay for."""
    player = s.active
    hand = s.hand[player]
    if s.texts and s.advantage is not None:
        legal_fulfil(s, out)
    for src in sources(s, player):
        if src in s.activated:
            continue
        cost = s.rules.ability_cost(s.cards[src])
        if cost > len(hand):
            continue
        steps = _steps(s, src)
        for t in [None] if steps is None else s.rules.targets_for(s, src, steps, {}):
            a = ActivateEffect(src, (), t)
            out.append(a if cost == 0 else PaymentChoice(a, cost, tuple(hand)))
