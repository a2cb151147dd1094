"""Game data of 龙虎三国志 that the text leaves out (ruling L intro): countries, character values,
the attrition, strategy, fate, warlord and barbarian tables, round-end changes. Format in ``docs/longhu.md``.

``parse_data(data, map)`` checks the whole file against its map and raises :class:`DataError` with every
bad row, or returns a frozen :class:`GameData`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.maps import Checker, MapData, MapError, Problem, Progress, map_hash

DATA_FORMAT = "junling-longhu-data/1"
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
DEFAULT_MAP = DATA_DIR / "longhu_test_map.json"
"""The bundled Junling test map (written from the rules' examples; not the publisher's map)."""
DEFAULT_DATA = DATA_DIR / "longhu_test_data.json"
EVENTS = (
    "retainer_death",  # §10-1 家臣死亡
    "recruit",  # §10-2 人材登用
    "harvest",  # §10-3 丰收
    "emperor_flees",  # §10-4 献帝逃亡
    "revival",  # §10-5 御家再兴
    "famine",  # §10-6 饥荒
    "yellow_turbans",  # §10-7 黄巾贼残党的蜂起
    "barbarians",  # §10-8 蛮族的袭击
    "assassination",  # §10-9 暗杀
)
ABILITIES = ("seek_talent", "three_visits", "peach_garden", "five_pecks", "sorcery")
"""§11-1 曹操 求贤令, §11-2 刘备 三顾茅庐, §11-3 桃园结义, §11-5 张鲁 五斗米教, §11-6 左慈 妖术."""
ROUND_END_KINDS = ("flip", "arrive", "succeed", "restore")


class DataError(MapError):
    """Game data that cannot be loaded; ``problems`` lists every bad row."""


@dataclass(frozen=True, slots=True)
class Character:
    """A character counter (§2-2(1)). ``country`` None: a free retainer (人才). ``strategist``: red star."""

    name: str
    country: str | None
    warlord: bool = False
    command: int = 0
    strategist: bool = False
    squares: int = 0
    valour: int = 0
    admin: int = 0
    diplomacy: int = 0
    loyalty: int = 0
    navy: bool = False
    ability: str | None = None
    enters: int = 0
    """Round from which it may enter (诸葛亮: 4, ruling L27); 0 = no limit."""
    name_en: str = ""
    """The English or pinyin name (``Guan Yu``); "" when the file gives none."""


@dataclass(frozen=True, slots=True)
class Country:
    id: str
    warlord: str
    traitor: bool = False
    supply: int = 60
    """Strength of army counters the country owns (§4-4(6): no more production once used up)."""
    name_en: str = ""
    """The English or pinyin name; "" when the file gives none."""


@dataclass(frozen=True, slots=True)
class RoundEndStep:
    """A change at the end of a round (§4-8-1, §4-8-2, §11-4). Kinds: ``flip`` a counter to its other
    face; ``arrive`` (a traitor enters, ``to`` the counter it replaces); ``succeed`` (the warlord turns into
    the retainer ``to`` and ``warlord`` is placed there: 孙坚 → 周瑜 + 孙策); ``restore`` (a country destroyed
    in battle returns with ``character`` as warlord and the retainer ``to``: 孙吴三代)."""

    round: int
    kind: str
    character: str
    to: str | None = None
    country: str | None = None
    region: str | None = None
    strength: int = 0
    warlord: str | None = None
    """``succeed``: the new warlord placed where the old one stood (孙策, §4-8-2(2))."""


@dataclass(frozen=True)
class GameData:
    id: str
    note: str
    map: MapData
    setup: str
    rounds: int
    countries: tuple[Country, ...]
    characters: tuple[Character, ...]
    attrition: tuple[tuple[int, int, int], ...]
    """Rows (up to strength, loss, loss with a navy character), ascending."""
    strategy: tuple[int, ...]
    """Strategy table: value for die 1..6 (index 0..5)."""
    fate_grid: tuple[tuple[str | None, ...], ...]
    fate_start: tuple[int, int]
    fate_moves: tuple[tuple[int, int], ...]
    warlord_table: tuple[str, ...]
    barbarian_table: tuple[str, ...]
    emperor_start: str
    edict_regions: tuple[str, ...]
    round_end: tuple[RoundEndStep, ...]
    hash: str = ""
    _chars: dict[str, Character] = field(default_factory=dict, repr=False, compare=False)
    _countries: dict[str, Country] = field(default_factory=dict, repr=False, compare=False)
    _country_index: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    _char_order: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    _kinds: dict[bool, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    """traitor → the countries of that kind in data order (the rules ask on every decision: listed once)."""
    _names: dict[bool, dict[str, str]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._kinds.update({t: tuple(c.id for c in self.countries if bool(c.traitor) is t) for t in (False, True)})
        self._chars.update({c.name: c for c in self.characters})
        self._countries.update({c.id: c for c in self.countries})
        self._country_index.update({c.id: i for i, c in enumerate(self.countries)})
        self._char_order.update({c.name: i for i, c in enumerate(self.characters)})

    def char(self, name: str) -> Character:
        return self._chars[name]

    def names(self, lang: str = "zh") -> dict[str, str]:
        """Every name of the game (the map's regions, the countries, the characters) → as a reader of ``lang``
        reads it: for ``en`` the ``name_en`` the files give, else the name as written."""
        en = not lang.lower().startswith("zh")
        if en not in self._names:
            out = self.map.names(lang)
            out |= {c.id: (c.name_en if en else "") or c.id for c in self.countries}
            self._names[en] = out | {c.name: (c.name_en if en else "") or c.name for c in self.characters}
        return self._names[en]

    def name_of(self, key: str, lang: str = "zh") -> str:
        """A region, country or character in ``lang`` (:meth:`names`); anything else as it is written."""
        return self.names(lang).get(key, key)

    @property
    def character_order(self) -> Mapping[str, int]:
        """Character name → its place in data order."""
        return self._char_order

    def country_index(self, cid: str) -> int:
        """The country's place in data order (``ValueError`` for no country)."""
        try:
            return self._country_index[cid]
        except KeyError:
            raise ValueError(f"{cid!r} is not a country") from None

    def is_char(self, name: str) -> bool:
        return name in self._chars

    def country(self, cid: str) -> Country:
        return self._countries[cid]

    @property
    def majors(self) -> tuple[str, ...]:
        """The countries players may choose (§3-1(1)), in data order."""
        return self._kinds[False]

    @property
    def traitors(self) -> tuple[str, ...]:
        return self._kinds[True]

    def attrition_loss(self, strength: int, navy: bool) -> int:
        """The attrition table's loss for ``strength`` crossing (navy column if ``navy``), ruling L12."""
        for top, loss, navy_loss in self.attrition:
            if strength <= top:
                return min(strength, navy_loss if navy else loss)
        _top, loss, navy_loss = self.attrition[-1]
        return min(strength, navy_loss if navy else loss)


def load_data(path: str | Path, map_data: MapData) -> GameData:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError([Problem(str(path), f"cannot be read as UTF-8 JSON: {exc}")]) from exc
    return parse_data(raw, map_data)


_TOP = {
    "format",
    "id",
    "note",
    "map",
    "setup",
    "rounds",
    "countries",
    "characters",
    "attrition",
    "strategy",
    "fate",
    "warlord_table",
    "barbarian_table",
    "emperor",
    "round_end",
}
_CHAR = {
    "name",
    "name_en",
    "country",
    "warlord",
    "command",
    "strategist",
    "squares",
    "valour",
    "admin",
    "diplomacy",
    "loyalty",
    "navy",
    "ability",
    "enters",
}


def _six(c: Checker, where: str, value: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) != 6:
        c.bad(where, "must be a list of 6 entries, one per die face 1–6")
        return []
    return value


def parse_data(data: Any, map_data: MapData, progress: Progress | None = None) -> GameData:
    """Check the game data as a whole against ``map_data``; every bad row is reported at once."""
    c = Checker(progress)
    required = ("format", "id", "map", "countries", "characters", "attrition", "strategy", "fate")
    if not c.keys("data", data, _TOP, required):
        raise DataError(c.problems)
    if data["format"] != DATA_FORMAT:
        c.bad("format", f"must be {DATA_FORMAT!r}, not {data['format']!r}")
    if data["map"] != map_data.id:
        c.bad("map", f"names map {data['map']!r}, but the map given is {map_data.id!r}")
    regions = set(map_data.region_ids)

    chars: list[Character] = []
    names: set[str] = set()
    for i, row in enumerate(c.rows("characters", data["characters"])):
        w = f"characters[{i}]"
        if not c.keys(w, row, _CHAR, ("name",)):
            continue
        name = c.text(f"{w}.name", row["name"])
        if name is None:
            continue
        if name in names:
            c.bad(f"{w}.name", f"duplicate character {name!r}")
            continue
        names.add(name)
        nums = {k: c.count(f"{w}.{k}", row.get(k, 0)) or 0 for k in ("command", "squares", "valour", "admin")}
        nums |= {k: c.count(f"{w}.{k}", row.get(k, 0)) or 0 for k in ("diplomacy", "loyalty", "enters")}
        ability = c.text(f"{w}.ability", row.get("ability"), optional=True)
        if ability is not None and ability not in ABILITIES:
            c.bad(f"{w}.ability", f"must be one of {', '.join(ABILITIES)}, not {ability!r}")
        chars.append(
            Character(
                name=name,
                country=c.text(f"{w}.country", row.get("country"), optional=True),
                warlord=c.flag(f"{w}.warlord", row.get("warlord", False)),
                strategist=c.flag(f"{w}.strategist", row.get("strategist", False)),
                navy=c.flag(f"{w}.navy", row.get("navy", False)),
                ability=ability,
                name_en=c.english(f"{w}.name_en", row),
                **nums,
            )
        )

    countries: list[Country] = []
    for i, row in enumerate(c.rows("countries", data["countries"])):
        w = f"countries[{i}]"
        if not c.keys(w, row, {"id", "name_en", "warlord", "traitor", "supply"}, ("id", "warlord")):
            continue
        cid = c.text(f"{w}.id", row["id"])
        warlord = c.text(f"{w}.warlord", row["warlord"])
        if cid is None or warlord is None:
            continue
        if any(x.id == cid for x in countries):
            c.bad(f"{w}.id", f"duplicate country {cid!r}")
            continue
        if warlord not in names:
            c.bad(f"{w}.warlord", f"unknown character {warlord!r}")
        countries.append(
            Country(
                cid,
                warlord,
                c.flag(f"{w}.traitor", row.get("traitor", False)),
                c.count(f"{w}.supply", row.get("supply", 60), minimum=1) or 1,
                c.english(f"{w}.name_en", row),
            )
        )
    country_ids = {x.id for x in countries}
    for i, ch in enumerate(chars):
        if ch.country is not None and ch.country not in country_ids:
            c.bad(f"characters[{i}].country", f"unknown country {ch.country!r}")

    attrition: list[tuple[int, int, int]] = []
    for i, row in enumerate(c.rows("attrition", data["attrition"])):
        w = f"attrition[{i}]"
        if c.keys(w, row, {"up_to", "loss", "navy"}, ("up_to", "loss", "navy")):
            top, loss, navy = (c.count(f"{w}.{k}", row[k]) for k in ("up_to", "loss", "navy"))
            if top is not None and loss is not None and navy is not None:
                if attrition and top <= attrition[-1][0]:
                    c.bad(f"{w}.up_to", "rows must go up in strength")
                attrition.append((top, loss, navy))
    if not attrition:
        c.bad("attrition", "needs at least one row")

    strategy = [c.count(f"strategy[{i}]", v) or 0 for i, v in enumerate(_six(c, "strategy", data["strategy"]))]

    fate = data["fate"]
    grid: list[tuple[str | None, ...]] = []
    start = (0, 0)
    moves: list[tuple[int, int]] = []
    if c.keys("fate", fate, {"grid", "start", "moves"}, ("grid", "start", "moves")):
        for r, row in enumerate(c.rows("fate.grid", fate["grid"])):
            if not isinstance(row, list) or not row:
                c.bad(f"fate.grid[{r}]", "must be a non-empty list of cells")
                continue
            for k, cell in enumerate(row):
                if cell is not None and cell not in EVENTS:
                    c.bad(f"fate.grid[{r}][{k}]", f"must be null or one of {', '.join(EVENTS)}, not {cell!r}")
            grid.append(tuple(row))
        st = fate["start"]
        if not (isinstance(st, list) and len(st) == 2 and all(isinstance(v, int) for v in st)):
            c.bad("fate.start", "must be [row, column]")
        elif not (0 <= st[0] < len(grid) and 0 <= st[1] < len(grid[st[0]])):
            c.bad("fate.start", f"{st} is not a cell of the grid")
        else:
            start = (st[0], st[1])
        for i, mv in enumerate(_six(c, "fate.moves", fate["moves"])):
            if not (isinstance(mv, list) and len(mv) == 2 and all(isinstance(v, int) for v in mv)) or mv == [0, 0]:
                c.bad(f"fate.moves[{i}]", "must be a non-zero [row step, column step]")
            else:
                moves.append((mv[0], mv[1]))

    warlord_table = _six(c, "warlord_table", data.get("warlord_table", [None] * 6))
    for i, v in enumerate(warlord_table):
        if v not in country_ids:
            c.bad(f"warlord_table[{i}]", f"unknown country {v!r}")
    barbarian_table = _six(c, "barbarian_table", data.get("barbarian_table", [None] * 6))
    for i, v in enumerate(barbarian_table):
        if v not in regions:
            c.bad(f"barbarian_table[{i}]", f"unknown region {v!r}")

    emperor = data.get("emperor", {})
    e_start, e_regions = "", ()
    if c.keys("emperor", emperor, {"start", "edict_regions"}, ("start", "edict_regions")):
        e_start = emperor["start"]
        if e_start not in regions:
            c.bad("emperor.start", f"unknown region {e_start!r}")
        e_regions = tuple(c.rows("emperor.edict_regions", emperor["edict_regions"]))
        for i, v in enumerate(e_regions):
            if v not in regions:
                c.bad(f"emperor.edict_regions[{i}]", f"unknown region {v!r}")

    steps: list[RoundEndStep] = []
    for i, row in enumerate(c.rows("round_end", data.get("round_end"))):
        w = f"round_end[{i}]"
        allowed = {"round", "kind", "character", "to", "country", "region", "strength", "warlord"}
        if not c.keys(w, row, allowed, ("round", "kind", "character")):
            continue
        kind = row["kind"]
        if kind not in ROUND_END_KINDS:
            c.bad(f"{w}.kind", f"must be one of {', '.join(ROUND_END_KINDS)}, not {kind!r}")
            continue
        for key in ("character", "to", "warlord"):
            if row.get(key) is not None and row[key] not in names:
                c.bad(f"{w}.{key}", f"unknown character {row[key]!r}")
        if row.get("country") is not None and row["country"] not in country_ids:
            c.bad(f"{w}.country", f"unknown country {row['country']!r}")
        if row.get("region") is not None and row["region"] not in regions:
            c.bad(f"{w}.region", f"unknown region {row['region']!r}")
        if kind in ("flip", "succeed") and not row.get("to"):
            c.bad(f"{w}.to", f"a {kind} needs the counter's other face")
        if kind == "succeed" and not row.get("warlord"):
            c.bad(f"{w}.warlord", "a succession needs the new warlord")
        if kind in ("arrive", "restore") and not (row.get("country") and row.get("region")):
            c.bad(w, f"a {kind} needs a country and a region")
        steps.append(
            RoundEndStep(
                c.count(f"{w}.round", row["round"], minimum=1) or 1,
                kind,
                row["character"],
                row.get("to"),
                row.get("country"),
                row.get("region"),
                c.count(f"{w}.strength", row.get("strength", 0)) or 0,
                row.get("warlord"),
            )
        )

    setup_name = data.get("setup", "standard")
    try:
        rows = map_data.setup(setup_name)
    except KeyError:
        c.bad("setup", f"the map has no set-up {setup_name!r}")
        rows = ()
    for i, p in enumerate(rows):
        w = f"map setups.{setup_name}[{i}]"
        if p.owner not in country_ids:
            c.bad(f"{w}.owner", f"unknown country {p.owner!r}")
        if p.piece != "army" and p.piece not in names:
            c.bad(f"{w}.piece", f"unknown character {p.piece!r}")
        if p.at not in regions:
            c.bad(f"{w}.at", f"not a region: {p.at!r}")

    if c.problems:
        raise DataError(c.problems)
    canonical = {"data": data, "map": map_data.hash}
    return GameData(
        id=data["id"],
        note=data.get("note", ""),
        map=map_data,
        setup=setup_name,
        rounds=c.count("rounds", data.get("rounds", 8), minimum=1) or 8,
        countries=tuple(countries),
        characters=tuple(chars),
        attrition=tuple(attrition),
        strategy=tuple(strategy),
        fate_grid=tuple(grid),
        fate_start=start,
        fate_moves=tuple(moves),
        warlord_table=tuple(warlord_table),
        barbarian_table=tuple(barbarian_table),
        emperor_start=e_start,
        edict_regions=tuple(e_regions),
        round_end=tuple(steps),
        hash=map_hash(canonical),
    )
