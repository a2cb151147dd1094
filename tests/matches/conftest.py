"""Fixtures shared by the matches tests."""

from __future__ import annotations

import pytest

from tests.matches.test_play_factories import quick_setup


@pytest.fixture
def setup():
    """Refereed play: (format, alice, bob, alice's 蜀 deck version, bob's 魏 deck version)."""
    return quick_setup()


@pytest.fixture
def frozen_clock():
    """Response windows measured against a clock the test sets (``frozen_clock.at = ...``), never the wall."""
    import datetime

    from matches.services.play import windows

    class Clock:
        at = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)  # before any entry: no window has run out

        def __call__(self) -> datetime.datetime:
            return self.at

    clock = Clock()
    windows.set_clock(clock)
    try:
        yield clock
    finally:
        windows.set_clock(None)
