"""Fixtures of the 文禄朝鲜之役 tests: the game on the bundled test map and data, and a new set-up board."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import engine.wenlu.turn as turn
from engine.wenlu.board import Board
from engine.wenlu.state import Game


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.default()


@pytest.fixture
def new_board(game: Game) -> Callable[[], Board]:
    """A board with the counters placed (§4.0), as a game starts."""

    def make() -> Board:
        b = Board(game.data)
        turn.place_counters(b)
        return b

    return make
