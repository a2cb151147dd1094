"""Attacks (§3.7): melee ([武力攻击], §3.7.2, ruling G5) and siege ([攻城], §3.7.1, ruling G7).
Tactical strikes are in ``strategy``. A general attacks once a turn, in place of moving (G8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import areas, counters, effects, generals, victory
from engine.game.actions import LegalAction, Melee, Siege
from engine.game.errors import IllegalAction
from engine.game.terms import Zone

if TYPE_CHECKING:
    from engine.game.state import State


def check_melee(s: State, a: Melee) -> IllegalAction | None:
    """An own general that may attack, an enemy general in the same zone (§3.7.1 rule A, §3.7.2 rule 1)."""
    player = s.active
    if a.attacker not in s.zone or s.owner[a.attacker] != player:
        return IllegalAction("§3.7.2", f"{s.label(a.attacker)} is not one of your generals on the battlefield")
    if a.defender not in s.zone or s.owner[a.defender] == player:
        return IllegalAction("§3.7.2", f"{s.label(a.defender)} is not an enemy general on the battlefield")
    why = generals.why_not_ready(s, a.attacker, "attack")
    if why is not None:
        return IllegalAction(*why)
    if generals.facing(s.zone[a.attacker]) is not s.zone[a.defender]:
        return IllegalAction(
            "ruling G5", f"{s.label(a.attacker)} and {s.label(a.defender)} do not stand in the same zone (§3.7.1 A)"
        )
    return None


def do_melee(s: State, a: Melee) -> None:
    """Declared: the attacker has attacked; the defender's side may answer (G11)."""
    s.acted.add(a.attacker)
    counters.open_window(s, a)


def resolve_melee(s: State, a: Melee, negated: bool) -> None:
    """Higher current Might wins; the loser goes to CASUALTY; equal Might sends both (§3.7.1 E, G5)."""
    if negated or a.attacker not in s.zone or a.defender not in s.zone:
        return
    if generals.facing(s.zone[a.attacker]) is not s.zone[a.defender]:
        return  # someone moved away meanwhile: nothing to fight
    ma = generals.might(s, a.attacker)
    md = generals.might(s, a.defender)
    if ma > md:
        _beaten(s, a.attacker, a.defender, True)
    elif md > ma:
        _beaten(s, a.defender, a.attacker, False)
    else:
        areas.to_casualty(s, a.attacker)
        areas.to_casualty(s, a.defender)


def _beaten(s: State, winner: int, loser: int, winner_declared: bool) -> None:
    areas.to_casualty(s, loser)
    if s.listeners:
        # [战胜] whoever declared; [武力攻击][战胜] only if the winner declared (§3.7.1 F, G5)
        context = {"winner": winner, "loser": loser, "attack": winner_declared}
        effects.emit(s, "victory", context)
        if winner_declared and s.outcome is None:
            effects.emit(s, "attack_victory", context)


def check_siege(s: State, a: Siege) -> IllegalAction | None:
    """An own general in 敌城外 that may attack, no enemy general in that zone (§3.7.1 siege rules 1–2, G7)."""
    player = s.active
    if a.general not in s.zone or s.owner[a.general] != player:
        return IllegalAction("§3.7.1", f"{s.label(a.general)} is not one of your generals on the battlefield")
    if s.zone[a.general] is not Zone.ENEMY_BORDER:
        return IllegalAction("ruling G7", f"{s.label(a.general)} does not stand in 敌城外 (§3.7.1 siege rule 1)")
    why = generals.why_not_ready(s, a.general, "attack")
    if why is not None:
        return IllegalAction(*why)
    if generals.enemies_in_zone(s, a.general):
        return IllegalAction("ruling G7", "an enemy general stands in 敌城外: no siege while it holds (§3.7.1 rule 2)")
    return None


def do_siege(s: State, a: Siege) -> None:
    """Declared: the general has attacked; the enemy may answer (G11)."""
    s.acted.add(a.general)
    counters.open_window(s, a)


def resolve_siege(s: State, a: Siege, negated: bool) -> None:
    """[消耗] as many enemy RESOURCE cards as the general's current Might (G7); too few loses (G10)."""
    if negated or a.general not in s.zone:
        return
    amount = generals.might(s, a.general)
    if s.listeners:
        effects.emit(s, "siege", {"general": a.general, "amount": amount})
        if s.outcome is not None:
            return
    victory.deplete(s, 1 - s.owner[a.general], amount, then="main")


def legal(s: State, out: list[LegalAction]) -> None:
    """Every melee pairing and siege of generals that may attack."""
    player = s.active
    zone = s.zone
    enemy_field = s.field[1 - player]
    enemy_at_my_border = [g for g in enemy_field if zone[g] is Zone.ENEMY_BORDER]
    enemy_at_their_border = [g for g in enemy_field if zone[g] is Zone.BORDER]
    acted = s.acted
    fresh = s.fresh
    for g in s.field[player]:
        if g in acted or g in fresh:
            continue
        z = zone[g]
        if z is Zone.BORDER:
            for d in enemy_at_my_border:
                out.append(Melee(g, d))
        elif z is Zone.ENEMY_BORDER:
            if enemy_at_their_border:
                for d in enemy_at_their_border:
                    out.append(Melee(g, d))
            else:
                out.append(Siege(g))


counters.RESOLVERS[Melee] = resolve_melee
counters.RESOLVERS[Siege] = resolve_siege
