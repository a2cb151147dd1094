import re

import pytest
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation

from junling.api import exception_handler


def test_a_request_body_over_the_upload_limit_is_a_413_with_a_reason_not_a_500():
    response = exception_handler(RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE."), {})
    assert response.status_code == 413
    assert response.data["error"]["code"] == "too_large" and response.data["error"]["status"] == 413
    assert "larger than the site reads" in response.data["error"]["message"]
    assert "DATA_UPLOAD_MAX_MEMORY_SIZE" not in response.data["error"]["message"]  # Django's words, not the reader's


def test_a_suspicious_request_is_a_400_not_a_500():
    assert exception_handler(SuspiciousOperation("bad header"), {}).status_code == 400


def test_an_engine_value_error_is_a_400_that_names_its_kind():
    from engine.formats import UnknownFormatError

    response = exception_handler(UnknownFormatError("line 3: no such format"), {})
    assert response.status_code == 400
    assert response.data == {
        "error": {
            "code": "invalid",
            "message": "line 3: no such format",
            "status": 400,
            "params": {"kind": "UnknownFormatError"},
        }
    }


def test_pythons_own_value_error_is_a_400_without_pythons_words_or_kind():
    response = exception_handler(ValueError("invalid literal for int() with base 10: '²'"), {})
    assert response.status_code == 400
    assert response.data == {
        "error": {
            "code": "invalid",
            "message": "The request holds a value the site cannot read.",
            "status": 400,
            "params": {},
        }
    }


def test_big_json_body_to_the_deck_check_api_is_refused_cleanly(client):
    body = b'{"decklist": "' + b"a" * (26 * 1024 * 1024) + b'"}'
    response = client.post("/api/decks/check", data=body, content_type="application/json")
    assert response.status_code in (400, 413)
    assert response.headers["Content-Type"].startswith("application/json")


def _error(response):
    return response.data["error"]


def test_a_refusal_answers_with_its_own_code_status_and_params():
    from junling.errors import NotAllowed, Refused

    response = exception_handler(Refused("no", code="deck.in_use", status=409, params={"deck": 3}), {})
    assert response.status_code == 409
    assert _error(response) == {"code": "deck.in_use", "message": "no", "status": 409, "params": {"deck": 3}}
    assert _error(exception_handler(NotAllowed("not yours"), {}))["code"] == "not_allowed"


def test_field_errors_go_to_params_fields_and_are_named_in_the_message():
    from rest_framework.exceptions import ValidationError

    response = exception_handler(ValidationError({"name": ["This field is required."]}), {})
    error = _error(response)
    assert response.status_code == 400 and error["code"] == "invalid"
    assert error["params"]["fields"] == {"name": [{"message": "This field is required.", "code": "invalid"}]}
    assert "name: This field is required." in error["message"]


def test_django_404_and_403_are_in_the_envelope():
    from django.core.exceptions import PermissionDenied
    from django.http import Http404

    assert _error(exception_handler(Http404("There is no such deck."), {})) == {
        "code": "not_found",
        "message": "There is no such deck.",
        "status": 404,
        "params": {},
    }
    assert _error(exception_handler(PermissionDenied(), {}))["code"] == "not_allowed"


def test_a_too_deep_body_is_a_400():
    response = exception_handler(RecursionError("maximum recursion depth exceeded"), {})
    assert response.status_code == 400 and _error(response)["code"] == "too_deep"


def test_an_unknown_api_address_is_the_404_envelope(client):
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def _schema():
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def test_every_operation_of_the_schema_lists_every_error_status_the_site_answers_it_with():
    """Issue 29 point 9: 126 statuses the API answers were missing from its OpenAPI schema."""
    from junling.api import EVERY_OPERATION, HTTP_METHODS, WITH_A_BODY

    operations = [
        (path, method, op)
        for path, item in _schema()["paths"].items()
        for method, op in item.items()
        if method in HTTP_METHODS
    ]
    assert len(operations) > 20
    for path, method, op in operations:
        wanted = set(EVERY_OPERATION) | (set(WITH_A_BODY) if "requestBody" in op else set())
        assert wanted <= set(op["responses"]), (method, path, sorted(wanted - set(op["responses"])))


def test_an_operations_own_description_of_a_status_is_kept():
    op = _schema()["paths"]["/api/card-databases/import/"]["post"]
    assert op["responses"]["400"]["description"] == "Every row error, in error.params.errors."


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/api/cards/?q=%00", {}),
        ("/api/cards/", {"HTTP_ACCEPT": "image/png"}),
        ("/api/tournaments/999999/", {}),
        ("/api/decks/", {"HTTP_AUTHORIZATION": "Basic " + "bm9ib2R5Ong="}),
    ],
)
def test_a_status_the_api_answers_is_one_its_schema_lists(client, path, headers):
    from urllib.parse import urlsplit

    response = client.get(path, **headers)
    schema_path = re.sub(r"/\d+/", "/{id}/", urlsplit(path).path)
    operations = _schema()["paths"]
    item = operations.get(schema_path) or operations[schema_path.rstrip("/")]
    assert str(response.status_code) in item["get"]["responses"], (path, response.status_code)
