"""A seat's action sent over its open websocket (``matches.consumers.SeatConsumer.act``): applied as the act
view applies a POST (``views_play.act_from``), answered on that socket with the actor's own table (or the
table with the refusal, said in his language), the opponent pushed his, the actor not pushed twice; only
the seat's own player can send one (a spectator's socket, another site's page cannot)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from junling.asgi import build_application
from matches.presenters import play as presenter
from matches.services.play import cache
from tests.matches.test_play_factories import human_match, state_of, winning_step
from tests.matches.test_push import TIMEOUT, cookie_of, normalised, receive_until, run, socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def act_message(action: Any, step: Any = None) -> dict[str, Any]:
    """The message the page sends for a control: its form's fields as pairs (the action's JSON text)."""
    form = [["action", json.dumps(action)]]
    if step is not None:
        form.append(["step", str(step)])
    return {"type": "act", "form": form}


def steps_of(match: Any) -> int:
    """The current game's stored steps: the step a freshly drawn control carries."""
    return cache.current_game(match).steps


def zh_socket(app: Any, path: str, cookie: str) -> WebsocketCommunicator:
    """A socket whose reader reads Chinese (Accept-Language: zh-hans)."""
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"accept-language", b"zh-hans")]
    return WebsocketCommunicator(app, path, headers=[*headers, (b"cookie", cookie.encode())])


def first_answer(path: str, cookie: str, message: dict[str, Any], *, chinese: bool = False) -> dict[str, Any]:
    """Open a socket on ``path`` as ``cookie``'s user (reading Chinese if ``chinese``), send ``message`` and
    return the first message the server sends back."""
    app = build_application()
    got: dict[str, Any] = {}

    async def scenario() -> None:
        await get_channel_layer().flush()
        comm = (zh_socket if chinese else socket)(app, path, cookie)
        assert (await comm.connect())[0]
        await comm.send_json_to(message)
        got["answer"] = await comm.receive_json_from(timeout=TIMEOUT)
        await comm.disconnect()

    run(scenario)
    return got["answer"]


def test_an_action_sent_over_the_seat_socket_is_applied_and_answered_there_with_the_actors_own_table(setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    users = {0: alice, 1: bob}
    app = build_application()
    cookies = {0: cookie_of(alice), 1: cookie_of(bob)}
    state = state_of(match)
    actor = state.current_player()
    before = presenter.table_version(match)
    message = act_message(winning_step(state, actor), steps_of(match))
    got: dict[str, Any] = {}

    async def scenario() -> None:
        await get_channel_layer().flush()
        seats = {s: socket(app, f"/ws/play/matches/{match.pk}/", cookies[s]) for s in (0, 1)}
        for comm in seats.values():
            assert (await comm.connect())[0]
        await seats[actor].send_json_to(message)
        answer = await seats[actor].receive_json_from(timeout=TIMEOUT)
        got["answer"] = answer
        got["pushed"] = await receive_until(seats[1 - actor], answer["version"], [])
        # The push the action caused found the actor's socket holding that version: nothing more came to it
        # (a sync sent now is answered "current", not preceded by the same table again).
        await seats[actor].send_json_to({"type": "sync", "version": answer["version"]})
        got["next"] = await seats[actor].receive_json_from(timeout=TIMEOUT)
        for comm in seats.values():
            await comm.disconnect()

    run(scenario)
    answer = got["answer"]
    assert answer["type"] == "table" and answer["version"] != before
    assert answer["version"] == presenter.table_version(match)  # applied: the stored game moved on
    assert got["pushed"]["type"] == "table"
    assert got["next"] == {"type": "current", "version": answer["version"]}
    for seat, html in ((actor, answer["html"]), (1 - actor, got["pushed"]["html"])):
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(users[seat])
        polled = client.get(f"/play/matches/{match.pk}/table").content.decode()
        assert normalised(html) == normalised(polled)  # each seat: its own table, the polled one


def test_an_action_out_of_turn_over_the_socket_is_refused_with_its_code_and_the_reason_in_the_readers_language(setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    waiting = 1 - state_of(match).current_player()
    cookie = cookie_of(alice if waiting == 0 else bob)
    before = presenter.table_version(match)
    message = act_message({"type": "end_turn"})
    answer = first_answer(f"/ws/play/matches/{match.pk}/", cookie, message, chinese=True)
    assert answer["type"] == "refused" and answer["code"] == "play.not_your_turn"
    assert "还没轮到你行动：请等待对手。" in answer["html"] and 'role="alert"' in answer["html"]
    assert answer["version"] == before == presenter.table_version(match)  # nothing applied
    assert 'hx-trigger="every' not in answer["html"]  # a table on an open socket does not poll


@pytest.mark.parametrize(
    "form",
    [[], [["step", "0"]], "end_turn", [["action", "{not json"]], [["action", '{"type": "no_such_kind"}']], [[1, 2]]],
)
def test_a_malformed_socket_action_is_refused_as_malformed_and_applies_nothing(setup, form):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    actor = state_of(match).current_player()
    cookie = cookie_of(alice if actor == 0 else bob)
    before = presenter.table_version(match)
    answer = first_answer(f"/ws/play/matches/{match.pk}/", cookie, {"type": "act", "form": form})
    assert answer["type"] == "refused" and answer["code"] == "play.malformed"
    assert presenter.table_version(match) == before


def test_a_stale_socket_action_drawn_at_an_older_step_is_refused_and_applies_nothing(setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    state = state_of(match)
    actor = state.current_player()
    cookie = cookie_of(alice if actor == 0 else bob)
    before = presenter.table_version(match)
    message = act_message(winning_step(state, actor), steps_of(match) + 5)
    answer = first_answer(f"/ws/play/matches/{match.pk}/", cookie, message)
    assert answer["type"] == "refused" and answer["code"] == "play.stale"
    assert presenter.table_version(match) == before


def test_a_spectators_socket_cannot_act_even_for_a_player_of_the_match(setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    actor = state_of(match).current_player()
    cookie = cookie_of(alice if actor == 0 else bob)  # the player whose turn it is, on the spectator's path
    before = presenter.table_version(match)
    answer = first_answer(f"/ws/watch/matches/{match.pk}/", cookie, act_message({"type": "end_turn"}))
    assert answer == {"type": "error", "code": "push.unknown_message"}
    assert presenter.table_version(match) == before


def test_the_change_a_socket_action_commits_is_not_read_again_for_the_actors_own_socket(setup, monkeypatch):
    """The event of a change committed by a socket's action names that socket (``by``): the actor's socket does
    not read the table again for it (its answer was drawn after the commit), the opponent's reads his."""
    from matches.consumers import SeatConsumer

    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    app = build_application()
    cookies = {0: cookie_of(alice), 1: cookie_of(bob)}
    state = state_of(match)
    actor = state.current_player()
    message = act_message(winning_step(state, actor), steps_of(match))
    reads: dict[int, list[str | None]] = {0: [], 1: []}
    built = SeatConsumer.message

    def counted(self, known):  # type: ignore[no-untyped-def]
        reads[0 if self.user.pk == alice.pk else 1].append(known)
        return built(self, known)

    monkeypatch.setattr(SeatConsumer, "message", counted)
    got: dict[str, Any] = {}

    async def scenario() -> None:
        await get_channel_layer().flush()
        seats = {s: socket(app, f"/ws/play/matches/{match.pk}/", cookies[s]) for s in (0, 1)}
        for comm in seats.values():
            assert (await comm.connect())[0]
        await seats[actor].send_json_to(message)
        got["answer"] = await seats[actor].receive_json_from(timeout=TIMEOUT)
        await receive_until(seats[1 - actor], got["answer"]["version"], [])
        await seats[actor].send_json_to({"type": "sync", "version": got["answer"]["version"]})
        got["next"] = await seats[actor].receive_json_from(timeout=TIMEOUT)  # the event came before it
        for comm in seats.values():
            await comm.disconnect()

    run(scenario)
    assert got["next"]["type"] == "current"
    assert reads[actor] == [None, got["answer"]["version"]]  # the answer, the sync: nothing for the event
    assert len(reads[1 - actor]) == 1  # the opponent's push


def test_a_socket_message_does_not_hop_to_the_shared_sync_thread_to_close_connections(setup, monkeypatch):
    """channels' dispatch sends every message of every socket through ``aclose_old_connections`` on the one
    thread that thread-sensitive sync code shares; these consumers query only in ``off_loop`` (which checks
    its connection on its own thread), so they skip it, and the table still comes."""
    import channels.consumer

    hops: list[int] = []

    async def counted() -> None:
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    match = human_match(setup)
    cookie = cookie_of(setup[1])
    table = first_answer(f"/ws/play/matches/{match.pk}/", cookie, {"type": "sync", "version": None})
    assert table["type"] == "table"
    assert hops == []
