"""The searching bots of 文禄朝鲜之役 (``engine.boardgame.search``): ``search-1``, determinized flat Monte Carlo
with short random rollouts (a second level was not measured in time against it, ``docs/bots.md``).

A seat does not see the other side's event cards (a count only) nor either deck, and the Japanese do not see
which righteous generals wait in 在野武将区 or 待机武将区 (§2.4(5)); a determinization deals the other side's
hand again from the cards it may hold (its deck's cards not yet played, ``spent`` being public), and for the
Japanese seat puts each righteous general off the map in one of the two boxes at random. Chance after it is
drawn from the bot's own generator, never from the seed.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from engine.boardgame.search import Level, factory, live_clone, squash
from engine.wenlu.victory import scores

SIDES = ("japan", "allies")
"""Seat 0 plays the Japanese, seat 1 the Allies (§3.0; ``state.SEAT_SIDES``)."""

LEVELS: dict[str, Level] = {
    "search-1": Level(per_action=2, most=8, depth=2),
}
"""The budgets of the levels (``docs/bots.md``): each beats the one below (``bench/bench_board_bots.py``)."""


def determinize(state: Any, player: int, rng: random.Random) -> Any:
    """A state of its own in which the hidden part is drawn from ``player``'s information only: the other
    side's hand (as many cards as it holds) from its cards not played; for the Japanese, each righteous
    general in 在野武将区 or 待机武将区 put in one of the two at random."""
    trial = live_clone(state)
    b = trial.board
    other = SIDES[1 - player]
    unplayed = sorted(b.hands[other] + b.decks[other])
    rng.shuffle(unplayed)
    k = len(b.hands[other])
    b.hands[other][:] = unplayed[:k]
    b.decks[other][:] = sorted(unplayed[k:])
    if player == 0:
        for cid in sorted(c.id for c in b.data.counters if b.loc.get(c.id) in ("pool", "standby")):
            b.loc[cid] = rng.choice(("pool", "standby"))
    return trial


def standings(state: Any) -> dict[str, float]:
    """Each side's victory points (§12.1, ruling W22) counting most; then the capitals the Japanese hold (the
    way to their points, ruling W21), each side's counters on the map (a reduced one half) and event cards."""
    b = state.board
    out = {side: float(points) for side, points in scores(b).items()}
    out["japan"] += 0.35 * sum(1 for r in b.data.map.regions if r.capital and b.controller(r.id) == "japan")
    for c in b.data.counters:
        if b.on_map(c.id):
            out[c.side] += 0.04 if c.id in b.reduced else 0.08
    for side in SIDES:
        out[side] += 0.3 * len(b.hands[side])
    return out


def evaluate(state: Any, player: int) -> float:
    """``player``'s side against the other, as a win chance."""
    s = standings(state)
    return squash(s[SIDES[player]] - s[SIDES[1 - player]], 2.0)


make = factory(LEVELS, evaluate, determinize)

BOTS = {name: partial(make, name) for name in LEVELS}
"""The searching bots by name, each ``BOTS[name](seed)``."""
