"""A stored map or game-data version as readable tables: regions, adjacency with terrain, roads, ports,
provinces, castles, production, set-ups. Read only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from boards.models import GameData, GameMap
from boards.presenters.board import Board, draw
from boards.presenters.systems import SIDES, field_labels, said_note, value_labels
from boards.services import maps as map_services
from engine.maps import MapData
from engine.systems import System

TERRAIN = {"plain": _("plain"), "river": _("river"), "mountain": _("mountain")}
ROAD_CLASS = {"primary": _("primary road"), "secondary": _("secondary road")}
MOUNTAIN_ROAD = _("mountain road")


@dataclass
class RegionRow:
    id: str
    name: str
    province: str
    production: int
    features: list[str]
    neighbours: list[tuple[str, str]]
    roads: list[tuple[str, str]]


@dataclass
class SetupRow:
    """A set-up row as shown: its place, owner and piece by name in the reader's language."""

    at: str
    owner: str
    piece: str
    count: int


@dataclass
class MapPage:
    row: GameMap
    map: MapData
    is_test: bool
    note: str = ""
    """The file's note in the reader's language (``said_note``)."""
    regions: list[RegionRow] = field(default_factory=list)
    borders: list[tuple[str, str, str]] = field(default_factory=list)
    roads: list[tuple[str, str, str, bool]] = field(default_factory=list)
    provinces: list[tuple[str, str, list[str]]] = field(default_factory=list)
    boxes: list[tuple[str, str, str]] = field(default_factory=list)
    setups: list[tuple[str, list[SetupRow]]] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    data: list[GameData] = field(default_factory=list)
    board: Board | None = None
    """The map drawn (``boards.presenters.board``)."""


def _features(r: Any, tags: dict[str, str]) -> list[str]:
    out = []
    if r.capital:
        out.append(str(_("capital")))
    if r.castle:
        out.append(str(_("castle")))
    if r.port:
        out.append(str(_("port")))
    if r.home_box:
        out.append(str(_("home box of %(side)s") % {"side": SIDES.get(r.home_box, r.home_box)}))
    out.extend(tags.get(t, t) for t in r.tags)
    return out


def map_page(row: GameMap, system: System) -> MapPage:
    """The map's tables, every region, box and province (and the set-ups' countries and pieces, by the newest
    game data on the map) by its name in the reader's language (``names``: the files' ``name_en`` for an
    English reader); the id beside a region's or a box's name that differs."""
    m = map_services.map_data(row.content_hash)
    lang = get_language() or "en"
    said = m.names(lang)
    newest = row.game_data.order_by("-created_at", "-pk").first()
    if newest is not None:  # the set-ups name countries and pieces of the game data
        said = said | map_services.game_data(newest.content_hash).names(lang)

    def nm(place: str) -> str:
        return said.get(place, place)

    tags = value_labels(system).get("tags", {})
    page = MapPage(row=row, map=m, is_test=map_services.is_test_file(row), note=said_note(system, row.note))
    for r in m.regions:
        neighbours = [
            (nm(n), str(TERRAIN.get(b.terrain, b.terrain))) for n in m.neighbours(r.id) if (b := m.border(r.id, n))
        ]
        roads = []
        for n in m.road_neighbours(r.id):
            rd = m.road(r.id, n)
            if rd is not None:
                label = str(ROAD_CLASS.get(rd.road_class, rd.road_class))
                roads.append((nm(n), f"{label}, {MOUNTAIN_ROAD}" if rd.mountain else label))
        province = nm(r.province) if r.province else ""
        page.regions.append(RegionRow(r.id, nm(r.id), province, r.production, _features(r, tags), neighbours, roads))
    page.borders = [(nm(b.a), nm(b.b), str(TERRAIN.get(b.terrain, b.terrain))) for b in m.borders]
    page.roads = [
        (nm(rd.a), nm(rd.b), str(ROAD_CLASS.get(rd.road_class, rd.road_class)), rd.mountain) for rd in m.roads
    ]
    page.provinces = [(p.id, nm(p.id), [nm(r.id) for r in m.regions if r.province == p.id]) for p in m.provinces]
    page.boxes = [(b.id, nm(b.id), str(SIDES.get(b.side, b.side)) if b.side else "") for b in m.boxes]
    setups = value_labels(system).get("setup", {})
    page.setups = [
        (setups.get(name, name), [SetupRow(nm(p.at), nm(p.owner), nm(p.piece), p.count) for p in rows])
        for name, rows in m.setups
    ]
    page.totals = {
        "regions": len(m.regions),
        "production": sum(r.production for r in m.regions),
        "borders": len(m.borders),
        "roads": len(m.roads),
    }
    page.data = list(row.game_data.order_by("name", "-created_at"))
    page.board = draw(m)
    features = {r.id: r.features for r in page.regions}
    for spot in page.board.spots:  # what the map says of a place, in its panel
        spot.facts = [str(f) for f in features.get(spot.id, [])]
    return page


@dataclass
class DataPage:
    row: GameData
    sections: list[tuple[str, list[str], list[list[tuple[str, str]]]]]
    """(title, column heads, rows of (head, cell)) for each list of the file; other values in ``scalars``.
    Titles and heads are the game's labels of the file's keys in the reader's language (``engine.systems``)."""
    scalars: list[tuple[str, str]]
    note: str = ""
    """The file's note in the reader's language (``said_note``)."""
    english_head: str = ""
    """The column head of the rows' English names (``name_en``): its cells are marked ``lang="en"``."""


@dataclass(frozen=True)
class _Words:
    fields: dict[str, str]
    values: dict[str, dict[str, str]]
    keyed: frozenset[str]
    places: dict[str, str]
    """Names of the map's boxes (a data file names a box by its id)."""

    def key(self, key: str) -> str:
        return self.fields.get(key, key)

    def value(self, key: str, value: str) -> str:
        return self.values.get(key, {}).get(value) or self.places.get(value, value)


def data_page(row: GameData, system: System) -> DataPage:
    """Each list of objects in the data file as a table (its keys, labelled, as columns), the rest as label: value."""
    m = map_services.map_data(row.game_map.content_hash)
    words = _Words(
        fields=field_labels(system, "data"),
        values=value_labels(system),
        keyed=system.keyed_by_data(),
        places={b.id: b.name for b in m.boxes if b.name},
    )
    sections: list[Any] = []
    scalars: list[tuple[str, str]] = []
    for key, value in row.document.items():
        if key in ("format", "note"):
            continue
        _collect([key], value, sections, scalars, words)
    return DataPage(
        row=row,
        sections=sections,
        scalars=scalars,
        note=said_note(system, row.note),
        english_head=words.key("name_en"),
    )


def _collect(path: list[str], value: Any, sections: list[Any], scalars: list[tuple[str, str]], words: _Words) -> None:
    key = path[-1]
    title = " · ".join(words.key(k) for k in path)
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        keys: list[str] = []
        for v in value:
            keys.extend(k for k in v if k not in keys)
        heads = [words.key(k) for k in keys]
        sections.append((title, heads, [[(words.key(k), _cell(k, v.get(k, ""), words)) for k in keys] for v in value]))
    elif isinstance(value, dict) and value and all(isinstance(v, (dict, list)) for v in value.values()):
        for k, v in value.items():
            _collect([*path, k], v, sections, scalars, words)
    elif isinstance(value, dict):
        name = (lambda k: words.value(key, k)) if key in words.keyed else words.key
        sections.append((title, [], [[("", name(k)), ("", _cell(k, v, words))] for k, v in value.items()]))
    elif isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        sections.append((title, [], [[("", _cell(key, c, words)) for c in v] for v in value]))
    else:
        scalars.append((title, _cell(key, value, words)))


def _cell(key: str, value: Any, words: _Words) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else ""
    if isinstance(value, list):
        return " ".join(_cell(key, v, words) for v in value)
    if isinstance(value, dict):
        name = (lambda k: words.value(key, k)) if key in words.keyed else words.key
        return ", ".join(f"{name(k)}: {_cell(k, v, words)}" for k, v in value.items())
    return words.value(key, value) if isinstance(value, str) else str(value)
