"""What the health check reports: the database, the broker, the workers and the outbox."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import connection

import engine


def _database() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:
        return {"ok": False, "vendor": connection.vendor, "error": type(exc).__name__}
    return {"ok": True, "vendor": connection.vendor}


def _broker_and_workers() -> tuple[dict[str, Any], dict[str, Any]]:
    from junling.celery import app

    if app.conf.task_always_eager:
        return {"ok": True, "kind": "in-process"}, {"ok": True, "count": 0, "kind": "in-process"}
    try:
        with app.connection_for_read() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return {"ok": False, "kind": "redis", "error": type(exc).__name__}, {"ok": False, "count": 0}
    answers = app.control.inspect(timeout=1.0).ping() or {}
    return {"ok": True, "kind": "redis"}, {"ok": bool(answers), "count": len(answers)}


def _outbox() -> dict[str, Any]:
    from junling.models import OutboxMessage

    try:
        waiting = OutboxMessage.objects.filter(sent_at=None)
        oldest = waiting.order_by("id").values_list("created_at", flat=True).first()
        return {"waiting": waiting.count(), "oldest": oldest.isoformat() if oldest else None}
    except Exception as exc:
        return {"waiting": None, "error": type(exc).__name__}


def report() -> tuple[bool, dict[str, Any]]:
    """``(ok, details)``: ok when the database and the broker answer (workers are reported, not required,
    so that web processes stay in rotation while workers restart)."""
    database = _database()
    broker, workers = _broker_and_workers()
    ok = database["ok"] and broker["ok"]
    details = {
        "ok": ok,
        "engine": engine.__version__,
        "database": database,
        "broker": broker,
        "workers": workers,
        "outbox": _outbox() if database["ok"] else {"waiting": None},
        "production": bool(getattr(settings, "PRODUCTION", False)),
    }
    return ok, details
