"""The Celery app. Without CELERY_BROKER_URL, tasks run in-process (eager)."""

import os

from celery import Celery
from celery.signals import worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "junling.settings")

app = Celery("junling", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


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
