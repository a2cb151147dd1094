"""Fixtures shared by the matches tests."""

from __future__ import annotations

import pytest

from tests.matches.test_play_factories import quick_setup


@pytest.fixture
def setup():
    """Refereed play: (format, alice, bob, alice's 蜀 deck version, bob's 魏 deck version)."""
    return quick_setup()
