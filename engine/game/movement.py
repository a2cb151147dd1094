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

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_BORDER, _ENEMY_BORDER, _FORTRESS = Zone.BORDER, Zone.ENEMY_BORDER, Zone.FORTRESS


def blocked(s: State, general: int) -> tuple[int, int] | None:
    """(enemies in my 自城外, my generals left there) if advancing ``general`` into 敌城外 is blocked (G4)."""
    player = s.owner[general]
    zone = s.zone
    enemies = 0
    for g in s.field[1 - player]:
        if zone[g] is _ENEMY_BORDER:
            enemies += 1
    if not enemies:
        return None
    mine = 0
    for g in s.field[player]:
        if zone[g] is _BORDER and g != general:
            mine += 1
    return (enemies, mine) if mine < enemies else None


def check(s: State, a: Move) -> IllegalAction | None:
    """An own general that may still move, to another zone, not blocked (§3.6.5, G4, G8)."""
    player = s.active
    g, to = a.general, a.to
    if g not in s.zone or s.owner[g] != player:
        return IllegalAction("refusal.not_own_general", {"card": card(s.names, g)}, "§3.6.5")
    if not isinstance(to, Zone):
        return IllegalAction("refusal.move.bad_zone", {"zone": repr(to)}, "ruling G4")
    # why_not_ready's first question (may_move) asked here: a general that may move, one call less
    if not s.rules.may_move(s, g):
        why = s.rules.why_not_ready(s, g, "move")
        if why is not None:
            return IllegalAction(*why)
    here = s.zone[g]
    if here is to:
        return IllegalAction("refusal.move.same_zone", {"card": card(s.names, g), "zone": zone(to, player)}, "§3.6.5")
    if s.texts:
        why = _text_problem(s, g, here, to)
        if why is not None:
            return IllegalAction(*why)
    if to is _ENEMY_BORDER:
        # blocked first: the text that lifts the block (unblocked) is asked only of a blocked advance
        b = blocked(s, g)
        if b is not None and not (s.texts and s.rules.has_flag(s, g, "unblocked")):
            enemies, mine = b
            return IllegalAction("refusal.move.blocked", {"enemies": enemies, "mine": mine}, "§3.6.5 rule 4")
    return None


def _text_problem(s: State, general: int, here: Zone, to: Zone) -> tuple[str, dict[str, Any], str] | None:
    if general in s.moved and _RANK[to] >= _RANK[here]:
        return "refusal.move.retreat_only", {"card": card(s.names, general)}, "ruling G8"
    if (
        here is _FORTRESS
        and to is _ENEMY_BORDER
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
    g, to = a.general, a.to
    here = s.zone[g]
    s.zone[g] = to
    if g in s.moved:
        s.tmem.setdefault("retreated_twice", {})[str(g)] = 1
    s.acted.add(g)
    s.moved.add(g)
    if not s.texts:
        return
    if _RANK[to] < _RANK[here]:
        s.tmem.setdefault("retreated", []).append(g)
    if "moved" in s.hooks:
        s.rules.emit(s, "moved", {"general": g, "from": here.value, "to": to.value})
    if to is _ENEMY_BORDER and s.rules.could_answer(s, 1 - s.active, "move"):
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
        for to in (_FORTRESS, _BORDER, _ENEMY_BORDER):
            if to is here:
                continue
            if again and _RANK[to] >= _RANK[here]:
                continue
            if to is _ENEMY_BORDER:
                if no_leap and here is _FORTRESS:
                    continue
                if blocked(s, g) is not None and not (texts and s.rules.has_flag(s, g, "unblocked")):
                    continue
            out.append(Move(g, to))
