"""The transactional outbox (issue 11 point 2): a committed change never loses the tasks it promised.

The broker outage is real: the publishing side points at a port where no Redis listens, then a real
redis-server is started on that port and a real Celery worker runs what the relay sends.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from django.db import transaction

from junling import outbox
from junling.celery import app
from junling.models import OutboxMessage
from matches.models import StandingsSnapshot
from matches.services import rounds as round_services
from matches.services.results import override_result
from tests.conftest import ROOT, need_service
from tests.matches.factories import running_tournament


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _reset_pools() -> None:
    """Forget the connections made for the previous broker address."""
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def down_broker() -> Iterator[str]:
    """The app publishes to a Redis address where nothing listens (yet)."""
    url = f"redis://127.0.0.1:{_free_port()}/0"
    keys = ("broker_url", "broker_write_url", "broker_read_url", "task_always_eager")
    saved = {key: app.conf[key] for key in keys}
    # The read and write URLs are set too: with CELERY_BROKER_URL in the environment they take precedence.
    app.conf.update(broker_url=url, broker_write_url=url, broker_read_url=url, task_always_eager=False)
    _reset_pools()
    try:
        yield url
    finally:
        app.conf.update(saved)
        _reset_pools()


@pytest.fixture
def redis_url(down_broker: str) -> str:
    """The broker of the celery_worker fixture: the address that was down (started by the test)."""
    return down_broker


def _start_redis(url: str) -> subprocess.Popen[bytes]:
    binary = shutil.which("redis-server")
    if not binary:
        need_service("redis-server is not installed")
    port = url.rsplit(":", 1)[1].split("/")[0]
    proc = subprocess.Popen(
        [binary, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    import redis

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
            return proc
        except redis.exceptions.ConnectionError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail(f"redis-server on {url} did not start")


def _ready_round():
    tournament, organiser, _players = running_tournament(4, rounds=2)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    return tournament, organiser, rnd.matches.order_by("table").first()


@pytest.mark.django_db(transaction=True)
def test_a_committed_result_survives_a_broker_outage_and_its_standings_are_computed_on_recovery(down_broker, request):
    tournament, organiser, match = _ready_round()
    outbox.publisher.join()  # the round's own messages tried first: a failed one would drop the queue behind it
    OutboxMessage.objects.all().delete()
    override_result(match, organiser, 2, 0)  # commits; the publish after the commit fails: no exception
    outbox.publisher.join()  # the publisher thread's one attempt, off this thread

    match.refresh_from_db()
    assert (match.games_won_a, match.games_won_b) == (2, 0)
    waiting = list(outbox.pending())
    assert [m.task for m in waiting] == ["matches.snapshot_standings"]
    assert waiting[0].args == [tournament.pk] and waiting[0].attempts == 1 and waiting[0].last_error
    assert outbox.relay()["waiting"] == 1  # still down: nothing lost, nothing sent

    server = _start_redis(down_broker)
    try:
        request.getfixturevalue("celery_worker")  # a real worker on the recovered broker; it relays as it starts
        _reset_pools()
        assert outbox.relay()["waiting"] == 0
        deadline = time.monotonic() + 120
        while not StandingsSnapshot.objects.filter(tournament=tournament).exists():
            assert time.monotonic() < deadline, "the worker never computed the standings; see var/test-worker.log"
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=20)
    rows = StandingsSnapshot.objects.get(tournament=tournament).rows
    assert rows[0]["player"] == match.player_a_id


@pytest.mark.django_db(transaction=True)
def test_an_override_answers_a_redirect_not_a_500_while_the_broker_is_down(down_broker, client):
    _tournament, organiser, match = _ready_round()
    client.force_login(organiser)
    before = outbox.pending().filter(task="matches.snapshot_standings").count()
    response = client.post(f"/matches/{match.pk}/override", {"games_won_a": "2", "games_won_b": "1"})
    outbox.publisher.join()
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.games_won_a, match.games_won_b) == (2, 1)
    assert outbox.pending().filter(task="matches.snapshot_standings").count() == before + 1


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_change_leaves_no_message():
    with pytest.raises(RuntimeError), transaction.atomic():
        outbox.enqueue("junling.ping", ["never"])
        raise RuntimeError("the change fails")
    assert not OutboxMessage.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_task_runs_in_process_after_the_commit_and_is_marked_sent():
    tournament, organiser, match = _ready_round()
    StandingsSnapshot.objects.all().delete()
    override_result(match, organiser, 2, 0)
    message = OutboxMessage.objects.filter(task="matches.snapshot_standings", args=[tournament.pk]).last()
    assert message.sent_at is not None and message.attempts == 1
    assert StandingsSnapshot.objects.filter(tournament=tournament).exists()


@pytest.mark.django_db(transaction=True)
def test_a_message_is_sent_once_even_when_relayed_again():
    with transaction.atomic():
        outbox.enqueue("junling.ping", ["once"])
    message = OutboxMessage.objects.get()
    assert message.sent_at is not None
    assert outbox.send(message.pk) is False
    assert outbox.relay() == {"sent": 0, "failed": 0, "waiting": 0}


@pytest.mark.django_db(transaction=True)
def test_the_health_check_answers_503_and_names_the_broker_while_it_is_down(down_broker, client):
    with transaction.atomic():
        outbox.enqueue("junling.ping", ["waiting"])
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["database"]["ok"] is True and body["broker"]["ok"] is False
    assert body["outbox"]["waiting"] == 1


def test_a_task_enqueued_by_name_is_found_even_if_no_module_imported_its_tasks(tmp_path):
    """A fresh process (a web server) that never imported matches.tasks still runs the task in-process."""
    code = (
        "import django, sys; django.setup();"
        "from junling import outbox;"
        "assert 'matches.tasks' not in sys.modules;"
        "print(outbox._task('matches.snapshot_standings').name)"
    )
    env = {
        "JUNLING_VAR_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "junling.settings",
        "PYTHONPATH": str(ROOT),
        "PATH": os.environ.get("PATH", ""),
    }
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("matches.snapshot_standings")


@pytest.mark.django_db(transaction=True)
def test_finishing_a_tournament_while_the_broker_is_down_touches_no_broker_inside_a_request(down_broker, client):
    """Issue 29 point 5: each request that queues a task waited on the down broker (19 s; finishing a
    tournament 38 s). Writing the outbox never touches the broker: the publisher thread tries after the commit,
    the relay when the broker is back. Counted, not timed: every publish and connection the requests' thread
    made, and the publisher's."""
    import threading

    tournament, organiser, _players = running_tournament(4, rounds=1)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    outbox.publisher.join()
    request_thread = threading.get_ident()
    touched: list[tuple[str, bool]] = []
    real_send, real_connection = app.send_task, app.connection_for_write

    def counted(real, name):
        def call(*args, **kwargs):
            touched.append((name, threading.get_ident() == request_thread))
            return real(*args, **kwargs)

        return call

    app.send_task = counted(real_send, "send_task")  # type: ignore[method-assign]
    app.connection_for_write = counted(real_connection, "connection_for_write")  # type: ignore[method-assign]
    try:
        client.force_login(organiser)
        for match in rnd.matches.exclude(player_b=None):
            answer = client.post(f"/matches/{match.pk}/override", {"games_won_a": "2", "games_won_b": "0"})
            assert answer.status_code == 302
        answer = client.post(f"/tournaments/{tournament.pk}/admin/finish", {"confirm": "yes"})
        assert answer.status_code == 302
        outbox.publisher.join()
    finally:
        app.send_task, app.connection_for_write = real_send, real_connection  # type: ignore[method-assign]
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert [name for name, in_request in touched if in_request] == []
    assert any(name == "send_task" for name, _ in touched)  # the publisher tried, off the request's thread
    waiting = set(outbox.pending().values_list("task", flat=True))
    assert {"matches.snapshot_standings", "matches.update_ratings"} <= waiting  # nothing lost: the relay sends them
