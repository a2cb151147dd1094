"""Bots of 文禄朝鲜之役: ``random`` picks uniformly among the legal actions (``engine.boardgame``'s)."""

from __future__ import annotations

from typing import Any

import engine.boardgame.bots as base
from engine.boardgame.bots import RandomBot

BOTS = {"random": RandomBot}


def play(state: Any, bots: list[RandomBot], max_steps: int = 200_000) -> int:
    """Play to the end (chance from the state's seed); returns the number of actions applied."""
    before = len(state.history)
    base.play(state, bots, max_steps=max_steps)
    return len(state.history) - before


__all__ = ["BOTS", "RandomBot", "play"]
