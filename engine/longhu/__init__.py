"""龙虎三国志 (seed 001), refereed: ``Game(data, players).new_initial_state(seed)``; see ``docs/longhu.md``."""

from __future__ import annotations

from engine.longhu.actions import (
    ACTIONS,
    Action,
    Diplomacy,
    Draw,
    Go,
    Lead,
    Leave,
    Pass,
    Pick,
    Place,
    Roll,
    Split,
    Take,
    action_from_json,
)
from engine.longhu.bots import BOTS
from engine.longhu.data import DATA_FORMAT, DataError, GameData, load_data, parse_data
from engine.longhu.errors import IllegalAction, LogError
from engine.longhu.messages import MESSAGES
from engine.longhu.state import Game, State, replay_log
from engine.longhu.terms import STATE_FORMAT
from engine.maps import MAP_FORMAT

SYSTEM = {
    "id": "longhu",
    "name": "龙虎三国志",
    "rules": "seed 001",
    "players": (2, 4),
    "map_format": MAP_FORMAT,
    "data_format": DATA_FORMAT,
    "state_format": STATE_FORMAT,
    "actions": tuple(ACTIONS),
    "bots": tuple(BOTS),
    "messages": MESSAGES,
    "battle_calculator": "engine.longhu.calculator",
}
"""What this game system declares (issue 15, "games as plug-ins"): the site reads this, never the name."""

__all__ = [
    "SYSTEM",
    "Action",
    "DataError",
    "Diplomacy",
    "Draw",
    "Game",
    "GameData",
    "Go",
    "IllegalAction",
    "Lead",
    "Leave",
    "LogError",
    "Pass",
    "Pick",
    "Place",
    "Roll",
    "Split",
    "State",
    "Take",
    "action_from_json",
    "load_data",
    "parse_data",
    "replay_log",
]
