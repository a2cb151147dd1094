"""Cards and card databases.

A card is identified by its name (simplified Chinese); the English name and any
aliases are other ways to find it. Look-ups tolerate traditional characters,
full-width characters, spacing and case::

    >>> db = starter_database()
    >>> db.lookup("關羽").name
    '关羽'
    >>> db.lookup("guan  yu").name
    '关羽'
    >>> db.lookup("ＧＵＡＮ ＹＵ").cost
    5

A database file is JSON or CSV (schema in ``docs/card-database.md``). Loading is
all or nothing: a file with one bad row raises :class:`CardDatabaseError` listing
every bad row (file, row, field, why).
"""

from __future__ import annotations

import csv
import difflib
import enum
import functools
import hashlib
import io
import json
import os
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import jsonsafe
from engine.effects import validate_effect_spec
from engine.errors import EngineError
from engine.systems import CARD_GAMES, GENERALS_ORDER, SANGUO_ZHI

GAMES = CARD_GAMES
"""The card games (``engine.systems.CARD_GAMES``): a database's ``game`` is one of them."""

DATA_DIR = Path(__file__).parent / "data"
STARTER_FILES = {
    GENERALS_ORDER: DATA_DIR / "generals_order_starter.json",
    SANGUO_ZHI: DATA_DIR / "sanguo_zhi_starter.json",
}

MAX_FILE_BYTES = 20 * 1024 * 1024
"""A card-database file larger than this is refused before it is parsed."""
MAX_NAME_LENGTH = 100
MAX_TEXT_LENGTH = 4000
DATABASE_FORMAT = "junling-cards/1"


class CardType(enum.StrEnum):
    """The six card types (属性) of Generals' Order (§2.1.1)."""

    CHARACTER = "人"
    """A general (人): recruited to the battlefield, has Might and Wit."""
    EQUIPMENT = "物"
    """Equipment (物): an armament (宝物) or a troop (兵种) carried by a general."""
    STRATEGY = "事"
    """Strategy (事): an event (事件, incl. 三十六计) or a tactic (计略)."""
    COUNTER = "特"
    """Counter (特): answers an opponent's action in a response window."""
    COMMANDMENT = "令"
    """Commandment (令): chosen from the command pool at the start of a game."""
    ADVANTAGE = "优"
    """Advantage (优): 天时, 地利 or 人和; one on the whole table (§2.7)."""


SUBTYPES: dict[str, tuple[str, ...]] = {
    CardType.CHARACTER.value: ("",),
    CardType.EQUIPMENT.value: ("宝物", "兵种"),
    CardType.STRATEGY.value: ("事件", "三十六计", "火计", "水计", "土计", "奇计"),
    CardType.COUNTER.value: ("",),
    CardType.COMMANDMENT.value: ("",),
    CardType.ADVANTAGE.value: ("天时", "地利", "人和"),
}
"""Allowed subtypes per Generals' Order card type ("" = none)."""

TACTIC_SUBTYPES = ("火计", "水计", "土计", "奇计")

# the values read once: reading a member off its class and then its ``.value`` costs about 250 ns in
# CPython 3.11, and ``is_general`` / ``is_tactic`` are asked during play
_CHARACTER_VALUE, _STRATEGY_VALUE = CardType.CHARACTER.value, CardType.STRATEGY.value
"""The four kinds of 计略 (tactics); the other 事 subtypes are events."""

FACTIONS = ("魏", "蜀", "吴", "董", "黄巾", "袁", "诸侯", "南蛮", "杰")
"""The factions (势力). 无 (none) is not a faction: a card with no faction has ()."""
FACTION_EN = {
    "魏": "Wei",
    "蜀": "Shu",
    "吴": "Wu",
    "董": "Dong",
    "黄巾": "Yellow Turban",
    "袁": "Yuan",
    "诸侯": "Warlords",
    "南蛮": "Nanman",
    "杰": "Heroes",
}
NO_FACTION = "无"


def deck_factions(cards: Iterable[Card]) -> set[str]:
    """The factions of a resource deck: its cards' factions, 无 excluded, a dual card adding both (ruling D3).

    The one definition that deck checking (``engine.deckrules``) and play (the hand limit, ruling G15) share:
    what a player declared never enters it.

    >>> sorted(deck_factions([Card("张角", "人", factions=("黄巾",)), Card("孙子兵法", "物")]))
    ['黄巾']
    """
    out: set[str] = set()
    for c in cards:
        out.update(c.factions)
    return out


def hand_limit(faction_count: int) -> int:
    """The hand limit from the number of the deck's factions (§2.2.5, ruling D4): 0 or 1 → 10, 2 → 8, 3+ → 6.

    The count is that of :func:`deck_factions`, in play as in ``checkdeck`` (ruling G15).

    >>> [hand_limit(n) for n in range(5)]
    [10, 10, 8, 6, 6]
    """
    return 10 if faction_count <= 1 else 8 if faction_count == 2 else 6


MARKS = ("对", "反", "兽", "敌", "援")
"""Special marks (特殊标志): counter-possible, defector, beast, enemy-equip, support."""

ABILITY_KINDS = ("", "trait", "effect")
"""'' none; 'trait' 特点 (automatic); 'effect' 特效 (declared, once per turn)."""

SANGUO_ZHI_TYPES = ("将领", "谋略", "事件", "阵型", "兵权", "粮草")
"""Card types of 三国智: the cards seed 004 gives a slot or a deck rule (§1.1.1–1.1.3, §1.3.2–1.3.7).

宝物 (an armament a general carries, §1.3.2.6 example) has no slot of its own in seed 004; the
starter set files it as 谋略 with subtype 宝物.
"""

TYPES_BY_GAME: dict[str, tuple[str, ...]] = {
    GENERALS_ORDER: tuple(t.value for t in CardType),
    SANGUO_ZHI: SANGUO_ZHI_TYPES,
}

CSV_COLUMNS = (
    "name",
    "name_en",
    "aliases",
    "type",
    "subtype",
    "factions",
    "cost",
    "might",
    "wit",
    "might_mod",
    "wit_mod",
    "marks",
    "ability_kind",
    "ability_name",
    "ability_name_en",
    "ability_cost",
    "text",
    "text_en",
    "effect",
    "flavour",
    "flavour_en",
    "printings",
    "nameless",
    "unsupported",
)
"""Columns of the CSV form; list fields are separated by ``|``, effect and printings are JSON."""


class CardDataError(EngineError):
    """One field of one card is malformed."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


@dataclass(frozen=True, slots=True)
class RowError:
    """Where a card-database file is wrong: file, row (1-based, header = 1 in CSV), field, why."""

    file: str
    row: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}, row {self.row}" if self.row else self.file
        return f"{where}, field {self.field!r}: {self.message}" if self.field else f"{where}: {self.message}"


class CardDatabaseError(EngineError):
    """A card-database file cannot be loaded; ``errors`` lists every problem found."""

    def __init__(self, errors: list[RowError]) -> None:
        self.errors = errors
        shown = "; ".join(str(e) for e in errors[:20])
        more = f" (and {len(errors) - 20} more)" if len(errors) > 20 else ""
        super().__init__(f"{len(errors)} error(s): {shown}{more}")


@dataclass(frozen=True, slots=True)
class Printing:
    """One printing of a card. Printings never change a card's identity (ruling D2)."""

    series: str = ""
    number: str = ""
    artist: str = ""
    rarity: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """A card of a card database; its identity is ``name`` (ruling D2)."""

    name: str
    type: str
    name_en: str = ""
    aliases: tuple[str, ...] = ()
    subtype: str = ""
    factions: tuple[str, ...] = ()
    cost: int | None = None
    might: int | None = None
    wit: int | None = None
    might_mod: int = 0
    wit_mod: int = 0
    marks: tuple[str, ...] = ()
    ability_kind: str = ""
    ability_name: str = ""
    ability_name_en: str = ""
    ability_cost: str = ""
    text: str = ""
    text_en: str = ""
    effect: Mapping[str, Any] = field(default_factory=dict)
    flavour: str = ""
    flavour_en: str = ""
    printings: tuple[Printing, ...] = ()
    nameless: bool = False
    unsupported: str = ""

    def __hash__(self) -> int:
        return hash(self.name)

    @property
    def is_general(self) -> bool:
        """True for a 人 card (a general)."""
        return self.type == _CHARACTER_VALUE

    @property
    def is_tactic(self) -> bool:
        """True for a 计略 card (火计, 水计, 土计, 奇计)."""
        return self.type == _STRATEGY_VALUE and self.subtype in TACTIC_SUBTYPES

    def display_name(self, language: str = "zh") -> str:
        """The name in ``language`` ('zh' or 'en'), falling back to Chinese."""
        return self.name_en if language.startswith("en") and self.name_en else self.name

    def to_dict(self) -> dict[str, Any]:
        """The card as a JSON-ready dict, in the database file's schema (defaults omitted)."""
        out: dict[str, Any] = {"name": self.name, "type": self.type}
        for key in CSV_COLUMNS:
            if key in out:
                continue
            value = getattr(self, key)
            if key == "printings":
                value = [{k: v for k, v in _printing_dict(p).items() if v} for p in value]
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Mapping):
                value = dict(value)
            # 0 is a real cost/Might/Wit (a 兽 general has Wit 0): only drop empty values and False
            empty = value is False if isinstance(value, bool) else value in ("", None, [], {})
            if empty or (key in ("might_mod", "wit_mod") and value == 0):
                continue
            out[key] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], game: str = GENERALS_ORDER) -> Card:
        """Build and validate a card; raises :class:`CardDataError` naming the bad field."""
        if not isinstance(data, Mapping):
            raise CardDataError("", "a card must be a JSON object")
        unknown = set(data) - set(CSV_COLUMNS)
        if unknown:
            raise CardDataError(sorted(unknown)[0], "unknown field")
        name = _text(data, "name", required=True, limit=MAX_NAME_LENGTH)
        ctype = _text(data, "type", required=True, limit=10)
        allowed_types = TYPES_BY_GAME.get(game, ())
        if ctype not in allowed_types:
            raise CardDataError("type", f"{ctype!r} is not a card type of {game} (one of {' '.join(allowed_types)})")
        subtype = _text(data, "subtype", limit=20)
        if game == GENERALS_ORDER and subtype not in SUBTYPES[ctype]:
            allowed = ", ".join(s or "(none)" for s in SUBTYPES[ctype])
            raise CardDataError("subtype", f"{subtype!r} is not a subtype of {ctype} (allowed: {allowed})")
        factions = tuple(f for f in _str_list(data, "factions") if f != NO_FACTION)
        if game == GENERALS_ORDER:
            for f in factions:
                if f not in FACTIONS:
                    raise CardDataError("factions", f"{f!r} is not a faction (one of {' '.join(FACTIONS)} or 无)")
            if len(factions) > 2 or len(set(factions)) != len(factions):
                raise CardDataError("factions", "a card has no faction, one, or two different ones")
        marks = _str_list(data, "marks")
        if game == GENERALS_ORDER:
            for m in marks:
                if m not in MARKS:
                    raise CardDataError("marks", f"{m!r} is not a mark (one of {' '.join(MARKS)})")
        cost = _int(data, "cost", 0, 99)
        might = _int(data, "might", 0, 99)
        wit = _int(data, "wit", 0, 99)
        if game == GENERALS_ORDER and ctype == CardType.CHARACTER.value:
            for key, value in (("cost", cost), ("might", might), ("wit", wit)):
                if value is None:
                    raise CardDataError(key, "a general (人) needs a recruitment cost, Might and Wit")
        ability_kind = _text(data, "ability_kind", limit=10)
        if ability_kind not in ABILITY_KINDS:
            raise CardDataError("ability_kind", "must be 'trait' (特点), 'effect' (特效) or empty")
        effect = data.get("effect") or {}
        if isinstance(effect, str):
            effect = _json_field("effect", effect, dict)
        if not isinstance(effect, Mapping):
            raise CardDataError("effect", "the effect spec must be a JSON object")
        if effect:
            problems = validate_effect_spec(effect)
            if problems:
                raise CardDataError("effect", "; ".join(problems))
        printings_raw = data.get("printings") or []
        if isinstance(printings_raw, str):
            printings_raw = _json_field("printings", printings_raw, list)
        if not isinstance(printings_raw, list):
            raise CardDataError("printings", "must be a list of objects")
        printings = []
        for p in printings_raw:
            if not isinstance(p, Mapping) or set(p) - {"series", "number", "artist", "rarity"}:
                raise CardDataError("printings", "each printing is an object with series, number, artist, rarity")
            printings.append(Printing(**{k: str(v) for k, v in p.items()}))
        nameless = data.get("nameless", False)
        if isinstance(nameless, str):
            nameless = nameless.strip().lower() in ("1", "true", "yes")
        return cls(
            name=name,
            type=ctype,
            name_en=_text(data, "name_en", limit=MAX_NAME_LENGTH),
            aliases=_str_list(data, "aliases"),
            subtype=subtype,
            factions=factions,
            cost=cost,
            might=might,
            wit=wit,
            might_mod=_int(data, "might_mod", -99, 99) or 0,
            wit_mod=_int(data, "wit_mod", -99, 99) or 0,
            marks=marks,
            ability_kind=ability_kind,
            ability_name=_text(data, "ability_name", limit=MAX_NAME_LENGTH),
            ability_name_en=_text(data, "ability_name_en", limit=MAX_NAME_LENGTH),
            ability_cost=_text(data, "ability_cost", limit=200),
            text=_text(data, "text", limit=MAX_TEXT_LENGTH),
            text_en=_text(data, "text_en", limit=MAX_TEXT_LENGTH),
            effect=effect,
            flavour=_text(data, "flavour", limit=MAX_TEXT_LENGTH),
            flavour_en=_text(data, "flavour_en", limit=MAX_TEXT_LENGTH),
            printings=tuple(printings),
            nameless=bool(nameless),
            unsupported=_text(data, "unsupported", limit=MAX_TEXT_LENGTH),
        )


def _printing_dict(p: Printing) -> dict[str, str]:
    return {"series": p.series, "number": p.number, "artist": p.artist, "rarity": p.rarity}


def _text(data: Mapping[str, Any], key: str, *, required: bool = False, limit: int) -> str:
    value = data.get(key)
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise CardDataError(key, f"must be text, not {type(value).__name__}")
    value = value.strip()
    if required and not value:
        raise CardDataError(key, "is required")
    if len(value) > limit:
        raise CardDataError(key, f"is {len(value)} characters long; the limit is {limit}")
    return value


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int | None:
    value = data.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            value = int(unicodedata.normalize("NFKC", value).strip())
        except ValueError:
            raise CardDataError(key, f"{data.get(key)!r} is not a whole number") from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardDataError(key, f"{value!r} is not a whole number")
    if not low <= value <= high:
        raise CardDataError(key, f"{value} is out of range ({low} to {high})")
    return value


def _str_list(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key)
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        value = value.split("|")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CardDataError(key, "must be a list of text (or text separated by |)")
    items = tuple(v.strip() for v in value if v.strip())
    if any(len(v) > MAX_NAME_LENGTH for v in items):
        raise CardDataError(key, f"an item is longer than {MAX_NAME_LENGTH} characters")
    return items


def _json_field(key: str, raw: str, kind: type) -> Any:
    raw = raw.strip()
    if not raw:
        return kind()
    try:
        value = jsonsafe.loads(raw)
    except jsonsafe.JSONRefused as exc:
        raise CardDataError(key, f"is not valid JSON ({exc.message})") from None
    if not isinstance(value, kind):
        raise CardDataError(key, f"must be a JSON {'object' if kind is dict else 'list'}")
    return value


@functools.lru_cache(maxsize=65536)
def normalize_name(name: str) -> str:
    """The key a name is looked up by: simplified, half-width, no spacing, case-folded.

    >>> normalize_name("  關 羽 ")
    '关羽'
    >>> normalize_name("Ｇuan-Yu")
    'guanyu'
    """
    text = unicodedata.normalize("NFKC", name)
    text = _t2s(text)
    return "".join(ch for ch in text.casefold() if ch.isalnum())


@functools.lru_cache(maxsize=1)
def _converter() -> Any:
    import opencc  # opencc-python-reimplemented: pure Python, no Django

    return opencc.OpenCC("t2s")


def _t2s(text: str) -> str:
    if text.isascii():
        return text
    return str(_converter().convert(text))


class CardDatabase:
    """A named, versioned set of cards of one game, immutable once built.

    ``content_hash`` is a SHA-256 over the game and the canonical JSON of the cards,
    so two databases with the same cards have the same hash whatever their file form.
    """

    def __init__(self, cards: Iterable[Card], *, game: str = GENERALS_ORDER, name: str = "", version: str = "") -> None:
        self.game = game
        self.name = name
        self.version = version
        self._cards: dict[str, Card] = {}
        self._index: dict[str, Card] = {}
        for card in cards:
            self._add(card)
        self.content_hash = _content_hash(game, self._cards.values())

    def _add(self, card: Card) -> None:
        if card.name in self._cards:
            raise CardDataError("name", f"duplicate card name {card.name!r}")
        self._cards[card.name] = card
        for key in {normalize_name(n) for n in (card.name, card.name_en, *card.aliases) if n}:
            other = self._index.get(key)
            if other is not None and other is not card:
                raise CardDataError("name", f"{key!r} would name both {other.name!r} and {card.name!r}")
            self._index[key] = card

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards.values())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.lookup(name) is not None

    def __getitem__(self, name: str) -> Card:
        card = self.lookup(name)
        if card is None:
            raise KeyError(name)
        return card

    def __repr__(self) -> str:
        return f"<CardDatabase {self.game} {self.name!r} {self.version!r} {len(self)} cards {self.content_hash[:12]}>"

    def lookup(self, name: str) -> Card | None:
        """The card a name (Chinese, traditional, English or alias, any width/case/spacing) names."""
        card = self._cards.get(name)
        if card is not None:
            return card
        return self._index.get(normalize_name(name))

    def closest(self, name: str, n: int = 3) -> list[Card]:
        """Up to ``n`` known cards whose names are closest to ``name`` (for "did you mean")."""
        key = normalize_name(name)
        keys = list(self._index)
        found = difflib.get_close_matches(key, keys, n=n * 3, cutoff=0.0)
        out: list[Card] = []
        for k in found:
            card = self._index[k]
            if card not in out:
                out.append(card)
            if len(out) == n:
                break
        return out

    def to_document(self) -> dict[str, Any]:
        """The whole database in its JSON file form."""
        return {
            "format": DATABASE_FORMAT,
            "game": self.game,
            "name": self.name,
            "version": self.version,
            "cards": [c.to_dict() for c in self],
        }


def _content_hash(game: str, cards: Iterable[Card]) -> str:
    payload = {"game": game, "cards": sorted((c.to_dict() for c in cards), key=lambda d: d["name"])}
    raw = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def decode_bytes(raw: bytes, filename: str = "<input>") -> tuple[str, str]:
    """Decode a text file: UTF-8 (with or without BOM), UTF-16 with BOM, else GB18030 (a GBK superset).

    Returns ``(text, encoding)``; raises :class:`CardDatabaseError` if none fits or the file is binary.
    """
    if b"\x00" in raw[:4096] and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CardDatabaseError([RowError(filename, 0, "", "this is a binary file, not JSON or CSV text")])
    candidates = ["utf-8-sig", "gb18030"]
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        candidates = ["utf-16"]
    for encoding in candidates:
        try:
            return raw.decode(encoding), ("gbk/gb18030" if encoding == "gb18030" else encoding)
        except UnicodeDecodeError:
            continue
    raise CardDatabaseError([RowError(filename, 0, "", "the file is neither UTF-8, UTF-16 nor GBK/GB18030 text")])


def load_database(
    source: str | os.PathLike[str] | bytes,
    *,
    filename: str | None = None,
    game: str | None = None,
    name: str | None = None,
    version: str | None = None,
) -> CardDatabase:
    """Load and validate a JSON or CSV card database, all or nothing.

    ``source`` is a path or the file's bytes. The form is chosen by the file name's
    ending (``.json``/``.csv``), else by its first character. Every bad row is
    reported at once in :class:`CardDatabaseError`.
    """
    if isinstance(source, bytes):
        raw = source
        filename = filename or "<upload>"
    else:
        path = Path(source)
        filename = filename or path.name
        try:
            size = path.stat().st_size
        except OSError as exc:
            raise CardDatabaseError([RowError(filename, 0, "", f"cannot read the file: {exc.strerror}")]) from None
        if size > MAX_FILE_BYTES:
            raise CardDatabaseError([RowError(filename, 0, "", _too_big(size))])
        raw = path.read_bytes()
    if len(raw) > MAX_FILE_BYTES:
        raise CardDatabaseError([RowError(filename, 0, "", _too_big(len(raw)))])
    text, _encoding = decode_bytes(raw, filename)
    stripped = text.lstrip()
    if not stripped:
        raise CardDatabaseError([RowError(filename, 0, "", "the file is empty")])
    lower = filename.lower()
    is_json = lower.endswith(".json") or (not lower.endswith(".csv") and stripped[0] in "[{")
    if is_json:
        meta, rows = _json_rows(text, filename)
    else:
        meta, rows = _csv_rows(text, filename)
    game = game or str(meta.get("game") or GENERALS_ORDER)
    if game not in GAMES:
        raise CardDatabaseError([RowError(filename, 0, "game", f"unknown game {game!r} (one of {', '.join(GAMES)})")])
    errors: list[RowError] = []
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for row_number, row in rows:
        if isinstance(row, dict) and _EXTRA_CELLS in row:
            errors.append(RowError(filename, row_number, "", "the row has more cells than the header has columns"))
            continue
        try:
            card = Card.from_dict(row, game=game)
        except CardDataError as exc:
            errors.append(RowError(filename, row_number, exc.field, exc.message))
            continue
        clash = False
        for key in {normalize_name(n) for n in (card.name, card.name_en, *card.aliases) if n}:
            if key in seen:
                errors.append(
                    RowError(filename, row_number, "name", f"{card.name!r} duplicates the name of row {seen[key]}")
                )
                clash = True
                break
        if clash:
            continue
        for key in {normalize_name(n) for n in (card.name, card.name_en, *card.aliases) if n}:
            seen[key] = row_number
        cards.append(card)
    if not rows and not errors:
        errors.append(RowError(filename, 0, "cards", "the file holds no cards"))
    if errors:
        raise CardDatabaseError(errors)
    return CardDatabase(
        cards,
        game=game,
        name=name or str(meta.get("name") or Path(filename).stem),
        version=version or str(meta.get("version") or "1"),
    )


def _too_big(size: int) -> str:
    return f"the file is {size / 1024 / 1024:.1f} MB; the limit is {MAX_FILE_BYTES // 1024 // 1024} MB"


def _json_rows(text: str, filename: str) -> tuple[dict[str, Any], list[tuple[int, Any]]]:
    try:
        doc = jsonsafe.loads(text)
    except jsonsafe.JSONRefused as exc:
        line = exc.line or 0
        raise CardDatabaseError(
            [RowError(filename, line, exc.where.removeprefix("$").lstrip("."), exc.message)]
        ) from None
    if isinstance(doc, list):
        return {}, list(enumerate(doc, start=1))
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        raise CardDatabaseError([RowError(filename, 0, "cards", 'expected {"cards": [...]} or a list of cards')])
    fmt = doc.get("format", DATABASE_FORMAT)
    if fmt != DATABASE_FORMAT:
        raise CardDatabaseError(
            [RowError(filename, 0, "format", f"unknown format {fmt!r}; expected {DATABASE_FORMAT}")]
        )
    meta = {k: doc.get(k) for k in ("game", "name", "version")}
    return meta, list(enumerate(doc["cards"], start=1))


_EXTRA_CELLS = "(extra cells)"


def _csv_rows(text: str, filename: str) -> tuple[dict[str, Any], list[tuple[int, Any]]]:
    meta: dict[str, Any] = {}
    rest = text
    skipped = 0
    while rest.startswith("#"):
        line, _, rest = rest.partition("\n")
        key, _, value = line[1:].partition(":")
        meta[key.strip()] = value.strip()
        skipped += 1
    # newline="" so quoted cells may hold line breaks; splitlines() would also split on U+2028 etc.
    reader = csv.DictReader(io.StringIO(rest, newline=""))
    header = [h.strip() for h in reader.fieldnames or []]
    reader.fieldnames = header  # "name, type" (a space after the comma) still names the columns
    missing = [c for c in ("name", "type") if c not in header]
    if missing:
        raise CardDatabaseError(
            [RowError(filename, skipped + 1, "", f"the header lacks column(s) {', '.join(missing)}")]
        )
    header_errors = [RowError(filename, skipped + 1, c, "unknown column") for c in header if c not in CSV_COLUMNS]
    header_errors += [
        RowError(filename, skipped + 1, c, "the column appears more than once")
        for c in sorted({c for c in header if header.count(c) > 1})
    ]
    if header_errors:
        raise CardDatabaseError(header_errors)
    rows: list[tuple[int, Any]] = []
    consumed = reader.line_num
    for row in reader:
        line_number = skipped + consumed + 1  # the file line the record starts on, even after multi-line cells
        consumed = reader.line_num
        if None in row:
            rows.append((line_number, {_EXTRA_CELLS: ""}))
            continue
        rows.append((line_number, {k: v for k, v in row.items() if v not in (None, "")}))
    return meta, rows


def dump_json(db: CardDatabase) -> str:
    """The database as JSON text (the form :func:`load_database` reads)."""
    return json.dumps(db.to_document(), ensure_ascii=False, indent=1) + "\n"


def dump_csv(db: CardDatabase) -> str:
    """The database as CSV text with ``# game/name/version`` lines first."""
    out = io.StringIO()
    out.write(f"# game: {db.game}\n# name: {db.name}\n# version: {db.version}\n")
    writer = csv.DictWriter(out, fieldnames=list(CSV_COLUMNS), lineterminator="\n")
    writer.writeheader()
    for card in db:
        d = card.to_dict()
        row: dict[str, Any] = {}
        for key in CSV_COLUMNS:
            value = d.get(key, "")
            if key in ("effect", "printings") and value:
                value = json.dumps(value, ensure_ascii=False, sort_keys=True)
            elif isinstance(value, list):
                value = "|".join(value)
            elif isinstance(value, bool):
                value = "true" if value else ""
            row[key] = value
        writer.writerow(row)
    return out.getvalue()


@functools.lru_cache(maxsize=4)
def starter_database(game: str = GENERALS_ORDER) -> CardDatabase:
    """The bundled starter database of ``game`` (written for Junling, not the publisher's list)."""
    return load_database(STARTER_FILES[game])
