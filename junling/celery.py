"""The Celery app. Without CELERY_BROKER_URL, tasks run in-process (eager)."""

import logging
import os

from celery import Celery
from celery.signals import setup_logging, worker_process_init, worker_ready

from junling.outbox import relay

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "junling.settings")

# Every task's delay_on_commit goes through the transactional outbox (junling/outbox.py).
app = Celery("junling", task_cls="junling.outbox:OutboxTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@setup_logging.connect
def _django_logging(**_: object) -> None:
    """Workers log as the site does (settings.LOGGING: JSON lines with LOG_FORMAT=json), not in Celery's own format."""
    import logging.config

    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)


@app.task(name="junling.relay_outbox", ignore_result=True)
def relay_outbox() -> dict[str, int]:
    """Send what committed changes promised while the broker was down (beat runs this periodically)."""
    return relay()


@worker_ready.connect
def _relay_on_worker_start(**_: object) -> None:
    try:
        relay()
    except Exception:  # a worker must start even if the database is briefly away
        logging.getLogger(__name__).exception("outbox relay at worker start failed")


@worker_process_init.connect
@worker_ready.connect
def freeze_loaded_worker(**_kwargs: object) -> None:
    """Each worker process (a prefork child, or the worker itself with the solo and thread pools) keeps
    the garbage collector off the app it has loaded (junling.gcfreeze)."""
    from junling.gcfreeze import freeze_after_startup

    freeze_after_startup()


@app.task(name="junling.ping")
def ping(value: str = "pong") -> dict[str, str]:
    """A round trip through the broker and a worker; reports which engine answered."""
    import engine

    return {"echo": value, "engine": engine.__version__, "pid": str(os.getpid())}
