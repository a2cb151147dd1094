"""Bots of 文禄朝鲜之役 by name, the weakest first: ``random`` (uniform among the legal actions,
engine.boardgame's), then the searching levels of ``bots_search``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine.boardgame.bots as base
from engine.boardgame.bots import RandomBot
from engine.wenlu.bots_search import BOTS as SEARCH_BOTS

BOTS: dict[str, Callable[[int], Any]] = {"random": RandomBot, **SEARCH_BOTS}
"""The bots by name, the weakest first: ``random``, then the searching levels (``bots_search``)."""


def play(state: Any, bots: list[RandomBot], max_steps: int = 200_000) -> int:
    """Play to the end (chance from the state's seed); returns the number of actions applied."""
    before = len(state.history)
    base.play(state, bots, max_steps=max_steps)
    return len(state.history) - before


__all__ = ["BOTS", "RandomBot", "play"]
