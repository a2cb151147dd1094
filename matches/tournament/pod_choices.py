"""The organiser's choices for a pod event (issue 26 item 3): pod sizes, placement points, tiebreakers.

Plain Python (no Django). A ``PodChoices`` is stored on the tournament as a small JSON object
(``Tournament.pod_choices``); ``PodChoices.from_json`` reads it back (an empty object is today's defaults)
and ``check_choices`` names the first field that is wrong, for the form to say so in the reader's language::

    >>> PodChoices.from_json({}).as_json()
    {'sizes': 'threes_bottom', 'points': [], 'tiebreakers': ['regions', 'opp', 'firsts']}
    >>> check_choices("threes_top", [12, 9, 9, 1], ["firsts"], max_seats=4) is None
    True
    >>> check_choices("threes_top", [12, 9, 10, 1], [], max_seats=4)
    ('points', 'increasing')
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SIZES = ("threes_bottom", "threes_top", "fives")
"""Pod sizes: fours with the threes at the bottom of the standings (the default), fours with the threes at the
top, or fours with fives instead of threes (only for a game whose tables seat 5)."""
TIEBREAKERS = ("regions", "opp", "firsts")
"""After points: regions held, opponents' points %, firsts. Registration order always breaks what is left."""
DEFAULT_TIEBREAKERS = TIEBREAKERS
MAX_POINTS = 1000
"""No place scores more than this (a typo guard)."""


@dataclass(frozen=True, slots=True)
class PodChoices:
    """One pod event's choices. ``points`` empty: 12 for first, 0 for last, evenly spaced (today's rule)."""

    sizes: str = "threes_bottom"
    points: tuple[int, ...] = ()
    tiebreakers: tuple[str, ...] = DEFAULT_TIEBREAKERS

    @classmethod
    def from_json(cls, data: Any) -> PodChoices:
        """The stored choices; a key missing or of the wrong shape reads as its default (never an exception).

        >>> PodChoices.from_json({"sizes": "threes_top", "points": "12", "tiebreakers": ["firsts", 3]})
        PodChoices(sizes='threes_top', points=(), tiebreakers=('regions', 'opp', 'firsts'))
        """
        data = data if isinstance(data, Mapping) else {}
        sizes = data.get("sizes")
        points = data.get("points")
        breakers = data.get("tiebreakers", DEFAULT_TIEBREAKERS)
        return cls(
            sizes if sizes in SIZES else "threes_bottom",
            tuple(points)
            if isinstance(points, list | tuple) and all(type(p) is int and p >= 0 for p in points)
            else (),
            tuple(breakers)
            if isinstance(breakers, list | tuple) and all(t in TIEBREAKERS for t in breakers)
            else DEFAULT_TIEBREAKERS,
        )

    def as_json(self) -> dict[str, Any]:
        return {"sizes": self.sizes, "points": list(self.points), "tiebreakers": list(self.tiebreakers)}

    @property
    def top(self) -> int:
        """Points for first place (the scale of the opponents' points %)."""
        return self.points[0] if self.points else 12


def largest_pod(sizes: str) -> int:
    """Seats of the largest pod this choice makes (5 with fives, else 4)."""
    return 5 if sizes == "fives" else 4


def check_choices(
    sizes: str, points: Sequence[int], tiebreakers: Sequence[str], *, max_seats: int
) -> tuple[str, str] | None:
    """``(field, problem)`` for the first thing wrong, or None. ``max_seats``: the most players the game
    seats at one table. Points: one whole number per seat of the largest pod, none negative, never
    increasing from first place to last (empty: the default). Tiebreakers: known, each at most once."""
    if sizes not in SIZES:
        return ("sizes", "unknown")
    if largest_pod(sizes) > max_seats:
        return ("sizes", "seats")
    if points:
        if len(points) != largest_pod(sizes):
            return ("points", "count")
        if any(not isinstance(p, int) or isinstance(p, bool) or p < 0 or p > MAX_POINTS for p in points):
            return ("points", "range")
        if any(a < b for a, b in itertools.pairwise(points)):
            return ("points", "increasing")
    if any(t not in TIEBREAKERS for t in tiebreakers):
        return ("tiebreakers", "unknown")
    if len(set(tiebreakers)) != len(tiebreakers):
        return ("tiebreakers", "twice")
    return None
