"""A random bot and ``play(state, bots)``, which plays a game to its end (chance from the state's seed)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.longhu.actions import Action
from engine.longhu.state import State


class RandomBot:
    """Uniform over ``legal_actions()``."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


BOTS = {"random": RandomBot}


def play(
    state: State,
    bots: Sequence[RandomBot],
    on_action: Callable[[State, Action], None] | None = None,
    max_steps: int = 200_000,
) -> State:
    """Play to the end: chance from ``state.sample_chance()``, each player by its bot."""
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        player = state.current_player()
        action = state.sample_chance() if player < 0 else bots[player].choose(state)
        state.apply(action)
        if on_action is not None:
            on_action(state, action)
    raise RuntimeError(f"no end after {max_steps} steps")
