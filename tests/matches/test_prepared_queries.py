"""Queries compiled once a process (``junling.prepared``): the same objects as the queryset, one query."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from junling.prepared import Prepared
from matches.models import RefereedGame
from matches.presenters import play
from tests.matches.test_play_factories import human_match

pytestmark = pytest.mark.django_db


def _fields(obj: object) -> dict[str, object]:
    return {k: v for k, v in vars(obj).items() if not k.startswith("_")}


def test_a_prepared_query_gives_the_querysets_objects_with_their_related_objects_in_one_query(setup):
    match = human_match(setup, best_of=3)
    expected = (
        RefereedGame.objects.select_related("refereed_match__match__player_a", "refereed_match__database_version")
        .filter(refereed_match__match_id=match.pk)
        .order_by("-number")
        .first()
    )
    prepared = Prepared(
        lambda pk: (
            RefereedGame.objects.select_related("refereed_match__match__player_a", "refereed_match__database_version")
            .filter(refereed_match__match_id=pk)
            .order_by("-number")[:1]
        ),
        0,
    )
    prepared.first(match.pk)  # compiled
    with CaptureQueriesContext(connection) as queries:
        row = prepared.first(match.pk)
    assert len(queries) == 1
    assert _fields(row) == _fields(expected) and row.decks == expected.decks
    assert _fields(row.refereed_match.match.player_a) == _fields(expected.refereed_match.match.player_a)
    assert row.refereed_match.database_version.pk == expected.refereed_match.database_version.pk
    assert prepared.first(match.pk + 1000) is None


def test_the_current_table_query_reads_the_match_as_it_is_now(setup):
    match = human_match(setup)
    play.current_of(match.pk)
    type(match).objects.filter(pk=match.pk).update(status="finished")
    assert play.current_of(match.pk)[0].status == "finished"


def test_a_query_with_more_parameters_than_the_value_runs_as_an_ordinary_queryset():
    User.objects.create(username="a1", is_active=True)
    User.objects.create(username="a2", is_active=False)
    prepared = Prepared(lambda name: User.objects.filter(username=name, is_active=True), "")
    assert [u.username for u in prepared.all("a1")] == ["a1"] and prepared.all("a2") == []


@pytest.mark.django_db(transaction=True)
def test_a_query_compiled_on_one_thread_runs_on_another_with_that_threads_connection(setup):
    """Under ASGI every request has a thread (and a connection) of its own: the compiled form is shared."""
    match = human_match(setup)
    play.current_of(match.pk)  # compiled here
    found: list[object] = []

    def read() -> None:
        try:
            found.append(play.current_of(match.pk)[1])
        finally:
            connection.close()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    assert found and _fields(found[0]) == _fields(play.current_of(match.pk)[1])
