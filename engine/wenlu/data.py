"""Game data of 文禄朝鲜之役 that the text leaves out (the counter sheet, ruling W24): counters with their
values, where each starts (§4.0), the event cards. Format in ``docs/wenlu.md``.

``parse_data(data, map)`` checks the whole file against its map and raises :class:`DataError` with every
bad row, or returns a frozen :class:`GameData`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.maps import Checker, MapData, MapError, Problem, Progress, load_map, map_hash
from engine.wenlu.terms import ALLIED_CARDS, JAPAN_CARDS, KINDS, NATIONS, OFF_MAP, RANKS, SIDE_OF

DATA_FORMAT = "junling-wenlu-data/1"


class DataError(MapError):
    """Game data that cannot be loaded; ``problems`` lists every bad row."""


@dataclass(frozen=True, slots=True)
class Counter:
    """One counter (§2.3(1)): a general (``rank`` ``cic`` 总大将 or ``general``), a unit, the King or the Prince.

    ``fa`` 野战能力 and ``morale`` 战意 are a general's (0 for the others); ``faction`` is the daimyo house
    (Japanese) or the nationality (Korean, Ming, §3.2); ``area`` the province a righteous general rises in
    (义兵蜂起); ``also_commands`` houses whose units it leads on a march as its own (加藤清正, §13.2)."""

    id: str
    name: str
    nation: str
    faction: str
    kind: str = "unit"
    rank: str = ""
    fa: int = 0
    morale: int = 0
    area: str | None = None
    righteous: bool = False
    also_commands: tuple[str, ...] = ()
    name_en: str = ""
    """The English or pinyin name (``Konishi Yukinaga``, ``Ming army 4``); "" when the file gives none."""

    @property
    def side(self) -> str:
        return SIDE_OF[self.nation]

    @property
    def general(self) -> bool:
        return self.kind == "general"

    @property
    def cic(self) -> bool:
        return self.rank == "cic"

    @property
    def command(self) -> int:
        """§7.2(2), §8.1(3)②: counters a general leads, itself included."""
        return 8 if self.rank == "cic" else 4 if self.kind == "general" else 0


@dataclass(frozen=True)
class GameData:
    id: str
    note: str
    map: MapData
    counters: tuple[Counter, ...]
    start: tuple[tuple[str, str], ...]
    """(counter id, where it starts: a region or a box, §4.0)."""
    cards: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    """side → ((card, copies), ...) (§2.5: 16 each)."""
    turns: int = 16
    peace_turn: int = 16
    hanseong: str = "汉城"
    konishi: str = "小西行长"
    kato: str = "加藤清正"
    kato_province: str = "咸镜道"
    hash: str = ""
    _by_id: dict[str, Counter] = field(default_factory=dict, repr=False, compare=False)

    _sides: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    _order: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    _kinds: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    _names: dict[bool, dict[str, str]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_id.update({c.id: c for c in self.counters})
        self._sides.update({c.id: c.side for c in self.counters})
        self._order.update({c.id: i for i, c in enumerate(self.counters)})
        for key in dict.fromkeys((c.nation, c.kind) for c in self.counters):
            self._kinds[key] = tuple(c.id for c in self.counters if (c.nation, c.kind) == key)

    def of_kind(self, nation: str, kind: str) -> tuple[str, ...]:
        """The counters of ``nation`` and ``kind`` (``general``, ``unit``, ...), in data order (the rules ask
        each activation: listed once)."""
        return self._kinds.get((nation, kind), ())

    def generals(self, nation: str) -> tuple[str, ...]:
        """The generals of ``nation``, in data order."""
        return self.of_kind(nation, "general")

    def counter(self, cid: str) -> Counter:
        return self._by_id[cid]

    @property
    def side_of(self) -> Mapping[str, str]:
        """Counter id → its side (``Counter.side``)."""
        return self._sides

    @property
    def counter_order(self) -> Mapping[str, int]:
        """Counter id → its place in data order."""
        return self._order

    def has(self, cid: str) -> bool:
        return cid in self._by_id

    def names(self, lang: str = "zh") -> dict[str, str]:
        """Every name of the game (the map's regions, boxes and provinces, the counters) → as a reader of
        ``lang`` reads it: for ``en`` the ``name_en`` the files give, else the id as written."""
        en = not lang.lower().startswith("zh")
        if en not in self._names:
            out = self.map.names(lang)
            self._names[en] = out | {c.id: (c.name_en if en else "") or c.id for c in self.counters}
        return self._names[en]

    def name_of(self, key: str, lang: str = "zh") -> str:
        """A place or a counter in ``lang`` (:meth:`names`); anything else as it is written."""
        return self.names(lang).get(key, key)

    def deck(self, side: str) -> list[str]:
        for s, rows in self.cards:
            if s == side:
                return [name for name, n in rows for _ in range(n)]
        return []

    @property
    def japan_box(self) -> str:
        return next(r.id for r in self.map.regions if r.home_box == "japan")

    @property
    def ming_box(self) -> str:
        return next(r.id for r in self.map.regions if r.home_box == "ming")


def _english(ck: Checker, row: dict[str, Any], where: str) -> str:
    """A row's optional ``name_en`` (a unit row's: its type's, numbered like its counters' ids)."""
    value = row.get("name_en", "")
    if not isinstance(value, str):
        ck.bad(f"{where}.name_en", f"must be a string, not {value!r}")
        return ""
    return value.strip()


def _int(ck: Checker, row: dict[str, Any], key: str, where: str, lo: int = 0, hi: int = 9) -> int:
    v = row.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        ck.bad(f"{where}.{key}", f"must be a whole number {lo} to {hi}, not {v!r}")
        return 0
    return v


def parse_data(data: Any, map_data: MapData, progress: Progress | None = None) -> GameData:
    """Check the whole file; :class:`DataError` lists every bad row."""
    ck = Checker(progress)
    if not isinstance(data, dict):
        raise DataError([Problem("", "game data is a JSON object")])
    if data.get("format") != DATA_FORMAT:
        ck.bad("format", f"must be {DATA_FORMAT!r}")
    if data.get("map") != map_data.id:
        ck.bad("map", f"names map {data.get('map')!r}, not the loaded map {map_data.id!r}")
    places = set(map_data.region_ids) | {b.id for b in map_data.boxes} | set(OFF_MAP)
    provinces = {p.id for p in map_data.provinces}
    counters: list[Counter] = []
    start: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(c: Counter, at: Any, where: str) -> None:
        if c.id in seen:
            ck.bad(where, f"counter {c.id!r} given twice")
        seen.add(c.id)
        if c.nation not in NATIONS:
            ck.bad(f"{where}.nation", f"must be one of {', '.join(NATIONS)}")
        if at not in places:
            ck.bad(f"{where}.start", f"{at!r} is neither a region nor a box of the map")
        counters.append(c)
        start.append((c.id, str(at)))

    for i, row in enumerate(data.get("generals", [])):
        where = f"generals[{i}]"
        if not isinstance(row, dict) or not isinstance(row.get("id"), str):
            ck.bad(where, "a general needs an id")
            continue
        if row.get("rank") not in RANKS:
            ck.bad(f"{where}.rank", f"must be one of {', '.join(RANKS)}")
        if row.get("area") is not None and row["area"] not in provinces:
            ck.bad(f"{where}.area", f"{row['area']!r} is not a province of the map")
        c = Counter(
            id=row["id"],
            name=str(row.get("name", row["id"])),
            nation=str(row.get("nation")),
            faction=str(row.get("faction", row.get("nation"))),
            kind="general",
            rank=str(row.get("rank")),
            fa=_int(ck, row, "fa", where),
            morale=_int(ck, row, "morale", where),
            area=row.get("area"),
            righteous=bool(row.get("righteous", False)),
            also_commands=tuple(row.get("also_commands", ())),
            name_en=_english(ck, row, where),
        )
        add(c, row.get("start"), where)
    for i, row in enumerate(data.get("units", [])):
        where = f"units[{i}]"
        if not isinstance(row, dict) or not isinstance(row.get("type"), str) or not isinstance(row.get("start"), dict):
            ck.bad(where, "a unit row needs a type and a start object (place → count)")
            continue
        if row.get("kind", "unit") not in KINDS or row.get("kind") == "general":
            ck.bad(f"{where}.kind", "must be unit, king or prince")
        n = 0
        type_en = _english(ck, row, where)
        for at, count in row["start"].items():
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                ck.bad(f"{where}.start.{at}", f"must be a whole number 1 or more, not {count!r}")
                continue
            for _ in range(count):
                n += 1
                numbered = row.get("kind", "unit") == "unit" or count != 1
                cid = f"{row['type']}{n}" if numbered else row["type"]
                c = Counter(
                    id=cid,
                    name=row["type"],
                    nation=str(row.get("nation")),
                    faction=str(row.get("faction", row.get("nation"))),
                    kind=str(row.get("kind", "unit")),
                    name_en=f"{type_en} {n}" if type_en and numbered else type_en,
                )
                add(c, at, where)
    cards = []
    for side, names in (("japan", JAPAN_CARDS), ("allies", ALLIED_CARDS)):
        rows = data.get("cards", {}).get(side, {})
        if not isinstance(rows, dict):
            ck.bad(f"cards.{side}", "must be an object (card → copies)")
            continue
        for name, n in rows.items():
            if name not in names:
                ck.bad(f"cards.{side}.{name}", f"not a card of the {side} (one of {', '.join(names)})")
            if not isinstance(n, int) or n < 0:
                ck.bad(f"cards.{side}.{name}", "copies must be a whole number")
        cards.append((side, tuple(sorted((k, int(v)) for k, v in rows.items() if isinstance(v, int)))))
    hanseong = data.get("hanseong", "汉城")
    if not map_data.has_region(hanseong):
        ck.bad("hanseong", f"{hanseong!r} is not a region of the map")
    for box in ("japan", "ming"):
        if not any(r.home_box == box for r in map_data.regions):
            ck.bad("map", f"the map has no {box} home box region (home_box: {box!r})")
    if ck.problems:
        raise DataError(ck.problems)
    body = {k: v for k, v in data.items() if k != "note"}
    return GameData(
        id=str(data.get("id", "")),
        note=str(data.get("note", "")),
        map=map_data,
        counters=tuple(counters),
        start=tuple(start),
        cards=tuple(cards),
        turns=int(data.get("turns", 16)),
        peace_turn=int(data.get("peace_turn", 16)),
        hanseong=hanseong,
        konishi=str(data.get("konishi", "小西行长")),
        kato=str(data.get("kato", "加藤清正")),
        kato_province=str(data.get("kato_province", "咸镜道")),
        hash=map_hash(body),
    )


def load_data(path: str | Path, map_data: MapData) -> GameData:
    return parse_data(json.loads(Path(path).read_text(encoding="utf-8")), map_data)


DATA_DIR = Path(__file__).resolve().parent.parent / "data"
DEFAULT_MAP = DATA_DIR / "wenlu_test_map.json"
DEFAULT_DATA = DATA_DIR / "wenlu_test_data.json"


def load_default() -> GameData:
    """The bundled test map and data (not the publisher's)."""
    return load_data(DEFAULT_DATA, load_map(DEFAULT_MAP))
