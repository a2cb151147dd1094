"""Helpers of the tables tests: users, a 3-seat 龙虎三国志 table (two people and a bot), a 文禄朝鲜之役 table,
and playing on by the services."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boards.services.maps import ensure_test_maps
from engine.systems import all_systems, get_system
from tables import engines, services
from tables.models import Entry, Seat, Table
from tests.matches.factories import UserFactory


def board_system(scoring: str) -> str:
    """The id of a board-game system scored by ``scoring`` (the tests do not name the games either)."""
    return next(s.id for s in all_systems() if s.engine and s.has_map and s.scoring == scoring)


PLACEMENT = board_system("placement")
"""A 2–4 seat system scored by placement and regions (龙虎三国志)."""
VP_MARGIN = board_system("vp-margin")
"""A two-sided system scored by victory-point margin (文禄朝鲜之役)."""


@pytest.fixture(autouse=True)
def stored_test_maps(db: None) -> None:
    """The bundled test maps and data stored as ``manage.py loadmaps`` stores them: tables find maps there."""
    ensure_test_maps()


@pytest.fixture
def people() -> tuple[Any, Any, Any]:
    return UserFactory(username="alice"), UserFactory(username="bob"), UserFactory(username="carol")


def three_seat_table(alice: Any, bob: Any) -> Table:
    """Alice sets up a 3-seat table of the placement game with bob invited and a bot; bob joins: it starts."""
    table = services.do_create_table(alice, PLACEMENT, 3, invited=[bob], bots=1, bot=engines.bots(PLACEMENT)[0])
    services.do_join_table(bob, table)
    table.refresh_from_db()
    return table


def two_side_table(alice: Any, bob: Any) -> Table:
    """Alice (the first side) and bob (the second) at the two-sided game."""
    assert get_system(VP_MARGIN).seats == (2, 2)
    table = services.do_create_table(alice, VP_MARGIN, 2)
    services.do_join_table(bob, table)
    table.refresh_from_db()
    return table


def seat_user(table: Table, seat: int) -> Any:
    return Seat.objects.get(table=table, index=seat).user


def to_act(table: Table) -> int | None:
    actor = engines.actor(services.load_state(table))
    return actor if isinstance(actor, int) else None


def play_moves(table: Table, moves: int, rng: random.Random) -> Table:
    """``moves`` actions by whichever person is to act, chosen at random among the legal ones, by the service."""
    for _ in range(moves):
        table.refresh_from_db()
        if table.status != Table.Status.PLAYING:
            break
        state = services.load_state(table)
        seat = engines.actor(state)
        assert isinstance(seat, int)
        action = rng.choice(engines.legal(state))
        services.do_act(seat_user(table, seat), table, action.to_json(), table.steps)
    table.refresh_from_db()
    return table


def fast_forward_to_last_decision(table: Table, rng: random.Random) -> Any:
    """Store, as entries, a game played on from the table's state by random choices up to the last decision
    a person takes before the end (what the services would store, without a request per move); returns the
    state there."""
    state = services.load_state(table)
    humans = set(Seat.objects.filter(table=table, user__isnull=False).values_list("index", flat=True))
    while True:
        probe = state.clone() if hasattr(state, "clone") else services.load_state(table)
        # play the probe to its end by random choices from here, remembering the last human decision
        history: list[tuple[int | str, Any]] = []
        last_human = None
        while engines.actor(probe) is not None:
            actor = engines.actor(probe)
            action = engines.chance(probe) if actor == engines.CHANCE else rng.choice(engines.legal(probe))
            if actor in humans:
                last_human = len(history)
            history.append((actor, action))
            probe.apply(action)
        break
    assert last_human is not None
    rows = []
    for actor, action in history[:last_human]:
        steps = engines.apply(state, action)
        rows.append(Entry(table=table, n=table.steps, actor=str(actor), action=action.to_json(), steps=steps))
        table.steps += 1
    Entry.objects.bulk_create(rows)
    table.save(update_fields=["steps"])
    return state, history[last_human]


def play_to_the_end(table: Table, rng: random.Random, tries: int = 50) -> Table:
    """The table played to its end by random legal choices, each person's last decision through the acting
    service. The bots choose for themselves after a person's move, so the probe's "last decision" of
    :func:`fast_forward_to_last_decision` may not be the last one: play on until the game is over."""
    for _ in range(tries):
        table.refresh_from_db()
        if table.status != Table.Status.PLAYING:
            break
        _state, (seat, action) = fast_forward_to_last_decision(table, rng)
        services.do_act(seat_user(table, seat), table, action.to_json(), table.steps)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table


def store_random_play_until(table: Table, done: Any, rng: random.Random, limit: int = 20_000) -> Any:
    """Store entries of random play (chance from the committed seed) until ``done(state)`` holds at a
    decision of a person at the table; returns that state (what the services would have stored, without a
    request per move)."""
    state = services.load_state(table)
    humans = set(Seat.objects.filter(table=table, user__isnull=False).values_list("index", flat=True))
    rows = []
    for _ in range(limit):
        actor = engines.actor(state)
        assert actor is not None, "the game ended first"
        if actor in humans and done(state):
            break
        action = engines.chance(state) if actor == engines.CHANCE else rng.choice(engines.legal(state))
        steps = engines.apply(state, action)
        rows.append(Entry(table=table, n=table.steps, actor=str(actor), action=action.to_json(), steps=steps))
        table.steps += 1
    Entry.objects.bulk_create(rows)
    table.save(update_fields=["steps"])
    return state


def reseed(table: Table, seed: int) -> Table:
    """The table started over with ``seed`` (a test that must be the same on every run)."""
    Entry.objects.filter(table=table).delete()
    table.steps, table.seed = 0, seed
    table.save(update_fields=["steps", "seed"])
    return table
