from django.core.exceptions import RequestDataTooBig, SuspiciousOperation

from junling.api import exception_handler


def test_a_request_body_over_the_upload_limit_is_a_413_with_a_reason_not_a_500():
    response = exception_handler(RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE."), {})
    assert response.status_code == 413
    assert response.data["error"]["code"] == "too_large" and response.data["error"]["status"] == 413
    assert "too large" in response.data["error"]["message"]


def test_a_suspicious_request_is_a_400_not_a_500():
    assert exception_handler(SuspiciousOperation("bad header"), {}).status_code == 400


def test_an_engine_value_error_is_a_400_that_names_its_kind():
    response = exception_handler(ValueError("line 3: no such card"), {})
    assert response.status_code == 400
    assert response.data == {
        "error": {"code": "invalid", "message": "line 3: no such card", "status": 400, "params": {"kind": "ValueError"}}
    }


def test_big_json_body_to_the_deck_check_api_is_refused_cleanly(client):
    body = b'{"decklist": "' + b"a" * (26 * 1024 * 1024) + b'"}'
    response = client.post("/api/decks/check", data=body, content_type="application/json")
    assert response.status_code in (400, 413)
    assert response.headers["Content-Type"].startswith("application/json")
