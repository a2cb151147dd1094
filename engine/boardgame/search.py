"""The searching bot every board game shares: a determinized flat Monte Carlo search (UCB1 over the root's
actions, short random rollouts scored by the game's evaluation). A one-ply greedy bot (each action tried on a
few determinizations, no rollout) was measured and dropped: it won half its games against random
(``docs/bots.md``).

Every simulation starts from a *determinization*: a copy of the state in which what the bot's seat cannot
see is drawn again from what it can (the game's ``determinize``: the other side's hand from the cards it
may hold, for instance), and every chance event after it is drawn from the bot's own generator, never from
the state's seed (a refereed game's dice are a function of the seed, so sampling them as the referee would
read the future). A game gives an ``evaluate(state, player)`` in [0, 1] (the chance ``player`` wins, roughly)
and a ``determinize(state, player, rng)``; the levels are budgets (:class:`Level`), so a move is a function of
the bot's seed and the seat's observation.

    >>> from engine.longhu.state import Game
    >>> from engine.longhu.bots_search import make
    >>> state = Game.default().new_initial_state(4)
    >>> while state.is_chance_node():
    ...     state.apply(state.sample_chance())
    >>> bot = make("search-1", 3)
    >>> state.validate(bot.choose(state)) is None
    True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Evaluate = Callable[[Any, int], float]
"""``evaluate(state, player)``: how good ``state`` is for ``player``, in [0, 1]."""
Determinize = Callable[[Any, int, random.Random], Any]
"""``determinize(state, player, rng)``: a state of its own, the hidden part drawn again from ``player``'s
information (see :func:`live_clone`)."""


@dataclass(frozen=True)
class Level:
    """A search budget: ``per_action`` iterations an action (at most ``most`` a move, at least one an action)
    shared out by UCB1 (``explore`` its constant), each a rollout of ``depth`` decisions."""

    per_action: int
    most: int
    depth: int
    explore: float = 0.7


def live_clone(state: Any) -> Any:
    """A clone whose paused procedure runs on its own board now (``BoardState._rebuild``), so that a
    determinization may change that board in place before the next action (a clone rebuilds from the board
    kept at its last mark otherwise, which would undo the change)."""
    c = state.clone()
    c._rebuild(len(c.history))
    return c


def public_determinize(state: Any, player: int, rng: random.Random) -> Any:
    """The determinization of a game whose board the seat sees whole but for what its observation lets it
    work out (the future, drawn from the bot's generator instead of the seed)."""
    return state.clone()


def settle(state: Any, rng: random.Random) -> None:
    """Chance from ``rng`` and decisions with one option, until a real decision or the end."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) != 1:
            return
        state.apply(legal[0])


def rollout(state: Any, depth: int, rng: random.Random) -> None:
    """Every seat plays at random for ``depth`` decisions (chance from ``rng``), stopping at the end."""
    settle(state, rng)
    for _ in range(depth):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
        settle(state, rng)


def value(state: Any, player: int, evaluate: Evaluate) -> float:
    """``player``'s share of the win at the end (``returns``), else the game's evaluation."""
    if state.is_terminal():
        return float(state.returns()[player])
    return evaluate(state, player)


class SearchBot:
    """A determinized search at one :class:`Level`; ``choose`` reads only what ``determinize`` lets through
    of the state (the seat's information) and the actions the referee offers the seat."""

    def __init__(self, name: str, seed: int, level: Level, *, evaluate: Evaluate, determinize: Determinize) -> None:
        self.name = name
        self.level = level
        self.rng = random.Random(seed)
        self.evaluate = evaluate
        self.determinize = determinize

    def choose(self, state: Any) -> Any:
        """The most visited action (ties: the better mean, then the first); a lone option at once."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._search(state, state.current_player(), legal)

    def _trial(self, state: Any, player: int, action: Any, depth: int) -> float:
        trial = self.determinize(state, player, self.rng)
        trial.apply(action)
        rollout(trial, depth, self.rng)
        return value(trial, player, self.evaluate)

    def _search(self, state: Any, player: int, legal: list[Any]) -> Any:
        level = self.level
        n = len(legal)
        budget = max(n, min(level.most, level.per_action * n))
        visits = [0] * n
        total = [0.0] * n
        for t in range(budget):
            if t < n:
                i = t
            else:
                log_t = math.log(t)
                i = max(range(n), key=lambda k: total[k] / visits[k] + level.explore * math.sqrt(log_t / visits[k]))
            total[i] += self._trial(state, player, legal[i], level.depth)
            visits[i] += 1
        best = max(range(n), key=lambda k: (visits[k], total[k] / visits[k], -k))
        return legal[best]


def squash(x: float, scale: float) -> float:
    """A score difference as a win chance (logistic): 0 is ½, ``scale`` about 73 %."""
    return 1.0 / (1.0 + math.exp(-x / scale))


def factory(levels: dict[str, Level], evaluate: Evaluate, determinize: Determinize) -> Callable[[str, int], SearchBot]:
    """``make(name, seed)``: the bot of level ``name`` (``KeyError`` for a level the game has not)."""

    def make(name: str, seed: int) -> SearchBot:
        return SearchBot(name, seed, levels[name], evaluate=evaluate, determinize=determinize)

    return make
