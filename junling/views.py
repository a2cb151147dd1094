from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from junling import health
from junling.api import envelope


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def healthz(request: HttpRequest) -> JsonResponse:
    """For load balancers and people: 200 when the database and the broker answer, else 503."""
    ok, details = health.report()
    return JsonResponse(details, status=200 if ok else 503)


def _error(request: HttpRequest, status: int, message: str, code: str) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(envelope(code, message, status), status=status)
    return render(request, "error.html", {"status": status, "message": message}, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 400, _("The request could not be understood."), "bad_request")


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 403, _("You may not see this page."), "not_allowed")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _error(request, 404, _("There is no such page."), "not_found")


def server_error(request: HttpRequest) -> HttpResponse:
    return _error(request, 500, _("Something went wrong on our side; it has been logged."), "server_error")
