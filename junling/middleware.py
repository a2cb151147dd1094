"""A ``Refused`` that escapes a page view is answered with its status and message, never a 500.

Views render the refusals they expect next to the form; this catches the rest (chiefly
``NotAllowed`` from the apps' ``access_*`` helpers), and any input the one JSON reader refused
(``junling.parsers.load_json``, ``engine.jsonsafe``) that a view did not: a located 400 in the reader's
language. The API has its own handler (``junling.api``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from engine.jsonsafe import JSONRefused
from junling.errors import Refused
from junling.parsers import InputRefused, refused


class RefusedMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, (InputRefused, JSONRefused, RecursionError)):
            return _input_refused(request, exception)
        if not isinstance(exception, Refused):
            return None
        if request.path.startswith("/api/"):
            return JsonResponse(exception.envelope(), status=exception.status)
        context = {"status": exception.status, "message": exception.message, "code": exception.code}
        return render(request, "error.html", context, status=exception.status)


def _input_refused(request: HttpRequest, exception: Exception) -> HttpResponse:
    if isinstance(exception, RecursionError):
        message = _("The request is nested too deeply.")
        where = "$"
    else:
        bad = refused(exception) if isinstance(exception, JSONRefused) else exception
        assert isinstance(bad, InputRefused)
        message, where = _("The JSON was refused: %(why)s") % {"why": bad.reason}, bad.where
    if request.path.startswith("/api/"):
        body = {"error": {"code": "invalid_input", "message": message, "status": 400, "params": {"where": where}}}
        return JsonResponse(body, status=400)
    return render(request, "error.html", {"status": 400, "message": message, "code": "invalid_input"}, status=400)
