"""文禄朝鲜之役 (seed 003), refereed: ``Game.default().new_initial_state(seed)``; battle calculator
``engine.wenlu.calculator``; see ``docs/wenlu.md``."""

from __future__ import annotations

from engine.maps import MAP_FORMAT
from engine.wenlu.actions import ACTIONS, Action, Draw, Pass, Pick, Roll, action_from_json
from engine.wenlu.bots import BOTS
from engine.wenlu.data import DATA_FORMAT, DataError, GameData, load_data, parse_data
from engine.wenlu.errors import IllegalAction, LogError
from engine.wenlu.messages import MESSAGES
from engine.wenlu.state import Game, State
from engine.wenlu.terms import STATE_FORMAT

__all__ = [
    "ACTIONS",
    "BOTS",
    "DATA_FORMAT",
    "MAP_FORMAT",
    "MESSAGES",
    "STATE_FORMAT",
    "Action",
    "DataError",
    "Draw",
    "Game",
    "GameData",
    "IllegalAction",
    "LogError",
    "Pass",
    "Pick",
    "Roll",
    "State",
    "action_from_json",
    "load_data",
    "parse_data",
]
