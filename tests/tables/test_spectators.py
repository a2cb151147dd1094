"""Spectators of board tables: who may watch (a public table: anyone; an event's table: its organisers and
judges; staff), where they are listed, and that the spectator's page, pushed messages and API answer hold
nothing a seat's private observation has that the public one does not."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client

from junling.asgi import build_application
from tables import access, engines, presenters, services
from tables.models import Table
from tests.matches.factories import UserFactory
from tests.matches.test_push import cookie_of, receive_until, run, socket
from tests.tables.conftest import (
    reseed,
    store_random_play_until,
    three_seat_table,
    two_side_table,
)
from tests.tables.test_hidden_information import BIG, named, random_move, retainer_secrets

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def hand_secrets(state: Any) -> set[str]:
    """The event cards a spectator may not name: both hands and both decks, less every card played."""
    board = state.board
    hidden = set(board.hands["japan"]) | set(board.hands["allies"])
    hidden |= set(board.decks["japan"]) | set(board.decks["allies"])
    return hidden - set(board.spent)


def private_only(state: Any, system: str, seats: int) -> set[str]:
    """Every word (a leaf of the observation) some seat's observation has and the public one has not."""

    def leaves(x: Any) -> set[str]:
        if isinstance(x, dict):
            return set().union(*(leaves(v) for v in x.values())) if x else set()
        if isinstance(x, list):
            return set().union(*(leaves(v) for v in x)) if x else set()
        return {str(x)} if isinstance(x, str) and len(x) > 1 else set()

    public = json.dumps(engines.observation(system, state, None), ensure_ascii=False)
    out: set[str] = set()
    for seat in range(seats):
        obs = engines.observation(system, state, seat)
        obs.pop("pending", None)  # a seat's own question and choices: checked by the public pending below
        out |= {w for w in leaves(obs) if w not in public}
    return out


def watched_by(table: Table, user: Any | None) -> dict[str, str]:
    out = {}
    for lang in ("zh-hans", "en"):
        client = Client(HTTP_ACCEPT_LANGUAGE=lang)
        if user is not None:
            client.force_login(user)
        for name, url in (("page", "/tables/{}/watch/"), ("fragment", "/tables/{}/watch/table/")):
            answer = client.get(url.format(table.pk))
            assert answer.status_code == 200, (name, answer.status_code)
            out[f"{name} {lang}"] = answer.content.decode()
        out[f"api {lang}"] = json.dumps(client.get(f"/api/tables/{table.pk}/watch/").json(), ensure_ascii=False)
    return out


def assert_nothing_private(texts: dict[str, str], secrets: set[str], where: str) -> None:
    for name, text in texts.items():
        leaked = sorted(s for s in secrets if named(s, text))
        assert not leaked, f"{where}, {name}: {leaked}"


@pytest.mark.parametrize("seed", [5, 8])
def test_the_spectators_page_fragment_and_api_hold_no_hand_no_deck_nor_a_seats_private_word(seed):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = reseed(two_side_table(alice, bob), BIG + seed)
    Table.objects.filter(pk=table.pk).update(public=True)
    rng = random.Random(seed)
    for _round in range(3):
        state = store_random_play_until(table, lambda s: bool(s.board.hands["allies"]) and rng.random() < 0.05, rng)
        table.refresh_from_db()
        secrets = hand_secrets(state)
        private = private_only(state, table.system, table.seats)
        assert secrets and private, "nothing to hide yet: the test would prove nothing"
        texts = watched_by(table, None)  # anyone, not even signed in
        assert_nothing_private(texts, secrets | {str(table.seed)}, f"step {table.steps}")
        api = json.loads(texts["api en"])
        assert api["observation"] == json.loads(
            json.dumps(engines.observation(table.system, state, None) | {"pending": api["observation"]["pending"]})
        )
        assert set(api["observation"]["pending"]) <= {"player"}  # whose turn, never the question nor choices
        observed = json.dumps(api["observation"], ensure_ascii=False)
        assert [w for w in private if w in observed] == []
        names = {w for w in private if not w.isascii()}  # a card, a general: in no text at all
        assert_nothing_private(texts, names, f"step {table.steps}")
        assert 'name="action"' not in texts["page en"] and "csrfmiddlewaretoken" not in texts["fragment en"]


def test_the_face_down_retainers_are_not_on_the_spectators_page():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = reseed(three_seat_table(alice, bob), BIG + 6)
    Table.objects.filter(pk=table.pk).update(public=True)
    rng = random.Random(6)
    state = store_random_play_until(table, lambda s: rng.random() < 0.1, rng)
    table.refresh_from_db()
    secrets = retainer_secrets(table, state)
    assert secrets
    assert_nothing_private(watched_by(table, UserFactory()), secrets | {str(table.seed)}, "longhu")


def test_who_may_watch_and_where_the_tables_are_listed():
    alice, bob, stranger = UserFactory(username="alice"), UserFactory(username="bob"), UserFactory()
    staff = UserFactory(is_staff=True)
    private = two_side_table(alice, bob)
    public = two_side_table(UserFactory(), UserFactory())
    Table.objects.filter(pk=public.pk).update(public=True)
    public.refresh_from_db()
    assert access.can_spectate(public, None) and access.can_spectate(public, stranger)
    assert not access.can_spectate(private, stranger) and not access.can_spectate(private, None)
    assert access.can_spectate(private, staff)
    assert Client().get(f"/tables/{private.pk}/watch/").status_code == 404
    assert Client().get(f"/api/tables/{private.pk}/watch/").status_code == 404
    listed = {t["pk"] for t in presenters.list_context(stranger, "en")["watched"]}
    assert public.pk in listed and private.pk not in listed
    # an event's table: its organisers and judges watch it, and see it listed
    from tests.matches.factories import MatchFactory, TournamentFactory

    organiser, judge = UserFactory(), UserFactory()
    tournament = TournamentFactory(organisers=[organiser], judges=[judge])
    MatchFactory(tournament=tournament, player_a=alice, player_b=bob, board_table=private)
    for overseer in (organiser, judge):
        assert access.can_spectate(private, overseer)
        assert private.pk in {t["pk"] for t in presenters.list_context(overseer, "en")["watched"]}
    client = Client()
    client.force_login(judge)
    assert client.get(f"/tables/{private.pk}/watch/").status_code == 200
    assert not access.can_spectate(private, stranger)


def test_a_spectators_socket_is_pushed_the_public_table_only():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = two_side_table(alice, bob)
    Table.objects.filter(pk=table.pk).update(public=True)
    rng = random.Random(7)
    store_random_play_until(table, lambda s: bool(s.board.hands["allies"]), rng)
    table.refresh_from_db()
    app = build_application()
    cookie = cookie_of(UserFactory())
    pushed: list[dict[str, Any]] = []
    secrets: set[str] = set()
    moves = 5

    async def scenario() -> None:
        await get_channel_layer().flush()
        comm = socket(app, f"/ws/tables/{table.pk}/watch/", cookie)
        connected, _code = await comm.connect()
        assert connected
        for _ in range(moves):
            now = await database_sync_to_async(services.load_state)(table)
            secrets.update(hand_secrets(now))
            version = await random_move(table, now, rng)
            await receive_until(comm, version, pushed)
        await comm.disconnect()

    run(scenario)
    still = secrets & hand_secrets(services.load_state(table))
    assert still and len(pushed) >= moves
    for message in pushed:
        text = json.dumps(message, ensure_ascii=False)
        assert not [x for x in still if named(x, text)] and str(table.seed) not in text
        assert f'data-socket="/ws/tables/{table.pk}/watch/"' in message["html"] and 'name="action"' not in text


def test_a_private_tables_spectator_socket_is_refused():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = two_side_table(alice, bob)
    app = build_application()
    cookie = cookie_of(UserFactory())

    async def scenario() -> None:
        comm = socket(app, f"/ws/tables/{table.pk}/watch/", cookie)
        connected, code = await comm.connect()
        assert not connected and code == 4403

    run(scenario)


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_an_events_organiser_and_judge_find_a_watch_link_on_the_rounds_page_and_a_player_does_not(system):
    from django.urls import reverse

    from matches.services import rounds
    from tests.matches.factories import pod_event

    tournament, organiser, players = pod_event(3 if system == "longhu" else 2, system=system)
    judge = UserFactory()
    tournament.judges.add(judge)
    rnd = rounds.publish_round(rounds.pair_next_round(tournament, organiser), organiser, on_tables=True)
    table = Table.objects.get()
    url = reverse("matches:round-pairings", args=[tournament.pk, rnd.number])
    watch = reverse("tables:watch", args=[table.pk])
    for overseer in (organiser, judge):
        client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
        client.force_login(overseer)
        assert watch in client.get(url).content.decode()
        assert client.get(watch).status_code == 200
    player = Client()
    player.force_login(players[0])
    assert watch not in player.get(url).content.decode()
