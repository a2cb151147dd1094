"""Generals on the battlefield: current Might and Wit (§2.2.3–2.2.4), who may still act (G8), who stands where."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game.terms import Zone

if TYPE_CHECKING:
    from engine.game.state import State


def might(s: State, general: int) -> int:
    """Current Might: printed Might + equipment's ``might_mod`` + this turn's bonuses; never below 0."""
    value = s.cards[general].might or 0
    gear = s.gear.get(general)
    if gear:
        for e in gear:
            value += s.cards[e].might_mod
    if s.modifiers:
        owner = s.owner[general]
        for player, stat, amount in s.modifiers:
            if player == owner and stat == "might":
                value += amount
    return value if value > 0 else 0


def wit(s: State, general: int) -> int:
    """Current Wit: printed Wit + equipment's ``wit_mod`` + this turn's bonuses; never below 0."""
    value = s.cards[general].wit or 0
    gear = s.gear.get(general)
    if gear:
        for e in gear:
            value += s.cards[e].wit_mod
    if s.modifiers:
        owner = s.owner[general]
        for player, stat, amount in s.modifiers:
            if player == owner and stat == "wit":
                value += amount
    return value if value > 0 else 0


def ready(s: State, general: int) -> bool:
    """May still move or attack this turn: has not acted and was not recruited this turn (G8, §3.5 待命)."""
    return general not in s.acted and general not in s.fresh


def why_not_ready(s: State, general: int, rule_for: str) -> tuple[str, str] | None:
    """(rule, reason) if the general may not move or attack now."""
    if general in s.fresh:
        return "ruling G8", f"{s.label(general)} was recruited this turn and cannot {rule_for} yet (§3.5 待命)"
    if general in s.acted:
        return "ruling G8", f"{s.label(general)} has already moved or attacked this turn"
    return None


def facing(zone: Zone) -> Zone | None:
    """The zone, seen from the enemy's side, of the same place on the table (None for 自城内)."""
    if zone is Zone.BORDER:
        return Zone.ENEMY_BORDER
    if zone is Zone.ENEMY_BORDER:
        return Zone.BORDER
    return None


def enemies_in_zone(s: State, general: int) -> list[int]:
    """The enemy generals standing in the same zone as ``general`` (none ever in a 城内, G4)."""
    there = facing(s.zone[general])
    if there is None:
        return []
    zone = s.zone
    return [g for g in s.field[1 - s.owner[general]] if zone[g] is there]


def count_in(s: State, player: int, zone: Zone) -> int:
    """How many of ``player``'s generals stand in ``zone`` (his view)."""
    z = s.zone
    return sum(1 for g in s.field[player] if z[g] is zone)
