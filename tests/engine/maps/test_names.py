"""Names in the reader's language (issue 30 item 2, docs/maps.md "Names"): each region, box, province, country,
character and counter carries its Chinese name and an optional English or pinyin ``name_en``; the bundled files
give every one of them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.longhu import data as longhu_data
from engine.maps import MAP_FORMAT, MapError, load_map, parse_map
from engine.wenlu import data as wenlu_data

DATA = Path(__file__).resolve().parents[3] / "engine" / "data"
HAN = re.compile(r"[\u3400-\u9fff]")


def tiny(**region: object) -> dict:
    return {
        "format": MAP_FORMAT,
        "id": "tiny",
        "game": "longhu",
        "name": "小图",
        "provinces": [{"id": "京畿道", "name_en": "Gyeonggi"}],
        "boxes": [{"id": "pool", "name": "在野武将区", "name_en": "Pool"}],
        "regions": [{"id": "洛阳", "province": "京畿道", **region}, {"id": "长安"}],
        "borders": [{"a": "洛阳", "b": "长安"}],
    }


def test_a_region_box_and_province_are_named_in_english_for_an_english_reader_and_in_chinese_otherwise():
    m = parse_map(tiny(name_en="Luoyang"))
    assert m.name_of("洛阳", "en") == "Luoyang"
    assert m.name_of("洛阳", "zh") == "洛阳"
    assert m.name_of("京畿道", "en") == "Gyeonggi"
    assert (m.name_of("pool", "en"), m.name_of("pool", "zh-hans")) == ("Pool", "在野武将区")


def test_a_place_without_an_english_name_keeps_its_own_name_in_english():
    m = parse_map(tiny())
    assert m.name_of("长安", "en") == "长安"
    assert m.name_of("no such place", "en") == "no such place"


def test_a_map_without_english_names_writes_no_name_en_so_its_hash_is_the_one_it_had_before_the_field():
    plain = tiny() | {"provinces": [{"id": "京畿道"}], "boxes": [{"id": "pool"}]}
    assert "name_en" not in json.dumps(parse_map(plain).to_json())
    assert parse_map(tiny(name_en="Luoyang")).hash != parse_map(tiny()).hash


def test_an_english_name_round_trips_through_the_canonical_json():
    m = parse_map(tiny(name_en="Luoyang"))
    again = parse_map(m.to_json())
    assert again.hash == m.hash and again.name_of("洛阳", "en") == "Luoyang"


@pytest.mark.parametrize("bad", ["", "  ", 3, None])
def test_an_english_name_that_is_not_a_non_empty_string_is_refused_where_it_stands(bad):
    with pytest.raises(MapError) as err:
        parse_map(tiny(name_en=bad))
    assert [p.where for p in err.value.problems] == ["regions[0].name_en"]


def test_a_unit_rows_english_name_is_numbered_like_its_counters_ids():
    m = load_map(DATA / "wenlu_test_map.json")
    d = wenlu_data.load_data(DATA / "wenlu_test_data.json", m)
    assert d.name_of("明军4", "en") == "Ming army 4"
    assert d.name_of("明军4", "zh") == "明军4"
    assert d.name_of("朝鲜国王", "en") == "King of Korea"


def test_a_wenlu_english_name_that_is_not_text_is_refused_where_it_stands():
    m = load_map(DATA / "wenlu_test_map.json")
    raw = json.loads((DATA / "wenlu_test_data.json").read_text(encoding="utf-8"))
    raw["generals"][0]["name_en"] = 5
    with pytest.raises(MapError) as err:
        wenlu_data.parse_data(raw, m)
    assert "generals[0].name_en" in [p.where for p in err.value.problems]


@pytest.mark.parametrize("game", ["longhu", "wenlu"])
def test_every_name_of_the_bundled_map_and_data_has_an_english_form_without_chinese(game):
    m = load_map(DATA / f"{game}_test_map.json")
    module = longhu_data if game == "longhu" else wenlu_data
    d = module.load_data(DATA / f"{game}_test_data.json", m)
    english = d.names("en")
    assert len(english) > 30
    assert {k: v for k, v in english.items() if HAN.search(v)} == {}
    assert HAN.search(m.title("en")) is None
