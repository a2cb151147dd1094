"""Typed requests: what the middleware and the decorators guarantee a view, said to mypy (annotations only).

``AuthenticatedHttpRequest`` is the request of a view behind ``login_required``: its user is a ``User``,
never ``AnonymousUser``. ``HtmxHttpRequest`` has ``request.htmx`` (django-htmx's ``HtmxMiddleware``, in
``settings.MIDDLEWARE``). Neither is ever built: Django passes its own ``HttpRequest``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    user: User
