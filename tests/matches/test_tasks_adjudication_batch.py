"""Adjudication batches (issue 17): one ``matches.replay_logs`` task replays several logs, each exactly once,
stores their verdicts together, marks a failing log failed alone, and does nothing when run again.

In-process (SQLite by default, the tasks eager) and, with Redis, on a real Celery worker sharing the test
database (PostgreSQL in CI), enqueued through the outbox as the site does."""

from __future__ import annotations

import time

import pytest

from junling.models import AuditEvent, OutboxMessage
from matches import task_names
from matches.models import Adjudication
from matches.services import adjudication as services
from tests.matches.adjudication_support import recorded_log, starter_version
from tests.matches.factories import UserFactory


def _queued(n: int, first_seed: int = 200) -> list[Adjudication]:
    starter_version()
    judge = UserFactory(username="batch-judge")
    out = []
    for seed in range(first_seed, first_seed + n):
        log = services.store_log(recorded_log(seed), judge)
        out.append(services.request_adjudication(judge, log, enqueue=False))
    return out


def _reload(items: list[Adjudication]) -> list[Adjudication]:
    return list(Adjudication.objects.filter(pk__in=[a.pk for a in items]).order_by("pk"))


@pytest.mark.django_db
def test_a_batch_replays_every_log_exactly_once_and_stores_every_verdict():
    from matches.tasks_adjudication import replay_logs

    items = _queued(4)
    counts = replay_logs([a.pk for a in items])
    assert counts == {"done": 4, "failed": 0, "skipped": 0}
    for a in _reload(items):
        assert a.status == Adjudication.Status.DONE and a.ok is True and a.attempts == 1
        assert a.verdict["signature"] == "valid" and a.progress_done == a.progress_total == a.verdict["entries"]
        assert AuditEvent.objects.filter(verb="adjudication.verdict", target_id=str(a.pk)).count() == 1


@pytest.mark.django_db
def test_running_a_batch_again_is_a_no_op():
    from matches.tasks_adjudication import replay_logs

    items = _queued(3)
    ids = [a.pk for a in items]
    replay_logs(ids)
    before = {a.pk: (a.verdict, a.finished_at, a.attempts) for a in _reload(items)}
    assert replay_logs(ids) == {"done": 0, "failed": 0, "skipped": 3}
    assert replay_logs(list(reversed(ids)) + ids) == {"done": 0, "failed": 0, "skipped": 3}
    assert {a.pk: (a.verdict, a.finished_at, a.attempts) for a in _reload(items)} == before
    assert AuditEvent.objects.filter(verb="adjudication.verdict").count() == 3


@pytest.mark.django_db
def test_a_batch_skips_the_done_ones_and_replays_the_rest():
    from matches.tasks_adjudication import replay_logs

    items = _queued(3)
    replay_logs([items[1].pk, items[2].pk])  # a batch of two done first
    assert replay_logs([a.pk for a in items]) == {"done": 1, "failed": 0, "skipped": 2}
    assert [a.attempts for a in _reload(items)] == [1, 1, 1]


@pytest.mark.django_db
def test_one_log_whose_replay_fails_is_marked_failed_alone_and_can_be_queued_again(monkeypatch):
    from matches.tasks_adjudication import replay_logs

    items = _queued(3)
    bad = items[1]
    real = services.verdict_for

    def flaky(raw, **kwargs):
        if raw.decode() == bad.log.content:
            raise RuntimeError("the engine broke on this log")
        return real(raw, **kwargs)

    monkeypatch.setattr(services, "verdict_for", flaky)
    assert replay_logs([a.pk for a in items]) == {"done": 2, "failed": 1, "skipped": 0}
    first, failed, third = _reload(items)
    assert first.status == third.status == Adjudication.Status.DONE and first.ok and third.ok
    assert failed.status == Adjudication.Status.FAILED and failed.verdict is None
    assert "the engine broke on this log" in failed.error

    monkeypatch.setattr(services, "verdict_for", real)
    again = services.request_adjudication(None, failed.log, enqueue=False)  # a failed one is queued again
    assert again.pk == failed.pk and again.status == Adjudication.Status.QUEUED
    assert replay_logs([a.pk for a in items]) == {"done": 1, "failed": 0, "skipped": 2}
    assert all(a.status == Adjudication.Status.DONE for a in _reload(items))


@pytest.mark.django_db
def test_a_batch_of_one_is_the_single_replay_with_its_progress():
    from matches.tasks_adjudication import replay_logs

    (item,) = _queued(1)
    assert replay_logs([item.pk]) == {"done": 1, "failed": 0, "skipped": 0}
    (a,) = _reload([item])
    assert a.status == Adjudication.Status.DONE and a.attempts == 1 and a.progress_done == a.verdict["entries"]


@pytest.mark.django_db
def test_requests_go_through_the_outbox_in_batches(django_capture_on_commit_callbacks):
    items = _queued(5)
    OutboxMessage.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.enqueue_adjudications([a.pk for a in items] + [items[0].pk], batch_size=2) == 3
    messages = list(OutboxMessage.objects.order_by("id"))
    assert [m.task for m in messages] == [task_names.REPLAY_LOGS] * 3
    assert [m.args for m in messages] == [[[items[0].pk, items[1].pk]], [[items[2].pk, items[3].pk]], [[items[4].pk]]]
    assert all(m.sent_at is not None for m in messages)  # sent (run in-process here) after the commit
    assert all(a.status == Adjudication.Status.DONE for a in _reload(items))


@pytest.mark.django_db
def test_a_single_upload_is_still_replayed_on_commit(django_capture_on_commit_callbacks):
    starter_version()
    judge = UserFactory(username="uploader", is_staff=True)
    with django_capture_on_commit_callbacks(execute=True):
        log = services.store_log(recorded_log(230), judge)
        adjudication = services.request_adjudication(judge, log)
    adjudication.refresh_from_db()
    assert adjudication.status == Adjudication.Status.DONE and adjudication.ok is True
    assert OutboxMessage.objects.filter(task=task_names.REPLAY_LOGS, args=[[adjudication.pk]]).count() == 1


def test_batches_on_a_real_worker_replay_each_log_exactly_once(celery_worker, django_capture_on_commit_callbacks):
    items = _queued(6, first_seed=240)
    ids = [a.pk for a in items]
    with django_capture_on_commit_callbacks(execute=True):
        services.enqueue_adjudications(ids, batch_size=4)
        services.enqueue_adjudications(ids, batch_size=3)  # the same logs again, other batches: no double work
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if Adjudication.objects.filter(pk__in=ids, status=Adjudication.Status.DONE).count() == len(ids):
            break
        assert celery_worker.poll() is None, "the worker died; see var/test-worker.log"
        time.sleep(0.2)
    else:
        pytest.fail("the worker did not replay every log within 180 s; see var/test-worker.log")
    outbox_sent = OutboxMessage.objects.filter(task=task_names.REPLAY_LOGS, sent_at__isnull=False).count()
    assert outbox_sent == 4
    for a in _reload(items):
        assert a.ok is True and a.attempts == 1
        assert AuditEvent.objects.filter(verb="adjudication.verdict", target_id=str(a.pk)).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_database_error_in_a_batch_replays_each_log_alone(monkeypatch):
    from django.db import DatabaseError

    from matches.tasks_adjudication import replay_logs

    items = _queued(3, first_seed=260)
    real = services._run_batch

    def broken(wanted):
        raise DatabaseError("the connection went away mid-batch")

    monkeypatch.setattr(services, "_run_batch", broken)
    assert replay_logs([a.pk for a in items]) == {"done": 3, "failed": 0, "skipped": 0}
    assert all(a.status == Adjudication.Status.DONE and a.attempts == 1 for a in _reload(items))
    monkeypatch.setattr(services, "_run_batch", real)
    assert replay_logs([a.pk for a in items]) == {"done": 0, "failed": 0, "skipped": 3}
