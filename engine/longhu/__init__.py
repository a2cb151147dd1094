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

__all__ = [
    "ACTIONS",
    "BOTS",
    "DATA_FORMAT",
    "MAP_FORMAT",
    "MESSAGES",
    "STATE_FORMAT",
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
