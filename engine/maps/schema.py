"""The map schema (``docs/maps.md``): frozen value types, the checking loader and the content hash.

>>> m = parse_map({"format": MAP_FORMAT, "id": "tiny", "game": "longhu", "name": "Tiny",
...     "regions": [{"id": "A", "production": 2}, {"id": "B", "production": 1}],
...     "borders": [{"a": "B", "b": "A", "terrain": "river"}]})
>>> m.neighbours("A"), m.border("A", "B").terrain, m.region("A").production
(('B',), 'river', 2)
>>> m.hash == parse_map(m.to_json()).hash
True
>>> try:
...     parse_map({"format": MAP_FORMAT, "id": "x", "game": "longhu", "name": "X",
...         "regions": [{"id": "A", "production": -1}], "borders": [{"a": "A", "b": "Z"}]})
... except MapError as e:
...     print(len(e.problems), e.problems[0])
2 regions[0].production: must be a whole number 0 or more, not -1
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import EngineError

MAP_FORMAT = "junling-map/1"
BORDER_TERRAINS = ("plain", "river", "mountain")
"""Border terrain (龙虎三国志 §2-1: brown = mountain, blue = river)."""
ROAD_CLASSES = ("primary", "secondary")
"""Road classes (文禄朝鲜之役 §2.4(3): 一级/二级街道; a road may also be a 山路 mountain road)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One bad row: ``where`` is a JSON path (``regions[3].production``), ``why`` a sentence."""

    where: str
    why: str

    def __str__(self) -> str:
        return f"{self.where}: {self.why}"


class MapError(EngineError):
    """A map file that cannot be loaded; ``problems`` lists every bad row, in file order."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        shown = "; ".join(str(p) for p in self.problems[:5])
        more = f" (and {len(self.problems) - 5} more)" if len(self.problems) > 5 else ""
        super().__init__(f"{len(self.problems)} problem(s) in the map: {shown}{more}")


@dataclass(frozen=True, slots=True)
class Province:
    """A province (道, 文禄朝鲜之役 §2.4(2)); 龙虎三国志 maps may leave the list empty."""

    id: str
    name: str
    name_en: str = ""


@dataclass(frozen=True, slots=True)
class Box:
    """An off-map place: a home box, a pool, a turn-track slot (文禄朝鲜之役 §2.4(4)–(8))."""

    id: str
    name: str
    side: str | None = None
    name_en: str = ""


@dataclass(frozen=True, slots=True)
class Region:
    """A region of the map. ``home_box`` names the side whose home box it is (Japan, Ming), else None."""

    id: str
    name: str
    province: str | None = None
    production: int = 0
    capital: bool = False
    castle: bool = False
    port: bool = False
    home_box: str | None = None
    tags: tuple[str, ...] = ()
    name_en: str = ""


@dataclass(frozen=True, slots=True)
class Border:
    """Two regions that touch (龙虎三国志 adjacency), with the border's terrain."""

    a: str
    b: str
    terrain: str = "plain"


@dataclass(frozen=True, slots=True)
class Road:
    """A road between two regions or boxes (文禄朝鲜之役 §2.4(3), §7.2): class, and whether a 山路."""

    a: str
    b: str
    road_class: str = "primary"
    mountain: bool = False


@dataclass(frozen=True, slots=True)
class Placement:
    """One row of a starting set-up: ``count`` of ``piece`` (a counter name, or ``army`` strength) for
    ``owner`` at ``at`` (a region or a box)."""

    at: str
    owner: str
    piece: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class Position:
    """Where a region or box is drawn (``layout`` of the file): its centre ``x``, ``y`` in the map's own units
    (0 to :data:`MAX_COORD`, y downwards) and, optionally, its outline as a closed polygon of points."""

    place: str
    x: float
    y: float
    outline: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True)
class MapData:
    """A checked map. Frozen; look-ups are indexed once."""

    id: str
    game: str
    name: str
    note: str
    provinces: tuple[Province, ...]
    boxes: tuple[Box, ...]
    regions: tuple[Region, ...]
    borders: tuple[Border, ...]
    roads: tuple[Road, ...]
    setups: tuple[tuple[str, tuple[Placement, ...]], ...]
    name_en: str = ""
    layout: tuple[Position, ...] = ()
    hash: str = field(default="", compare=False)
    _region: dict[str, Region] = field(default_factory=dict, repr=False, compare=False)
    _adj: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    _border: dict[tuple[str, str], Border] = field(default_factory=dict, repr=False, compare=False)
    _road_adj: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    _road: dict[tuple[str, str], Road] = field(default_factory=dict, repr=False, compare=False)
    _region_ids: tuple[str, ...] = field(default=(), repr=False, compare=False)
    _names: dict[bool, dict[str, str]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_region", {r.id: r for r in self.regions})
        object.__setattr__(self, "_region_ids", tuple(r.id for r in self.regions))
        adj: dict[str, list[str]] = {r.id: [] for r in self.regions}
        for b in self.borders:
            adj[b.a].append(b.b)
            adj[b.b].append(b.a)
            self._border[(b.a, b.b)] = b
            self._border[(b.b, b.a)] = b
        object.__setattr__(self, "_adj", {k: tuple(sorted(v)) for k, v in adj.items()})
        radj: dict[str, list[str]] = {}
        for rd in self.roads:
            radj.setdefault(rd.a, []).append(rd.b)
            radj.setdefault(rd.b, []).append(rd.a)
            self._road[(rd.a, rd.b)] = rd
            self._road[(rd.b, rd.a)] = rd
        object.__setattr__(self, "_road_adj", {k: tuple(sorted(v)) for k, v in radj.items()})
        if not self.hash:
            object.__setattr__(self, "hash", map_hash(self.to_json()))

    def region(self, rid: str) -> Region:
        """The region called ``rid`` (KeyError if none)."""
        return self._region[rid]

    def has_region(self, rid: str) -> bool:
        return rid in self._region

    @property
    def region_ids(self) -> tuple[str, ...]:
        """The regions' ids in the map's order (computed once: the rules ask for it on every battle check)."""
        return self._region_ids

    def neighbours(self, rid: str) -> tuple[str, ...]:
        """Regions sharing a border with ``rid`` (sorted)."""
        return self._adj.get(rid, ())

    def border(self, a: str, b: str) -> Border | None:
        """The border between ``a`` and ``b``, or None if they do not touch."""
        return self._border.get((a, b))

    def road_neighbours(self, rid: str) -> tuple[str, ...]:
        """Regions and boxes one road away from ``rid`` (sorted)."""
        return self._road_adj.get(rid, ())

    def road(self, a: str, b: str) -> Road | None:
        return self._road.get((a, b))

    def setup(self, name: str) -> tuple[Placement, ...]:
        """The rows of the starting set-up ``name`` (KeyError if none)."""
        for n, rows in self.setups:
            if n == name:
                return rows
        raise KeyError(name)

    def title(self, lang: str = "zh") -> str:
        """The map's own name in ``lang`` (``en``: its ``name_en`` when the file gives one)."""
        return _in(lang, self.name, self.name_en)

    def names(self, lang: str = "zh") -> dict[str, str]:
        """Every region, box and province id → its name in ``lang`` (``en``: the row's ``name_en`` when the
        file gives one, else its ``name``)."""
        en = not lang.lower().startswith("zh")
        if en not in self._names:
            rows: tuple[Province | Box | Region, ...] = (*self.provinces, *self.boxes, *self.regions)
            self._names[en] = {r.id: _in(lang, r.name, r.name_en) for r in rows}
        return dict(self._names[en])

    def name_of(self, place: str, lang: str = "zh") -> str:
        """The name of the region, box or province ``place`` in ``lang``; an unknown id as it is written."""
        return self.names(lang).get(place, place)

    def position(self, place: str) -> Position | None:
        """Where the file places ``place`` (a region or box), None if its ``layout`` does not."""
        for p in self.layout:
            if p.place == place:
                return p
        return None

    def to_json(self) -> dict[str, Any]:
        """The canonical JSON form (what the hash is taken of): sorted rows, defaults written out; ``name_en``
        only where given and ``layout`` only when the map has one (a map without English names or positions
        keeps the hash it had before those fields existed)."""
        out = _with_en(self.name_en) | self._canonical()
        if self.layout:
            out["layout"] = {
                p.place: {"x": p.x, "y": p.y} | ({"outline": [list(pt) for pt in p.outline]} if p.outline else {})
                for p in sorted(self.layout, key=lambda p: p.place)
            }
        return out

    def _canonical(self) -> dict[str, Any]:
        return {
            "format": MAP_FORMAT,
            "id": self.id,
            "game": self.game,
            "name": self.name,
            "note": self.note,
            "provinces": [
                {"id": p.id, "name": p.name} | _with_en(p.name_en) for p in sorted(self.provinces, key=lambda p: p.id)
            ],
            "boxes": [
                {"id": b.id, "name": b.name, "side": b.side} | _with_en(b.name_en)
                for b in sorted(self.boxes, key=lambda b: b.id)
            ],
            "regions": [
                _with_en(r.name_en)
                | {
                    "id": r.id,
                    "name": r.name,
                    "province": r.province,
                    "production": r.production,
                    "capital": r.capital,
                    "castle": r.castle,
                    "port": r.port,
                    "home_box": r.home_box,
                    "tags": sorted(r.tags),
                }
                for r in sorted(self.regions, key=lambda r: r.id)
            ],
            "borders": sorted(
                ({"a": min(b.a, b.b), "b": max(b.a, b.b), "terrain": b.terrain} for b in self.borders),
                key=lambda d: (d["a"], d["b"]),
            ),
            "roads": sorted(
                (
                    {"a": min(r.a, r.b), "b": max(r.a, r.b), "class": r.road_class, "mountain": r.mountain}
                    for r in self.roads
                ),
                key=lambda d: (d["a"], d["b"]),
            ),
            "setups": {
                name: [{"at": p.at, "owner": p.owner, "piece": p.piece, "count": p.count} for p in rows]
                for name, rows in sorted(self.setups)
            },
        }


def _in(lang: str, name: str, name_en: str) -> str:
    """``name`` (the data's own, Chinese) or, for an English reader, ``name_en`` when there is one."""
    return name_en if name_en and not lang.lower().startswith("zh") else name


def _with_en(name_en: str) -> dict[str, Any]:
    return {"name_en": name_en} if name_en else {}


def map_hash(data: dict[str, Any]) -> str:
    """``sha256:`` + the hex digest of the canonical JSON (sorted keys, no spaces, UTF-8)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_map(path: str | Path) -> MapData:
    """Read and check a map file (UTF-8 JSON); :class:`MapError` lists every problem."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MapError([Problem(str(path), f"cannot be read as UTF-8 JSON: {exc}")]) from exc
    return parse_map(data)


# --- the checking loader ------------------------------------------------------------------------

_TOP = {
    "format",
    "id",
    "game",
    "name",
    "name_en",
    "note",
    "provinces",
    "boxes",
    "regions",
    "borders",
    "roads",
    "setups",
    "layout",
}
_REGION = {"id", "name", "name_en", "province", "production", "capital", "castle", "port", "home_box", "tags"}


MAX_COORD = 10000
"""A position's coordinates lie between 0 and this (the drawing scales them to fit)."""
MAX_OUTLINE = 200
"""The most points an outline may have."""

MAX_ROWS = 2000
"""The most rows any list of a map or of game data may hold (regions, borders, roads, a set-up, characters...):
a real map has a few hundred; more is refused at once, before any row is checked."""


Progress = Callable[[int], None]
"""Told the number of rows checked so far, every :data:`PROGRESS_EVERY` rows (a long import's task reports it)."""
PROGRESS_EVERY = 100


class _Ticking(list[Any]):
    """A list of rows that counts each row handed out into its checker (progress of a long check)."""

    def __init__(self, rows: list[Any], checker: Checker) -> None:
        super().__init__(rows)
        self._checker = checker

    def __iter__(self) -> Iterator[Any]:
        for row in super().__iter__():
            self._checker.tick()
            yield row


class Checker:
    """Collects every problem of a file being checked (shared by the games' data loaders); ``progress``, if
    given, is told how many rows were checked every :data:`PROGRESS_EVERY` rows."""

    def __init__(self, progress: Progress | None = None) -> None:
        self.problems: list[Problem] = []
        self.progress = progress
        self.checked = 0

    def tick(self) -> None:
        self.checked += 1
        if self.progress is not None and self.checked % PROGRESS_EVERY == 0:
            self.progress(self.checked)

    def bad(self, where: str, why: str) -> None:
        self.problems.append(Problem(where, why))

    def keys(self, where: str, row: Any, allowed: set[str], required: tuple[str, ...]) -> bool:
        if not isinstance(row, dict):
            self.bad(where, f"must be an object, not {type(row).__name__}")
            return False
        for k in sorted(set(row) - allowed):
            self.bad(f"{where}.{k}", "unknown field")
        ok = True
        for k in required:
            if k not in row:
                self.bad(f"{where}.{k}", "is missing")
                ok = False
        return ok

    def english(self, where: str, row: dict[str, Any]) -> str:
        """A row's optional ``name_en`` (its English or pinyin name), "" when not given."""
        if "name_en" not in row:
            return ""
        return self.text(where, row["name_en"]) or ""

    def text(self, where: str, value: Any, *, optional: bool = False) -> str | None:
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            self.bad(where, f"must be a non-empty string, not {value!r}")
            return None
        return value

    def count(self, where: str, value: Any, minimum: int = 0) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.bad(where, f"must be a whole number {minimum} or more, not {value!r}")
            return None
        return value

    def flag(self, where: str, value: Any) -> bool:
        if not isinstance(value, bool):
            self.bad(where, f"must be true or false, not {value!r}")
            return False
        return value

    def rows(self, where: str, value: Any) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.bad(where, "must be a list")
            return []
        if len(value) > MAX_ROWS:  # refused before a row is checked: 10,000 regions took 24 s (issue 29 point 8)
            self.bad(where, f"has {len(value)} rows; the limit is {MAX_ROWS}")
            return []
        return _Ticking(value, self) if self.progress is not None else value


def parse_map(data: Any, progress: Progress | None = None) -> MapData:
    """Check ``data`` (the parsed JSON of a map file) as a whole; return the map or raise :class:`MapError`.

    ``progress`` is told the rows checked so far as the check goes (:class:`Checker`)."""
    c = Checker(progress)
    if not c.keys("map", data, _TOP, ("format", "id", "game", "name", "regions")):
        raise MapError(c.problems)
    if data["format"] != MAP_FORMAT:
        c.bad("format", f"must be {MAP_FORMAT!r}, not {data['format']!r}")
    mid = c.text("id", data["id"]) or ""
    game = c.text("game", data["game"]) or ""
    name = c.text("name", data["name"]) or ""
    note = data.get("note", "")
    if not isinstance(note, str):
        c.bad("note", "must be a string")
        note = ""

    provinces: list[Province] = []
    for i, row in enumerate(c.rows("provinces", data.get("provinces"))):
        w = f"provinces[{i}]"
        if c.keys(w, row, {"id", "name", "name_en"}, ("id",)):
            pid = c.text(f"{w}.id", row["id"])
            if pid is not None:
                if any(p.id == pid for p in provinces):
                    c.bad(f"{w}.id", f"duplicate province {pid!r}")
                else:
                    pname = c.text(f"{w}.name", row.get("name", pid)) or pid
                    provinces.append(Province(pid, pname, c.english(f"{w}.name_en", row)))
    province_ids = {p.id for p in provinces}

    boxes: list[Box] = []
    for i, row in enumerate(c.rows("boxes", data.get("boxes"))):
        w = f"boxes[{i}]"
        if c.keys(w, row, {"id", "name", "name_en", "side"}, ("id",)):
            bid = c.text(f"{w}.id", row["id"])
            if bid is not None:
                if any(b.id == bid for b in boxes):
                    c.bad(f"{w}.id", f"duplicate box {bid!r}")
                else:
                    side = c.text(f"{w}.side", row.get("side"), optional=True)
                    bname = c.text(f"{w}.name", row.get("name", bid)) or bid
                    boxes.append(Box(bid, bname, side, c.english(f"{w}.name_en", row)))

    regions: list[Region] = []
    seen: set[str] = set()
    region_rows = c.rows("regions", data["regions"])
    if not region_rows:
        c.bad("regions", "a map needs at least one region")
    for i, row in enumerate(region_rows):
        w = f"regions[{i}]"
        if not c.keys(w, row, _REGION, ("id",)):
            continue
        rid = c.text(f"{w}.id", row["id"])
        if rid is None:
            continue
        if rid in seen or any(b.id == rid for b in boxes):
            c.bad(f"{w}.id", f"duplicate region or box {rid!r}")
            continue
        seen.add(rid)
        prov = c.text(f"{w}.province", row.get("province"), optional=True)
        if prov is not None and prov not in province_ids:
            c.bad(f"{w}.province", f"unknown province {prov!r}")
        prod = c.count(f"{w}.production", row.get("production", 0))
        tags = row.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) and t for t in tags):
            c.bad(f"{w}.tags", "must be a list of non-empty strings")
            tags = []
        regions.append(
            Region(
                id=rid,
                name=c.text(f"{w}.name", row.get("name", rid)) or rid,
                province=prov,
                production=prod or 0,
                capital=c.flag(f"{w}.capital", row.get("capital", False)),
                castle=c.flag(f"{w}.castle", row.get("castle", False)),
                port=c.flag(f"{w}.port", row.get("port", False)),
                home_box=c.text(f"{w}.home_box", row.get("home_box"), optional=True),
                tags=tuple(tags),
                name_en=c.english(f"{w}.name_en", row),
            )
        )
    places = seen | {b.id for b in boxes}

    borders: list[Border] = []
    pairs: set[frozenset[str]] = set()
    for i, row in enumerate(c.rows("borders", data.get("borders"))):
        w = f"borders[{i}]"
        if not c.keys(w, row, {"a", "b", "terrain"}, ("a", "b")):
            continue
        ends = [c.text(f"{w}.{k}", row[k]) for k in ("a", "b")]
        ok = True
        for k, rid in zip(("a", "b"), ends):
            if rid is not None and rid not in seen:
                c.bad(f"{w}.{k}", f"unknown region {rid!r}")
                ok = False
        terrain = row.get("terrain", "plain")
        if terrain not in BORDER_TERRAINS:
            c.bad(f"{w}.terrain", f"must be one of {', '.join(BORDER_TERRAINS)}, not {terrain!r}")
            ok = False
        a, b = ends
        if a is None or b is None or not ok:
            continue
        if a == b:
            c.bad(w, f"a region cannot border itself ({a!r})")
            continue
        if frozenset((a, b)) in pairs:
            c.bad(w, f"duplicate border {a!r}–{b!r}")
            continue
        pairs.add(frozenset((a, b)))
        borders.append(Border(a, b, terrain))

    roads: list[Road] = []
    rpairs: set[frozenset[str]] = set()
    for i, row in enumerate(c.rows("roads", data.get("roads"))):
        w = f"roads[{i}]"
        if not c.keys(w, row, {"a", "b", "class", "mountain"}, ("a", "b")):
            continue
        ends = [c.text(f"{w}.{k}", row[k]) for k in ("a", "b")]
        ok = True
        for k, rid in zip(("a", "b"), ends):
            if rid is not None and rid not in places:
                c.bad(f"{w}.{k}", f"unknown region or box {rid!r}")
                ok = False
        cls = row.get("class", "primary")
        if cls not in ROAD_CLASSES:
            c.bad(f"{w}.class", f"must be one of {', '.join(ROAD_CLASSES)}, not {cls!r}")
            ok = False
        mountain = c.flag(f"{w}.mountain", row.get("mountain", False))
        a, b = ends
        if a is None or b is None or not ok:
            continue
        if a == b:
            c.bad(w, f"a road cannot join {a!r} to itself")
            continue
        if frozenset((a, b)) in rpairs:
            c.bad(w, f"duplicate road {a!r}–{b!r}")
            continue
        rpairs.add(frozenset((a, b)))
        roads.append(Road(a, b, cls, mountain))

    setups: list[tuple[str, tuple[Placement, ...]]] = []
    raw_setups = data.get("setups", {})
    if not isinstance(raw_setups, dict):
        c.bad("setups", "must be an object of set-up name → rows")
        raw_setups = {}
    if len(raw_setups) > MAX_ROWS:
        c.bad("setups", f"has {len(raw_setups)} rows; the limit is {MAX_ROWS}")
        raw_setups = {}
    for sname, rows in raw_setups.items():
        placements: list[Placement] = []
        if rows is None:  # no engine plays a null set-up (issue 29 point 8); [] is the battle calculator's
            c.bad(f"setups.{sname}", "must be a list of placements, not null")
            continue
        for i, row in enumerate(c.rows(f"setups.{sname}", rows)):
            w = f"setups.{sname}[{i}]"
            if not c.keys(w, row, {"at", "owner", "piece", "count"}, ("at", "owner", "piece")):
                continue
            at = c.text(f"{w}.at", row["at"])
            if at is not None and at not in places:
                c.bad(f"{w}.at", f"unknown region or box {at!r}")
                at = None
            owner = c.text(f"{w}.owner", row["owner"])
            piece = c.text(f"{w}.piece", row["piece"])
            count = c.count(f"{w}.count", row.get("count", 1), minimum=1)
            if at and owner and piece and count:
                placements.append(Placement(at, owner, piece, count))
        setups.append((sname, tuple(placements)))

    layout = _layout(c, data.get("layout"), places)

    if c.problems:
        raise MapError(c.problems)
    return MapData(
        id=mid,
        game=game,
        name=name,
        note=note,
        provinces=tuple(provinces),
        boxes=tuple(boxes),
        regions=tuple(regions),
        borders=tuple(borders),
        roads=tuple(roads),
        setups=tuple(setups),
        name_en=c.english("name_en", data),
        layout=layout,
    )


def _coord(c: Checker, where: str, value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_COORD:
        c.bad(where, f"must be a number from 0 to {MAX_COORD}, not {value!r}")
        return None
    return value


def _layout(c: Checker, raw: Any, places: set[str]) -> tuple[Position, ...]:
    """The file's ``layout`` (place id → ``{"x", "y", "outline"?}``) checked: known places, numbers in range."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        c.bad("layout", "must be an object of region or box id → position")
        return ()
    if len(raw) > MAX_ROWS:
        c.bad("layout", f"has {len(raw)} rows; the limit is {MAX_ROWS}")
        return ()
    out: list[Position] = []
    for place, row in raw.items():
        w = f"layout.{place}"
        if place not in places:
            c.bad(w, f"unknown region or box {place!r}")
            continue
        if not c.keys(w, row, {"x", "y", "outline"}, ("x", "y")):
            continue
        x, y = _coord(c, f"{w}.x", row["x"]), _coord(c, f"{w}.y", row["y"])
        outline: list[tuple[float, float]] = []
        points = row.get("outline", [])
        if not isinstance(points, list) or len(points) > MAX_OUTLINE or len(points) in (1, 2):
            c.bad(f"{w}.outline", f"must be a list of 3 to {MAX_OUTLINE} points [x, y]")
            points = []
        for i, pt in enumerate(points):
            if not isinstance(pt, list) or len(pt) != 2:
                c.bad(f"{w}.outline[{i}]", f"must be a point [x, y], not {pt!r}")
                continue
            px, py = _coord(c, f"{w}.outline[{i}][0]", pt[0]), _coord(c, f"{w}.outline[{i}][1]", pt[1])
            if px is not None and py is not None:
                outline.append((px, py))
        if x is not None and y is not None:
            out.append(Position(place, x, y, tuple(outline)))
    return tuple(out)


def count_rows(data: Any) -> int:
    """The rows of a map or data file, as its check counts them roughly: every list of the top level and of
    the objects there (``setups``, a data file's tables). What decides whether an import is checked in a task."""
    if not isinstance(data, dict):
        return 0
    total = 0
    for value in data.values():
        if isinstance(value, list):
            total += len(value)
        elif isinstance(value, dict):
            total += sum(len(v) for v in value.values() if isinstance(v, list))
    return total
