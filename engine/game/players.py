"""Every Generals' Order bot by name: the one-move bots (``bots.py``) and the searching levels (``search.py``).

A table of its own, built from the two modules' tables, so neither registers into the other when
imported (``docs/engine.md``, "Layout and wiring").

>>> sorted(BOTS)
['greedy', 'ismcts-1', 'ismcts-2', 'ismcts-3', 'random']
>>> INTERACTIVE
('random', 'greedy', 'ismcts-1', 'ismcts-2')
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from engine.game.bots import BOTS as ONE_MOVE_BOTS
from engine.game.bots import Bot
from engine.game.search import LEVELS, level

BOTS: dict[str, Callable[[int], Bot]] = {
    **ONE_MOVE_BOTS,
    **{name: functools.partial(level, name) for name in LEVELS},
}
"""Bot factories by name: ``BOTS[name](seed)`` is a bot."""

INTERACTIVE = ("random", "greedy", "ismcts-1", "ismcts-2")
"""The bots the site offers: their moves take well under a quarter of a second on a busy 2-core machine
(``docs/bots.md``); ``ismcts-3`` (about half a second a move, capped at one second by ``search.BUDGETS``)
is for the command line and the bench: on the site its moves would run inside the human's request."""
