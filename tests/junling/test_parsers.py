"""The input limits every request meets before a view (``junling/parsers.py``): issue 29's hostile inputs."""

from __future__ import annotations

import base64

import pytest

pytestmark = pytest.mark.django_db


def basic(user: bytes, password: bytes = b"x") -> str:
    return "Basic " + base64.b64encode(user + b":" + password).decode()


@pytest.mark.parametrize("path", ["/api/cards/", "/api/decks/", "/api/tournaments/", "/api/schema/"])
def test_a_nul_in_the_basic_auth_user_name_is_a_located_400_on_any_api_path_not_a_500(client, path):
    response = client.get(path, HTTP_AUTHORIZATION=basic(b"a\x00b"))
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["params"] == {"field": "Authorization"} and "NUL" in error["message"]


def test_a_nul_in_the_basic_auth_password_is_refused_the_same_way_in_chinese(client):
    response = client.get("/api/decks/", HTTP_AUTHORIZATION=basic(b"alice", b"p\x00w"), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 400 and "Authorization" in response.json()["error"]["message"]
    assert "contains" not in response.json()["error"]["message"]


def test_undecodable_basic_credentials_are_still_refused_by_drf_not_by_the_nul_check(client):
    assert client.get("/api/decks/", HTTP_AUTHORIZATION="Basic ***").status_code in (401, 403)
