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
"""

from __future__ import annotations

import django
from asgiref.sync import sync_to_async
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class SyncChainASGIHandler(ASGIHandler):
    """``ASGIHandler`` whose middleware chain is the synchronous one, run in one thread hop a request."""

    def __init__(self) -> None:
        base.BaseHandler.__init__(self)
        self.load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


def get_http_application() -> SyncChainASGIHandler:
    """The HTTP application (as ``django.core.asgi.get_asgi_application``, with the sync chain)."""
    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
