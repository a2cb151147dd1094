"""A transactional outbox: a committed change never loses the tasks it promised (issue 11 point 2).

Services keep calling ``task.delay_on_commit(...)`` / ``task.apply_async_on_commit(...)``. The task
class below turns that into an ``OutboxMessage`` row written in the caller's transaction. After the
commit the row is handed to the process's publisher thread (``_Publisher``), which makes one attempt
with a short connect timeout: the request never touches the broker (issue 29 point 5: with the broker
down a request used to wait 19 s on it, and finishing a tournament 38 s). If the broker is down the row
waits; ``relay()`` publishes every waiting row once the broker is back. It runs when a worker starts,
from Celery beat every ``OUTBOX_RELAY_SECONDS``, and from
``manage.py relayoutbox`` (``--loop`` keeps it running). Without a broker (the embedded default) the
task runs in-process right after the commit, as before, and a failure is logged, never raised into a
request whose change is already committed.
"""

from __future__ import annotations

import datetime
import logging
import queue
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


class _Publisher:
    """The process's one publisher thread: the messages committed by requests (and tasks) are published here,
    off their threads, one attempt each; after a failed one the rest of the batch is left to the relay (the
    broker is down: each would wait its connect timeout again). Started on first need, in each process."""

    def __init__(self) -> None:
        self._queue: queue.Queue[int] = queue.Queue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def submit(self, pk: int) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="outbox-publisher", daemon=True)
                self._thread.start()
        self._queue.put(pk)

    def join(self) -> None:
        """Until every message handed over was tried (tests; ``manage.py`` commands before they exit)."""
        self._queue.join()

    def _run(self) -> None:
        from django.db import close_old_connections, connection

        while True:
            pk = self._queue.get()
            try:
                send(pk)
            except Exception as exc:  # committed already: the row waits for the relay
                log.warning("outbox message %s not sent (%s: %s); the relay will retry", pk, type(exc).__name__, exc)
                self._skip_waiting()
            finally:
                self._queue.task_done()
                if self._queue.empty():
                    connection.close()  # this thread's own connection, not held between batches
                    close_old_connections()

    def _skip_waiting(self) -> None:
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return
            self._queue.task_done()


publisher = _Publisher()


def _send_after_commit(pk: int) -> None:
    """Send one message once its transaction committed: with a broker, by the publisher thread (the committing
    thread never touches the broker); without one (eager), here. A task run in-process may enqueue the next
    one (a bot's move after a bot's move): that one is sent after it, in a loop, never nested inside it."""
    if not _eager():
        publisher.submit(pk)
        return
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
