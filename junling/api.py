"""API plumbing shared by every app: errors always come back as JSON, never a 500 page."""

import logging
from typing import Any

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.utils.translation import gettext as _
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

log = logging.getLogger(__name__)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = drf_exception_handler(exc, context)
    if response is not None:
        return response
    if isinstance(exc, RequestDataTooBig):
        return Response({"detail": _("The request is too large: %(why)s") % {"why": exc}}, status=413)
    if isinstance(exc, SuspiciousOperation):
        return Response({"detail": _("The request was refused: %(why)s") % {"why": exc}}, status=400)
    if isinstance(exc, ValueError):
        # Engine errors subclass ValueError and carry a readable message.
        return Response({"detail": str(exc), "kind": type(exc).__name__}, status=400)
    log.exception("unhandled API error")
    return Response({"detail": _("Internal error; it has been logged.")}, status=500)
