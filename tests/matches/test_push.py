"""Live play over websockets (matches.consumers, junling.push): each seat is pushed its own table after
every committed action, a reconnecting socket resyncs from the stored entries, and a socket that may
not see the match is refused. The channel layer is the in-memory one; tests/matches/test_push_redis.py
runs two applications over one Redis."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from junling.asgi import build_application
from junling.consumers import REFUSED
from matches.models import RefereedGame
from matches.presenters import play as presenter
from matches.services.play import acting, cache, clock, ending
from matches.services.play.errors import ActionRefused
from tests.matches.factories import UserFactory
from tests.matches.test_play_factories import human_match, state_of, winning_step

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 20
"""Seconds to wait for a message: generous, for a loaded CI machine (nothing waits this long when it works)."""


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    yield


def cookie_of(user: Any) -> str:
    """The session (and CSRF) cookie header of ``user`` logged in, as a browser would send it."""
    if user is None:
        return ""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}; csrftoken=abcdefghijklmnopqrstuvwxyz012345"


def socket(app: Any, path: str, cookie: str, origin: bytes = b"http://testserver") -> WebsocketCommunicator:
    """A websocket client of ``app`` at ``path`` sending ``cookie`` (``cookie_of``: call it outside the loop)."""
    headers = [(b"origin", origin), (b"host", b"testserver"), (b"accept-language", b"en")]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(app, path, headers=headers)


async def receive_until(comm: WebsocketCommunicator, version: str, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """Messages until one of ``version`` (each kept in ``seen``); fails after TIMEOUT without it."""
    while True:
        message = await comm.receive_json_from(timeout=TIMEOUT)
        seen.append(message)
        if message.get("version") == version:
            return message


def run(scenario):  # type: ignore[no-untyped-def]
    """Run an async scenario in one event loop (the communicators live in it)."""
    return async_to_sync(scenario)()


def test_each_seat_is_pushed_its_own_table_after_an_action_without_asking(setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    app = build_application()
    cookies = {0: cookie_of(alice), 1: cookie_of(bob)}

    pushed: dict[int, dict[str, Any]] = {}

    async def scenario() -> None:
        await get_channel_layer().flush()
        seats = {s: socket(app, f"/ws/play/matches/{match.pk}/", cookies[s]) for s in (0, 1)}
        for comm in seats.values():
            connected, _code = await comm.connect()
            assert connected
        state = await database_sync_to_async(state_of)(match)
        seat = state.current_player()
        actor = alice if seat == 0 else bob
        await database_sync_to_async(acting.do_act)(match, actor, winning_step(state, seat))
        version = await database_sync_to_async(presenter.table_version)(match)
        messages = {}
        for s, comm in seats.items():
            messages[s] = await receive_until(comm, version, [])
        pushed.update(messages)
        for comm in seats.values():
            await comm.disconnect()

    run(scenario)
    for seat, user in ((0, alice), (1, bob)):
        message = pushed[seat]
        assert message["type"] == "table" and message["step"] > 0
        assert 'hx-trigger="every' not in message["html"]  # a pushed table does not poll
        # the very table the polling endpoint gives that seat (one presenter): same but for tokens and polling
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(user)
        polled = client.get(f"/play/matches/{match.pk}/table").content.decode()
        assert normalised(message["html"]) == normalised(polled)
        assert (f'value="{message["step"]}"' in message["html"]) == (seat == state_of(match).current_player())


def normalised(html: str) -> str:
    """A table without its CSRF tokens and its polling attributes."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
    return re.sub(r' hx-get="[^"]*" hx-trigger="every [^"]*" hx-swap="outerHTML"', "", html)


def test_a_reconnecting_socket_sends_its_version_and_gets_what_is_missing_or_is_told_it_is_current(setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    app = build_application()
    cookie = cookie_of(alice)

    async def scenario() -> None:
        await get_channel_layer().flush()
        comm = socket(app, f"/ws/play/matches/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        old = await database_sync_to_async(presenter.table_version)(match)
        await comm.send_json_to({"type": "sync", "version": old})
        assert await comm.receive_json_from(timeout=TIMEOUT) == {"type": "current", "version": old}
        await comm.disconnect()
        # the connection dropped; meanwhile the game moved on
        for _ in range(3):
            state = await database_sync_to_async(state_of)(match)
            seat = state.current_player()
            await database_sync_to_async(acting.do_act)(match, alice if seat == 0 else bob, {"type": "end_turn"})
        comm = socket(app, f"/ws/play/matches/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        await comm.send_json_to({"type": "sync", "version": old})
        message = await comm.receive_json_from(timeout=TIMEOUT)
        now = await database_sync_to_async(presenter.table_version)(match)
        assert message["type"] == "table" and message["version"] == now != old
        await comm.send_json_to({"type": "nonsense"})
        assert (await comm.receive_json_from(timeout=TIMEOUT))["type"] == "error"
        await comm.disconnect()

    run(scenario)


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_a_seat_socket_is_refused_to_anyone_but_the_two_players(setup, who):
    match = human_match(setup)
    cookie = "" if who == "anonymous" else cookie_of(UserFactory(username="mallory"))
    app = build_application()

    async def scenario() -> None:
        comm = socket(app, f"/ws/play/matches/{match.pk}/", cookie)
        connected, code = await comm.connect()
        assert not connected and code == REFUSED

    run(scenario)


def test_a_socket_from_another_site_is_refused(setup):
    match = human_match(setup)
    app = build_application()
    cookie = cookie_of(setup[1])

    async def scenario() -> None:
        comm = socket(app, f"/ws/play/matches/{match.pk}/", cookie, origin=b"http://evil.example")
        connected, _code = await comm.connect()
        assert not connected

    run(scenario)


def test_an_open_seat_socket_is_its_players_presence_so_his_game_cannot_be_claimed_as_abandoned(setup, frozen_clock):
    """Opening the socket and every message on it note the player as here (``ending.do_mark_present``):
    with his page open he is never "gone" (abandonment), though his page sends no presence POST."""
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    game = cache.current_game(match).pk
    opened = RefereedGame.objects.get(pk=game).created_at + datetime.timedelta(seconds=10)
    later = opened + datetime.timedelta(seconds=clock.ABANDON_SECONDS - 1)
    app = build_application()
    cookie = cookie_of(alice)

    def seen_a() -> datetime.datetime | None:
        return RefereedGame.objects.get(pk=game).seen_a

    async def scenario() -> None:
        await get_channel_layer().flush()
        frozen_clock.at = opened
        comm = socket(app, f"/ws/play/matches/{match.pk}/", cookie)
        assert (await comm.connect())[0]
        assert await database_sync_to_async(seen_a)() == opened  # noted before the socket was accepted
        frozen_clock.at = later
        await comm.send_json_to({"type": "present"})  # no answer: the sync after it is answered first
        version = await database_sync_to_async(presenter.table_version)(match)
        await comm.send_json_to({"type": "sync", "version": version})
        assert await comm.receive_json_from(timeout=TIMEOUT) == {"type": "current", "version": version}
        assert await database_sync_to_async(seen_a)() == later
        await comm.disconnect()

    run(scenario)
    # Past the limit since the socket opened, but alice's socket spoke 2 s ago: bob cannot claim her game.
    frozen_clock.at = opened + datetime.timedelta(seconds=clock.ABANDON_SECONDS + 1)
    with pytest.raises(ActionRefused) as refused:
        ending.do_claim(match, bob)
    assert refused.value.code == "play.nothing_to_claim"
    # bob never opened his page: alice can claim his (the claim itself works at this time)
    row = ending.do_claim(match, alice)
    assert row.outcome["termination"] == clock.ABANDONMENT and row.outcome["winner"] == 0
