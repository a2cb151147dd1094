"""The shared base of the board-game engines (龙虎三国志 ``engine.longhu``, 文禄朝鲜之役 ``engine.wenlu``) and
the interface the site plays them through (``docs/boardgames.md``). It imports neither game: a game is found
through ``engine.systems``."""

from __future__ import annotations

from engine.boardgame.actions import Action, ActionReader, Draw, Pass, Pick, Roll
from engine.boardgame.bots import RandomBot, play
from engine.boardgame.errors import IllegalAction, LogError
from engine.boardgame.procedure import Chance, Decision, Proc, Request, ask, drive, picked, roll
from engine.boardgame.protocol import Game, State, apply_json, default_game, make_game, seats_to_act
from engine.boardgame.state import CHANCE, TERMINAL, BoardGame, BoardState, replay_log

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionReader",
    "BoardGame",
    "BoardState",
    "Chance",
    "Decision",
    "Draw",
    "Game",
    "IllegalAction",
    "LogError",
    "Pass",
    "Pick",
    "Proc",
    "RandomBot",
    "Request",
    "Roll",
    "State",
    "apply_json",
    "ask",
    "default_game",
    "drive",
    "make_game",
    "picked",
    "play",
    "replay_log",
    "roll",
    "seats_to_act",
]
