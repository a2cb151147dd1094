"""Issue 29 point 6: after the Redis behind the channel layer restarts, a pooled connection is stale and the
first call on it raises ``ConnectionResetError``: a websocket handshake answered 500. The consumer retries once
(``junling.consumers.retry_once``); a layer still unreachable refuses the handshake with ``UNAVAILABLE`` (the
page polls), never a 500."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from channels.layers import InMemoryChannelLayer

from junling.asgi import build_application
from junling.consumers import UNAVAILABLE
from tests.matches.test_play_factories import human_match
from tests.matches.test_push import TIMEOUT, cookie_of, run, socket

pytestmark = pytest.mark.django_db(transaction=True)


class RestartedLayer(InMemoryChannelLayer):
    """An in-memory layer whose next ``failures`` group calls raise as a stale Redis connection does."""

    failures: ClassVar[int] = 0
    calls: ClassVar[list[str]] = []

    async def group_add(self, group: str, channel: str) -> None:
        RestartedLayer.calls.append("group_add")
        if RestartedLayer.failures > 0:
            RestartedLayer.failures -= 1
            raise ConnectionResetError(104, "Connection reset by peer")
        await super().group_add(group, channel)


@pytest.fixture
def restarted_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": f"{__name__}.RestartedLayer"}}
    RestartedLayer.calls = []
    yield RestartedLayer
    RestartedLayer.failures = 0


def handshake(match: Any, user: Any) -> tuple[bool, Any]:
    app = build_application()
    cookie = cookie_of(user)

    async def scenario() -> tuple[bool, Any]:
        comm = socket(app, f"/ws/play/matches/{match.pk}/", cookie)
        connected, code = await comm.connect(timeout=TIMEOUT)
        if connected:
            await comm.send_json_to({"type": "sync", "version": None})
            answer = await comm.receive_json_from(timeout=TIMEOUT)
            await comm.disconnect()
            return True, answer["type"]
        return False, code

    return run(scenario)


def test_a_handshake_on_a_stale_channel_layer_connection_retries_once_and_opens(setup, restarted_layer):
    match = human_match(setup)
    _fmt, alice, _bob, _a, _b = setup
    restarted_layer.failures = 1
    assert handshake(match, alice) == (True, "table")
    assert restarted_layer.calls == ["group_add", "group_add"]


def test_a_channel_layer_still_down_refuses_the_handshake_so_the_page_polls_never_a_500(setup, restarted_layer):
    match = human_match(setup)
    _fmt, alice, _bob, _a, _b = setup
    restarted_layer.failures = 2
    assert handshake(match, alice) == (False, UNAVAILABLE)
    assert restarted_layer.calls == ["group_add", "group_add"]  # one retry, not a loop
