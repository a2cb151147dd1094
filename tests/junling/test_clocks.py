"""The shared clock arithmetic (``junling.clocks``): what the matches and the board tables both count with."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from junling import clocks

T0 = datetime.datetime(2030, 1, 1, tzinfo=datetime.UTC)


@dataclass
class Row:
    clock_remaining: Any = None
    clock_running: Any = None
    clock_since: Any = None


def seconds(n: float) -> datetime.timedelta:
    return datetime.timedelta(seconds=n)


def test_a_clock_started_gives_every_seat_the_total_and_runs_none():
    row = Row()
    clocks.start(row, 300, 4)
    assert row.clock_remaining == [300.0] * 4 and row.clock_running is None
    assert clocks.remaining(row, T0) == [300.0] * 4


def test_no_time_control_leaves_the_row_without_a_clock():
    row = Row()
    clocks.start(row, None, 3)
    clocks.hand_over(row, 1, 5, T0)
    assert row.clock_remaining is None and clocks.remaining(row, T0) is None and clocks.out_of_time(row, T0) is None


def test_handing_over_to_another_seat_charges_the_running_clock_and_gives_it_the_increment():
    row = Row()
    clocks.start(row, 300, 3)
    clocks.hand_over(row, 0, 5, T0)
    clocks.hand_over(row, 2, 5, T0 + seconds(40))
    assert row.clock_remaining == [265.0, 300.0, 300.0] and row.clock_running == 2
    assert clocks.remaining(row, T0 + seconds(50)) == [265.0, 300.0, 290.0]


def test_the_same_seat_acting_again_is_charged_without_an_increment():
    row = Row()
    clocks.start(row, 300, 2)
    clocks.hand_over(row, 1, 5, T0)
    clocks.hand_over(row, 1, 5, T0 + seconds(10))
    assert row.clock_remaining == [300.0, 290.0] and row.clock_since == T0 + seconds(10)


def test_the_running_clock_runs_out_exactly_when_it_is_due_and_reading_it_writes_nothing():
    row = Row()
    clocks.start(row, 60, 2)
    clocks.hand_over(row, 1, 0, T0)
    assert clocks.flag_due(row) == T0 + seconds(60)
    assert clocks.out_of_time(row, T0 + seconds(59)) is None
    assert clocks.out_of_time(row, T0 + seconds(60)) == 1
    assert row.clock_remaining == [60.0, 60.0] and row.clock_since == T0


def test_a_time_control_out_of_bounds_is_not_ok():
    assert clocks.control_ok(None, 0) and clocks.control_ok(60, 0) and clocks.control_ok(3 * 3600, 600)
    assert not clocks.control_ok(59, 0) and not clocks.control_ok(3 * 3600 + 1, 0) and not clocks.control_ok(60, 601)
    assert not clocks.control_ok(60, -1)


def test_the_matches_clock_names_stay_importable_and_are_the_shared_ones():
    from matches.presenters import clock as clock_presenter
    from matches.services.play import clock, windows

    assert clock.remaining is clocks.remaining and clock.stop is clocks.stop and clock.flag_due is clocks.flag_due
    assert (clock.MIN_TOTAL, clock.MAX_TOTAL, clock.MAX_INCREMENT) == (60, 3 * 3600, 600)
    assert clock_presenter.clock_text(3725) == "1:02:05" and clock_presenter.control_text(600, 5) == "10+5"
    windows.set_clock(lambda: T0)
    try:
        assert clocks.now() == T0
    finally:
        windows.set_clock(None)
