"""PostgreSQL's connection pool (``junling.settings.db_pool``): read from the environment, off under pytest."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from junling.settings import db_pool

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_pool_is_on_by_default_outside_pytest_and_sized_from_the_environment() -> None:
    assert db_pool({}) == {"min_size": 2, "max_size": 8, "timeout": 10.0}
    assert db_pool({"DB_POOL_MIN": "3", "DB_POOL_MAX": "20", "DB_POOL_TIMEOUT": "2.5"}) == {
        "min_size": 3,
        "max_size": 20,
        "timeout": 2.5,
    }
    assert db_pool({"DB_POOL_MIN": "6", "DB_POOL_MAX": "4"}) == {"min_size": 6, "max_size": 6, "timeout": 10.0}


def test_the_pool_is_off_when_asked_and_under_pytest_unless_asked() -> None:
    assert db_pool({"DB_POOL": "0"}) is None
    assert db_pool({"PYTEST_VERSION": "9"}) is None
    assert db_pool({"PYTEST_VERSION": "9", "DB_POOL": "1"}) == {"min_size": 2, "max_size": 8, "timeout": 10.0}


def _database_settings(env: dict[str, str]) -> str:
    """The default database's settings as a process started with ``env`` reads them."""
    code = (
        "from django.conf import settings; d = settings.DATABASES['default']; "
        "print(d.get('OPTIONS'), d['CONN_MAX_AGE'])"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTEST_VERSION", "DB_POOL", "DB_CONN_MAX_AGE")}
    clean.update(env, DJANGO_SETTINGS_MODULE="junling.settings", DJANGO_SECRET_KEY="test-db-pool")
    out = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def test_a_postgresql_server_gets_the_pool_and_no_persistent_connections() -> None:
    url = "postgres://someone@127.0.0.1:5432/nowhere"  # never connected to: settings only
    assert _database_settings({"DATABASE_URL": url, "DB_CONN_MAX_AGE": "600"}) == (
        "{'pool': {'min_size': 2, 'max_size': 8, 'timeout': 10.0}} 0"
    )
    assert _database_settings({"DATABASE_URL": url, "DB_POOL": "0"}) == "{} 0"


def test_sqlite_never_gets_a_pool() -> None:
    assert _database_settings({"DATABASE_URL": "sqlite:////tmp/nowhere.sqlite3"}) == "{} 0"
