"""The boards pages: /games/, a game's maps (import by staff and approved organisers), a map's page, downloads."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from boards.models import GameData, GameMap
from tests.boards.conftest import as_bytes, bundled

pytestmark = pytest.mark.django_db


def _upload(data: object, name: str = "map.json") -> SimpleUploadedFile:
    raw = data if isinstance(data, bytes) else as_bytes(data)
    return SimpleUploadedFile(name, raw, content_type="application/json")


def test_the_games_page_lists_every_system_with_what_it_has(client):
    from engine.systems import all_systems

    page = client.get("/games/").content.decode()
    for system in all_systems():
        assert system.name in page
    assert "/games/longhu/battle/" in page and "/games/wenlu/maps/" in page and "/cards/databases/" in page


def test_the_games_page_speaks_english_to_an_english_reader(client):
    page = client.get("/games/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Imjin War 1592–93" in page and "Battle calculator" in page


def test_an_unknown_game_is_not_found(client):
    assert client.get("/games/chess/maps/").status_code == 404
    assert client.get("/games/generals-order/battle/").status_code == 404


def test_a_player_may_not_import_a_map(client, player):
    client.force_login(player)
    response = client.post("/games/longhu/maps/import", {"file": _upload(bundled("longhu_test_map.json"))})
    assert response.status_code == 403 and not GameMap.objects.exists()


def test_an_organiser_staff_approved_imports_a_map_and_lands_on_its_page(client, map_organiser):
    client.force_login(map_organiser)
    response = client.post("/games/longhu/maps/import", {"file": _upload(bundled("longhu_test_map.json"))})
    stored = GameMap.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/longhu/maps/{stored.pk}/"
    assert stored.imported_by == map_organiser


def test_a_bad_map_upload_lists_every_bad_row_on_the_page(client, staff):
    client.force_login(staff)
    raw = bundled("longhu_test_map.json")
    raw["regions"][0]["production"] = -1
    raw["borders"][0]["terrain"] = "lava"
    response = client.post("/games/longhu/maps/import", {"file": _upload(raw)}, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 400
    assert "regions[0].production" in page and "borders[0].terrain" in page and "2 problems" in page


def test_a_map_upload_too_big_is_refused_with_413(client, staff):
    from boards.services.maps import MAX_FILE_BYTES

    client.force_login(staff)
    response = client.post("/games/longhu/maps/import", {"file": _upload(b" " * (MAX_FILE_BYTES + 1))})
    assert response.status_code == 413


def test_game_data_imports_against_the_map_chosen(client, staff):
    client.force_login(staff)
    client.post("/games/wenlu/maps/import", {"file": _upload(bundled("wenlu_test_map.json"))})
    game_map = GameMap.objects.get()
    response = client.post(
        "/games/wenlu/data/import", {"file": _upload(bundled("wenlu_test_data.json")), "game_map": game_map.pk}
    )
    stored = GameData.objects.get()
    assert response.status_code == 302 and stored.game_map == game_map


def test_the_map_page_shows_regions_adjacency_with_terrain_roads_set_ups_and_the_hash(client, test_maps):
    longhu = GameMap.objects.get(system="longhu")
    page = client.get(f"/games/longhu/maps/{longhu.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert longhu.content_hash in page and "洛阳" in page and "mountain" in page
    assert "test map written for Junling, not the publisher&#x27;s map" in page
    assert "Set-up “standard”" in page
    wenlu = GameMap.objects.get(system="wenlu")
    page = client.get(f"/games/wenlu/maps/{wenlu.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "secondary road" in page and "Provinces" in page and "汉城" in page


def test_a_map_of_one_game_is_not_found_under_another(client, test_maps):
    longhu = GameMap.objects.get(system="longhu")
    assert client.get(f"/games/wenlu/maps/{longhu.pk}/").status_code == 404


def test_a_downloaded_map_imports_back_to_the_same_hash(client, test_maps):
    from engine.maps import parse_map

    longhu = GameMap.objects.get(system="longhu")
    response = client.get(f"/games/longhu/maps/{longhu.pk}/download")
    assert response["X-Content-Hash"] == longhu.content_hash
    assert parse_map(json.loads(response.content)).hash == longhu.content_hash


def test_the_game_data_page_shows_its_tables_headed_by_the_games_labels_of_the_keys(client, test_maps):
    data = GameData.objects.get(system="longhu")
    page = client.get(f"/games/longhu/data/{data.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert data.content_hash in page and "Attrition table" in page and "Characters" in page
    assert "Seek talent (Cao Cao)" in page  # a value chosen from the game's words, not the file's "seek_talent"
    page = client.get(f"/games/longhu/data/{data.pk}/").content.decode()
    assert "损耗表" in page and "<th>武勇</th>" in page and "求贤令（曹操）" in page
    assert client.get(f"/games/longhu/data/{data.pk}/download").status_code == 200


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_the_chinese_game_data_and_map_pages_head_nothing_in_english(client, test_maps, system):
    data = GameData.objects.get(system=system)
    for url in (f"/games/{system}/data/{data.pk}/", f"/games/{system}/maps/{data.game_map.pk}/"):
        page = client.get(url).content.decode()
        heads = re.findall(r"<(?:h2|th|dt)\b[^>]*>(.*?)</(?:h2|th|dt)>", page, re.S)  # h1: the file's own name
        labels = re.findall(r'data-label="([^"]*)"', page)
        english = [h for h in heads + labels if re.search(r"[A-Za-z]{3,}", re.sub(r"<code.*?</code>|<[^>]+>", "", h))]
        assert heads and not english, f"{url}: {english}"


def test_the_chinese_wenlu_pages_name_the_words_of_the_data_not_its_ids(client, test_maps):
    data = GameData.objects.get(system="wenlu")
    page = client.get(f"/games/wenlu/data/{data.pk}/").content.decode()
    assert "总大将" in page and "补充区: 21" in page and ">cic<" not in page
    page = client.get(f"/games/wenlu/maps/{data.game_map.pk}/").content.decode()
    assert ">allies<" not in page and "汉城" in page


def test_the_calculator_pages_fields_are_labelled_with_the_games_words_in_the_readers_language(client):
    page = client.get("/games/wenlu/battle/").content.decode()
    assert ">野战能力</label>" in page and "<legend>日本军</legend>" in page and "Field ability" not in page
    page = client.get("/games/wenlu/battle/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ">Field ability</label>" in page and "<legend>Japan</legend>" in page


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_the_english_map_page_names_every_region_box_and_province_in_english_with_its_id_as_data(
    client, test_maps, system
):
    row = GameMap.objects.get(system=system)
    page = client.get(f"/games/{system}/maps/{row.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    tables = re.sub(r"<code.*?</code>", "", page[page.index("<table") : page.rindex("</table>")], flags=re.S)
    cells = re.findall(r"<td\b[^>]*>(.*?)</td>", tables, re.S)
    assert cells and not re.search(r"[\u3400-\u9fff]", re.sub(r"<[^>]+>", " ", tables))
    chinese, english = ("洛阳", "Luoyang") if system == "longhu" else ("汉城", "Hanseong")
    assert english in page
    zh = client.get(f"/games/{system}/maps/{row.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert chinese in zh and english not in zh
