"""A transactional outbox: a committed change never loses the tasks it promised (issue 11 point 2).

Services keep calling ``task.delay_on_commit(...)`` / ``task.apply_async_on_commit(...)``. The task
class below turns that into an ``OutboxMessage`` row written in the caller's transaction, then, after
the commit, one fast attempt to publish it. If the broker is down the request still succeeds (the
change is committed) and the row waits; ``relay()`` publishes every waiting row once the broker is
back. It runs when a worker starts, from Celery beat every ``OUTBOX_RELAY_SECONDS``, and from
``manage.py relayoutbox`` (``--loop`` keeps it running). Without a broker (the embedded default) the
task runs in-process right after the commit, as before, and a failure is logged, never raised into a
request whose change is already committed.
"""

from __future__ import annotations

import datetime
import logging
import threading
from typing import Any

from celery import current_app as app  # the site's app (junling/celery.py), without importing it back
from celery.contrib.django.task import DjangoTask
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

log = logging.getLogger(__name__)

PUBLISH_RETRY_POLICY = {"max_retries": 0}
"""After the commit, one attempt: the relay retries, the request does not wait for the broker."""


class OutboxTask(DjangoTask):
    """Celery's Django task whose ``*_on_commit`` go through the outbox."""

    abstract = True

    # The outbox sends after the commit: there is no AsyncResult to return, and only countdown is kept.
    def delay_on_commit(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        enqueue(self.name, args, kwargs)

    def apply_async_on_commit(  # type: ignore[override]
        self, args: Any = None, kwargs: Any = None, *, countdown: float | None = None, **options: Any
    ) -> None:
        if options:
            raise TypeError(f"the outbox keeps only countdown, not {sorted(options)}")
        enqueue(self.name, args or (), kwargs or {}, countdown=countdown)


def enqueue(task: str, args: Any = (), kwargs: Any = None, *, countdown: float | None = None) -> None:
    """Write the message in the current transaction; try to send it once that commits."""
    from junling.models import OutboxMessage

    eta = timezone.now() + datetime.timedelta(seconds=countdown) if countdown else None
    message = OutboxMessage.objects.create(task=task, args=list(args), kwargs=dict(kwargs or {}), eta=eta)
    transaction.on_commit(lambda: _send_after_commit(message.pk), robust=True)


def _eager() -> bool:
    return bool(app.conf.task_always_eager)


_sending = threading.local()
"""This thread's messages waiting while another is being sent (``_send_after_commit``)."""


def _send_after_commit(pk: int) -> None:
    """Send one message once its transaction committed. A task run in-process (eager) may enqueue the next
    one (a bot's move after a bot's move): that one is sent after it, in a loop, never nested inside it."""
    queue = getattr(_sending, "queue", None)
    if queue is not None:
        queue.append(pk)
        return
    _sending.queue = queue = [pk]
    try:
        while queue:
            message = queue.pop(0)
            try:
                send(message)
            except Exception as exc:  # the change is committed: log, leave the row for the relay, never fail
                log.warning(
                    "outbox message %s not sent (%s: %s); the relay will retry", message, type(exc).__name__, exc
                )
    finally:
        _sending.queue = None


def _task(name: str) -> Any:
    """The registered task called ``name``; the apps' task modules are imported on first need, since
    services enqueue by name and a web process may not have imported them yet."""
    if name not in app.tasks:
        app.loader.import_default_modules()  # Celery's autodiscovery: every installed app's tasks.py
    return app.tasks[name]


def send(pk: int) -> bool:
    """Publish (or, without a broker, run) one message unless already sent; True if it went out now."""
    from junling.models import OutboxMessage

    try:
        with transaction.atomic():
            message = OutboxMessage.objects.select_for_update(skip_locked=True).filter(pk=pk, sent_at=None).first()
            if message is None:
                return False
            if _eager():  # the task's writes commit with the mark, or neither does
                _task(message.task).apply(args=message.args, kwargs=message.kwargs, throw=True)
            else:
                countdown = None
                if message.eta is not None:
                    countdown = max(0.0, (message.eta - timezone.now()).total_seconds())
                app.send_task(
                    message.task,
                    args=message.args,
                    kwargs=message.kwargs,
                    countdown=countdown,
                    retry=True,
                    retry_policy=PUBLISH_RETRY_POLICY,
                )
            OutboxMessage.objects.filter(pk=pk).update(
                sent_at=timezone.now(), attempts=F("attempts") + 1, last_error=""
            )
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"[:2000]
        OutboxMessage.objects.filter(pk=pk, sent_at=None).update(attempts=F("attempts") + 1, last_error=error)
        raise
    return True


def pending() -> Any:
    from junling.models import OutboxMessage

    return OutboxMessage.objects.filter(sent_at=None)


def relay(limit: int = 1000) -> dict[str, int]:
    """Send every waiting message, oldest first; stop at the first broker error (it is still down)."""
    sent = failed = 0
    for pk in list(pending().order_by("id").values_list("pk", flat=True)[:limit]):
        try:
            if send(pk):
                sent += 1
        except Exception:
            failed += 1
            if not _eager():
                break
    return {"sent": sent, "failed": failed, "waiting": pending().count()}


def relay_seconds() -> float:
    return float(getattr(settings, "OUTBOX_RELAY_SECONDS", 30))
