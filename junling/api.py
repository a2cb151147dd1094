"""API plumbing shared by every app: every error is one JSON envelope, never a 500 page.

::

    {"error": {"code": "deck.in_use", "message": "...", "status": 409, "params": {...}}}

``code`` is stable (programs and tests read it), ``message`` is translated, ``params`` holds the
facts (``params.fields`` maps each bad field to its messages). A ``junling.errors.Refused`` brings
its own code; DRF's errors, 404, 403, 413 and parse errors get theirs here.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from engine.jsonsafe import JSONRefused
from junling.errors import Refused
from junling.parsers import InputRefused, refused

log = logging.getLogger(__name__)

# DRF's own exceptions: their stable code in the envelope (the rest use DRF's default_code).
DRF_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ValidationError: "invalid",
    exceptions.ParseError: "parse_error",
    exceptions.NotFound: "not_found",
    exceptions.PermissionDenied: "not_allowed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.Throttled: "throttled",
}


class ErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable code of what went wrong, e.g. deck.in_use, invalid, not_found.")
    message = serializers.CharField(help_text="What went wrong, in the request's language.")
    status = serializers.IntegerField(help_text="The HTTP status, repeated.")
    params = serializers.DictField(
        help_text="The facts of the error: params.fields maps each bad field to [{message, code}]; "
        "params.line is a decklist's line; params.errors a card file's row errors; params.result a deck's verdict."
    )


class ErrorSerializer(serializers.Serializer):
    """The one error body of the API (for the OpenAPI schema)."""

    error = ErrorBodySerializer()


def envelope(code: str, message: str, status: int, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The one error body of the API (also used by ``junling.views`` for /api/ paths outside DRF)."""
    return {"error": {"code": code, "message": str(message), "status": status, "params": dict(params or {})}}


def _flat(detail: Any, prefix: str = "") -> list[tuple[str, str]]:
    """(field path, message) pairs of a DRF error detail, nested fields joined with dots."""
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            out += _flat(value, f"{prefix}.{key}" if prefix else str(key))
        return out
    if isinstance(detail, list):
        out = []
        for i, value in enumerate(detail):
            nested = isinstance(value, (dict, list))
            out += _flat(value, f"{prefix}[{i}]" if nested else prefix)
        return out
    return [(prefix, str(detail))]


def validation_message(detail: Any) -> str:
    """A readable sentence naming each bad field and why (the fields themselves go to params.fields)."""
    parts = []
    for field, message in _flat(detail)[:10]:
        if field in ("", api_settings.NON_FIELD_ERRORS_KEY):
            parts.append(message)
        else:
            parts.append(_("%(field)s: %(message)s") % {"field": field, "message": message})
    return _("The request is not valid: %(problems)s") % {"problems": "; ".join(parts)}


def _api_exception_body(exc: exceptions.APIException) -> dict[str, Any]:
    status = exc.status_code
    code = next((c for cls, c in DRF_CODES.items() if type(exc) is cls), None)
    if isinstance(exc, exceptions.ValidationError):
        detail = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        full = exc.get_full_details()
        fields: Mapping[str, Any] = full if isinstance(full, dict) else {api_settings.NON_FIELD_ERRORS_KEY: full}
        # Each field maps to a list of {message, code}, also when the error was raised as one string.
        fields = {k: v if isinstance(v, list) else [v] for k, v in fields.items()}
        return envelope(code or "invalid", validation_message(detail), status, {"fields": fields})
    params: dict[str, Any] = {}
    # DRF's Throttled.__init__ sets wait; djangorestframework-stubs 3.18.1 does not declare it
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:  # type: ignore[attr-defined]
        params["wait"] = exc.wait  # type: ignore[attr-defined]
    return envelope(code or str(exc.default_code), str(exc.detail), status, params)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Refused):
        set_rollback()
        return Response(exc.envelope(), status=exc.status)
    if isinstance(exc, (exceptions.APIException, Http404, PermissionDenied)):
        response = drf_exception_handler(exc, context)  # maps 404/403, sets headers and the rollback
        if response is not None:
            if isinstance(exc, Http404):
                exc = exceptions.NotFound(str(exc) or None)
            elif isinstance(exc, PermissionDenied):
                exc = exceptions.PermissionDenied(str(exc) or None)
            response.data = _api_exception_body(exc)
            return response
    if isinstance(exc, RequestDataTooBig):
        message = _("The request is larger than the site reads.")
        return Response(envelope("too_large", message, 413), status=413)
    if isinstance(exc, SuspiciousOperation):
        message = _("The request was refused as malformed.")
        return Response(envelope("suspicious", message, 400), status=400)
    if isinstance(exc, RecursionError):
        message = _("The request is nested too deeply.")
        return Response(envelope("too_deep", message, 400), status=400)
    if isinstance(exc, (InputRefused, JSONRefused)):
        bad = refused(exc) if isinstance(exc, JSONRefused) else exc
        set_rollback()
        message = _("The JSON was refused: %(why)s") % {"why": bad.reason}
        return Response(envelope("invalid_input", message, 400, {"where": bad.where, "kind": bad.code}), status=400)
    if isinstance(exc, ValueError):
        set_rollback()
        if type(exc).__module__ == "builtins" or isinstance(exc, UnicodeError):
            # Python's own words ("invalid literal for int()") are no answer: say what, not how it failed.
            log.warning("a ValueError reached the API's handler", exc_info=exc)
            return Response(envelope("invalid", _("The request holds a value the site cannot read."), 400), status=400)
        # The engine's errors subclass ValueError and carry a readable message; they are bad input.
        return Response(envelope("invalid", str(exc), 400, {"kind": type(exc).__name__}), status=400)
    log.exception("unhandled API error")
    return Response(envelope("server_error", _("Internal error; it has been logged."), 500), status=500)


HTTP_METHODS = frozenset({"get", "put", "post", "delete", "patch", "head", "options"})
EVERY_OPERATION = {
    "400": "Bad input: a field, the JSON body (nesting, numbers, NUL), a NUL in the path, a query or the "
    "credentials; said in error.message, located in error.params.",
    "401": "The HTTP Basic credentials are wrong.",
    "403": "Not allowed (not logged in, or not this user's to do), or the credentials are locked out.",
    "404": "No such object (or one this user may not see).",
    "406": "The Accept header asks for no type the API answers.",
    "429": "Too many requests of this kind (error.params.wait: the seconds to wait).",
}
WITH_A_BODY = {
    "413": "The request body is over the size limit.",
    "415": "The request body's content type is not one the operation reads.",
}


def error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular's postprocessing hook: every operation lists every error status the site answers it with
    (issue 29 point 9: schemathesis found 126 statuses the schema did not list), each with the one envelope
    (``ErrorSerializer``); an operation's own description of a status is kept."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    if "Error" not in schemas:
        schemas["ErrorBody"] = {
            "type": "object",
            "properties": {
                "code": {"type": "string"},
                "message": {"type": "string"},
                "status": {"type": "integer"},
                "params": {"type": "object", "additionalProperties": {}},
            },
            "required": ["code", "message", "status", "params"],
        }
        schemas["Error"] = {
            "type": "object",
            "properties": {"error": {"$ref": "#/components/schemas/ErrorBody"}},
            "required": ["error"],
        }
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in HTTP_METHODS:
                continue
            responses = operation.setdefault("responses", {})
            wanted = dict(EVERY_OPERATION)
            if "requestBody" in operation:
                wanted.update(WITH_A_BODY)
            for status, description in wanted.items():
                responses.setdefault(status, {"description": description, "content": content})
    return result
