"""The shared table fragments of live play (``matches.presenters.fragments``): a seat's table is rendered
once per version and handed to every reader of that seat (the actor's HTTP answer, then his socket), a
spectator's once for every spectator without a delay, and a push costs a bounded number of queries
(counted: a count is deterministic, a time is not; the time is in bench/push_cost.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from matches.consumers import SeatConsumer, WatchConsumer
from matches.presenters import fragments
from matches.presenters import play as presenter
from matches.services.play import cache
from tests.matches.test_play_factories import human_match, state_of, winning_step
from tests.matches.test_push_hidden_information import secrets_for

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit runs: the state cache is filled as in a server

QUERIES_ON_A_SHARED_TABLE = 1
"""A push whose table another reader of the same seat kind already drew: the match and its current game."""
QUERIES_ON_A_NEW_TABLE = 1
"""A push that draws the table: the match, its current game and all its games, one read
(``play.current_of``; the game's new feed entries were read by the actor's answer:
``narration.stored_feeds``)."""


def seat_socket(match: Any, user: Any) -> SeatConsumer:
    """A seat's consumer as a connected socket holds it (its ``message`` is the sync code a push runs)."""
    sock = SeatConsumer()
    sock.match_id, sock.user, sock.language, sock.csrf_token, sock.sent = match.pk, user, "en", "tok" * 8, None
    return sock


def spectator_socket(match: Any) -> WatchConsumer:
    sock = WatchConsumer()
    sock.match_id, sock.user, sock.language, sock.sent, sock.delay = match.pk, AnonymousUser(), "en", None, 0
    return sock


def pushed(sock: Any) -> tuple[dict[str, Any] | None, int]:
    """What ``sock`` is pushed after a change (None: nothing new), and the queries it took."""
    with CaptureQueriesContext(connection) as queries:
        message = sock.message(sock.sent)
    if message is not None:
        sock.sent = message["version"]
    return message, len(queries)


def post_step(match: Any, setup: Any) -> int:
    """The player to act posts his plan's next action as the page does (HX-Request); his seat."""
    _fmt, alice, bob, _a, _b = setup
    state = state_of(match)
    seat = state.current_player()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(alice if seat == 0 else bob)
    data = {"action": json.dumps(winning_step(state, seat)), "step": str(cache.current_game(match).steps)}
    response = client.post(f"/play/matches/{match.pk}/act", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and b'id="play-error"' not in response.content
    return seat


@pytest.fixture(autouse=True)
def _no_fragments() -> Any:
    fragments.forget_fragments()
    yield
    fragments.forget_fragments()


def test_a_push_to_the_actor_reuses_his_http_answer_and_one_to_the_opponent_or_a_spectator_costs_one_query(
    setup,
):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    socks = {0: seat_socket(match, alice), 1: seat_socket(match, bob)}
    spectator = spectator_socket(match)
    pushes = 0
    while not state_of(match).is_terminal():
        actor = post_step(match, setup)
        message, queries = pushed(socks[actor])
        assert message is not None and queries <= QUERIES_ON_A_SHARED_TABLE
        message, queries = pushed(socks[1 - actor])
        assert message is not None and queries <= QUERIES_ON_A_NEW_TABLE
        message, queries = pushed(spectator)
        assert message is not None and queries <= QUERIES_ON_A_NEW_TABLE
        second_spectator = spectator_socket(match)
        message, queries = pushed(second_spectator)
        assert message is not None and queries <= QUERIES_ON_A_SHARED_TABLE
        pushes += 1
    assert pushes >= 8


def test_a_socket_that_has_the_current_table_is_pushed_nothing_for_one_query(setup):
    match = human_match(setup)
    sock = seat_socket(match, setup[1])
    assert pushed(sock)[0] is not None
    assert pushed(sock) == (None, 1)


def test_a_shared_fragment_is_the_table_the_presenter_draws_for_that_seat_with_the_readers_own_csrf_token(setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    post_step(match, setup)
    for user in (alice, bob):
        first, _q = pushed(seat_socket(match, user))
        other = seat_socket(match, user)
        other.csrf_token = "own" * 8
        second, queries = pushed(other)
        assert first is not None and second is not None and queries <= QUERIES_ON_A_SHARED_TABLE
        assert 'value="tok' in first["html"] and 'value="own' in second["html"]
        assert fragments.CSRF_PLACEHOLDER not in first["html"] + second["html"]
        with translation.override("en"):
            fresh = render_to_string(
                "matches/play/_table.html",
                {**presenter.table_context(match, user, "en"), "live": True, "csrf_token": "own" * 8},
            )
        assert second["html"] == fresh
        assert 'hx-trigger="every' not in second["html"]  # a pushed table does not poll


def test_each_seat_kind_has_its_own_fragment_a_seat_never_gets_the_other_seats_hand(setup):
    """§3.1.10: the cache is keyed by seat; what one seat may not see never reaches its table or a spectator's,
    while the other seat's table does show it (its own hand)."""
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    post_step(match, setup)
    state = state_of(match)
    tables = {0: pushed(seat_socket(match, alice))[0], 1: pushed(seat_socket(match, bob))[0]}
    spectator = pushed(spectator_socket(match))[0]
    assert tables[0] and tables[1] and spectator
    for seat in (0, 1):
        hidden = secrets_for(state, seat)  # the other seat's hand and the piles, names only whole
        assert not [h for h in hidden if h in tables[seat]["html"]]
        assert [h for h in hidden if h in tables[1 - seat]["html"]]  # the other seat sees its own hand
    assert not [h for h in secrets_for(state, None) if h in spectator["html"]]


def test_the_feeds_of_an_action_committed_in_this_process_are_kept_so_its_tables_read_no_entry(setup):
    """``narration.note_stored`` (``cache.STORED_LISTENERS``): once an action commits, the feeds of its entries
    are kept as the database gives them back; the readers of that change (actor, opponent, spectators) read
    none of them. A reader asking for older entries than kept still reads them (from the database)."""
    from matches.models import RefereedEntry
    from matches.presenters import narration
    from matches.services.play import acting

    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    narration._STORED.clear()
    state = state_of(match)
    actor = state.current_player()
    before = cache.current_game(match).steps
    acting.do_act(match, alice if actor == 0 else bob, winning_step(state, actor))
    row = cache.current_game(match)
    stored = list(RefereedEntry.objects.filter(game=row).order_by("n").values_list("feed", flat=True))
    assert row.steps > before
    with CaptureQueriesContext(connection) as queries:
        kept = narration.stored_feeds(row, before)
    assert len(queries) == 0
    assert kept == stored[before:]
    with CaptureQueriesContext(connection) as queries:
        older = narration.stored_feeds(row, 0)
    assert len(queries) == 1 and older == stored
