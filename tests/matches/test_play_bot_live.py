"""The bot's task with real commits: its move is pushed to the players' sockets, chained tasks run one after
another (never nested), and a real Celery worker on Redis plays the bot while the request has returned."""

from __future__ import annotations

import inspect
import time

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from junling import push
from matches.models import RefereedEntry
from matches.services.play import acting, bot, cache, lifecycle, referee
from tests.matches.test_play_factories import quick_setup, state_of, winning_step

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    yield


def test_the_bots_move_in_its_task_is_pushed_to_the_match_sockets():
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    layer = get_channel_layer()
    match = lifecycle.do_start_bot_match(alice, deck_a, "greedy", clock_total=600)
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(push.group_name(match.pk), channel)
    for _ in range(40):  # the human plays until the bot's task has moved (it runs on commit: no broker)
        before = RefereedEntry.objects.filter(actor=referee.BOT_SEAT).count()
        acting.do_act(match, alice, winning_step(state_of(match), 0))
        if RefereedEntry.objects.filter(actor=referee.BOT_SEAT).count() > before:
            break
    else:
        raise AssertionError("the bot never moved")
    queue = layer.channels.get(channel)  # the in-memory layer's queue of that socket's channel
    events = []
    while queue is not None and not queue.empty():
        _expiry, event = queue.get_nowait()
        events.append(event)
    assert events and all(e == {"type": push.CHANGED, "match": match.pk} for e in events)


def test_chained_bot_tasks_run_one_after_another_on_commit_never_nested(monkeypatch):
    """Each of the bot's moves enqueues the next task; without a broker the outbox runs them in a loop, so a
    long turn of the bot does not deepen the stack."""
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    depths: list[int] = []
    real = bot.do_play_bot_move

    def measured(*args):  # the real service, its stack depth noted
        depths.append(len(inspect.stack(0)))
        return real(*args)

    monkeypatch.setattr("matches.tasks_play.do_play_bot_move", measured)
    match = lifecycle.do_start_bot_match(alice, deck_a, "greedy", clock_total=600)
    for _ in range(40):
        state = state_of(match)
        if state.is_terminal() or len(depths) >= 3:
            break
        acting.do_act(match, alice, winning_step(state, 0))
    assert len(depths) >= 3 and len(set(depths)) == 1, depths


@pytest.mark.services
def test_a_real_worker_plays_the_bots_move_after_the_humans_request_returned(celery_worker):
    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    match = lifecycle.do_start_bot_match(alice, deck_a, "ismcts-3", clock_total=600)
    for _ in range(40):
        _wait_for_the_human(match, celery_worker)
        acting.do_act(match, alice, winning_step(state_of(match), 0))
        row = cache.current_game(match)
        if cache.load_state(row).current_player() == referee.BOT_SEAT:
            break  # the request returned with the bot to act: its move is the worker's
    else:
        raise AssertionError("the bot was never to act")
    steps = row.steps
    _wait_for_the_human(match, celery_worker)
    row = cache.current_game(match)
    assert row.steps > steps
    moved = RefereedEntry.objects.filter(game=row, n__gte=steps, actor=referee.BOT_SEAT)
    assert moved.exists()
    assert row.clock_remaining[referee.BOT_SEAT] < 600  # its thinking counted against its clock


def _wait_for_the_human(match, worker, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = state_of(match)
        if state.current_player() == 0 or state.is_terminal():
            return
        assert worker.poll() is None, "the worker died; see var/test-worker.log"
        time.sleep(0.1)
    pytest.fail(f"the bot did not move within {seconds} s; see var/test-worker.log")
