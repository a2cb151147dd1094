"""A table's sockets: each seat is pushed its own table when anything changes (a player joins, an action),
and a socket is refused to anyone who does not sit at the table."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from junling.asgi import build_application
from junling.consumers import REFUSED
from tables import engines, presenters, services
from tests.matches.test_push import cookie_of, receive_until, run, socket
from tests.tables.conftest import PLACEMENT, seat_user, to_act, two_side_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def test_the_creator_is_pushed_the_started_table_when_the_last_player_joins(people):
    alice, bob, _carol = people
    table = services.do_create_table(alice, PLACEMENT, 2)
    app = build_application()
    cookie = cookie_of(alice)
    got: list[dict[str, Any]] = []

    async def scenario() -> None:
        await get_channel_layer().flush()
        comm = socket(app, f"/ws/tables/{table.pk}/", cookie)
        connected, _code = await comm.connect()
        assert connected
        await database_sync_to_async(services.do_join_table)(bob, table)
        await database_sync_to_async(table.refresh_from_db)()
        version = await database_sync_to_async(presenters.version)(table)
        await receive_until(comm, version, got)
        await comm.disconnect()

    run(scenario)
    assert got[-1]["type"] == "table" and "bob" in got[-1]["html"]


def test_after_an_action_the_other_seat_is_pushed_its_table_and_the_actor_his(people):
    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    app = build_application()
    cookies = {s: cookie_of(seat_user(table, s)) for s in (0, 1)}
    got: dict[int, list[dict[str, Any]]] = {0: [], 1: []}

    async def scenario() -> None:
        await get_channel_layer().flush()
        seats = {s: socket(app, f"/ws/tables/{table.pk}/", cookies[s]) for s in (0, 1)}
        for comm in seats.values():
            connected, _code = await comm.connect()
            assert connected
        seat = await database_sync_to_async(to_act)(table)
        user = await database_sync_to_async(seat_user)(table, seat)
        state = await database_sync_to_async(services.load_state)(table)
        await database_sync_to_async(services.do_act)(user, table, engines.legal(state)[0].to_json(), table.steps)
        await database_sync_to_async(table.refresh_from_db)()
        version = await database_sync_to_async(presenters.version)(table)
        for s, comm in seats.items():
            await receive_until(comm, version, got[s])
            await comm.disconnect()

    run(scenario)
    assert all(got[s][-1]["step"] == table.steps for s in (0, 1))


def test_a_table_socket_is_refused_to_anyone_not_seated(people):
    alice, bob, carol = people
    table = two_side_table(alice, bob)
    app = build_application()
    cookie = cookie_of(carol)

    async def scenario() -> tuple[bool, int]:
        comm = socket(app, f"/ws/tables/{table.pk}/", cookie)
        connected, code = await comm.connect()
        return connected, code

    connected, code = run(scenario)
    assert not connected and code == REFUSED


def test_a_seats_open_socket_and_its_present_message_say_its_player_is_here_and_a_spectators_do_not(people):
    from tables.models import Seat, Table

    alice, bob, _carol = people
    table = two_side_table(alice, bob)
    Table.objects.filter(pk=table.pk).update(public=True)
    Seat.objects.filter(table=table).update(seen_at=None)
    app = build_application()
    cookies = {"alice": cookie_of(alice), "bob": cookie_of(bob)}

    async def scenario() -> None:
        await get_channel_layer().flush()
        watcher = socket(app, f"/ws/tables/{table.pk}/watch/", cookies["bob"])
        assert (await watcher.connect())[0]
        await watcher.send_json_to({"type": "present"})
        await watcher.disconnect()
        seat = socket(app, f"/ws/tables/{table.pk}/", cookies["alice"])
        assert (await seat.connect())[0]
        await seat.send_json_to({"type": "present"})
        await seat.disconnect()

    run(scenario)
    seen = dict(Seat.objects.filter(table=table).values_list("user__username", "seen_at"))
    assert seen["alice"] is not None and seen["bob"] is None
