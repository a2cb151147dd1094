from __future__ import annotations

from pathlib import Path

import pytest

from engine.longhu import Game

ROOT = Path(__file__).resolve().parents[3]
MAP = ROOT / "engine" / "data" / "longhu_test_map.json"
DATA = ROOT / "engine" / "data" / "longhu_test_data.json"


@pytest.fixture(scope="session")
def game() -> Game:
    return Game.from_files(str(MAP), str(DATA), 2)


@pytest.fixture(scope="session")
def game3() -> Game:
    return Game.from_files(str(MAP), str(DATA), 3)
