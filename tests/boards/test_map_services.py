"""Maps and game data as data (issue 15): atomic import with every bad row, versions, the hash, the look-up."""

from __future__ import annotations

import pytest

from boards.models import GameData, GameMap
from boards.services import maps as map_services
from boards.services.maps import MapImportRefused, MapNotFound
from engine.maps import load_map
from engine.systems import get_system
from junling.models import AuditEvent
from tests.boards.conftest import DATA, as_bytes, bundled

pytestmark = pytest.mark.django_db
LONGHU = get_system("longhu")
WENLU = get_system("wenlu")


def test_importing_a_map_stores_its_canonical_json_under_the_engines_content_hash_with_an_audit_record(staff):
    raw = bundled("longhu_test_map.json")
    stored = map_services.import_map(LONGHU, as_bytes(raw), filename="m.json", actor=staff)
    assert stored.content_hash == load_map(DATA / "longhu_test_map.json").hash
    assert stored.name == raw["id"] and stored.version == "1" and stored.imported_by == staff
    event = AuditEvent.objects.get(verb="map.import")
    assert event.data["content_hash"] == stored.content_hash


def test_a_bad_map_is_not_stored_and_every_bad_row_is_reported_with_where_it_is():
    raw = bundled("longhu_test_map.json")
    raw["regions"][0]["production"] = -1
    raw["borders"].append({"a": raw["regions"][1]["id"], "b": "无此地"})
    raw["borders"].append({"a": raw["regions"][2]["id"], "b": raw["regions"][3]["id"], "terrain": "lava"})
    with pytest.raises(MapImportRefused) as caught:
        map_services.import_map(LONGHU, as_bytes(raw))
    wheres = [p.where for p in caught.value.problems]
    assert "regions[0].production" in wheres
    assert any(w.endswith(".b") for w in wheres) and any(w.endswith(".terrain") for w in wheres)
    assert len(caught.value.params["errors"]) == len(wheres) == 3
    assert not GameMap.objects.exists()


def test_every_problem_the_engine_reports_is_known_to_the_translation_table():
    from boards.problems import known

    raw = bundled("wenlu_test_map.json")
    raw["format"] = "junling-map/2"
    raw["regions"][0]["capital"] = "yes"
    raw["regions"].append(dict(raw["regions"][1]))
    raw["roads"].append({"a": "甲", "b": "甲"})
    raw["setups"] = []
    with pytest.raises(MapImportRefused) as caught:
        map_services.import_map(WENLU, as_bytes(raw))
    unknown = [p.why_en for p in caught.value.problems if not known(p.why_en)]
    assert not unknown


def test_a_problem_reads_in_chinese_for_a_chinese_reader():
    from django.utils import translation

    raw = bundled("longhu_test_map.json")
    raw["regions"][0]["production"] = -1
    with translation.override("zh-hans"), pytest.raises(MapImportRefused) as caught:
        map_services.import_map(LONGHU, as_bytes(raw))
    assert caught.value.problems[0].why == "必须是 0 或更大的整数，而不是 -1"


def test_a_map_of_another_game_is_refused():
    with pytest.raises(MapImportRefused) as caught:
        map_services.import_map(LONGHU, as_bytes(bundled("wenlu_test_map.json")))
    assert caught.value.problems[0].where == "game"


def test_a_file_that_is_not_json_is_refused_with_one_problem():
    with pytest.raises(MapImportRefused) as caught:
        map_services.import_map(LONGHU, b"{not json", filename="bad.json")
    assert caught.value.problems[0].where == "bad.json"


def test_the_same_map_imported_twice_is_one_version_and_a_changed_map_is_the_next_version():
    raw = bundled("longhu_test_map.json")
    first = map_services.import_map(LONGHU, as_bytes(raw))
    assert map_services.import_map(LONGHU, as_bytes(raw)) == first
    raw["regions"][0]["production"] = raw["regions"][0].get("production", 0) + 1
    second = map_services.import_map(LONGHU, as_bytes(raw))
    assert (first.version, second.version) == ("1", "2") and first.content_hash != second.content_hash


def test_a_version_label_never_changes_its_content():
    raw = bundled("longhu_test_map.json")
    map_services.import_map(LONGHU, as_bytes(raw), version="2026")
    raw["regions"][0]["production"] = raw["regions"][0].get("production", 0) + 1
    with pytest.raises(MapImportRefused) as caught:
        map_services.import_map(LONGHU, as_bytes(raw), version="2026")
    assert caught.value.code == "map.version_conflict"


def test_game_data_is_checked_against_the_stored_map_it_names():
    game_map = map_services.import_map(LONGHU, as_bytes(bundled("longhu_test_map.json")))
    stored = map_services.import_game_data(LONGHU, as_bytes(bundled("longhu_test_data.json")))
    assert stored.game_map == game_map
    assert stored.content_hash == map_services.game_data(stored.content_hash).hash


def test_bad_game_data_reports_every_bad_row_and_stores_nothing():
    map_services.import_map(LONGHU, as_bytes(bundled("longhu_test_map.json")))
    raw = bundled("longhu_test_data.json")
    raw["strategy"] = [1, 2, 3]
    raw["characters"][0]["valour"] = -2
    with pytest.raises(MapImportRefused) as caught:
        map_services.import_game_data(LONGHU, as_bytes(raw))
    wheres = {p.where for p in caught.value.problems}
    assert {"strategy", "characters[0].valour"} <= wheres
    assert not GameData.objects.exists()


def test_game_data_naming_a_map_not_stored_is_refused():
    with pytest.raises(MapImportRefused) as caught:
        map_services.import_game_data(WENLU, as_bytes(bundled("wenlu_test_data.json")))
    assert caught.value.problems[0].where == "map"


def test_map_data_returns_the_engines_map_by_content_hash_and_caches_it(test_maps, django_assert_num_queries):
    stored = GameMap.objects.get(system="wenlu")
    first = map_services.map_data(stored.content_hash)
    assert first.hash == stored.content_hash and first.has_region("汉城")
    with django_assert_num_queries(0):
        assert map_services.map_data(stored.content_hash) is first


def test_map_data_of_an_unknown_hash_is_not_found():
    with pytest.raises(MapNotFound):
        map_services.map_data("sha256:" + "0" * 64)


def test_the_bundled_test_maps_load_once_and_are_labelled_as_not_the_publishers(test_maps):
    assert GameMap.objects.count() == 2 and GameData.objects.count() == 2
    map_services.ensure_test_maps()
    assert GameMap.objects.count() == 2
    assert all(map_services.is_test_file(m) for m in GameMap.objects.all())
    assert all("publisher" in m.note for m in GameMap.objects.all())


def test_the_loadmaps_command_says_the_maps_are_not_the_publishers(db, capsys):
    from django.core.management import call_command

    call_command("loadmaps")
    out = capsys.readouterr().out
    assert "not the publisher's map" in out and "sha256:" in out


def test_a_map_whose_set_ups_are_null_is_refused_since_no_engine_plays_it():
    """Issue 29 point 8: a 龙虎三国志 map with every ``setups`` value ``null`` was accepted as a new version."""
    raw = bundled("longhu_test_map.json")
    raw["setups"] = {name: None for name in raw["setups"]} | {"other": None}
    before = GameMap.objects.count()
    with pytest.raises(MapImportRefused) as caught:
        map_services.import_map(LONGHU, as_bytes(raw))
    wheres = {p.where for p in caught.value.problems}
    assert wheres == {f"setups.{name}" for name in raw["setups"]}
    assert GameMap.objects.count() == before


def test_ten_thousand_extra_regions_are_refused_at_once_by_the_row_limit_in_chinese():
    from django.utils import translation

    from engine.maps.schema import MAX_ROWS

    raw = bundled("longhu_test_map.json")
    extra = [dict(raw["regions"][0], id=f"x{i}", name=f"x{i}") for i in range(10_000)]
    raw["regions"] = raw["regions"] + extra
    with translation.override("zh-hans"), pytest.raises(MapImportRefused) as caught:
        map_services.import_map(LONGHU, as_bytes(raw))
    problem = caught.value.problems[0]
    assert problem.where == "regions" and problem.why == f"有 {len(raw['regions'])} 行；上限为 {MAX_ROWS} 行"
    assert not GameMap.objects.filter(system=LONGHU.id).exists()
