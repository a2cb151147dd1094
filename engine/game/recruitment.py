"""兵 Recruitment (§3.5, rulings G3, G8, G13): a general from hand into 自城内, paid with hand cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card, CardType
from engine.game.actions import LegalAction, PaymentChoice, Recruit
from engine.game.errors import IllegalAction
from engine.game.terms import Zone
from engine.messages import card, msg

if TYPE_CHECKING:
    from engine.game.state import State

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_CHARACTER, _FORTRESS = CardType.CHARACTER, Zone.FORTRESS
_ZONE_OF = {z.value: z for z in Zone}
"""Each zone by its value: what ``Zone(value)`` answers."""


def recruitment_cost(s: State, player: int, card: int) -> int:
    """[招募点] = printed cost − own generals on the battlefield sharing a faction, once per shared faction (G3).

    A dual-faction general on the battlefield counts once for each faction it shares; never below 0.
    """
    c = s.cards[card]
    cost = c.cost or 0
    factions = c.factions
    if factions:
        cards = s.cards
        for g in s.field[player]:
            for f in cards[g].factions:
                if f in factions:
                    cost -= 1
    if s.texts and "cost_mod" in s.keyed:
        cost += _text_cost_mod(s, player, c)
    return cost if cost > 0 else 0


def _text_cost_mod(s: State, player: int, c: Card) -> int:
    """Recruitment cost changes from texts on the table (桃园结义 names, 苍天已死 the turn's first 黄巾)."""
    total = 0
    for src in s.keyed.get("cost_mod", ()):
        if s.owner[src] != player:
            continue
        in_play: bool | None = None  # asked once, and only of a text that changes recruitment costs
        for mod in s.cards[src].effect["cost_mod"]:
            if mod["what"] != "recruit":
                continue
            if in_play is None:
                in_play = s.rules.on_table_text(s, src)
            if not in_play:
                break
            if "names" in mod and c.name not in mod["names"]:
                continue
            if "faction" in mod and mod["faction"] not in c.factions:
                continue
            if mod.get("first_per_turn") and s.tmem.get("recruited_" + mod["faction"]):
                continue
            total += int(mod["amount"])
    return total


def entry_zones(s: State, card: int) -> tuple[Zone, ...]:
    """Where a recruit may enter: 自城内 (入城), or where its text says (夏侯渊)."""
    spec = s.cards[card].effect
    if spec and "recruit_to" in spec:
        # Zone(z) by a dict when z is a zone's value (calling an enum class costs about 1 µs)
        zones = [_FORTRESS]
        for z in spec["recruit_to"]:
            zones.append(_ZONE_OF[z] if type(z) is str and z in _ZONE_OF else Zone(z))
        return tuple(zones)
    return (_FORTRESS,)


def name_taken(s: State, player: int, card: int) -> bool:
    """True if an own general of the same name is on the battlefield or in CASUALTY (§1.2.1, G13)."""
    name = s.names[card]
    names = s.names
    for g in s.field[player]:
        if names[g] == name:
            return True
    for g in s.casualty[player]:
        if names[g] == name:
            return True
    return False


def check(s: State, a: Recruit) -> IllegalAction | None:
    """The recruit is a general in hand, its name is free (G13), the payment matches the cost (G3)."""
    player = s.active
    c = a.card
    if c not in s.hand[player]:
        return IllegalAction("refusal.not_in_hand", {"card": card(s.names, c)}, "§3.5")
    if s.cards[c].type != _CHARACTER:
        return IllegalAction("refusal.recruit.not_general", {"card": card(s.names, c)}, "§3.5")
    if name_taken(s, player, c):
        return IllegalAction("refusal.recruit.name_taken", {"card": card(s.names, c)}, "ruling G13")
    if s.texts and s.rules.banned(s, player, c):
        return IllegalAction("refusal.banned", {"card": card(s.names, c)}, "§2.6")
    if a.to is not None and a.to not in entry_zones(s, c):
        return IllegalAction("refusal.recruit.zone", {"card": card(s.names, c)}, "§3.5")
    cost = recruitment_cost(s, player, c)
    if len(a.payment) != cost:  # say how the cost was computed (G3): printed 5 − 1 own 蜀 general = 4
        params = {"card": card(s.names, c), "how": cost_breakdown(s, player, c), "cost": cost}
        return IllegalAction("refusal.recruit.payment", {**params, "given": len(a.payment)}, "ruling G3")
    if not cost:  # nothing to pay, nothing given: check_payment's answer (one call less)
        return None
    return s.rules.check_payment(s, player, a.payment, cost, c, "ruling G3", "what.recruiting", c)


def cost_breakdown(s: State, player: int, card: int) -> dict[str, object]:
    """How :func:`recruitment_cost` comes about, as a message parameter: the printed cost, minus the own
    generals on the battlefield sharing each of the recruit's factions (G3), plus card texts, never below 0."""
    c = s.cards[card]
    how: dict[str, object] = msg("cost.printed", cost=c.cost or 0)
    total = c.cost or 0
    for f in c.factions:
        n = sum(1 for g in s.field[player] if f in s.cards[g].factions)
        if n:
            how = msg("cost.minus_faction", before=how, count=n, faction=f)
            total -= n
    if s.texts and "cost_mod" in s.keyed:
        mod = _text_cost_mod(s, player, c)
        if mod:
            how = msg("cost.texts", before=how, amount=f"{mod:+d}")
            total += mod
    if total < 0:
        how = msg("cost.floor", before=how)
    return how


def do(s: State, a: Recruit) -> None:
    """Declare, place in 自城内 (入城), pay; the recruit waits this turn (待命, G8)."""
    player = s.active
    c = a.card
    s.hand[player].remove(c)
    if s.rules.undeclared_faction(s, player, c):
        s.stack.append(c)
        return
    if s.texts:
        for f in s.cards[c].factions:
            s.tmem["recruited_" + f] = 1
    s.field[player].append(c)
    s.zone[c] = a.to or _FORTRESS
    s.fresh.add(c)
    s.rules.pay(s, player, a.payment)
    if "recruited" in s.hooks:
        s.rules.emit(s, "recruited", {"general": c})


def legal(s: State, out: list[LegalAction]) -> None:
    """Every general in hand whose name is free and whose cost the rest of the hand can pay."""
    player = s.active
    hand = s.hand[player]
    cards = s.cards
    seen: set[str] = set()
    for c in hand:
        if cards[c].type != _CHARACTER:
            continue
        name = s.names[c]
        if name in seen:  # copies of one name in hand are the same choice: offer the first
            continue
        seen.add(name)
        if name_taken(s, player, c):
            continue
        if s.texts and s.rules.banned(s, player, c):
            continue
        cost = recruitment_cost(s, player, c)
        if cost >= len(hand) and cost:
            continue
        zones = entry_zones(s, c) if s.texts else (_FORTRESS,)
        for z in zones:
            action = Recruit(c) if z is _FORTRESS else Recruit(c, to=z)
            out.append(PaymentChoice(action, cost, tuple(x for x in hand if x != c)) if cost else action)
