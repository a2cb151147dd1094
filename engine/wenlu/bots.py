"""Bots of 文禄朝鲜之役: ``random`` picks uniformly among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.wenlu.actions import Action
from engine.wenlu.state import State


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


BOTS: dict[str, Callable[[int], RandomBot]] = {"random": RandomBot}


def play(state: State, bots: list[RandomBot], max_steps: int = 200_000) -> int:
    """Play to the end (chance from the state's seed); returns the number of actions applied."""
    n = 0
    while not state.is_terminal() and n < max_steps:
        p = state.current_player()
        state.apply(state.sample_chance() if p < 0 else bots[p].act(state))
        n += 1
    return n
