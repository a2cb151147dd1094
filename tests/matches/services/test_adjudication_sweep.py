"""Issue 29 item 10: a replay whose task a dead worker lost is enqueued again by the periodic sweep
(matches.services.adjudication.do_sweep_adjudications), found by ``make compose-check`` killing a worker container."""

from __future__ import annotations

import datetime

import pytest
from django.test import override_settings
from django.utils import timezone

from junling.models import OutboxMessage
from matches import task_names
from matches.models import Adjudication
from matches.services import adjudication as services
from matches.tasks_adjudication import sweep_adjudications
from tests.matches.adjudication_support import recorded_log, starter_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(any_judge, django_capture_on_commit_callbacks):
    """An uploaded log whose replay task was sent and then lost (the row stays queued)."""
    starter_version()
    with django_capture_on_commit_callbacks(execute=False):
        adjudication = services.upload_log(any_judge, recorded_log(31))
    OutboxMessage.objects.filter(task=task_names.REPLAY_LOGS).update(sent_at=timezone.now())
    return adjudication


def later(seconds: int) -> datetime.datetime:
    return timezone.now() + datetime.timedelta(seconds=seconds)


@override_settings(ADJUDICATION_STALL_SECONDS=180)
def test_a_replay_still_queued_after_the_stall_time_gets_its_task_again(queued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert services.do_sweep_adjudications(at=later(181)) == [queued.pk]
    queued.refresh_from_db()
    assert queued.status == Adjudication.Status.DONE and queued.attempts == 1


@override_settings(ADJUDICATION_STALL_SECONDS=180)
def test_a_replay_queued_for_less_than_the_stall_time_is_left_alone(queued):
    assert services.do_sweep_adjudications(at=later(179)) == []


@override_settings(ADJUDICATION_STALL_SECONDS=180)
def test_a_replay_whose_task_still_waits_in_the_outbox_is_left_to_the_relay(queued):
    OutboxMessage.objects.filter(task=task_names.REPLAY_LOGS).update(sent_at=None)
    before = OutboxMessage.objects.count()
    assert services.do_sweep_adjudications(at=later(600)) == []
    assert OutboxMessage.objects.count() == before


@override_settings(ADJUDICATION_STALL_SECONDS=0)
def test_the_periodic_task_sweeps_and_a_done_replay_is_not_swept_again(queued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_adjudications() == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_adjudications() == 0
    queued.refresh_from_db()
    assert queued.attempts == 1


def test_celery_beat_runs_the_sweep_under_the_name_the_task_is_registered_with():
    from django.conf import settings

    from junling.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["sweep-adjudications"]
    assert entry["task"] == task_names.SWEEP_ADJUDICATIONS
    assert task_names.SWEEP_ADJUDICATIONS in app.tasks
