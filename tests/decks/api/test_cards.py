"""The card API: reads for everyone, imports for staff, every row error as JSON, documented in the schema."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks.models import Card, CardDatabaseVersion
from engine import cards as engine_cards
from tests.decks.cardfiles import SAMPLE_CARDS, json_bytes
from tests.decks.factories import UserFactory

pytestmark = pytest.mark.django_db

IMPORT_URL = "/api/card-databases/import"


def _upload(name: str = "sample.json", content: bytes | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, json_bytes() if content is None else content)


def test_anonymous_visitors_can_list_cards_with_the_browser_filters(client, sample_version):
    response = client.get("/api/cards/", {"version": sample_version.pk, "faction": "Shu", "type": "人"})
    assert response.status_code == 200
    names = {c["name"] for c in response.json()["results"]}
    assert names == {c["name"] for c in SAMPLE_CARDS if c["type"] == "人" and "蜀" in c.get("factions", [])}


def test_api_text_search_accepts_traditional_characters(client, sample_version):
    response = client.get("/api/cards/", {"version": sample_version.pk, "q": "關雲長"})
    assert [c["name"] for c in response.json()["results"]] == ["关羽"]


def test_api_range_filters_and_bad_numbers(client, sample_version):
    response = client.get("/api/cards/", {"version": sample_version.pk, "might_min": "5"})
    expected = {c["name"] for c in SAMPLE_CARDS if (c.get("might") or -1) >= 5}
    assert {c["name"] for c in response.json()["results"]} == expected
    bad = client.get("/api/cards/", {"version": sample_version.pk, "cost_max": "many"})
    assert bad.status_code == 400 and "cost_max" in bad.json()["error"]["params"]["fields"]


def test_a_card_is_readable_with_its_printings(client, sample_version):
    card = sample_version.cards.get(name="关羽")
    data = client.get(f"/api/cards/{card.pk}/").json()
    assert data["name_en"] == "Guan Yu" and data["version"] == sample_version.pk
    assert [p["series"] for p in data["printings"]] == ["第一弹", "重印"]


def test_card_databases_and_versions_are_readable_by_everyone(client, sample_version):
    databases = client.get("/api/card-databases/").json()["results"]
    assert databases[0]["name"] == "test-db"
    assert databases[0]["versions"][0]["content_hash"] == sample_version.content_hash
    detail = client.get(f"/api/card-database-versions/{sample_version.pk}/").json()
    assert detail["card_count"] == len(SAMPLE_CARDS)


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_api_export_round_trips_to_the_same_content_hash(client, sample_version, fmt):
    response = client.get(f"/api/card-database-versions/{sample_version.pk}/export/{fmt}/")
    assert response.status_code == 200
    assert engine_cards.load_database(response.content, filename=f"x.{fmt}").content_hash == sample_version.content_hash
    assert client.get(f"/api/card-database-versions/{sample_version.pk}/export/xml/").status_code == 404


def test_anonymous_visitors_cannot_import(client):
    response = client.post(IMPORT_URL, {"file": _upload()})
    assert response.status_code in (401, 403)
    assert CardDatabaseVersion.objects.count() == 0


def test_non_staff_users_cannot_import(client, django_user_model):
    client.force_login(UserFactory())
    assert client.post(IMPORT_URL, {"file": _upload()}).status_code == 403
    assert CardDatabaseVersion.objects.count() == 0


def test_staff_import_creates_a_version_and_reimport_returns_it(admin_client):
    created = admin_client.post(IMPORT_URL, {"file": _upload()})
    assert created.status_code == 201
    assert created.json()["card_count"] == len(SAMPLE_CARDS)
    again = admin_client.post(IMPORT_URL, {"file": _upload()})
    assert again.status_code == 200 and again.json()["id"] == created.json()["id"]
    assert CardDatabaseVersion.objects.count() == 1


def test_staff_import_with_bad_rows_returns_every_row_error_and_saves_nothing(admin_client):
    cards = [{"name": "坏卡", "type": "人"}, *SAMPLE_CARDS, {"name": "错型", "type": "X"}]
    response = admin_client.post(IMPORT_URL, {"file": _upload("bad.json", json_bytes(cards))})
    assert response.status_code == 400
    errors = response.json()["error"]["params"]["errors"]
    assert [(e["file"], e["row"], e["field"]) for e in errors] == [
        ("bad.json", 1, "cost"),
        ("bad.json", len(cards), "type"),
    ]
    assert all(e["message"] for e in errors)
    assert Card.objects.count() == 0


def test_staff_import_of_malformed_json_is_a_400_with_the_reason(admin_client):
    response = admin_client.post(IMPORT_URL, {"file": _upload("broken.json", b"{not json")})
    assert response.status_code == 400
    assert "not valid JSON" in response.json()["error"]["params"]["errors"][0]["message"]


def test_staff_import_of_a_50_mb_file_is_refused_with_a_clear_message(admin_client):
    admin_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the assertions read English messages
    response = admin_client.post(IMPORT_URL, {"file": _upload("huge.json", b" " * (50 * 1024 * 1024))})
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["code"] == "card_database.too_large" and error["status"] == 413
    assert "the limit is" in error["params"]["errors"][0]["message"] and "the limit is" in error["message"]
    assert CardDatabaseVersion.objects.count() == 0


def test_staff_import_of_changed_content_under_a_stored_label_is_refused(admin_client, sample_version):
    changed = [{**SAMPLE_CARDS[0], "cost": 1}, *SAMPLE_CARDS[1:]]
    response = admin_client.post(IMPORT_URL, {"file": _upload("changed.json", json_bytes(changed))})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "card_database.version_conflict"
    assert "immutable" in error["params"]["errors"][0]["message"]


def test_staff_import_without_a_file_is_a_400(admin_client):
    response = admin_client.post(IMPORT_URL, {})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid" and "file" in error["params"]["fields"]
    assert "file" in error["message"]


def test_reads_cannot_be_turned_into_writes(admin_client, sample_version):
    card = sample_version.cards.get(name="关羽")
    assert admin_client.delete(f"/api/cards/{card.pk}/").status_code == 405
    assert admin_client.post("/api/cards/", {"name": "x"}).status_code == 405


def test_the_schema_documents_the_card_endpoints(client):
    paths = client.get("/api/schema/", {"format": "json"}).json()["paths"]
    for path in (
        "/api/cards/",
        "/api/cards/{id}/",
        "/api/card-databases/",
        "/api/card-database-versions/",
        "/api/card-database-versions/{id}/export/{fmt}/",
        "/api/card-databases/import/",
    ):
        assert path in paths
    assert "post" in paths["/api/card-databases/import/"]
    parameters = {p["name"] for p in paths["/api/cards/"]["get"]["parameters"]}
    assert {"faction", "q", "cost_min", "wit_max"} <= parameters


def test_staff_who_are_not_superusers_may_import_and_players_get_the_403_envelope(staff_client, client):
    assert staff_client.post(IMPORT_URL, {"file": _upload()}).status_code == 201
    client.force_login(UserFactory())
    error = client.post(IMPORT_URL, {"file": _upload()}).json()["error"]
    assert error["status"] == 403 and error["code"] == "card_database.import_not_allowed"
