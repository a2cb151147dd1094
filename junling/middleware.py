"""A ``Refused`` that escapes a page view is answered with its status and message, never a 500.

Views render the refusals they expect next to the form; this catches the rest (chiefly
``NotAllowed`` from the apps' ``access_*`` helpers). The API has its own handler (``junling.api``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from junling.errors import Refused


class RefusedMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, Refused):
            return None
        if request.path.startswith("/api/"):
            return JsonResponse(exception.envelope(), status=exception.status)
        context = {"status": exception.status, "message": exception.message, "code": exception.code}
        return render(request, "error.html", context, status=exception.status)
