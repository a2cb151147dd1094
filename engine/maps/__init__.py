"""Maps as data, shared by the board games (龙虎三国志, 文禄朝鲜之役): schema in ``docs/maps.md``.

``load_map(path)`` / ``parse_map(data)`` check a whole map file and either return a frozen
:class:`MapData` or raise :class:`MapError` listing every bad row (where and why); nothing is half
loaded. ``MapData.hash`` is the canonical content hash that logs and events name.
"""

from __future__ import annotations

from engine.maps.schema import (
    BORDER_TERRAINS,
    MAP_FORMAT,
    PROGRESS_EVERY,
    ROAD_CLASSES,
    Border,
    Box,
    Checker,
    MapData,
    MapError,
    Placement,
    Position,
    Problem,
    Progress,
    Province,
    Region,
    Road,
    count_rows,
    load_map,
    map_hash,
    parse_map,
)

__all__ = [
    "BORDER_TERRAINS",
    "MAP_FORMAT",
    "PROGRESS_EVERY",
    "ROAD_CLASSES",
    "Border",
    "Box",
    "Checker",
    "MapData",
    "MapError",
    "Placement",
    "Position",
    "Problem",
    "Progress",
    "Province",
    "Region",
    "Road",
    "count_rows",
    "load_map",
    "map_hash",
    "parse_map",
]
