"""The ASGI entry point: HTTP through Django, websockets (live play) through Channels.

Served by ``runserver`` (daphne in INSTALLED_APPS, so ``make run`` needs nothing more) or by any ASGI
server: ``daphne junling.asgi:application`` or ``uvicorn junling.asgi:application``. Websockets are
authenticated by the session cookie (AuthMiddlewareStack) and accepted only from this site's own
hosts (AllowedHostsOriginValidator). The routes are ``matches.routing``.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "junling.settings")
if "PYTEST_VERSION" not in os.environ:
    # The ASGI server: PostgreSQL's connection pool (junling.settings.db_pool), before the settings load.
    # Not in a test's server (its threads' connections are not given back inside a test's transaction).
    os.environ.setdefault("DB_POOL", "1")

from junling.asgi_http import get_http_application

# Django first: the websocket routes import models. HTTP: the middleware in one thread hop a request.
django_application = get_http_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from matches.routing import websocket_routes  # noqa: E402
from tables.routing import websocket_routes as table_routes  # noqa: E402


def build_application(layer: str = "default") -> ProtocolTypeRouter:
    """A fresh application whose sockets use channel layer ``layer`` (a test stands two web processes
    up as two applications on two connections to one Redis)."""
    return ProtocolTypeRouter(
        {
            "http": django_application,
            "websocket": AllowedHostsOriginValidator(
                AuthMiddlewareStack(URLRouter(websocket_routes(layer) + table_routes(layer)))
            ),
        }
    )


application = build_application()

from junling.gcfreeze import freeze_after_startup, tune_server  # noqa: E402

# Whatever server imports this (uvicorn, daphne): keep the collector off the loaded app, and its full
# collections rare (live play's per-process caches made them long and frequent: SERVER_THRESHOLDS).
freeze_after_startup()
tune_server()
