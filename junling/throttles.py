"""One limit for the same act on every path (issue 29 point 7): the API's scoped throttles applied to pages.

The API limits its expensive operations by scope (``throttle_scope``, rates in ``REST_FRAMEWORK
["DEFAULT_THROTTLE_RATES"]``: ``upload`` 30 a minute). The pages that do the same act (a judge's log upload, a
card database, map or game-data import, a board-game replay) ask :func:`check_page_rate` with the same scope,
which counts in the same bucket (DRF's ``ScopedRateThrottle``, its cache key per user or address): 30 uploads a
minute in all, through the page and the API together. ``JUNLING_THROTTLE=0`` turns both off.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any, cast

from django.utils.translation import gettext as _
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from junling.errors import Refused

UPLOAD = "upload"
"""The scope of uploads and imports that queue or run an expensive check (settings: ``JUNLING_RATE_UPLOAD``)."""


class RateLimited(Refused):
    """Too many of one act in the window: 429, with the seconds to wait in ``params.wait``."""

    status = 429
    code = "throttled"


def check_page_rate(request: Any, scope: str) -> None:
    """Count this page request in ``scope``'s bucket (the API's); ``RateLimited`` when the bucket is full."""
    if ScopedRateThrottle not in api_settings.DEFAULT_THROTTLE_CLASSES:
        return
    throttle = ScopedRateThrottle()
    view = cast(APIView, SimpleNamespace(throttle_scope=scope))  # all ScopedRateThrottle reads of a view
    if throttle.allow_request(request, view):
        return
    wait = max(1, math.ceil(throttle.wait() or 1))
    raise RateLimited(
        _("Too many requests of this kind: try again in %(wait)s seconds.") % {"wait": wait}, params={"wait": wait}
    )
