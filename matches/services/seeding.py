"""The tournament's random order (issue 13): one seeded shuffle that rounds and pods both use."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


def seeded_order(items: Sequence[Any], seed: int | None) -> list[Any]:
    """``items`` in the tournament's random order: the same seed always gives the same order (the seed is
    drawn at the start and kept in the audit record ``tournament.start``); no seed (a tournament started
    before seeds were drawn) keeps the given (registration) order."""
    order = list(items)
    if seed is not None:
        random.Random(seed).shuffle(order)
    return order
