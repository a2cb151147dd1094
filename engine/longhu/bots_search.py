"""The searching bots of 龙虎三国志 (``engine.boardgame.search``): ``search-1``, determinized flat Monte Carlo
with short random rollouts (a larger budget did not beat it, ``docs/bots.md``).

The board is public but for the face-down free-retainer counters (§2-2(1)), and which of them lie in the cup
follows from the counters shown, so a determinization keeps the board and draws the future (the order dice,
the battle dice, the retainer draws) from the bot's own generator, never from the seed.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.boardgame.search import Level, factory, public_determinize, squash
from engine.longhu.victory import score

LEVELS: dict[str, Level] = {
    "search-1": Level(per_action=3, most=18, depth=3),
}
"""The budgets of the levels (``docs/bots.md``): each beats the one below (``bench/bench_board_bots.py``)."""


def standing(state: Any, player: int) -> float:
    """A seat's material: regions held (§7②) counting most, their production, its countries and the strength
    it has on the map and in supply."""
    b = state.board
    regions, prod, _ = score(b)
    mine = b.countries_of(player)
    strength = sum(n for here in b.strength.values() for c, n in here.items() if c in mine)
    supply = sum(b.supply.get(c, 0) for c in mine)
    return regions[player] + 0.25 * prod[player] + 1.5 * len(mine) + 0.15 * strength + 0.05 * supply


def evaluate(state: Any, player: int) -> float:
    """``player``'s standing against the best of the other seats still in and of the traitors (who win if they
    hold more regions than every player, §8(3)), as a win chance."""
    b = state.board
    if player in b.out:
        return 0.0
    rivals = [standing(state, p) for p in range(state.game.players) if p != player and p not in b.out]
    rivals.append(float(score(b)[2]))
    return squash(standing(state, player) - max(rivals), 3.0)


make = factory(LEVELS, evaluate, partial(public_determinize))

BOTS = {name: partial(make, name) for name in LEVELS}
"""The searching bots by name, each ``BOTS[name](seed)``."""
