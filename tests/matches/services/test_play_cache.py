"""The state cache: a game's state is rebuilt from its stored entries after a restart."""

from __future__ import annotations

import pytest

from matches.models import RefereedGame
from matches.services.play import acting, cache
from tests.matches.test_play_factories import human_match, state_of, to_act, winning_step

pytestmark = pytest.mark.django_db


def test_a_restart_rebuilds_the_same_state_from_the_entries_in_the_database(setup):
    match = human_match(setup)
    for _ in range(6):
        state, user = to_act(match, setup)
        acting.do_act(match, user, winning_step(state, state.current_player()))
    before = state_of(match).to_json()
    cache.forget_states()
    row = RefereedGame.objects.get(pk=cache.current_game(match).pk)
    assert cache.load_state(row).to_json() == before


def test_a_peek_gives_the_cached_state_itself_and_a_load_gives_a_copy(setup):
    from matches.services.play.cache import _cache

    match = human_match(setup)
    row = cache.current_game(match)
    state = cache.load_state(row)
    _cache(row.pk, row.salt, row.steps, state)
    assert cache.peek_state(row) is state
    assert cache.load_state(row) is not state and cache.load_state(row).to_json() == state.to_json()
