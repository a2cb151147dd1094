"""Moving generals (§3.6.5, ruling G4).

Any general may go between 自城内, 自城外 and 敌城外 (rules 1–2, 5–6), never into 敌城内. An advance
into 敌城外 is blocked unless, after it, at least X own generals stand in 自城外, X being the number of
enemy generals there (rules 3–4): blockers first. Retreats and 自城内 → 自城外 are never blocked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import generals
from engine.game.actions import LegalAction, Move
from engine.game.errors import IllegalAction
from engine.game.terms import ZONE_ZH, Zone

if TYPE_CHECKING:
    from engine.game.state import State


def blocked(s: State, general: int) -> tuple[int, int] | None:
    """(enemies in my 自城外, my generals left there) if advancing ``general`` into 敌城外 is blocked (G4)."""
    player = s.owner[general]
    zone = s.zone
    enemies = 0
    for g in s.field[1 - player]:
        if zone[g] is Zone.ENEMY_BORDER:
            enemies += 1
    if not enemies:
        return None
    mine = 0
    for g in s.field[player]:
        if zone[g] is Zone.BORDER and g != general:
            mine += 1
    return (enemies, mine) if mine < enemies else None


def check(s: State, a: Move) -> IllegalAction | None:
    """An own general that may still move, to another zone, not blocked (§3.6.5, G4, G8)."""
    player = s.active
    if a.general not in s.zone or s.owner[a.general] != player:
        return IllegalAction("§3.6.5", f"{s.label(a.general)} is not one of your generals on the battlefield")
    if not isinstance(a.to, Zone):
        return IllegalAction("ruling G4", f"{a.to!r} is not a zone a general may enter (never 敌城内)")
    why = generals.why_not_ready(s, a.general, "move")
    if why is not None:
        return IllegalAction(*why)
    if s.zone[a.general] is a.to:
        return IllegalAction("§3.6.5", f"{s.label(a.general)} already stands in {ZONE_ZH[a.to]}")
    if a.to is Zone.ENEMY_BORDER:
        b = blocked(s, a.general)
        if b is not None:
            enemies, mine = b
            return IllegalAction(
                "§3.6.5 rule 4",
                f"{enemies} enemy general(s) stand in your 自城外 and only {mine} of yours would stay there to "
                f"block them: move blockers to 自城外 first (ruling G4)",
            )
    return None


def do(s: State, a: Move) -> None:
    """The general moves; its turn is over (G8)."""
    s.zone[a.general] = a.to
    s.acted.add(a.general)


def legal(s: State, out: list[LegalAction]) -> None:
    """Every move of every general that may still move."""
    player = s.active
    zone = s.zone
    for g in s.field[player]:
        if not generals.ready(s, g):
            continue
        here = zone[g]
        for to in (Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER):
            if to is here:
                continue
            if to is Zone.ENEMY_BORDER and blocked(s, g) is not None:
                continue
            out.append(Move(g, to))
