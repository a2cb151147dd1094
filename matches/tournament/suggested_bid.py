"""A suggested bid for a two-sided wargame's map (issue 26 item 6, 文禄朝鲜之役): from finished games' victory
points by side, the bid that would bring the sides to 50 %, with a confidence interval and the number of games.

Nothing here imports Django; ``docs/tournaments.md`` ("A suggested bid") documents the method.

Each game gives the first side's margin ``m`` = the first side's VP − the second side's, before any bid. A
player who gives up ``b`` VP to play the first side wins when ``m − b > 0`` and loses when ``m − b < 0``, so
the bid that balances wins and losses is the ``b`` with as many games above it as below: the **median**
margin (half-way between the two middle margins of an even count). A positive median is a bid for the
first side, a negative one a bid (of its size) for the second. The interval is a 95 % percentile
bootstrap of the median (``RESAMPLES`` resamples drawn with the fixed seed ``SEED``, so the same games
always give the same interval). Below ``MIN_GAMES`` games the map has "not enough games" for a
suggestion (the figures are still computed, the page says the count only).

    >>> s = suggest_bid([(12, 8), (10, 9), (7, 7), (15, 5), (6, 9)], ("japan", "allies"), min_games=3)
    >>> s.games, s.mean_margin, s.median, s.side, s.bid, s.enough
    (5, 2.4, 1, 'japan', 1, True)
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

MIN_GAMES = 20
"""Fewer finished games on a map than this: "not enough games" for a suggested bid."""
RESAMPLES = 1000
"""Bootstrap resamples of the games for the interval."""
SEED = 26
"""The bootstrap's fixed seed (issue 26): the same games always give the same interval."""
LEVEL = 0.95
"""The interval's confidence level."""


@dataclass(frozen=True, slots=True)
class SuggestedBid:
    """The suggestion for one map: margins are the first side's (VP of ``sides[0]`` − VP of ``sides[1]``)."""

    sides: tuple[str, str]
    games: int
    mean_margin: float
    """The first side's mean margin (the second side's is its negative); 0 without games."""
    median: float
    """The balancing bid for the first side (negative: for the second side)."""
    low: float
    """The interval's lower end (of ``median``)."""
    high: float
    enough: bool
    """Whether there are at least ``min_games`` games (else: "not enough games")."""

    @property
    def side(self) -> str:
        """The side the bid is for: the favoured side ("" when the median margin is 0: no bid)."""
        return self.sides[0] if self.median > 0 else self.sides[1] if self.median < 0 else ""

    @property
    def bid(self) -> float:
        """The bid's size in VP, for :attr:`side`."""
        return abs(self.median)


def margins(games: Sequence[tuple[int, int]]) -> list[int]:
    """The first side's margin of each game, from (first side's VP, second side's VP).

    >>> margins([(12, 8), (3, 9)])
    [4, -6]
    """
    return [a - b for a, b in games]


def bootstrap_interval(
    values: Sequence[float], *, resamples: int = RESAMPLES, seed: int = SEED, level: float = LEVEL
) -> tuple[float, float]:
    """The percentile bootstrap interval of the median of ``values``: the medians of ``resamples``
    resamples (with replacement, drawn by ``random.Random(seed)``), their ``(1 − level)/2`` and
    ``(1 + level)/2`` quantiles (nearest rank). Every game alike: the interval is that one value.

    >>> bootstrap_interval([5, 5, 5, 5])
    (5.0, 5.0)
    >>> low, high = bootstrap_interval(list(range(-10, 11)))
    >>> low < 0 < high
    True
    """
    if not values:
        return 0.0, 0.0
    rng = random.Random(seed)
    n = len(values)
    medians = sorted(statistics.median(rng.choices(values, k=n)) for _ in range(resamples))
    tail = (1 - level) / 2
    low = medians[min(resamples - 1, int(tail * resamples))]
    high = medians[min(resamples - 1, int((1 - tail) * resamples))]
    return low, high


def suggest_bid(
    games: Sequence[tuple[int, int]], sides: tuple[str, str], *, min_games: int = MIN_GAMES
) -> SuggestedBid:
    """The suggested bid from finished games, each (first side's VP, second side's VP) before bids.

    Hand-worked: margins 4, 1, 0, 10, −3 → mean 12/5 = 2.4, sorted −3 0 1 4 10 → median 1: Japan is worth
    1 VP. An even count takes the middle two's mean: −2, 1, 3, 8 → (1 + 3)/2 = 2. Fewer than ``min_games``
    games: ``enough`` is False.

    >>> suggest_bid([(5, 7), (9, 8), (10, 7), (12, 4)], ("japan", "allies"), min_games=4).median
    2.0
    >>> s = suggest_bid([(2, 6), (3, 4), (1, 5)], ("japan", "allies"), min_games=3)
    >>> s.median, s.side, s.bid
    (-4, 'allies', 4)
    >>> suggest_bid([(2, 6)] * 19, ("japan", "allies")).enough
    False
    >>> suggest_bid([], ("japan", "allies")).games
    0
    """
    m = margins(games)
    if not m:
        return SuggestedBid(sides, 0, 0.0, 0.0, 0.0, 0.0, False)
    low, high = bootstrap_interval(m)
    return SuggestedBid(sides, len(m), statistics.fmean(m), statistics.median(m), low, high, len(m) >= min_games)
