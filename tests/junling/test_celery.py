import os

import pytest

from junling.celery import ping

pytestmark = pytest.mark.services


def test_ping_round_trip_through_a_real_worker_process(celery_worker):
    result = ping.delay("你好").get(timeout=30)
    assert result["echo"] == "你好"
    assert result["pid"] != str(os.getpid()), "the task ran in the test process, not in the worker"
    assert result["pid"] == str(celery_worker.pid)


def test_ping_runs_in_process_when_no_broker_is_configured(settings):
    assert ping.delay("x").get()["echo"] == "x"


@pytest.mark.django_db(transaction=True)
def test_the_health_check_counts_the_live_workers(celery_worker, client):
    body = client.get("/healthz").json()
    assert body["ok"] is True and body["broker"] == {"ok": True, "kind": "redis"}
    assert body["workers"]["count"] >= 1
