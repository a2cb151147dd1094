"""HTTP plumbing every app's pages and API share: refusals become answers, never 500s.

A view that lets a ``junling.errors.Refused`` escape (an ``access_*`` helper's ``NotAllowed``, a service
refusal it does not show on its own page) answers with the error page and the refusal's status
(:func:`refusals`). An API view lets it escape: the API's one exception handler (``junling.api.exception_handler``)
answers it with the one JSON envelope ``{"error": {"code", "message", "status", "params"}}``, and bad
input (:func:`valid_data`) with the same envelope (code ``invalid``, each field's errors in
``params["fields"]``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from rest_framework import serializers

from junling.errors import Refused


class ConfirmForm(forms.Form):
    """The answer of a confirmation page: ``confirm=yes`` (anything else asks again)."""

    confirm = forms.ChoiceField(choices=[("yes", "yes")], required=False)


PAGE_SIZE = 100


class InvalidInput(Refused):
    """A form or a serializer refused the input; ``params["fields"]`` lists each field's errors."""

    code = "invalid"


def form_message(form: forms.Form) -> str:
    """Every error of a bound, invalid form in one readable line: "Field: what is wrong." for each field."""
    parts = []
    for name, errors in form.errors.items():
        text = " ".join(str(e) for e in errors)
        if name == NON_FIELD_ERRORS or name not in form.fields:
            parts.append(text)
        else:
            parts.append(f"{form.fields[name].label or name}: {text}")
    return " ".join(parts)


def invalid_form(form: forms.Form) -> InvalidInput:
    return InvalidInput(form_message(form), params={"fields": {k: [str(e) for e in v] for k, v in form.errors.items()}})


def invalid_serializer(serializer: serializers.Serializer) -> InvalidInput:
    fields: dict[str, Any] = dict(serializer.errors)

    def flat(value: Any) -> list[str]:
        if isinstance(value, dict):
            return [m for v in value.values() for m in flat(v)]
        if isinstance(value, list):
            return [m for v in value for m in flat(v)]
        return [str(value)]

    message = " ".join(
        (" ".join(flat(v)) if k == "non_field_errors" else f"{k!r}: {' '.join(flat(v))}") for k, v in fields.items()
    )
    return InvalidInput(message or _("The request is not valid."), params={"fields": serializer.errors})


def valid_data(serializer_class: type[serializers.Serializer], data: Any, **context: Any) -> dict[str, Any]:
    """The serializer's ``validated_data`` for ``data``, or :class:`InvalidInput` naming every bad field."""
    if not hasattr(data, "get"):
        raise InvalidInput(_("The request body must be a JSON object."), params={})
    serializer = serializer_class(data=data, context=context)
    if not serializer.is_valid():
        raise invalid_serializer(serializer)
    return dict(serializer.validated_data)


def refusals(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page view whose uncaught refusal (e.g. ``NotAllowed``) is the error page with its status."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except Refused as exc:
            return render(request, "error.html", {"status": exc.status, "message": exc.message}, status=exc.status)

    return wrapped


def confirmed(request: HttpRequest) -> bool:
    """Whether a POST of an irreversible step carries the answer of its confirmation page (``confirm=yes``)."""
    form = ConfirmForm(request.POST)
    return form.is_valid() and form.cleaned_data["confirm"] == "yes"


def confirm_page(
    request: HttpRequest,
    *,
    title: str,
    question: str,
    consequences: list[str],
    button: str,
    cancel_url: str,
    fields: dict[str, str] | None = None,
) -> HttpResponse:
    """The page that asks before an irreversible step (start, finish, drop): it posts the same form again with
    ``confirm=yes``, or goes back. Works without JavaScript; nothing is changed until the second post."""
    return render(
        request,
        "matches/confirm.html",
        {
            "title": title,
            "question": question,
            "consequences": consequences,
            "button": button,
            "action_url": request.get_full_path(),
            "cancel_url": cancel_url,
            "fields": sorted((fields or {}).items()),
        },
    )


def page_of_items(items: Any, number: Any, size: int = PAGE_SIZE) -> Page:
    """One page of ``items`` (a bad or out-of-range number shows the first or last page)."""
    return Paginator(items, size).get_page(number)


def back(request: HttpRequest, target: str, fallback: str) -> HttpResponse:
    """Redirect to ``target`` if it is on this site, else to ``fallback``."""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(fallback)
