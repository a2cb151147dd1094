"""The random bot and the self-play loop every board game shares (bots, command line, benches)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.boardgame.actions import Action


class RandomBot:
    """Uniform over ``legal_actions()``."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Action:
        return self.rng.choice(state.legal_actions())

    act = choose


def play(
    state: Any,
    bots: Sequence[Any],
    on_action: Callable[[Any, Action], None] | None = None,
    max_steps: int = 200_000,
) -> Any:
    """Play to the end: chance from ``state.sample_chance()`` (the seed), each seat by its bot's ``choose``;
    ``RuntimeError`` if there is no end after ``max_steps`` actions. Returns the state."""
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        player = state.current_player()
        action = state.sample_chance() if player < 0 else bots[player].choose(state)
        state.apply(action)
        if on_action is not None:
            on_action(state, action)
    raise RuntimeError(f"no end after {max_steps} steps")
