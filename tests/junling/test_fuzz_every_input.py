"""Issue 29, "done when": every page form (from the URL list: each page's own forms, as a browser finds them) and
every API operation (from the OpenAPI schema) driven with hostile JSON, files and numbers (nesting, NUL, 5,000
digits, ``1e400``, wrong types, huge and empty) answers no 5xx and no Python message.

The schemathesis run of ``tests/junling/test_fuzz.py`` generates requests from the schema's types; this one sends
the hostile values the issue names to every field and body, logged in as staff (the deepest paths)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator

from boards.services.maps import ensure_test_maps
from tests.junling.hostile import no_python
from tests.matches.factories import TournamentFactory

pytestmark = pytest.mark.django_db

DEEP = "[" * 3000 + "]" * 3000
HOSTILE: dict[str, str] = {
    "deep": DEEP,
    "deep_object": '{"a": ' + DEEP + "}",
    "digits": "9" * 5000,
    "inf": "1e400",
    "nul": "a\x00b",
    "wrong_type": '{"cards": "x", "regions": 7, "seats": "x", "name": []}',
    "huge": "x" * 300_000,
    "empty": "",
}
SKIPPED_ACTIONS = ("logout",)
"""Forms not sent: logging out would end the session the rest of the run needs (nothing hostile goes in it)."""


def _routes(patterns: Any, prefix: str = "") -> list[str]:
    """Every page path of the URL list, placeholders filled (ids 1, a game system's id for the rest)."""
    out: list[str] = []
    for p in patterns:
        text = str(p.pattern)
        if isinstance(p, URLResolver):
            out += _routes(p.url_patterns, prefix + _filled(text))
        elif isinstance(p, URLPattern):
            path = prefix + _filled(text)
            if not re.search(r"[()\[\]\\*+?$^|{]", path):
                out.append("/" + path.lstrip("/"))
    return sorted(set(out))


def _filled(route: str) -> str:
    route = re.sub(r"<int:\w+>", "1", route)
    route = re.sub(r"<(?:str|slug|path):\w+>|<\w+>", "longhu", route)
    route = re.sub(r"\(\?P<\w+>[^)]*\)", "1", route)
    return route.replace("^", "").replace("/?$", "/").replace("$", "").replace("\\.", ".")


class Forms(HTMLParser):
    """The POST forms of a page: (action, {field name: input type})."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._current: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "get").lower() == "post":
            self._current = {}
            self.forms.append((a.get("action", ""), self._current))
        elif tag in ("input", "textarea", "select") and self._current is not None and a.get("name"):
            if a["name"] != "csrfmiddlewaretoken":
                self._current[a["name"]] = a.get("type", tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None


@pytest.fixture
def staff_client(django_user_model) -> Client:
    ensure_test_maps()
    TournamentFactory()
    staff = django_user_model.objects.create_user("root", is_staff=True, is_superuser=True)
    client = Client(raise_request_exception=False)
    client.force_login(staff)
    return client


def test_every_page_form_meets_hostile_values_with_no_5xx_and_no_python_words(staff_client):
    pages = _routes(get_resolver().url_patterns)
    assert len(pages) > 40
    sent = 0
    for page in pages:
        if page.startswith(("/api/", "/admin/", "/ws/")):
            continue
        answer = staff_client.get(page)
        assert answer.status_code < 500, f"GET {page}: {answer.status_code}"
        if answer.status_code != 200 or "text/html" not in answer.get("Content-Type", ""):
            continue
        parser = Forms()
        parser.feed(answer.content.decode())
        for action, fields in parser.forms:
            target = action or page
            if not fields or any(word in target for word in SKIPPED_ACTIONS) or not target.startswith("/"):
                continue
            for kind, value in HOSTILE.items():
                data: dict[str, Any] = {}
                for name, input_type in fields.items():
                    if input_type == "file":
                        data[name] = SimpleUploadedFile("hostile.json", value.encode("utf-8", "surrogatepass"))
                    else:
                        data[name] = value
                response = staff_client.post(target, data)
                sent += 1
                where = f"POST {target} ({kind}, from {page})"
                assert response.status_code < 500, f"{where}: {response.status_code}"
                no_python(where, response.content.decode("utf-8", "replace"))
    assert sent > 100


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    out = []
    for path, item in schema["paths"].items():
        for method, op in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                out.append((re.sub(r"\{[^}]+\}", "1", path), method, op))
    return out


def test_every_api_operation_meets_hostile_bodies_and_numbers_with_no_5xx_and_no_python_words(staff_client):
    operations = _operations()
    assert len(operations) > 20
    for path, method, op in operations:
        for kind, value in HOSTILE.items():
            if method == "get":
                params = {p["name"]: value for p in op.get("parameters", []) if p.get("in") == "query"}
                response = staff_client.get(path, params or {"q": value})
            elif "multipart/form-data" in op.get("requestBody", {}).get("content", {}):
                upload = SimpleUploadedFile("hostile.json", value.encode("utf-8", "surrogatepass"))
                response = getattr(staff_client, method)(path, {"file": upload, "log": upload, "system": value})
            else:
                body = value if kind not in ("nul", "digits", "inf", "huge") else '{"name": ' + _json(value) + "}"
                response = getattr(staff_client, method)(
                    path, body.encode("utf-8", "surrogatepass"), content_type="application/json"
                )
            where = f"{method.upper()} {path} ({kind})"
            assert response.status_code < 500, f"{where}: {response.status_code} {response.content[:300]!r}"
            no_python(where, response.content.decode("utf-8", "replace"))


def _json(value: str) -> str:
    """A hostile value as JSON: numbers as numbers, the rest as a string."""
    if value.replace("e", "").isdigit():
        return value
    return '"' + value.replace("\x00", "\\u0000") + '"'
