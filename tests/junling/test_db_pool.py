"""PostgreSQL's connection pool (``junling.settings.db_pool``): read from the environment, on in the ASGI
server (``junling.asgi``), off elsewhere unless asked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from junling.settings import db_pool

ROOT = Path(__file__).resolve().parent.parent.parent
POSTGRES = "postgres://someone@127.0.0.1:5432/nowhere"  # never connected to: settings only


def test_the_pool_is_off_unless_asked_and_sized_from_the_environment() -> None:
    assert db_pool({}) is None
    assert db_pool({"DB_POOL": "0"}) is None
    assert db_pool({"DB_POOL": "1"}) == {"min_size": 2, "max_size": 16, "timeout": 10.0}
    assert db_pool({"DB_POOL": "1", "DB_POOL_MIN": "3", "DB_POOL_MAX": "20", "DB_POOL_TIMEOUT": "2.5"}) == {
        "min_size": 3,
        "max_size": 20,
        "timeout": 2.5,
    }
    assert db_pool({"DB_POOL": "1", "DB_POOL_MIN": "6", "DB_POOL_MAX": "4"}) == {
        "min_size": 6,
        "max_size": 6,
        "timeout": 10.0,
    }


def _database_settings(env: dict[str, str], module: str = "django") -> str:
    """The default database's settings as a process started with ``env`` reads them, after importing
    ``module`` (``django``: a plain process; ``junling.asgi``: the ASGI server)."""
    code = (
        f"import {module}; import django; django.setup(); from django.conf import settings; "
        "d = settings.DATABASES['default']; print(d.get('OPTIONS'), d['CONN_MAX_AGE'])"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTEST_VERSION", "DB_POOL", "DB_CONN_MAX_AGE")}
    clean.update(env, DJANGO_SETTINGS_MODULE="junling.settings", DJANGO_SECRET_KEY="test-db-pool")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.strip().splitlines()[-1]


def test_the_asgi_server_on_postgresql_gets_the_pool_and_no_persistent_connections() -> None:
    pooled = "{'pool': {'min_size': 2, 'max_size': 16, 'timeout': 10.0}} 0"
    assert _database_settings({"DATABASE_URL": POSTGRES, "DB_CONN_MAX_AGE": "600"}, "junling.asgi") == pooled
    assert _database_settings({"DATABASE_URL": POSTGRES, "DB_POOL": "0"}, "junling.asgi") == "{} 0"
    assert _database_settings({"DATABASE_URL": POSTGRES, "DB_POOL": "1"}) == pooled


def test_other_processes_and_sqlite_get_no_pool() -> None:
    assert _database_settings({"DATABASE_URL": POSTGRES}) == "{} 0"  # a worker, a management command
    # SQLite's only option is its lock timeout (a writer waits for a worker's commit), never a pool.
    sqlite = {"DATABASE_URL": "sqlite:////tmp/nowhere.sqlite3", "DB_POOL": "1"}
    assert _database_settings(sqlite) == "{'timeout': 30} 0"
