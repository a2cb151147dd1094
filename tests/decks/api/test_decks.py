"""Deck REST API: POST /api/decks/check (no save) and CRUD /api/decks/ (owner only; update = new version)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks.models import Deck, DeckVersion, Format
from tests.decks.factories import (
    BAD_DECKLISTS,
    CardDatabaseVersionFactory,
    DeckFactory,
    TournamentFactory,
    UserFactory,
    legal_text,
)

pytestmark = pytest.mark.django_db


def post_json(client, url, data, method="post"):
    return getattr(client, method)(url, data=json.dumps(data), content_type="application/json")


def test_check_returns_the_verdict_of_a_legal_deck_and_saves_nothing(client, fmt):
    response = post_json(client, "/api/decks/check", {"decklist": legal_text(), "format": fmt.name})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True and body["violations"] == [] and body["count"] == 42
    assert body["hand_limit"] == 10 and body["factions"] == ["蜀"] and body["format"] == fmt.name
    assert not DeckVersion.objects.exists()


def test_check_of_an_illegal_deck_is_200_with_every_violation_and_its_rule(client, fmt):
    text = legal_text(extra="1 关羽\n1 曹操")
    response = post_json(client, "/api/decks/check", {"decklist": text, "format": fmt.name})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False
    by_code = {v["code"]: v for v in body["violations"]}
    assert {"too-many-copies", "undeclared-faction"} <= set(by_code)
    assert all(v["rule"] and v["message"] and v["message_zh"] for v in body["violations"])


def test_check_accepts_an_uploaded_json_decklist(client, fmt):
    decklist = {"factions": ["Shu"], "deck": {"关羽": 3}}
    upload = SimpleUploadedFile("deck.json", json.dumps(decklist).encode(), content_type="application/json")
    response = client.post("/api/decks/check", {"file": upload, "format": fmt.name})
    assert response.status_code == 200
    assert response.json()["count"] == 3


@pytest.mark.parametrize("kind", sorted(BAD_DECKLISTS))
def test_check_of_a_bad_upload_is_400_with_line_and_message(client, fmt, kind):
    upload = SimpleUploadedFile("deck.txt", BAD_DECKLISTS[kind], content_type="text/plain")
    response = client.post("/api/decks/check", {"file": upload, "format": fmt.name})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"].startswith("decklist.") and error["status"] == 400
    assert isinstance(error["params"]["line"], int) and error["message"]


@pytest.mark.parametrize("kind", ["empty", "negative-count", "zero-count", "huge-count", "ten-thousand-character-name"])
def test_check_of_a_bad_json_string_is_400(client, fmt, kind):
    text = BAD_DECKLISTS[kind].decode("utf-8")
    response = post_json(client, "/api/decks/check", {"decklist": text, "format": fmt.name})
    assert response.status_code == 400
    assert response.json()["error"]["message"]


def test_check_of_a_ten_megabyte_json_string_is_400(client, fmt):
    text = BAD_DECKLISTS["ten-megabytes"].decode("utf-8")
    response = post_json(client, "/api/decks/check", {"decklist": text, "format": fmt.name})
    assert response.status_code == 400
    assert "MB" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[1, 2]", b'{"decklist": 5}', b'{"decklist": "3 \\u5173\\u7fbd", "format": "nope"}', b"\xff\xfe"],
    ids=["not-json", "a-list", "a-number", "unknown-format", "binary-body"],
)
def test_check_of_a_malformed_request_is_400_never_500(client, fmt, body):
    response = client.post("/api/decks/check", data=body, content_type="application/json")
    assert response.status_code == 400


def test_create_read_update_delete_a_deck(client, fmt):
    owner = UserFactory()
    client.force_login(owner)
    created = post_json(client, "/api/decks/", {"name": "Shu", "format": fmt.name, "decklist": legal_text()})
    assert created.status_code == 201, created.content
    deck_id = created.json()["id"]
    assert created.json()["latest_version"]["number"] == 1 and created.json()["latest_version"]["legal"]

    read = client.get(f"/api/decks/{deck_id}/")
    assert read.status_code == 200 and read.json()["name"] == "Shu"

    updated = post_json(client, f"/api/decks/{deck_id}/", {"decklist": legal_text(extra="1 丈八蛇矛")}, "patch")
    assert updated.status_code == 200
    body = updated.json()
    assert body["latest_version"]["number"] == 2
    assert [v["number"] for v in body["versions"]] == [2, 1]

    listed = client.get("/api/decks/")
    assert [d["id"] for d in listed.json()] == [deck_id]

    assert client.delete(f"/api/decks/{deck_id}/").status_code == 204
    assert not Deck.objects.exists()


def test_deck_api_needs_a_login(client, fmt):
    assert client.get("/api/decks/").status_code in (401, 403)
    response = post_json(client, "/api/decks/", {"name": "x", "decklist": legal_text()})
    assert response.status_code in (401, 403)
    assert not Deck.objects.exists()


def test_someone_elses_deck_is_404_and_unchanged(client, fmt):
    deck = DeckFactory(owner=UserFactory(), format=fmt)
    client.force_login(UserFactory())
    assert client.get(f"/api/decks/{deck.pk}/").status_code == 404
    assert post_json(client, f"/api/decks/{deck.pk}/", {"decklist": legal_text()}, "put").status_code == 404
    assert client.delete(f"/api/decks/{deck.pk}/").status_code == 404
    assert deck.versions.count() == 1


@pytest.mark.parametrize("kind", sorted(BAD_DECKLISTS))
def test_create_with_a_bad_upload_is_400_and_saves_nothing(client, fmt, kind):
    client.force_login(UserFactory())
    upload = SimpleUploadedFile("deck.txt", BAD_DECKLISTS[kind], content_type="text/plain")
    response = client.post("/api/decks/", {"file": upload, "format": fmt.name, "name": "Bad"})
    assert response.status_code == 400
    assert response.json()["error"]["message"]
    assert not Deck.objects.exists()


def test_create_with_a_ten_thousand_character_deck_name_is_400_and_saves_nothing(client, fmt):
    client.force_login(UserFactory())
    response = post_json(client, "/api/decks/", {"name": "名" * 10_000, "format": fmt.name, "decklist": legal_text()})
    assert response.status_code == 400
    assert "100" in response.json()["error"]["message"]
    assert not Deck.objects.exists()


def test_create_with_unknown_cards_is_400_with_the_violation_ruling_d6(client, fmt):
    client.force_login(UserFactory())
    response = post_json(
        client, "/api/decks/", {"name": "Typo", "format": fmt.name, "decklist": legal_text(extra="2 关于")}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "deck.unknown_cards" and error["params"]["cards"] == ["关于"]
    assert "unknown-card" in {v["code"] for v in error["params"]["result"]["violations"]}
    assert not Deck.objects.exists()


@pytest.mark.parametrize("kind", ["binary", "zero-count", "mixed-utf8-and-gbk"])
def test_update_with_bad_input_is_400_and_adds_no_version(client, fmt, kind):
    owner = UserFactory()
    deck = DeckFactory(owner=owner, format=fmt)
    client.force_login(owner)
    upload = SimpleUploadedFile("deck.txt", BAD_DECKLISTS[kind], content_type="text/plain")
    # PATCH with a multipart body: the test client encodes it by hand.
    from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

    response = client.patch(
        f"/api/decks/{deck.pk}/", data=encode_multipart(BOUNDARY, {"file": upload}), content_type=MULTIPART_CONTENT
    )
    assert response.status_code == 400
    assert deck.versions.count() == 1


def test_delete_of_a_registered_deck_is_refused_with_409(client, fmt):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the assertions read English messages
    from matches.services.registration import register_deck

    owner = UserFactory()
    deck = DeckFactory(owner=owner, format=fmt)
    register_deck(owner, TournamentFactory(format=fmt, organiser=UserFactory()), deck.latest_version())
    client.force_login(owner)
    response = client.delete(f"/api/decks/{deck.pk}/")
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "deck.in_use" and "tournament" in error["message"]
    assert error["params"]["tournaments"]
    assert Deck.objects.filter(pk=deck.pk).exists()


def test_check_sees_a_format_change_at_once_in_this_process(client, fmt):
    body = {"decklist": legal_text(), "format": fmt.name}
    assert post_json(client, "/api/decks/check", body).json()["legal"] is True
    fmt.banlist = ["关羽"]
    fmt.save()
    after = post_json(client, "/api/decks/check", body).json()
    assert after["legal"] is False and "banned-card" in {v["code"] for v in after["violations"]}


def test_check_without_a_format_uses_the_default_format_of_generals_order(client):
    from engine.formats import DEFAULT_FORMAT

    version = CardDatabaseVersionFactory()
    from decks.services.decks import ensure_default_formats

    ensure_default_formats()
    # The default format names no version yet (no starter stored): a clear refusal, not the newest import.
    refused = post_json(client, "/api/decks/check", {"decklist": legal_text()})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "format.no_card_database"
    Format.objects.get(name=DEFAULT_FORMAT["generals-order"]).card_database_versions.add(version)
    response = post_json(client, "/api/decks/check", {"decklist": legal_text()})
    assert response.status_code == 200
    assert response.json()["format"] == DEFAULT_FORMAT["generals-order"]
    assert response.json()["card_database"] == version.content_hash


def test_check_accepts_a_bare_text_body(client, fmt):
    response = client.post(
        f"/api/decks/check?deck_format={fmt.name}", data=legal_text().encode(), content_type="text/plain"
    )
    assert response.status_code == 200
    assert response.json()["count"] == 42


def test_check_of_a_bare_binary_body_is_400(client, fmt):
    response = client.post("/api/decks/check", data=BAD_DECKLISTS["binary"], content_type="text/plain")
    assert response.status_code == 400 and response.json()["error"]["message"]


def test_check_of_invalid_json_says_so_in_the_error_shape(client, fmt):
    response = client.post("/api/decks/check", data=b'{"decklist": ', content_type="application/json")
    assert response.status_code == 400
    assert "JSON" in response.json()["error"]["message"]


def test_a_body_over_the_sites_upload_limit_is_400_not_500(client, fmt, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    body = b'{"decklist": "' + b"a" * (2 * 1024 * 1024) + b'"}'
    response = client.post("/api/decks/check", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["message"]
    client.force_login(UserFactory())
    response = client.post("/api/decks/", data=body, content_type="application/json")
    assert response.status_code == 400 and not Deck.objects.exists()


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"decklist": 5}, "decklist", "invalid"),
        ({"decklist": ["3 关羽"]}, "decklist", "invalid"),
        ({"decklist": "3 关羽", "kind": "pdf"}, "kind", "invalid_choice"),
        ({"decklist": "3 关羽", "format": "x" * 1000}, "format", "max_length"),
        ({"decklist": "3 关羽", "card_database": "f" * 65}, "card_database", "max_length"),
        ({"decklist": "3 关\x00羽"}, "decklist", "null_characters_not_allowed"),
    ],
)
def test_a_bad_field_of_the_check_is_400_naming_the_field(client, fmt, body, field, code):
    response = post_json(client, "/api/decks/check", body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid" and error["status"] == 400 and field in error["message"]
    assert [e["code"] for e in error["params"]["fields"][field]] == [code]


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"format": "nope"}, "format", "format.unknown"),
        ({"name": "名" * 101}, "name", "deck.name_too_long"),
        ({"name": 7}, "name", "invalid"),
        ({"name": "a\x00b"}, "name", "null_characters_not_allowed"),
        ({"name": None}, "name", "required"),
    ],
)
def test_a_bad_field_when_creating_a_deck_is_400_naming_the_field_and_saves_nothing(client, fmt, body, field, code):
    client.force_login(UserFactory())
    response = post_json(client, "/api/decks/", {"name": "Shu", "format": fmt.name, "decklist": legal_text(), **body})
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["error"]["params"]["fields"][field]] == [code]
    assert not Deck.objects.exists()


def test_a_failed_update_keeps_the_deck_as_it_was(client, fmt, owner):
    deck = DeckFactory(owner=owner, format=fmt, name="Shu")
    response = post_json(
        client, f"/api/decks/{deck.pk}/", {"name": "New", "decklist": legal_text(extra="2 关于")}, "put"
    )
    assert response.status_code == 400 and response.json()["error"]["code"] == "deck.unknown_cards"
    deck.refresh_from_db()
    assert deck.name == "Shu" and deck.versions.count() == 1


@pytest.mark.parametrize(
    "body",
    [b"[" * 100_000, b'{"decklist": ' * 50_000, b'{"decklist": "3 \\u5173", "card_database": ' + b"9" * 5000 + b"}"],
    ids=["nested-lists", "nested-objects", "a-5000-digit-integer"],
)
def test_hostile_json_is_a_400_in_the_envelope_never_a_500(client, fmt, body):
    for url in ("/api/decks/check", "/api/decks/"):
        client.force_login(UserFactory())
        response = client.post(url, data=body, content_type="application/json")
        assert response.status_code == 400, response.content[:300]
        assert response.json()["error"]["code"] in ("parse_error", "too_deep")
    assert not Deck.objects.exists()


def test_someone_elses_deck_is_the_404_envelope(client, fmt):
    deck = DeckFactory(format=fmt)
    client.force_login(UserFactory())
    error = client.get(f"/api/decks/{deck.pk}/").json()["error"]
    assert error["code"] == "not_found" and error["status"] == 404 and error["message"]


def test_a_wrong_method_and_a_missing_login_are_in_the_envelope(client):
    assert client.get("/api/decks/check").json()["error"]["code"] == "method_not_allowed"
    error = client.get("/api/decks/").json()["error"]
    assert error["code"] == "not_authenticated" and error["status"] in (401, 403)


def test_the_schema_documents_the_error_envelope(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    body = schema["components"]["schemas"]["ErrorBody"]["properties"]
    assert set(body) == {"code", "message", "status", "params"}
    refused = schema["paths"]["/api/decks/"]["post"]["responses"]["400"]["content"]["application/json"]["schema"]
    assert refused["$ref"].endswith("/Error")


# --- sharing: the API shows a deck to whom its page shows it (decks.access) ---------------------------------


def _shared(fmt, visibility, **profile):
    from accounts.models import Profile
    from decks.services.decks import set_deck_visibility, update_deck

    owner = UserFactory()
    Profile.objects.update_or_create(user=owner, defaults=profile)
    deck = DeckFactory(owner=owner, format=fmt)
    update_deck(deck, owner, source=legal_text(extra="1 丈八蛇矛"))
    return set_deck_visibility(deck, owner, visibility)


def test_a_private_deck_is_404_to_others_by_id_and_by_any_token(client, fmt):
    deck = _shared(fmt, Deck.Visibility.PRIVATE)
    assert client.get(f"/api/decks/{deck.pk}/").status_code == 404
    assert client.get("/api/decks/shared/x/").status_code == 404
    client.force_login(UserFactory())
    assert client.get(f"/api/decks/{deck.pk}/").status_code == 404


def test_a_public_deck_reads_by_id_for_anyone_with_its_newest_version_only(client, fmt):
    deck = _shared(fmt, Deck.Visibility.PUBLIC, display_name="关羽迷")
    for who in (None, UserFactory()):
        if who is not None:
            client.force_login(who)
        body = client.get(f"/api/decks/{deck.pk}/").json()
        assert body["id"] == deck.pk and body["latest_version"]["number"] == 2
        assert "versions" not in body and body["owner_name"] == "关羽迷"


def test_a_public_deck_is_still_written_by_its_owner_only(client, fmt):
    deck = _shared(fmt, Deck.Visibility.PUBLIC)
    assert post_json(client, f"/api/decks/{deck.pk}/", {"decklist": legal_text()}, "put").status_code in (401, 403)
    client.force_login(UserFactory())
    assert post_json(client, f"/api/decks/{deck.pk}/", {"decklist": legal_text()}, "put").status_code == 404
    assert client.delete(f"/api/decks/{deck.pk}/").status_code == 404
    assert deck.versions.count() == 2


def test_a_deck_shared_by_link_reads_by_its_token_only(client, fmt):
    deck = _shared(fmt, Deck.Visibility.LINK)
    client.force_login(UserFactory())
    assert client.get(f"/api/decks/{deck.pk}/").status_code == 404
    body = client.get(f"/api/decks/shared/{deck.share_token}/").json()
    assert body["id"] == deck.pk and body["visibility"] == "link" and "versions" not in body


def test_a_deck_made_private_again_is_404_by_its_old_token(client, fmt):
    from decks.services.decks import set_deck_visibility

    deck = _shared(fmt, Deck.Visibility.LINK)
    token = deck.share_token
    set_deck_visibility(deck, deck.owner, Deck.Visibility.PRIVATE)
    assert client.get(f"/api/decks/shared/{token}/").status_code == 404


def test_the_owner_reads_every_version_of_his_deck_whatever_its_sharing(client, fmt):
    deck = _shared(fmt, Deck.Visibility.LINK)
    client.force_login(deck.owner)
    assert [v["number"] for v in client.get(f"/api/decks/{deck.pk}/").json()["versions"]] == [2, 1]
    assert "versions" in client.get(f"/api/decks/shared/{deck.share_token}/").json()
