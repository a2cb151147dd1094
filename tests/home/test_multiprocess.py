"""Issue 11 point 8: two gunicorn web processes and two Celery workers on one PostgreSQL and one Redis play a
refereed match whose actions alternate between the web processes, and adjudicate 40 logs on both workers:
nothing lost, nothing run twice, /healthz reports the database, the broker and both workers, logs are JSON.

The processes share the test database (pytest-django's, committed data: ``transactional_db``) and this
run's own queue (``TEST_QUEUE``). Without PostgreSQL or Redis the test skips and says why; in CI it fails.
``make multiprocess`` runs the same on a database of its own (``home/multiprocess.py``).
"""

from __future__ import annotations

import socket

import pytest

from home import multiprocess
from tests.conftest import ROOT, TEST_QUEUE, need_service

pytestmark = pytest.mark.services

PORTS = range(18100, 18200)


def free_ports(count: int = 2) -> tuple[int, ...]:
    """The first ``count`` ports of 18100-18199 nothing listens on."""
    found = []
    for port in PORTS:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        found.append(port)
        if len(found) == count:
            return tuple(found)
    need_service("no two free ports in 18100-18199")
    raise AssertionError  # not reached


def test_two_web_processes_and_two_workers_lose_nothing(redis_url, transactional_db):
    from django.db import connection

    if connection.vendor != "postgresql":
        need_service(f"two web processes need PostgreSQL; the tests run on {connection.vendor} (set DATABASE_URL)")
    ports = free_ports()
    report = multiprocess.run(
        ports=(ports[0], ports[1]),
        broker_url=redis_url,
        queue=TEST_QUEUE,
        logs=40,
        actions=20,
        timeout=180,
        log_dir=ROOT / "var" / "test-multiprocess",
    )
    for health in report.healthz:
        assert health["database"] == {"ok": True, "vendor": "postgresql"}
        assert health["broker"]["ok"] and health["broker"]["kind"] == "redis"
        assert health["workers"] == {"ok": True, "count": 2}
    assert report.actions[0] > 0 and report.actions[1] > 0  # both servers took actions of the one match
    assert abs(report.actions[0] - report.actions[1]) <= 1
    assert report.adjudications == 40
    assert report.attempts == [1] * 40 and report.verdicts_audited == [1] * 40
    assert report.match_log_trust == "matches record"
    # every replay logged by a worker as a JSON line (the ``done`` counts of its ``matches.replay_logs``
    # batches), once: a batch delivered twice skips what the other run did
    assert sum(report.per_worker.values()) == 40
    assert report.json_lines > 0
