"""A random bot and ``play(state, bots)``, which plays a game to its end (chance from the state's seed);
both are ``engine.boardgame``'s."""

from __future__ import annotations

from engine.boardgame.bots import RandomBot, play

BOTS = {"random": RandomBot}

__all__ = ["BOTS", "RandomBot", "play"]
