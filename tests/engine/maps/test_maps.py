"""The map schema (docs/maps.md): atomic load with every bad row, canonical hash, frozen values."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest

from engine.maps import MAP_FORMAT, MapError, load_map, parse_map

ROOT = Path(__file__).resolve().parents[3]
TEST_MAP = ROOT / "engine" / "data" / "longhu_test_map.json"


def imjin_like() -> dict:
    """The shape 文禄朝鲜之役 needs (§2.4): provinces, capitals, roads by class, mountain roads, home boxes."""
    return {
        "format": MAP_FORMAT,
        "id": "imjin-mini",
        "game": "imjin",
        "name": "mini",
        "provinces": [{"id": "京畿道"}, {"id": "庆尚道"}],
        "boxes": [{"id": "日本本国", "side": "japan"}, {"id": "补充区"}],
        "regions": [
            {"id": "汉城", "province": "京畿道", "capital": True, "castle": True},
            {"id": "釜山", "province": "庆尚道", "port": True},
            {"id": "尚州", "province": "庆尚道", "capital": True},
        ],
        "roads": [
            {"a": "日本本国", "b": "釜山", "class": "primary"},
            {"a": "釜山", "b": "尚州", "class": "secondary"},
            {"a": "尚州", "b": "汉城", "class": "primary", "mountain": True},
        ],
        "setups": {"standard": [{"at": "釜山", "owner": "小西", "piece": "小西行长"}]},
    }


def test_the_test_map_loads_and_says_it_is_not_the_publishers():
    m = load_map(TEST_MAP)
    assert len(m.regions) == 16
    assert "NOT the publisher" in m.note
    assert m.border("洛阳", "长安").terrain == "mountain"
    assert m.hash.startswith("sha256:")


def test_roads_classes_mountain_paths_boxes_and_provinces():
    m = parse_map(imjin_like())
    assert m.road("尚州", "汉城").mountain
    assert m.road("釜山", "尚州").road_class == "secondary"
    assert m.road_neighbours("釜山") == ("尚州", "日本本国")
    assert m.region("汉城").capital and m.region("汉城").province == "京畿道"
    assert m.setup("standard")[0].piece == "小西行长"


def test_every_bad_row_is_reported_with_where_and_why():
    data = imjin_like()
    data["regions"].append({"id": "汉城"})  # duplicate
    data["regions"][1]["production"] = -2
    data["regions"][2]["province"] = "咸镜道"
    data["roads"].append({"a": "釜山", "b": "东京", "class": "tertiary"})
    data["setups"]["standard"].append({"at": "nowhere", "owner": "x", "piece": "y", "count": 0})
    data["borders"] = [{"a": "汉城", "b": "汉城"}]
    data["colour"] = "red"
    with pytest.raises(MapError) as err:
        parse_map(data)
    where = [p.where for p in err.value.problems]
    assert "map.colour" in where
    assert "regions[3].id" in where
    assert "regions[1].production" in where
    assert "regions[2].province" in where
    assert "roads[3].b" in where and "roads[3].class" in where
    assert "setups.standard[1].at" in where and "setups.standard[1].count" in where
    assert "borders[0]" in where
    assert isinstance(err.value, ValueError)


def test_hash_is_canonical_and_changes_with_content():
    data = imjin_like()
    shuffled = copy.deepcopy(data)
    shuffled["regions"].reverse()
    shuffled["roads"] = [{**r, "a": r["b"], "b": r["a"]} for r in reversed(shuffled["roads"])]
    assert parse_map(data).hash == parse_map(shuffled).hash
    assert parse_map(json.loads(json.dumps(data, indent=3))).hash == parse_map(data).hash
    data["regions"][0]["castle"] = False
    assert parse_map(data).hash != parse_map(shuffled).hash


def test_values_are_frozen():
    m = parse_map(imjin_like())
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.regions[0].production = 9  # type: ignore[misc]


def test_unreadable_file_is_a_map_error(tmp_path):
    bad = tmp_path / "m.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MapError):
        load_map(bad)
