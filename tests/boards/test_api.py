"""The boards API: game systems, maps and game data (list, detail, import), in the OpenAPI schema."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from boards.models import GameMap
from tests.boards.conftest import as_bytes, bundled

pytestmark = pytest.mark.django_db


def _file(data: object) -> SimpleUploadedFile:
    return SimpleUploadedFile("map.json", as_bytes(data), content_type="application/json")


def test_the_systems_endpoint_says_what_each_game_has(client):
    rows = {r["id"]: r for r in client.get("/api/games/").json()}
    assert rows["longhu"]["seats"] == [2, 4] and rows["longhu"]["battle_calculator"] is True
    assert rows["generals-order"]["has_cards"] is True and rows["sanguo-zhi"]["refereed"] is False


def test_maps_list_and_detail_give_the_hash_and_the_canonical_json(client, test_maps):
    rows = client.get("/api/maps/?system=wenlu").json()["results"]
    assert [r["system"] for r in rows] == ["wenlu"]
    detail = client.get(f"/api/maps/{rows[0]['id']}/").json()
    assert detail["content_hash"] == rows[0]["content_hash"] and detail["document"]["format"] == "junling-map/1"
    data = client.get("/api/game-data/?system=wenlu").json()["results"]
    assert data[0]["map"] == rows[0]["content_hash"]
    assert "document" in client.get(f"/api/game-data/{data[0]['id']}/").json()


def test_an_import_by_api_answers_201_then_200_for_the_same_content(client, staff):
    client.force_login(staff)
    first = client.post("/api/maps/import/", {"system": "longhu", "file": _file(bundled("longhu_test_map.json"))})
    again = client.post("/api/maps/import/", {"system": "longhu", "file": _file(bundled("longhu_test_map.json"))})
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["content_hash"] == GameMap.objects.get().content_hash


def test_a_bad_map_by_api_answers_400_with_every_bad_row_in_the_envelope(client, staff):
    client.force_login(staff)
    raw = bundled("longhu_test_map.json")
    raw["regions"][0]["production"] = -1
    raw["regions"][1]["port"] = "yes"
    response = client.post("/api/maps/import/", {"system": "longhu", "file": _file(raw)})
    errors = response.json()["error"]["params"]["errors"]
    assert response.status_code == 400 and [e["where"] for e in errors] == [
        "regions[0].production",
        "regions[1].port",
    ]


def test_a_player_may_not_import_by_api(client, player):
    client.force_login(player)
    response = client.post("/api/maps/import/", {"system": "longhu", "file": _file(bundled("longhu_test_map.json"))})
    assert response.status_code == 403


def test_game_data_by_api_names_its_map_by_content_hash(client, staff):
    client.force_login(staff)
    stored = client.post("/api/maps/import/", {"system": "wenlu", "file": _file(bundled("wenlu_test_map.json"))})
    response = client.post(
        "/api/game-data/import/",
        {"system": "wenlu", "map": stored.json()["content_hash"], "file": _file(bundled("wenlu_test_data.json"))},
    )
    assert response.status_code == 201 and response.json()["map"] == stored.json()["content_hash"]
    unknown = client.post(
        "/api/game-data/import/",
        {"system": "wenlu", "map": "sha256:00", "file": _file(bundled("wenlu_test_data.json"))},
    )
    assert unknown.status_code == 404


def test_the_openapi_schema_has_the_boards_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/games/", "/api/maps/", "/api/maps/import/", "/api/game-data/import/", "/api/maps/{id}/"):
        assert path in schema
