"""Refusal and narration codes of the 龙虎三国志 engine: code → English template (``str.format`` fields).

Kept apart so they can join the site's message catalogue later; every ``IllegalAction`` code is here
(a test checks it).
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # refusals
    "game_over": "the game is over",
    "chance_due": "a chance event is due ({what}): only its outcome can be entered",
    "not_chance": "no chance event is due: {action} is not a player's action",
    "not_an_outcome": "{action} is not a possible outcome of {what}",
    "wrong_decision": "{action} does not answer the pending decision ({what})",
    "not_offered": "{action} is not one of the choices for {what}",
    "not_adjacent": "{b} does not border {a}",
    "unknown_action": "{action} is not an action of 龙虎三国志",
    # narration of steps (battle calculator, logs)
    "step_betrayal": "{side} tests {target} with {character} (diplomacy {dip}): rolled {die}{plus}, {result}",
    "step_strategy": "{character} ({mult}x) rolls {die}: strategy table gives {value}, {damage} damage to {target}",
    "step_valour": "{character} (valour {valour}) rolls {die}: {result}",
    "step_losses": "{side} loses {amount} strength ({detail})",
    "step_melee": "{side} melee: command {command}, {dice} dice {rolls}: {hits} hit(s)",
    "step_retreat": "{side} retreats from {region} to {to}",
    "step_capture": "{character} rolls {die} for capture: {result}",
    "step_loyalty": "{character} (loyalty {loyalty}) rolls {die}: {result}",
    "step_escape": "{character} goes to {to}",
    "step_result": "{winner} wins the battle in {region}",
    "step_both_gone": "both armies are gone: the attacker loses, the defender's pieces stay",
    "step_no_army": "{side} has no army in {region}: it has lost",
    "step_turned": "{target} changes side and now fights for {side}",
    "step_ended": "no hostile army is left: the battle ends",
    "step_turn": "round {round}: {country} acts (player {player})",
    "step_diplomacy": "{character} tries {target}: rolled {die}{plus} against diplomacy {dip}: {result}",
    "step_produce": "{country} produces {strength} strength in {region}",
    "step_move": "{leader} leads {moving} from {src} into {dst}",
    "step_joins": "{character} joins {country} in {region}",
    "step_strike": "{region} loses {strength} strength",
    "step_dies": "{character} dies",
    "step_emperor": "the emperor goes to {region} with {country}",
    "step_revival": "{country} returns in {region}",
    "step_assassination": "assassination of {character}: rolled {die}, {result}",
    "step_fate": "fate die {die}: {event}",
    "step_round_end": "round {round} ends",
}
