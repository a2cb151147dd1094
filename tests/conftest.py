"""Shared fixtures: real services (PostgreSQL, Redis, a Celery worker process) where the test needs them.

On a laptop without Redis the tests that need it skip and say why; in CI
(CI=true or JUNLING_REQUIRE_SERVICES=1) a missing service fails the run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REQUIRE_SERVICES = os.environ.get("JUNLING_REQUIRE_SERVICES") == "1" or os.environ.get("CI") == "true"
TEST_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/15"
TEST_QUEUE = f"junling-test-{os.getpid()}"
"""This run's own queue: test runs sharing one Redis never take each other's tasks."""


def need_service(reason: str) -> None:
    """Skip (laptop) or fail (CI) because a real service is missing."""
    if REQUIRE_SERVICES:
        pytest.fail(f"required service missing in CI: {reason}")
    pytest.skip(reason)


def pytest_configure(config: pytest.Config) -> None:
    # Tasks run in-process unless a test asks for the real worker (fixture celery_worker).
    try:
        from junling.celery import app
    except Exception:  # engine-only runs (-p no:django) have no Django settings
        return
    app.conf.update(
        task_always_eager=True,
        broker_url=TEST_BROKER_URL,
        result_backend=TEST_BROKER_URL,
        task_default_queue=TEST_QUEUE,
    )


@pytest.fixture(scope="session")
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(TEST_BROKER_URL, socket_connect_timeout=1).ping()
    except Exception as exc:
        need_service(
            f"Redis at {TEST_BROKER_URL} is not reachable ({exc}); start redis-server or set CELERY_BROKER_URL"
        )
    return TEST_BROKER_URL


def _database_url_for_worker() -> str:
    from django.conf import settings
    from django.db import connection

    db = settings.DATABASES["default"]
    if connection.vendor == "postgresql":
        user = db.get("USER") or "postgres"
        host = db.get("HOST") or "127.0.0.1"
        port = db.get("PORT") or 5432
        return f"postgres://{user}@{host}:{port}/{db['NAME']}"
    name = str(db["NAME"])
    if name == ":memory:" or "mode=memory" in name:
        need_service("the Celery worker cannot share an in-memory SQLite test database")
    return f"sqlite:///{name}"


@pytest.fixture
def celery_worker(redis_url: str, transactional_db: None) -> Iterator[subprocess.Popen[bytes]]:
    """A real `celery worker` process on the real Redis, sharing the test database."""
    from junling.celery import app

    env = dict(os.environ)
    env.update(
        CELERY_BROKER_URL=redis_url,
        CELERY_RESULT_BACKEND=redis_url,
        DATABASE_URL=_database_url_for_worker(),
        PYTHONPATH=str(ROOT),
        CELERY_TASK_DEFAULT_QUEUE=TEST_QUEUE,
    )
    import redis

    redis.Redis.from_url(redis_url).delete(TEST_QUEUE)
    log = open(ROOT / "var" / "test-worker.log", "wb")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "junling",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=info",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    app.conf.task_always_eager = False
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"the Celery worker exited with {proc.returncode}; see var/test-worker.log")
            if app.control.ping(timeout=0.5):
                break
        else:
            pytest.fail("the Celery worker did not answer a ping within 60 s; see var/test-worker.log")
        yield proc
    finally:
        app.conf.task_always_eager = True
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    import shutil

    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        need_service("no Chromium on this machine (apt-get install chromium); .ci/run installs it in CI")
    return str(path)


@pytest.fixture
def browser_page(live_server, chromium_path: str):  # type: ignore[no-untyped-def]
    """A real headless Chromium page (Playwright) against the live test server; ``page.base_url`` is its address."""
    # Playwright's sync API runs an event loop in this thread; the ORM calls the test makes are still sequential.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        # Playwright's wait_for_function evaluates strings, which the site's CSP forbids; the pages' own
        # compliance with the CSP is tested without this (tests/browser/test_csp.py).
        context = browser.new_context(locale="zh-CN", bypass_csp=True)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.base_url = live_server.url  # type: ignore[attr-defined]
        try:
            yield page
        finally:
            context.close()
            browser.close()


@pytest.fixture(autouse=True)
def _empty_rate_limit_buckets() -> None:
    """Each test starts with the rate limits' buckets empty (the cache is the process's; user ids repeat between
    tests): uploads through pages and the API share the ``upload`` bucket (junling/throttles.py), and the suite
    makes more than 30 a minute. Not in the engine's own runs (``make test-engine``: no Django)."""
    try:
        from django.apps import apps
    except ImportError:
        return
    if not apps.ready:
        return
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _english_outside_requests() -> Iterator[None]:
    """Service-level messages in English, so tests can assert them whatever the site's default language.

    Requests still pick their language as a browser would (LocaleMiddleware); tests of the Chinese
    default go through the client.
    """
    try:
        from django.conf import settings

        configured = settings.configured
    except ImportError:
        configured = False
    if not configured:
        yield
        return
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def frozen_clock():
    """Response windows and every game clock (``junling.clocks.now``) measured against a clock the test sets
    (``frozen_clock.at = ...``), never the wall."""
    import datetime

    from matches.services.play import windows

    class Clock:
        at = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)  # before any entry: no window has run out

        def __call__(self) -> datetime.datetime:
            return self.at

    clock = Clock()
    windows.set_clock(clock)
    try:
        yield clock
    finally:
        windows.set_clock(None)
