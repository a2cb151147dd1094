"""engine.boardgame.pieces: the pieces-by-place index of ``Locations`` always says what a pass over every piece
would, through moves and copies (each copy moving on its own)."""

from __future__ import annotations

import random

import pytest

from engine.boardgame.pieces import Locations

PIECES = [f"p{i}" for i in range(30)]
ORDER = {p: i for i, p in enumerate(PIECES)}
SIDE = {p: ("red", "blue")[i % 2] for i, p in enumerate(PIECES)}
PLACES = ["a", "b", "c", "d", "cup"]


def _by_pass(loc: Locations, key: str | tuple[str, str]) -> list[str]:
    place, side = (key, None) if isinstance(key, str) else key
    return [p for p in PIECES if loc.get(p) == place and (side is None or SIDE[p] == side)]


def test_the_index_matches_a_pass_over_every_piece_through_random_moves_and_copies():
    rng = random.Random(7)
    boards = [Locations({p: rng.choice(PLACES) for p in PIECES[:20]})]
    for step in range(2000):
        loc = rng.choice(boards)
        loc[rng.choice(PIECES)] = rng.choice(PLACES)  # a move, or a new piece placed
        if step % 50 == 0:
            boards.append(loc.copy())
        for key in (rng.choice(PLACES), (rng.choice(PLACES), rng.choice(("red", "blue")))):
            for each in boards:
                assert each.pieces(key, ORDER, SIDE) == _by_pass(each, key)
                assert each.occupied(key, ORDER, SIDE) == bool(_by_pass(each, key))


def test_a_list_of_pieces_is_the_callers_own():
    loc = Locations({"p0": "a", "p1": "a"})
    loc.pieces("a", ORDER, SIDE).append("p9")
    assert loc.pieces("a", ORDER, SIDE) == ["p0", "p1"]


@pytest.mark.parametrize("change", ["pop", "update", "setdefault", "clear", "__delitem__"])
def test_a_piece_moves_only_by_assignment_so_the_index_stays_true(change):
    loc = Locations({"p0": "a"})
    with pytest.raises(TypeError):
        getattr(loc, change)("p0")
