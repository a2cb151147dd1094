"""Hostile input never answers 500 (issue 11 point 6): the known cases, then schemathesis over the API.

Schemathesis generates requests from the site's own OpenAPI schema (valid and invalid, bounded per
operation) and checks that no answer is a server error; the hostile cases below are the ones that
answered 500 before (deep nesting, huge integers, NUL characters).
"""

from __future__ import annotations

import base64

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from decks.models import Deck
from junling.wsgi import application

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000
HUGE = "9" * 4000

HOSTILE_JSON = [
    ("/api/decks/check", DEEP),
    ("/api/decks/check", '{"decklist": ' + DEEP + "}"),
    ("/api/decks/check", '{"decklist": "3 刘备", "format": ' + HUGE + "}"),
    ("/api/decks/check", '{"decklist": "3 刘备", "card_database": ' + HUGE + "}"),
    ("/api/decks/check", '{"decklist": "3 刘\\u0000备"}'),
    ("/api/decks/check", '{"decklist\\u0000": "x"}'),
    ("/api/decks/check", '{"decklist": 12345678901234567890123}'),
    ("/api/decks/check", "\xff\xfe{"),
    ("/api/decks/", '{"name": "a\\u0000b", "decklist": "3 刘备"}'),
    ("/api/decks/", '{"name": "x", "decklist": "3 刘备", "format": ' + HUGE + "}"),
    ("/api/decks/", DEEP),
]


@pytest.mark.parametrize(("path", "body"), HOSTILE_JSON, ids=range(len(HOSTILE_JSON)))
def test_hostile_json_is_a_400_with_a_message_and_saves_nothing(client, django_user_model, path, body):
    client.force_login(django_user_model.objects.create_user("mallory"))
    response = client.post(path, body.encode("utf-8", "surrogatepass"), content_type="application/json")
    assert response.status_code in (400, 413), response.content[:300]
    assert response.json()  # a JSON answer that says why
    assert not Deck.objects.exists()


HOSTILE_QUERIES = [
    "/api/cards/?q=%00",
    "/cards/?q=a%00b",
    "/api/cards/?cost=" + HUGE,
    "/cards/?cost=" + HUGE,
    "/api/cards/?might_min=99999999999999999999999",
    "/api/tournaments/99999999999999999999999",
    "/decks/99999999999999999999999/",
    "/cards/1/%00/",
]


@pytest.mark.parametrize("path", HOSTILE_QUERIES)
def test_hostile_queries_never_answer_a_500(client, path):
    assert client.get(path).status_code < 500


def test_a_nul_in_a_form_field_is_a_field_error_and_saves_nothing(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("mallory"))
    response = client.post("/decks/new", {"name": "a\x00b", "decklist": "3 刘备"})
    assert response.status_code == 400
    assert not Deck.objects.exists()


schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Requests through the WSGI app must not close the test's connection (Django's test client does the same)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


FUZZER = ("fuzzer", "fuzz-password-1")
BASIC = "Basic " + base64.b64encode(":".join(FUZZER).encode()).decode()


@schema.parametrize()
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_api_operation_answers_a_server_error(case, db, django_user_model):
    if not django_user_model.objects.filter(username=FUZZER[0]).exists():
        django_user_model.objects.create_user(*FUZZER)
    response = case.call(headers={"Authorization": BASIC})
    where = f"{case.method} {case.formatted_path}"
    assert response.status_code < 500, f"{where}: {response.status_code} {response.text[:300]}"
