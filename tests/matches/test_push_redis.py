"""Several web processes behind one Redis serve one match: two ASGI applications, each with its own
connection to the Redis channel layer (as two processes would have), a seat on each. An action taken
through the first reaches the seat on the second. Needs Redis (conftest.redis_url: skipped on a
laptop without it, a failure in CI)."""

from __future__ import annotations

import uuid

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from junling.asgi import build_application
from matches.presenters import play as presenter
from matches.services.play import acting
from tests.matches.test_play_factories import human_match, state_of, winning_step
from tests.matches.test_push import cookie_of, receive_until, run, socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def two_redis_layers(settings, redis_url):
    """Channel layers "default" and "second": two clients of one Redis, under a prefix of this test's own."""
    prefix = f"junling-test-{uuid.uuid4().hex[:12]}"
    config = {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [redis_url], "prefix": prefix}}
    settings.CHANNEL_LAYERS = {"default": config, "second": dict(config)}
    yield prefix


def test_two_web_processes_on_one_redis_serve_one_match_a_seat_on_each(setup, two_redis_layers):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    first, second = build_application("default"), build_application("second")
    cookies = {0: cookie_of(alice), 1: cookie_of(bob)}
    pushed = {}

    async def scenario() -> None:
        assert get_channel_layer("default") is not get_channel_layer("second")
        seats = {
            0: socket(first, f"/ws/play/matches/{match.pk}/", cookies[0]),
            1: socket(second, f"/ws/play/matches/{match.pk}/", cookies[1]),
        }
        for comm in seats.values():
            assert (await comm.connect())[0]
        for _ in range(3):
            state = await database_sync_to_async(state_of)(match)
            seat = state.current_player()
            # the action is taken in "the first process": its commit publishes on the first layer
            await database_sync_to_async(acting.do_act)(match, alice if seat == 0 else bob, winning_step(state, seat))
            version = await database_sync_to_async(presenter.table_version)(match)
            for s, comm in seats.items():
                pushed[s] = await receive_until(comm, version, [])
        for comm in seats.values():
            await comm.disconnect()
        for alias in ("default", "second"):
            await get_channel_layer(alias).flush()

    run(scenario)
    assert pushed[0]["version"] == pushed[1]["version"] and pushed[1]["type"] == "table"
    assert 'id="my-hand"' in pushed[1]["html"]
