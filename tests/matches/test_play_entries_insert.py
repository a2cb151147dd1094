"""An action's entries (the action, the chance events after it, the quick bot's replies) are stored in one
INSERT when the game row is saved (``cache.hold_entry`` / ``flush_entries``), all of them, in order."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import RefereedEntry
from matches.services.play import acting, cache, lifecycle
from tests.matches.test_play_factories import human_match, quick_setup, state_of, to_act, winning_step

pytestmark = pytest.mark.django_db


def _inserts(queries: CaptureQueriesContext) -> int:
    table = RefereedEntry._meta.db_table
    return sum(1 for q in queries.captured_queries if q["sql"].startswith("INSERT") and table in q["sql"])


def test_every_entry_of_every_action_is_stored_with_one_insert_an_action() -> None:
    setup = quick_setup()
    match = human_match(setup, best_of=1)
    several = 0
    for _i in range(30):
        state, user = to_act(match, setup)
        if state.is_terminal():
            break
        seat = state.current_player()
        row = cache.current_game(match)
        assert row is not None
        before = row.steps
        with CaptureQueriesContext(connection) as queries:
            row = acting.do_act(match, user, json.dumps(winning_step(state, seat)), step=before)
        stored = list(RefereedEntry.objects.filter(game=row).order_by("n").values_list("n", flat=True))
        assert stored == list(range(row.steps))  # none lost, none twice, in order
        assert _inserts(queries) == 1
        several += row.steps - before > 1
        assert cache.PENDING not in row.__dict__
        if row.finished_at is not None:
            break
    assert several, "no action was followed by a chance event: the test proves less than it says"


def test_a_bot_match_stores_the_bots_replies_with_the_humans_action_in_one_insert() -> None:
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    match = lifecycle.do_start_bot_match(alice, deck_a, "random", best_of=1)
    replied = 0
    for _i in range(20):
        state = state_of(match)
        row = cache.current_game(match)
        assert row is not None
        if state.is_terminal() or row.finished_at is not None or state.current_player() != 0:
            break
        before = row.steps
        with CaptureQueriesContext(connection) as queries:
            row = acting.do_act(match, alice, json.dumps(winning_step(state, 0)), step=before)
        assert _inserts(queries) == 1
        assert list(RefereedEntry.objects.filter(game=row).order_by("n").values_list("n", flat=True)) == list(
            range(row.steps)
        )
        replied += row.steps - before > 1
    assert replied, "the bot never replied inside the request: the test proves less than it says"
