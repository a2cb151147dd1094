"""What a player may see (§3.1.10, FAQ "Which are the areas that remain undisclosed"): his own hand;
the opponent's hand size; RESOURCE and DISCARD sizes only (face down, order never shown); CASUALTY,
COMMAND (once revealed), ADVANTAGE and the battlefield face up. Every card shown appears as
``{"id": ..., "name": ...}``; a hidden card never appears at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game.state import State


def _card(s: State, c: int) -> dict[str, Any]:
    return {"id": c, "name": s.names[c]}


def observation(s: State, player: int) -> dict[str, Any]:
    """The JSON-ready view of ``player`` (0 or 1)."""
    if player not in (0, 1):
        raise ValueError(f"player is 0 or 1, not {player!r}")
    sides = []
    for p in (0, 1):
        own = p == player
        command = s.command[p]
        side: dict[str, Any] = {
            "factions": list(s.factions[p]),
            "hand_limit": s.rules.hand_limit(s, p),
            "hand_size": len(s.hand[p]),
            "resource_size": len(s.resource[p]),
            "discard_size": len(s.discard[p]),
            "casualty": [_card(s, c) for c in s.casualty[p]],
            "out_of_game_size": len(s.out_of_game[p]),
            "command": (_card(s, command) if command is not None and (own or s.command_revealed) else None),
            "has_command": command is not None,
            "generals": [_general(s, g) for g in s.field[p]],
        }
        if own:
            side["hand"] = [_card(s, c) for c in s.hand[p]]
            side["pool"] = [_card(s, c) for c in s.pool[p]]
            side["recruitment_costs"] = {
                str(c): s.rules.recruitment_cost(s, p, c) for c in s.hand[p] if s.cards[c].is_general
            }
            looked = s.tmem.get("looked") if s.texts else None
            if looked and looked[p]:  # 简雍, 沮授: the enemy hand as it was when looked at
                side["looked_at"] = [_card(s, c) for c in looked[p]]
        sides.append(side)
    pending = None
    if s.pending is not None:
        pending = s.pending.to_json()
        if "payment" in pending:  # paid face down: the opponent sees how many, not which
            paid = pending.pop("payment")
            pending["paid"] = len(paid)
            if s.active == player:
                pending["payment"] = paid
    chance = None
    if s.chance is not None:
        chance = {"player": s.chance[0], "count": s.chance[1], "to": s.chance[2].value}
    choice = None
    if s.choice is not None:
        ch = s.choice
        choice = {"player": ch["player"], "kind": ch["kind"], "count": ch["count"]}
        if ch["player"] == player:
            if ch["kind"] == "may":
                choice["options"] = list(ch["options"])
            else:
                choice["options"] = [_card(s, c) for c in ch["options"]]
    out = {
        "player": player,
        "turn": s.turn,
        "active": s.active,
        "first": s.first,
        "phase": s.phase.value,
        "to_act": s.current_player(),
        "pending": pending,
        "stack": [_card(s, c) for c in s.stack],
        "chance": chance,
        "advantage": None if s.advantage is None else {**_card(s, s.advantage), "owner": s.owner[s.advantage]},
        "sides": sides,
        "outcome": None if s.outcome is None else s.outcome.to_json(),
    }
    if choice is not None:
        out["choice"] = choice
    if s.texts and s.memory.get("banned"):
        out["banned"] = s.memory["banned"]
    return out


def _general(s: State, g: int) -> dict[str, Any]:
    return {
        "id": g,
        "name": s.names[g],
        "zone": s.zone[g].value,
        "might": s.rules.might(s, g),
        "wit": s.rules.wit(s, g),
        "equipment": [{**_card(s, e), "owner": s.owner[e]} for e in s.gear.get(g, ())],
        "acted": g in s.acted,
        "recruited_this_turn": g in s.fresh,
        "activated": g in s.activated,
    }
