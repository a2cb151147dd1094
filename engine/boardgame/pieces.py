"""Where each piece is, for every board game: :class:`Locations` (piece → place) keeps, once asked, an index of
the pieces by place (and by place and side) up to date on every write, so that "who is in this region" costs
a lookup, not a pass over every piece. A copy shares the index until either of the two moves a piece (then
that one takes its own copy of it): copying a board costs no index.

>>> loc = Locations({"a": "x", "b": "y", "c": "x"})
>>> order = {"c": 0, "b": 1, "a": 2}
>>> sides = {"a": "red", "b": "blue", "c": "red"}
>>> loc.pieces(("x", "red"), order, sides), loc.pieces("x", order, sides)
(['c', 'a'], ['c', 'a'])
>>> other = loc.copy()
>>> loc["b"] = "x"
>>> loc.pieces("x", order, sides), other.pieces("x", order, sides), loc.pieces(("x", "blue"), order, sides)
(['c', 'b', 'a'], ['c', 'a'], ['b'])
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from typing import Any

Key = str | tuple[str, str]
"""A place, or (place, side)."""


class Locations(dict[str, str]):
    """Piece → place, with its index of the pieces by place (:meth:`pieces`)."""

    _where: dict[Key, list[str]] | None = None
    """Place (and (place, side)) → the pieces there in the board's order; None until first asked."""
    _order: Mapping[str, int] = {}
    _side_of: Mapping[str, str] | None = None
    _owned = False
    """The index is this mapping's alone (not shared with a copy)."""

    def __setitem__(self, piece: str, place: str) -> None:
        where = self._where
        if where is not None:
            old = self.get(piece)
            if old != place:
                if not self._owned:
                    where = self._own()
                if old is not None:
                    self._drop(where, piece, old)
                self._put(where, piece, place)
        super().__setitem__(piece, place)

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a piece moves by loc[piece] = place")

    __delitem__ = pop = popitem = clear = update = setdefault = __ior__ = _refuse

    def copy(self) -> Locations:
        """A copy of its own, sharing the index until either moves a piece."""
        new = Locations(self)
        if self._where is not None:
            new._where, new._order, new._side_of = self._where, self._order, self._side_of
            self._owned = False
        return new

    def pieces(self, key: Key, order: Mapping[str, int], side_of: Mapping[str, str] | None = None) -> list[str]:
        """A new list of the pieces at ``key`` (a place, or (place, side)), in ``order`` (piece → position;
        the same on every call, as ``side_of``, piece → side, which the first call gives if (place, side) keys
        are wanted)."""
        where = self._where
        if where is None:
            where = self._build(order, side_of)
        return list(where.get(key, ()))

    def occupied(self, key: Key, order: Mapping[str, int], side_of: Mapping[str, str] | None = None) -> bool:
        """Whether any piece is at ``key`` (as :meth:`pieces`, without the list)."""
        where = self._where
        if where is None:
            where = self._build(order, side_of)
        return bool(where.get(key))

    def _build(self, order: Mapping[str, int], side_of: Mapping[str, str] | None) -> dict[Key, list[str]]:
        self._order, self._side_of = order, side_of
        where: dict[Key, list[str]] = {}
        for piece in sorted(self, key=self._position):
            self._put(where, piece, self[piece])
        self._where, self._owned = where, True
        return where

    def _own(self) -> dict[Key, list[str]]:
        where = self._where = {key: list(here) for key, here in (self._where or {}).items()}
        self._owned = True
        return where

    def _position(self, piece: str) -> int:
        return self._order.get(piece, len(self._order))

    def _keys(self, piece: str, place: str) -> tuple[Key, ...]:
        side_of = self._side_of
        if side_of is not None and piece in side_of:
            return (place, (place, side_of[piece]))
        return (place,)

    def _put(self, where: dict[Key, list[str]], piece: str, place: str) -> None:
        position = self._position
        for key in self._keys(piece, place):
            bisect.insort(where.setdefault(key, []), piece, key=position)

    def _drop(self, where: dict[Key, list[str]], piece: str, place: str) -> None:
        for key in self._keys(piece, place):
            where[key].remove(piece)
