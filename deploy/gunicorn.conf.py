"""gunicorn settings for Junling: ``gunicorn -c deploy/gunicorn.conf.py``.

Every worker freezes the garbage collector's view of the loaded app (junling.gcfreeze): a full
collection no longer walks Django's and Junling's long-lived objects in the middle of a request.
With ``--preload`` the master loads and freezes the app before forking, so the workers also share
those memory pages instead of copying them when a collection would have touched them.
Settings from the environment: GUNICORN_BIND (127.0.0.1:8000), GUNICORN_WORKERS (2 x cores + 1).
"""

import multiprocessing
import os

wsgi_app = "junling.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count() + 1))

# Structured logs: with LOG_FORMAT=json (the production default) gunicorn's own lines are JSON objects
# too, like the site's (settings.LOGGING).
_production = os.environ.get("JUNLING_PRODUCTION") == "1"
if os.environ.get("LOG_FORMAT", "json" if _production else "text") == "json":
    logconfig_dict = {
        "formatters": {
            "generic": {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s",
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger", "process": "pid"},
            }
        }
    }


def when_ready(server):
    # The master: only with --preload has it loaded the app (and then it freezes before forking).
    if server.cfg.preload_app:
        from junling.gcfreeze import freeze_after_startup

        freeze_after_startup()


def post_worker_init(worker):
    # A worker, once it has imported the app (junling.wsgi freezes then too; this covers any other app).
    from junling.gcfreeze import freeze_after_startup

    freeze_after_startup()
