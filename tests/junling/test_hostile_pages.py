"""Issue 29 point 3: every page that reads JSON, a file or a number meets the one parser and its limits
(``junling.parsers``, ``engine.jsonsafe``): nesting, NUL, 5,000 digits, ``1e400``, wrong types, huge and empty
inputs are a located 400 in the reader's language, never a 500, never Python's own words, nothing saved."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from boards.models import GameData, GameMap
from decks.models import CardDatabaseVersion, Deck
from tests.junling.hostile import no_python as check_answer
from tests.tables.conftest import PLACEMENT, VP_MARGIN

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000
DIGITS = "9" * 5000
HOSTILE = {
    "deep": DEEP,
    "deep_object": '{"cards": ' + DEEP + "}",
    "digits": '{"cards": [{"id": ' + DIGITS + "}]}",
    "digits_alone": DIGITS,
    "inf": '{"cards": [{"id": 1e400}]}',
    "nul": '{"cards": [{"name": "a\\u0000b"}]}',
    "nul_key": '{"ca\\u0000rds": []}',
    "wrong_type": '{"cards": "x", "regions": 7, "seats": "x"}',
    "empty": "",
    "not_utf8": "\udcff\udcfe{",
}


def body(name: str) -> bytes:
    return HOSTILE[name].encode("utf-8", "surrogateescape")


def no_python(text: str) -> None:
    check_answer("answer", text)


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("root", is_staff=True, is_superuser=True)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
@pytest.mark.parametrize("path", ["/decks/check", "/decks/new"])
def test_a_hostile_json_decklist_on_the_deck_pages_is_a_400_without_python_words(client, django_user_model, path, kind):
    client.force_login(django_user_model.objects.create_user("mallory"))
    response = client.post(path, {"name": "x", "decklist": HOSTILE[kind].replace("\udcff\udcfe", "")})
    assert response.status_code in (200, 400), response.content[:300]
    no_python(response.content.decode())
    assert not Deck.objects.exists()


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_json_decklist_file_is_a_400_without_python_words(client, django_user_model, kind):
    client.force_login(django_user_model.objects.create_user("mallory"))
    upload = SimpleUploadedFile("deck.json", body(kind))
    response = client.post("/decks/new", {"name": "x", "file": upload})
    assert response.status_code in (200, 400), response.content[:300]
    no_python(response.content.decode())
    assert not Deck.objects.exists()


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_card_database_import_is_a_400_without_python_words(client, staff, kind):
    client.force_login(staff)
    before = CardDatabaseVersion.objects.count()
    upload = SimpleUploadedFile("cards.json", body(kind))
    response = client.post("/cards/databases/import/", {"file": upload, "database": "x", "version": "1"})
    assert response.status_code == 400, response.content[:300]
    no_python(response.content.decode())
    assert CardDatabaseVersion.objects.count() == before


@pytest.mark.parametrize("kind", sorted(HOSTILE))
@pytest.mark.parametrize("what", ["maps", "data"])
@pytest.mark.parametrize("system", [PLACEMENT, VP_MARGIN])
def test_a_hostile_map_or_game_data_import_page_is_a_400_without_python_words(client, staff, system, what, kind):
    client.force_login(staff)
    before = GameMap.objects.count(), GameData.objects.count()
    upload = SimpleUploadedFile(f"{what}.json", body(kind))
    response = client.post(f"/games/{system}/{what}/import", {"file": upload})
    assert response.status_code == 400, response.content[:300]
    no_python(response.content.decode())
    assert (GameMap.objects.count(), GameData.objects.count()) == before


@pytest.mark.parametrize("kind", sorted(HOSTILE))
@pytest.mark.parametrize("path", ["/api/maps/import", "/api/game-data/import"])
def test_a_hostile_map_import_on_the_api_is_a_400_without_python_words(client, staff, path, kind):
    client.force_login(staff)
    before = GameMap.objects.count(), GameData.objects.count()
    upload = SimpleUploadedFile("map.json", body(kind))
    response = client.post(path, {"system": PLACEMENT, "file": upload})
    assert response.status_code in (400, 413), response.content[:300]
    no_python(response.content.decode())
    assert (GameMap.objects.count(), GameData.objects.count()) == before


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_table_log_on_the_judges_page_is_a_400_without_python_words(client, staff, kind):
    client.force_login(staff)
    upload = SimpleUploadedFile("log.json", body(kind))
    response = client.post("/tables/judge/", {"log": upload})
    assert response.status_code == 400, response.content[:300]
    no_python(response.content.decode())


@pytest.mark.parametrize("query", ["version=%C2%B2", "version=" + DIGITS, "version=-1", "version=1e400"])
@pytest.mark.parametrize("path", ["/api/cards/", "/cards/"])
def test_a_hostile_version_number_is_never_a_500_nor_python_words(client, path, query):
    response = client.get(f"{path}?{query}")
    assert response.status_code in (400, 404), response.content[:300]
    no_python(response.content.decode())


def test_the_refusal_is_located_and_said_in_chinese_on_the_map_import_page(client, staff):
    client.force_login(staff)
    upload = SimpleUploadedFile("map.json", b'{"regions": [{"name": "a\\u0000b"}]}')
    page = client.post(f"/games/{PLACEMENT}/maps/import", {"file": upload}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    text = page.content.decode()
    assert page.status_code == 400 and "regions[0].name" in text and "NUL 字符" in text
    assert "NUL character" not in text


def test_the_api_names_where_the_json_was_refused_in_chinese(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("mallory"))
    body = '{"decklist": "3 刘备", "format": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}'
    response = client.post("/api/decks/check", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="zh-hans")
    error = response.json()["error"]
    assert response.status_code == 400 and error["params"]["fields"]["format"][0]["code"] == "too_deep"
    assert "嵌套超过 32 层" in error["message"]


def test_a_deep_table_log_on_the_judges_page_is_refused_in_chinese_saying_how_deep(client, staff):
    client.force_login(staff)
    upload = SimpleUploadedFile("log.json", body("deep_object"))
    page = client.post("/tables/judge/", {"log": upload}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "嵌套超过 32 层" in page
