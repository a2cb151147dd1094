"""Moving generals (§3.6.5, ruling G4).

Any general may go between 自城内, 自城外 and 敌城外 (rules 1–2, 5–6), never into 敌城内. An advance
into 敌城外 is blocked unless, after it, at least X own generals stand in 自城外, X being the number of
enemy generals there (rules 3–4): blockers first. Retreats and 自城内 → 自城外 are never blocked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game.actions import LegalAction, Move
from engine.game.errors import IllegalAction
from engine.game.terms import Zone
from engine.messages import card, zone

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
        return IllegalAction("refusal.not_own_general", {"card": card(s.names, a.general)}, "§3.6.5")
    if not isinstance(a.to, Zone):
        return IllegalAction("refusal.move.bad_zone", {"zone": repr(a.to)}, "ruling G4")
    why = s.rules.why_not_ready(s, a.general, "move")
    if why is not None:
        return IllegalAction(*why)
    if s.zone[a.general] is a.to:
        return IllegalAction(
            "refusal.move.same_zone", {"card": card(s.names, a.general), "zone": zone(a.to, player)}, "§3.6.5"
        )
    if s.texts:
        why = _text_problem(s, a.general, s.zone[a.general], a.to)
        if why is not None:
            return IllegalAction(*why)
    if a.to is Zone.ENEMY_BORDER and not (s.texts and s.rules.has_flag(s, a.general, "unblocked")):
        b = blocked(s, a.general)
        if b is not None:
            enemies, mine = b
            return IllegalAction("refusal.move.blocked", {"enemies": enemies, "mine": mine}, "§3.6.5 rule 4")
    return None


def _text_problem(s: State, general: int, here: Zone, to: Zone) -> tuple[str, dict[str, Any], str] | None:
    if general in s.moved and _RANK[to] >= _RANK[here]:
        return "refusal.move.retreat_only", {"card": card(s.names, general)}, "ruling G8"
    if (
        here is Zone.FORTRESS
        and to is Zone.ENEMY_BORDER
        and "no_leap" in s.flagged
        and s.rules.player_flag(s, s.owner[general], "no_leap")
    ):
        return "refusal.move.swamp", {}, "§2.7"
    return None


_RANK = {Zone.FORTRESS: 0, Zone.BORDER: 1, Zone.ENEMY_BORDER: 2}


def do(s: State, a: Move) -> None:
    """The general moves; its turn is over (G8). An advance into the enemy's 自城外 opens a window
    when the enemy could hold a card answering it (伏兵), judged from the card database and his
    declared factions, never from his hand (G11)."""
    here = s.zone[a.general]
    s.zone[a.general] = a.to
    if a.general in s.moved:
        s.tmem.setdefault("retreated_twice", {})[str(a.general)] = 1
    s.acted.add(a.general)
    s.moved.add(a.general)
    if not s.texts:
        return
    if _RANK[a.to] < _RANK[here]:
        s.tmem.setdefault("retreated", []).append(a.general)
    if "moved" in s.hooks:
        s.rules.emit(s, "moved", {"general": a.general, "from": here.value, "to": a.to.value})
    if a.to is Zone.ENEMY_BORDER and s.rules.could_answer(s, 1 - s.active, "move"):
        s.rules.open_window(s, a)


def resolve(s: State, a: Move, negated: bool) -> None:
    """The move has happened when it was declared; an answer only adds its own effect."""


def legal(s: State, out: list[LegalAction]) -> None:
    """Every move of every general that may still move."""
    player = s.active
    zone = s.zone
    texts = s.texts
    no_leap = texts and "no_leap" in s.flagged and s.rules.player_flag(s, player, "no_leap")
    moved = s.moved
    for g in s.field[player]:
        if not (s.rules.may_move(s, g) if texts else s.rules.ready(s, g)):
            continue
        here = zone[g]
        again = texts and g in moved  # a second move (的卢): only a retreat
        for to in (Zone.FORTRESS, Zone.BORDER, Zone.ENEMY_BORDER):
            if to is here:
                continue
            if again and _RANK[to] >= _RANK[here]:
                continue
            if to is Zone.ENEMY_BORDER:
                if no_leap and here is Zone.FORTRESS:
                    continue
                if blocked(s, g) is not None and not (texts and s.rules.has_flag(s, g, "unblocked")):
                    continue
            out.append(Move(g, to))
