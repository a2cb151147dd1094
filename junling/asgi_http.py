"""Django's HTTP under ASGI with its middleware run in one thread hop a request.

Django's own ``ASGIHandler`` loads the middleware in async mode: each middleware that can be called
asynchronously is, and each one that cannot is handed the inner part of the chain through
``async_to_sync``. This site's chain mixes both (whitenoise, ``RejectNulMiddleware`` and
``RefusedMiddleware`` are synchronous only), so a request went from the event loop to its thread for the
outer part, back to the event loop for the inner part (``async_to_sync``), and to the thread again for
django-csp's halves and for the view: four hops between the loop and the thread, each a future, a
context copy and thread wake-ups (``tests/junling/test_asgi_http.py`` counts them). The site has no
async view, so nothing gains from that: this handler loads the chain in sync mode, as the WSGI handler
does, and runs the whole of it (middleware, view, template) in one hop on the request's thread
(``thread_sensitive``: the thread Django's own would use, with its database connection). Reading the
body, the signals and sending the response stay Django's own.

At most :data:`THREADS` requests are in the chain at once (``ASGI_HTTP_THREADS``): under ASGI each request
has a thread of its own, so a burst of requests was a burst of threads, each holding a database connection
(500 live matches ran PostgreSQL's pool dry: ``couldn't get a connection after 10 s``), with nothing gained,
the chain being CPU work under one interpreter lock. The rest wait on the event loop, holding nothing. A
request gives its connection back (to the pool) as soon as its response is built, before it is sent: the
site's responses are built whole (no streaming response reads the database while it is sent).
"""

from __future__ import annotations

import asyncio
import os

import django
from asgiref.sync import sync_to_async
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler
from django.db import connections
from django.http import HttpRequest, HttpResponseBase

THREADS = int(os.environ.get("ASGI_HTTP_THREADS", "4"))
"""The most requests a process runs through the chain at once (each in its thread, with a connection)."""


class SyncChainASGIHandler(ASGIHandler):
    """``ASGIHandler`` whose middleware chain is the synchronous one, run in one thread hop a request, at
    most ``threads`` at once."""

    def __init__(self, threads: int = THREADS) -> None:
        base.BaseHandler.__init__(self)
        self.load_middleware(is_async=False)
        self.threads = max(1, threads)
        self._gates: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        loop = asyncio.get_running_loop()
        gate = self._gates.get(loop)
        if gate is None:  # one a loop: a semaphore belongs to the loop it first waits on
            gate = self._gates[loop] = asyncio.Semaphore(self.threads)
            for old in [other for other in self._gates if other.is_closed()]:
                del self._gates[old]
        async with gate:
            return await sync_to_async(self._respond, thread_sensitive=True)(request)

    def _respond(self, request: HttpRequest) -> HttpResponseBase:
        try:
            return self.get_response(request)
        finally:
            # The connection back to the pool before the next request takes a thread (as request_finished's
            # close_old_connections does later; never inside a transaction the caller holds: a test's).
            for conn in connections.all(initialized_only=True):
                if not conn.in_atomic_block:
                    conn.close_if_unusable_or_obsolete()


def get_http_application() -> SyncChainASGIHandler:
    """The HTTP application (as ``django.core.asgi.get_asgi_application``, with the sync chain)."""
    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
