"""Attacks (§3.7): melee ([武力攻击], §3.7.2, ruling G5) and siege ([攻城], §3.7.1, ruling G7).
Tactical strikes are in ``strategy``. A general attacks once a turn, in place of moving (G8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game.actions import LegalAction, Melee, Siege
from engine.game.errors import IllegalAction
from engine.game.terms import Zone
from engine.messages import card

if TYPE_CHECKING:
    from engine.game.state import State

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_BORDER, _ENEMY_BORDER, _FORTRESS = Zone.BORDER, Zone.ENEMY_BORDER, Zone.FORTRESS


def check_melee(s: State, a: Melee) -> IllegalAction | None:
    """An own general that may attack, an enemy general in the same zone (§3.7.1 rule A, §3.7.2 rule 1)."""
    player = s.active
    attacker, defender, zone = a.attacker, a.defender, s.zone
    if attacker not in zone or s.owner[attacker] != player:
        return IllegalAction("refusal.not_own_general", {"card": card(s.names, attacker)}, "§3.7.2")
    if defender not in zone or s.owner[defender] == player:
        return IllegalAction("refusal.melee.not_enemy", {"card": card(s.names, defender)}, "§3.7.2")
    why = s.rules.why_not_ready(s, attacker, "attack")
    if why is not None:
        return IllegalAction(*why)
    if s.rules.facing(zone[attacker]) is not zone[defender] and not _from_fortress(s, attacker, defender):
        return IllegalAction(
            "refusal.melee.not_same_zone",
            {"attacker": card(s.names, a.attacker), "defender": card(s.names, a.defender)},
            "ruling G5",
        )
    return None


def _from_fortress(s: State, attacker: int, defender: int) -> bool:
    """甘宁: from 自城内, a [武力攻击] on an enemy general standing in one's own 自城外."""
    return (
        s.texts
        and s.zone[attacker] is _FORTRESS
        and s.zone[defender] is _ENEMY_BORDER
        and s.rules.has_flag(s, attacker, "melee_from_fortress")
    )


def do_melee(s: State, a: Melee) -> None:
    """Declared: the attacker has attacked; the defender's side may answer (G11)."""
    s.rules.note_attack(s, a.attacker)
    s.rules.open_window(s, a)


def resolve_melee(s: State, a: Melee, negated: bool) -> None:
    """Higher current Might wins; the loser goes to CASUALTY; equal Might sends both (§3.7.1 E, G5).

    Texts: a general that cannot die in melee (不死金身) survives a tie and a defeat alike.
    """
    if negated or a.attacker not in s.zone or a.defender not in s.zone:
        _contest_over(s)
        return
    if s.rules.facing(s.zone[a.attacker]) is not s.zone[a.defender] and not _from_fortress(s, a.attacker, a.defender):
        _contest_over(s)
        return  # someone moved away meanwhile: nothing to fight
    if s.texts:
        s.now["contest"] = [a.attacker, a.defender]
    ma = s.rules.might(s, a.attacker)
    md = s.rules.might(s, a.defender)
    s.now.pop("contest", None)
    if s.texts:
        immune_a = s.rules.has_flag(s, a.attacker, "immune_melee")
        immune_d = s.rules.has_flag(s, a.defender, "immune_melee")
    else:
        immune_a = immune_d = False
    if ma > md:
        if not immune_d:
            _beaten(s, a.attacker, a.defender, True)
    elif md > ma:
        if not immune_a:
            _beaten(s, a.defender, a.attacker, False)
    else:
        if not immune_a:
            s.rules.to_casualty(s, a.attacker, by=None if immune_d else a.defender)
        if not immune_d:
            s.rules.to_casualty(s, a.defender, by=None if immune_a else a.attacker)
    if "contest_end" in s.hooks:
        s.rules.emit(s, "contest_end", {"attacker": a.attacker, "defender": a.defender})
    _contest_over(s)


def _contest_over(s: State) -> None:
    if s.modifiers:
        s.modifiers[:] = [m for m in s.modifiers if len(m) < 5 or m[4] != "contest"]


def _beaten(s: State, winner: int, loser: int, winner_declared: bool) -> None:
    s.rules.to_casualty(s, loser, by=winner)
    if s.listeners:
        # [战胜] whoever declared; [武力攻击][战胜] only if the winner declared (§3.7.1 F, G5)
        context = {"winner": winner, "loser": loser, "attack": winner_declared}
        s.rules.emit(s, "victory", context)
        if winner_declared and s.outcome is None:
            s.rules.emit(s, "attack_victory", context)


def check_siege(s: State, a: Siege) -> IllegalAction | None:
    """An own general in 敌城外 that may attack, no enemy general in that zone (§3.7.1 siege rules 1–2, G7)."""
    player = s.active
    if a.general not in s.zone or s.owner[a.general] != player:
        return IllegalAction("refusal.not_own_general", {"card": card(s.names, a.general)}, "§3.7.1")
    if s.zone[a.general] is not _ENEMY_BORDER:
        return IllegalAction("refusal.siege.not_enemy_border", {"card": card(s.names, a.general)}, "ruling G7")
    why = s.rules.why_not_ready(s, a.general, "attack")
    if why is not None:
        return IllegalAction(*why)
    if s.texts and s.rules.has_flag(s, a.general, "no_siege"):
        return IllegalAction("refusal.siege.forbidden", {"card": card(s.names, a.general)}, "§3.7.1")
    if s.rules.enemies_in_zone(s, a.general) and not (s.texts and s.rules.has_flag(s, a.general, "siege_through")):
        return IllegalAction("refusal.siege.held", {}, "ruling G7")
    return None


def do_siege(s: State, a: Siege) -> None:
    """Declared: the general has attacked; the enemy may answer (G11)."""
    s.rules.note_attack(s, a.general)
    s.rules.open_window(s, a)


def siege_amount(s: State, general: int) -> int:
    """Cards a siege depletes: current Might (while besieging), plus the texts' changes; never below 0."""
    if not s.texts:
        return s.rules.might(s, general)
    s.now["siege"] = general
    amount = s.rules.might(s, general)
    s.now.pop("siege", None)
    amount += s.rules.side_sum(s, s.owner[general], "siege_mod_side")
    amount += _own_siege_mod(s, general)
    amount -= s.tmem.pop("siege_reduce", 0)
    return amount if amount > 0 else 0


def _own_siege_mod(s: State, general: int) -> int:
    total = 0
    for src in s.rules.texts_on(s, general):
        spec = s.cards[src].effect
        if spec and isinstance(spec.get("siege_mod"), int):
            total += spec["siege_mod"]
    return total


def resolve_siege(s: State, a: Siege, negated: bool) -> None:
    """[消耗] as many enemy RESOURCE cards as the general's current Might (G7); too few loses (G10)."""
    if negated or a.general not in s.zone:
        if s.texts:
            s.tmem.pop("siege_reduce", None)
        return
    amount = siege_amount(s, a.general)
    if s.texts:
        s.memory.setdefault("sieged", []).append(a.general)
    if s.hooks:
        s.rules.emit(s, "siege", {"general": a.general, "amount": amount})
        s.rules.emit(s, "sieged", {"general": a.general, "amount": amount})
    s.rules.deplete(s, 1 - s.owner[a.general], amount, then="effects")


def legal(s: State, out: list[LegalAction]) -> None:
    """Every melee pairing and siege of generals that may attack."""
    player = s.active
    zone = s.zone
    enemy_field = s.field[1 - player]
    enemy_at_my_border = [g for g in enemy_field if zone[g] is _ENEMY_BORDER]
    enemy_at_their_border = [g for g in enemy_field if zone[g] is _BORDER]
    acted = s.acted
    fresh = s.fresh
    texts = s.texts
    for g in s.field[player]:
        if g in acted or g in fresh:
            if not (texts and s.rules.may_attack(s, g)):
                continue
        z = zone[g]
        if z is _BORDER:
            for d in enemy_at_my_border:
                out.append(Melee(g, d))
        elif z is _ENEMY_BORDER:
            for d in enemy_at_their_border:
                out.append(Melee(g, d))
            if not enemy_at_their_border or (texts and s.rules.has_flag(s, g, "siege_through")):
                if not (texts and s.rules.has_flag(s, g, "no_siege")):
                    out.append(Siege(g))
        elif texts and enemy_at_my_border and s.rules.has_flag(s, g, "melee_from_fortress"):
            for d in enemy_at_my_border:
                out.append(Melee(g, d))
