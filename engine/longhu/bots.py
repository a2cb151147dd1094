"""The bots of 龙虎三国志 by name, the weakest first: ``random`` (``engine.boardgame``'s), then the searching
levels of ``bots_search``; ``play(state, bots)`` plays a game to its end (chance from the state's seed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.boardgame.bots import RandomBot, play
from engine.longhu.bots_search import BOTS as SEARCH_BOTS

BOTS: dict[str, Callable[[int], Any]] = {"random": RandomBot, **SEARCH_BOTS}

__all__ = ["BOTS", "RandomBot", "play"]
