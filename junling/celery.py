"""The Celery app. Without CELERY_BROKER_URL, tasks run in-process (eager)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "junling.settings")

app = Celery("junling", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="junling.ping")
def ping(value: str = "pong") -> dict[str, str]:
    """A round trip through the broker and a worker; reports which engine answered."""
    import engine

    return {"echo": value, "engine": engine.__version__, "pid": str(os.getpid())}
