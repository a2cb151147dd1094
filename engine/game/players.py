"""Every Generals' Order bot by name: the one-move bots (``bots.py``) and the searching levels (``search.py``).

A table of its own, built from the two modules' tables, so neither registers into the other when
imported (``docs/engine.md``, "Layout and wiring").

>>> sorted(BOTS)
['greedy', 'ismcts-1', 'ismcts-2', 'ismcts-3', 'random']
>>> INTERACTIVE
('random', 'greedy', 'ismcts-1', 'ismcts-2', 'ismcts-3')
>>> QUICK
('random', 'greedy', 'ismcts-1', 'ismcts-2')
>>> make("ismcts-3", 7, max_time=0.25).max_time, make("ismcts-3", 7, max_time=5.0).max_time
(0.25, 1.0)
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from engine.game.bots import BOTS as ONE_MOVE_BOTS
from engine.game.bots import Bot
from engine.game.search import BUDGETS, LEVELS, level

BOTS: dict[str, Callable[[int], Bot]] = {
    **ONE_MOVE_BOTS,
    **{name: functools.partial(level, name) for name in LEVELS},
}
"""Bot factories by name: ``BOTS[name](seed)`` is a bot."""

INTERACTIVE = ("random", "greedy", "ismcts-1", "ismcts-2", "ismcts-3")
"""The bots the site offers (every level)."""

QUICK = ("random", "greedy", "ismcts-1", "ismcts-2")
"""The bots whose moves take well under a quarter of a second on a busy 2-core machine (``docs/bots.md``):
the site may play them inside the human's request. ``ismcts-3`` (about half a second a move, capped at one
second by ``search.BUDGETS``) is played by a background task on the site."""


def make(name: str, seed: int, *, max_time: float | None = None) -> Bot:
    """``BOTS[name](seed)`` with its seconds a move capped at ``max_time`` as well as by its level's budget
    (``search.BUDGETS``): a chess clock's share. The one-move bots take no time to speak of and ignore it."""
    if name not in LEVELS:
        return BOTS[name](seed)
    budget = BUDGETS.get(name)
    if max_time is not None:
        budget = max_time if budget is None else min(budget, max_time)
    return level(name, seed, max_time=budget)
