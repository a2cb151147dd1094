"""Fixtures of the log tests: the starter database and two starter decks."""

from __future__ import annotations

import pytest

from engine.cards import CardDatabase, starter_database
from engine.game.cli import load_deck


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return starter_database()


@pytest.fixture(scope="module")
def decks():
    return load_deck("shu_starter"), load_deck("wei_starter")
