"""The random bot and the self-play loop every board game shares (bots, command line, benches)."""

from __future__ import annotations

import random
from typing import Any

from engine import interface
from engine.boardgame.actions import Action


class RandomBot:
    """Uniform over ``legal_actions()``."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Action:
        return self.rng.choice(state.legal_actions())

    act = choose


play = interface.play
