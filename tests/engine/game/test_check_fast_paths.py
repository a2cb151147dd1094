"""Issue 17, session 7: the player actions' checks that take a short way agree with the long way.

The short ways: ``check_payment`` accepting a payment with set operations (the loop only says which card is
wrong); a recruit's cost asking whether a ``cost_mod`` text is in play only when it changes recruitment costs;
``movement.check`` asking ``may_move`` before ``why_not_ready``, and the ``unblocked`` flag only of a blocked
advance; ``check_target`` finding the step that names a target once. The long ways, put
back here as they were, are asked the same questions on every state of recorded games between random bots
(the starter decks: their texts), with legal and illegal actions: the same answer, code, params and rule.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine.game.costs as costs
import engine.game.effects_steps as effects_steps
import engine.game.movement as movement
import engine.game.recruitment as recruitment
from engine.cards import starter_database
from engine.game import Game, IllegalAction, Move, Recruit, State, Zone
from engine.game.bots import RandomBot
from engine.game.cli import load_deck
from engine.messages import card

# --- the long ways, as they were --------------------------------------------------------------------------


def _long_check_payment(
    s: State, player: int, payment: Any, cost: int, played: Any, rule: str, what: str, about: int
) -> IllegalAction | None:
    if len(payment) != cost:
        params = {"what": {"msg": what, "params": {"card": card(s.names, about)}}, "cost": cost, "given": len(payment)}
        return IllegalAction("refusal.payment.count", params, rule)
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


def _long_text_cost_mod(s: State, player: int, c: Any) -> int:
    total = 0
    for src in s.keyed.get("cost_mod", ()):
        if s.owner[src] != player or not s.rules.on_table_text(s, src):
            continue
        for mod in s.cards[src].effect["cost_mod"]:
            if mod["what"] != "recruit":
                continue
            if "names" in mod and c.name not in mod["names"]:
                continue
            if "faction" in mod and mod["faction"] not in c.factions:
                continue
            if mod.get("first_per_turn") and s.tmem.get("recruited_" + mod["faction"]):
                continue
            total += int(mod["amount"])
    return total


def _long_move_check(s: State, a: Move) -> IllegalAction | None:
    player = s.active
    if a.general not in s.zone or s.owner[a.general] != player:
        return IllegalAction("refusal.not_own_general", {"card": card(s.names, a.general)}, "§3.6.5")
    if not isinstance(a.to, Zone):
        return IllegalAction("refusal.move.bad_zone", {"zone": repr(a.to)}, "ruling G4")
    why = s.rules.why_not_ready(s, a.general, "move")
    if why is not None:
        return IllegalAction(*why)
    if s.zone[a.general] is a.to:
        where = {"zone": str(a.to.value), "owner": player}
        return IllegalAction("refusal.move.same_zone", {"card": card(s.names, a.general), "zone": where}, "§3.6.5")
    if s.texts:
        why = movement._text_problem(s, a.general, s.zone[a.general], a.to)
        if why is not None:
            return IllegalAction(*why)
    if a.to is Zone.ENEMY_BORDER and not (s.texts and s.rules.has_flag(s, a.general, "unblocked")):
        b = movement.blocked(s, a.general)
        if b is not None:
            enemies, mine = b
            return IllegalAction("refusal.move.blocked", {"enemies": enemies, "mine": mine}, "§3.6.5 rule 4")
    return None


def _long_check_target(
    s: State, source: int, steps: Any, ctx: dict[str, Any], target: Any, target2: Any = None
) -> IllegalAction | None:
    es = effects_steps
    found = es.target_options(s, source, steps, ctx)
    ref = {"card": source, "name": s.names[source]}
    if found is None:
        if target is not None or target2 is not None:
            return IllegalAction("refusal.target.none_needed", {"card": ref}, "ruling G17")
        return None
    options, count = found
    if len(options) < count or (count == 2 and not es.target_pairs(s, source, steps, ctx)):
        return IllegalAction("refusal.target.none_legal", {"card": ref, "count": count}, "§1.5 2), ruling G17")
    if count == 1 and target2 is not None:
        return IllegalAction("refusal.target.one_only", {"card": ref}, "ruling G17")
    if target is None or (count == 2 and target2 is None):
        code = "refusal.target.missing" if count == 1 else "refusal.target.pair_missing"
        return IllegalAction(code, {"card": ref, "count": count}, "§3.7.3, ruling G17")
    named = [target] if target2 is None else [target, target2]
    for g in named:
        if g not in options:
            return IllegalAction(
                "refusal.target.not_legal", {"card": ref, "target": es._ref(s, g)}, "§1.5 2), ruling G17"
            )
    if count == 2:
        assert target2 is not None
        if target == target2:
            return IllegalAction("refusal.target.pair_same", {"card": ref, "target": es._ref(s, target)}, "ruling G17")
        return es.pair_problem(s, source, steps, target, target2)
    return None


# --- the states asked ---------------------------------------------------------------------------------------


def _same(a: IllegalAction | None, b: IllegalAction | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.code, dict(a.params), a.rule) == (b.code, dict(b.params), b.rule)


def _states(seed: int) -> list[State]:
    """Every state of a game between random bots on the starter decks (clones: the game goes on)."""
    game = Game(starter_database())
    decks = load_deck("shu_starter"), load_deck("wei_starter")
    s = game.new_initial_state(*decks, seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    out = []
    while not s.is_terminal():
        out.append(s.clone())
        p = s.current_player()
        s.apply(s.sample_chance() if p < 0 else bots[p].choose(s))
    return out


def _payments(rng: random.Random, hand: list[int], played: int, names: int) -> list[tuple[int, ...]]:
    """Payments right and wrong: hand cards, repeats, the played card, cards elsewhere, other counts."""
    others = [c for c in hand if c != played]
    out = [()]
    for n in range(1, len(others) + 1):
        out.append(tuple(rng.sample(others, n)))
    for base in list(out[1:4]):
        out.append((*base, base[0]))  # a card twice
        out.append((*base[:-1], played))  # the played card
        out.append((*base[:-1], rng.randrange(names)))  # any card
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_short_ways_answer_as_the_long_ways_on_every_state(seed: int) -> None:
    rng = random.Random(seed)
    asked = 0
    for s in _states(seed):
        player = s.active
        hand = s.hand[player]
        for c in hand:
            for p in (0, 1):
                if s.cards[c].is_general:
                    assert recruitment._text_cost_mod(s, p, s.cards[c]) == _long_text_cost_mod(s, p, s.cards[c])
            for pay in _payments(rng, hand, c, len(s.names)):
                for cost in {len(pay), max(len(pay) - 1, 0)}:
                    args = (s, player, pay, cost, c, "§x", "what.playing", c)
                    assert _same(costs.check_payment(*args), _long_check_payment(*args))
                    args = (s, player, pay, cost, None, "§x", "what.activating", c)
                    assert _same(costs.check_payment(*args), _long_check_payment(*args))
                asked += 1
        for c in [*hand, *s.zone, *s.carrier]:
            spec = s.cards[c].effect or {}
            for steps in (None, [], spec.get("play"), spec.get("activate")):
                for target in (None, *s.zone):
                    for target2 in (None, target, *list(s.zone)[:2]):
                        short = effects_steps.check_target(s, c, steps, {}, target, target2)
                        assert _same(short, _long_check_target(s, c, steps, {}, target, target2))
        if s.phase.value != "main" or s.current_player() < 0:
            continue
        for g in [*s.zone, *hand[:2]]:
            for to in (*Zone, "border", None):
                a = Move(g, to)  # type: ignore[arg-type]
                assert _same(movement.check(s, a), _long_move_check(s, a))
        for c in hand:
            for pay in _payments(rng, hand, c, len(s.names)):
                for to in (None, Zone.FORTRESS, Zone.BORDER):
                    a = Recruit(c, pay, to) if to is not None else Recruit(c, pay)
                    with pytest.MonkeyPatch.context() as m:
                        long = _long_recruit_check(s, a, m)
                    assert _same(recruitment.check(s, a), long)
    assert asked > 100


def _long_recruit_check(s: State, a: Recruit, m: pytest.MonkeyPatch) -> IllegalAction | None:
    """``recruitment.check`` with the long ways inside it, and check_payment asked at cost 0 too."""
    m.setattr(recruitment, "_text_cost_mod", _long_text_cost_mod)
    player = s.active
    if a.card not in s.hand[player] or s.cards[a.card].type != "人" or recruitment.name_taken(s, player, a.card):
        return recruitment.check(s, a)  # the refusals before the cost: unchanged
    if s.texts and s.rules.banned(s, player, a.card):
        return recruitment.check(s, a)
    if a.to is not None and a.to not in recruitment.entry_zones(s, a.card):
        return recruitment.check(s, a)
    cost = recruitment.recruitment_cost(s, player, a.card)
    if len(a.payment) != cost:
        return recruitment.check(s, a)
    return _long_check_payment(s, player, a.payment, cost, a.card, "ruling G3", "what.recruiting", a.card)
