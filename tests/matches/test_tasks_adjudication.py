"""A real Celery worker killed (SIGKILL) in the middle of a replay loses nothing: a second worker replays the log
again (acks_late + reject_on_worker_lost; the message stays unacknowledged on Redis) and stores the verdict."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from matches.models import Adjudication
from matches.services import adjudication as services
from tests.conftest import ROOT, TEST_QUEUE, _database_url_for_worker
from tests.matches.adjudication_support import recorded_log, starter_version
from tests.matches.factories import UserFactory

# Unacknowledged messages go back to the queue after this long (kombu's Redis visibility timeout).
VISIBILITY_TIMEOUT = 3

WORKER = (
    "from junling.celery import app\n"
    f"app.conf.broker_transport_options = {{'visibility_timeout': {VISIBILITY_TIMEOUT}}}\n"
    "app.worker_main(['worker', '--pool=solo', '--concurrency=1', '--without-gossip', '--without-mingle',"
    " '--loglevel=info', '-n', __import__('sys').argv[1]])\n"
)


def start_worker(redis_url: str, name: str, log) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env.update(
        CELERY_BROKER_URL=redis_url,
        CELERY_RESULT_BACKEND=redis_url,
        DATABASE_URL=_database_url_for_worker(),
        PYTHONPATH=str(ROOT),
        CELERY_TASK_DEFAULT_QUEUE=TEST_QUEUE,
    )
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, f"{name}@%h"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )


def worker_log_tail() -> str:
    try:
        return (ROOT / "var" / "test-adjudication-worker.log").read_text(errors="replace")[-3000:]
    except OSError:
        return ""


def wait_for(predicate, timeout: float, what: str, procs=()) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        for proc in procs:
            if proc.poll() is not None:
                pytest.fail(f"a worker exited with {proc.returncode} while waiting for {what}:\n{worker_log_tail()}")
        time.sleep(0.2)
    pytest.fail(f"timed out after {timeout} s waiting for {what}:\n{worker_log_tail()}")


def test_a_worker_killed_mid_replay_loses_nothing_the_next_worker_finishes_it(redis_url, transactional_db):
    import redis

    from junling.celery import app
    from matches.tasks_adjudication import replay_log

    redis.Redis.from_url(redis_url).delete(TEST_QUEUE)
    starter_version()
    judge = UserFactory(username="judge")
    log = services.store_log(recorded_log(61), judge)
    adjudication = services.request_adjudication(judge, log, enqueue=False)
    entries = len(json.loads(log.content)["entries"])

    def current() -> Adjudication:
        return Adjudication.objects.get(pk=adjudication.pk)

    workers: list[subprocess.Popen[bytes]] = []
    logfile = open(ROOT / "var" / "test-adjudication-worker.log", "wb")
    app.conf.task_always_eager = False
    try:
        workers.append(start_worker(redis_url, "first", logfile))
        # A slow replay: a pause of 0.3 s every 5 entries (about 8 s for the whole log).
        replay_log.apply_async(args=[adjudication.pk], kwargs={"progress_every": 5, "pause": 0.3})
        wait_for(lambda: current().progress_done >= 10, 120, "the first worker to start replaying", workers)
        os.kill(workers[0].pid, signal.SIGKILL)
        workers[0].wait(timeout=10)
        killed = current()
        assert killed.status == Adjudication.Status.RUNNING and killed.verdict is None
        assert 0 < killed.progress_done < entries and killed.attempts == 1

        time.sleep(VISIBILITY_TIMEOUT + 1)  # the unacknowledged message becomes visible again
        workers.append(start_worker(redis_url, "second", logfile))
        wait_for(lambda: current().status == Adjudication.Status.DONE, 180, "the second worker to finish", workers[1:])
        done = current()
        assert done.attempts == 2 and done.ok is True and done.verdict["signature"] == "valid"
        assert done.progress_done == done.progress_total == entries
    finally:
        app.conf.task_always_eager = True
        for proc in workers:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
        logfile.close()
