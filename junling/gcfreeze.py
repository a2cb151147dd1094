"""Keep the garbage collector off what a server or worker process loads at start-up.

A full collection walks every container object in the process. A Django process holds a few hundred
thousand of them (modules, classes, functions, URL patterns, translation catalogues) that live as long
as it does, so every full collection (one every few dozen requests) costs tens of milliseconds and lands
on whichever request is running: it made the p99 of a page 4-5 times its median. ``gc.freeze()`` moves
every object alive into a permanent generation that collections no longer walk, so they only walk what
requests create. Measured in ``docs/benchmarks.md`` (``bench/bench_gc_pages.py``).

Called once per process after start-up: by ``junling/wsgi.py`` (every WSGI server), by gunicorn's hooks
(``deploy/gunicorn.conf.py``) and by the Celery worker (``junling/celery.py``). ``JUNLING_GC_FREEZE=0``
turns it off (to measure the difference).
"""

from __future__ import annotations

import gc
import os

_frozen_in: int | None = None
"""The process id that froze: a forked child (gunicorn or Celery worker) freezes again for itself."""


def enabled() -> bool:
    return os.environ.get("JUNLING_GC_FREEZE", "1").strip().lower() not in {"0", "false", "no", "off"}


def warm_up() -> None:
    """Load what Django would otherwise load on the first requests, so that it is frozen too: every
    URLconf and view module, the template engines, the translation catalogue of every language."""
    from django.conf import settings
    from django.template import engines
    from django.urls import get_resolver
    from django.utils import translation

    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 (imports every URLconf and view module)
    resolver.reverse_dict  # noqa: B018 (builds the reverse look-up tables)
    engines.all()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Junling")


SERVER_THRESHOLDS = (20_000, 20, 10)
"""The collector's thresholds in the ASGI server (CPython's: 700, 10, 10). Live play keeps hundreds of games'
states, feeds and tables in the process, and each action caches a new state: with CPython's thresholds a
full collection ran every 7-9 s at 500 live matches, 250-340 ms each, the pushes' p99 (``docs/benchmarks.md``,
session 6). Young collections 30 times rarer promote far fewer short-lived objects, so full ones come
rarely (none in 45 s of play there) and the p99 fell from 437-637 ms to 107 ms."""


def tune_server() -> tuple[int, int, int] | None:
    """Set the ASGI server's collector thresholds: ``JUNLING_GC_THRESHOLD`` ("a,b,c"; "default" keeps
    CPython's), else :data:`SERVER_THRESHOLDS`. Returns what it set (None: nothing)."""
    raw = os.environ.get("JUNLING_GC_THRESHOLD", "").strip()
    if raw.lower() in {"default", "off", "0"}:
        return None
    first, second, third = (int(part) for part in raw.split(",")) if raw else SERVER_THRESHOLDS
    gc.set_threshold(first, second, third)
    return first, second, third


def freeze_after_startup(*, warm: bool = True) -> bool:
    """Collect once, then freeze every object alive: call it when the process has loaded the app.

    Returns whether it froze (False when turned off or already done in this process). Objects frozen
    are still freed by reference counting as usual; only garbage cycles among them would stay.
    """
    global _frozen_in
    if not enabled() or _frozen_in == os.getpid():
        return False
    if warm:
        warm_up()
    gc.collect()
    gc.freeze()
    _frozen_in = os.getpid()
    return True
