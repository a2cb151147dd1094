"""Positions in a map file (``layout``, docs/maps.md) and the layout computed for a map without them."""

from __future__ import annotations

import math

import pytest

from engine.maps import MAP_FORMAT, MapError, load_map, parse_map
from engine.maps.layout import SIZE, drawn_places, graph_places

TINY = {
    "format": MAP_FORMAT,
    "id": "tiny",
    "game": "longhu",
    "name": "Tiny",
    "regions": [{"id": c} for c in "ABCDEF"],
    "borders": [{"a": a, "b": b} for a, b in ("AB", "BC", "CD", "DE", "EF")],
}


def test_a_map_without_layout_keeps_the_hash_it_had_before_positions_existed() -> None:
    m = parse_map(TINY)
    assert "layout" not in m.to_json()
    assert m.hash == parse_map(m.to_json()).hash


def test_positions_are_part_of_the_content_hash_so_moved_regions_are_a_new_version() -> None:
    placed = parse_map(TINY | {"layout": {"A": {"x": 10, "y": 20}}})
    moved = parse_map(TINY | {"layout": {"A": {"x": 11, "y": 20}}})
    assert placed.position("A") is not None and placed.position("A").x == 10  # type: ignore[union-attr]
    assert len({parse_map(TINY).hash, placed.hash, moved.hash}) == 3
    assert parse_map(placed.to_json()).hash == placed.hash


def test_bad_positions_are_each_listed_with_where_they_are() -> None:
    with pytest.raises(MapError) as e:
        parse_map(
            TINY
            | {
                "layout": {
                    "Z": {"x": 1, "y": 1},
                    "A": {"x": -1, "y": "up"},
                    "B": {"x": 1, "y": 1, "outline": [[0, 0], [1, 1]]},
                    "C": {"x": 1, "y": 1, "outline": [[0, 0], [1, 1], [2]]},
                    "D": {"x": 1},
                }
            }
        )
    wheres = [p.where for p in e.value.problems]
    assert wheres == [
        "layout.Z",
        "layout.A.x",
        "layout.A.y",
        "layout.B.outline",
        "layout.C.outline[2]",
        "layout.D.y",
    ]


def test_an_outline_round_trips_through_the_canonical_json() -> None:
    m = parse_map(TINY | {"layout": {"A": {"x": 5, "y": 5, "outline": [[0, 0], [10, 0], [10, 10]]}}})
    assert m.to_json()["layout"]["A"]["outline"] == [[0, 0], [10, 0], [10, 10]]
    assert parse_map(m.to_json()) == m


def test_a_map_without_positions_gets_every_place_a_distinct_position_inside_the_square() -> None:
    places = drawn_places(parse_map(TINY))
    assert sorted(places) == list("ABCDEF")
    assert all(0 <= x <= SIZE and 0 <= y <= SIZE for x, y in places.values())
    points = list(places.values())
    closest = min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1 :])
    assert closest > SIZE / 20  # readable: no two places drawn on top of each other


def test_the_computed_layout_puts_neighbours_nearer_than_the_far_ends_of_a_chain() -> None:
    places = drawn_places(parse_map(TINY))
    assert math.dist(places["A"], places["B"]) < math.dist(places["A"], places["F"])


def test_the_computed_layout_is_the_same_every_time() -> None:
    assert drawn_places(parse_map(TINY)) == drawn_places(parse_map(TINY))


def test_places_the_file_positions_stay_where_it_says_while_the_rest_are_computed() -> None:
    places = drawn_places(parse_map(TINY | {"layout": {"A": {"x": 100, "y": 900}}}))
    assert places["A"] == (100.0, 900.0)
    assert len(places) == 6


@pytest.mark.parametrize("name", ["longhu", "wenlu"])
def test_the_bundled_maps_position_every_place_they_draw(name: str) -> None:
    m = load_map(f"engine/data/{name}_test_map.json")
    assert all(m.position(p) is not None for p in graph_places(m))


def test_only_boxes_a_road_reaches_are_drawn_on_the_map() -> None:
    m = load_map("engine/data/wenlu_test_map.json")
    assert "日本本国" in graph_places(m)
    assert "pool" not in graph_places(m)
