"""Generals on the battlefield: current Might and Wit (§2.2.3–2.2.4), who may still act (G8), who stands where."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game.terms import Zone
from engine.messages import card

if TYPE_CHECKING:
    from engine.game.state import State

# enum members read once: reading one off its class costs about 70 ns in CPython 3.11, and the rules
# ask them at every check
_BORDER, _ENEMY_BORDER, _FORTRESS = Zone.BORDER, Zone.ENEMY_BORDER, Zone.FORTRESS


def might(s: State, general: int) -> int:
    """Current Might: printed Might + equipment's ``might_mod`` + texts (static, this turn's) ; never below 0."""
    card = s.cards[general]
    value = card.might or 0
    gear = s.gear.get(general)
    if gear:
        void = False
        contest = s.now.get("contest") if s.texts else None
        if contest and contest[1] == general:  # 青釭剑: the attacked general's armaments add nothing
            void = s.rules.has_flag(s, contest[0], "void_defender_armaments")
        for e in gear:
            if void and s.cards[e].subtype == "宝物":
                continue
            value += s.cards[e].might_mod
    if s.modifiers:
        value += _modifiers(s, general, "might")
    if s.texts:
        value = s.rules.stat_bonus(s, general, "might", value)
    return value if value > 0 else 0


def wit(s: State, general: int) -> int:
    """Current Wit: printed Wit + equipment's ``wit_mod`` + texts (static, this turn's); never below 0."""
    value = s.cards[general].wit or 0
    gear = s.gear.get(general)
    if gear:
        for e in gear:
            value += s.cards[e].wit_mod
    if s.modifiers:
        value += _modifiers(s, general, "wit")
    if s.texts:
        value = s.rules.stat_bonus(s, general, "wit", value)
    return value if value > 0 else 0


def _modifiers(s: State, general: int, stat: str) -> int:
    """This turn's (and this contest's, this game's) bonuses: ``[player, stat, amount, general, until, filter]``;
    general -1 is every general of ``player`` fitting ``filter`` ("faction:黄巾", "zone:border", "outside")."""
    owner = s.owner[general]
    total = 0
    for m in s.modifiers:
        if m[0] != owner or m[1] != stat:
            continue
        if len(m) > 3:
            if m[3] != -1 and m[3] != general:
                continue
            flt = m[5]
            if flt:
                kind, _, arg = flt.partition(":")
                if kind == "faction" and arg not in s.cards[general].factions:
                    continue
                if kind == "zone" and s.zone[general].value != arg:
                    continue
                if kind == "outside" and s.zone[general] is _FORTRESS:
                    continue
        total += m[2]
    return total


def ready(s: State, general: int) -> bool:
    """May still move or attack this turn: has not acted and was not recruited this turn (G8, §3.5 待命)."""
    return general not in s.acted and general not in s.fresh


def may_attack(s: State, general: int) -> bool:
    """May attack now (G8): not yet acted, or a text allows it (曹仁 fresh, 赵云 after moving, 速攻 again)."""
    if general not in s.acted and general not in s.fresh:
        return True
    if not s.texts:
        return False
    if general in s.fresh and not s.rules.has_flag(s, general, "attack_when_fresh"):
        return False
    if general in s.attacked:
        extra = s.tmem.get("extra")
        return extra is not None and extra.get(str(general), 0) > 0
    if general in s.moved:
        if s.rules.has_flag(s, general, "attack_after_move"):
            return True
        return s.zone[general] is _ENEMY_BORDER and s.rules.has_flag(s, general, "attack_after_advance")
    return general not in s.acted


def may_move(s: State, general: int) -> bool:
    """May move now (G8): not yet acted and not fresh, or a text allows it (程远志 fresh, 的卢 retreats)."""
    if general not in s.acted and general not in s.fresh:
        if s.texts:
            nomove = s.tmem.get("nomove")
            return not (nomove and general in nomove)
        return True
    if not s.texts:
        return False
    if general in s.fresh and general not in s.acted:
        return s.rules.has_flag(s, general, "move_when_fresh")
    if general in s.moved and general not in s.attacked and str(general) not in s.tmem.get("retreated_twice", {}):
        return general in s.tmem.get("retreated", ()) and s.rules.has_flag(s, general, "retreat_again")
    return False


def note_attack(s: State, general: int) -> None:
    """The general has attacked (G8); an extra attack a text gave is used up first."""
    if general in s.attacked:
        extra = s.tmem.get("extra")
        if extra and extra.get(str(general), 0) > 0:
            extra[str(general)] -= 1
    s.acted.add(general)
    s.attacked.add(general)


def immune_to_tactic(s: State, general: int, executor: int) -> bool:
    """陆逊: an enemy tactic never sends this general to CASUALTY."""
    if not s.texts:
        return False
    return s.owner[executor] != s.owner[general] and s.rules.has_flag(s, general, "immune_enemy_tactic")


def why_not_ready(s: State, general: int, rule_for: str) -> tuple[str, dict[str, Any], str] | None:
    """(code, params, rule) if the general may not move or attack now."""
    if rule_for == "attack" and ((general not in s.acted and general not in s.fresh) or may_attack(s, general)):
        return None  # ready (G8): may_attack's first answer, one call less
    if rule_for == "move" and may_move(s, general):
        return None
    if general in s.fresh and general not in s.acted:
        return f"refusal.ready.fresh_{rule_for}", {"card": card(s.names, general)}, "ruling G8"
    if s.texts and general in s.tmem.get("nomove", ()):
        return "refusal.ready.no_move_again", {"card": card(s.names, general)}, "ruling G8"
    return "refusal.ready.acted", {"card": card(s.names, general)}, "ruling G8"


def facing(zone: Zone) -> Zone | None:
    """The zone, seen from the enemy's side, of the same place on the table (None for 自城内)."""
    if zone is _BORDER:
        return _ENEMY_BORDER
    if zone is _ENEMY_BORDER:
        return _BORDER
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
