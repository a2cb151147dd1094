"""Decklists: the text, JSON and CSV forms a player registers a deck in.

Text form (``docs`` and the starter decks use it)::

    # comment
    势力: 蜀 黄巾            (or "Factions: Shu, Yellow Turban")
    3 关羽                   (also "3x Guan Yu", "关羽 x3", "关羽×3", "关羽 *3", "３ 关羽")
    令:                      (or "Commandment(s):", "军令:"; the lines after it are the command pool)
    1 反军

Parsing knows nothing of a card database: names are kept as written (lines naming the same
card in the same spelling family add up); :func:`engine.deckrules.check_deck` resolves them.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import jsonsafe
from engine.cards import FACTION_EN, FACTIONS, NO_FACTION, CardDatabaseError, decode_bytes, normalize_name
from engine.errors import EngineError
from engine.messages import Message, render

MAX_BYTES = 1024 * 1024
"""A decklist larger than this (1 MB) is refused before it is parsed."""
MAX_LINES = 2000
MAX_COUNT = 99
MAX_NAME_LENGTH = 100
KINDS = ("auto", "text", "json", "csv")


class DecklistError(EngineError):
    """A decklist cannot be read; ``line`` (1-based, 0 = the whole file) says where, ``said`` why (a
    :class:`engine.messages.Message`; ``message`` is its English text)."""

    def __init__(self, line: int, message: Message | str, filename: str = "<decklist>") -> None:
        self.line = line
        self.said = message if isinstance(message, Message) else Message("text", {"text": message})
        self.message = render(self.said)
        self.filename = filename
        where = f"{filename}, line {line}" if line else filename
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """``count`` copies of the card written ``name``; ``line`` is where it was read (not part of equality)."""

    name: str
    count: int
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Decklist:
    """A registration: the resource deck, the command pool and the declared factions (ruling D1, D3)."""

    entries: tuple[DeckEntry, ...] = ()
    pool: tuple[DeckEntry, ...] = ()
    declared_factions: tuple[str, ...] = ()

    @property
    def deck_size(self) -> int:
        """The number of cards in the resource deck as written."""
        return sum(e.count for e in self.entries)


# Faction names as written (after normalize_name) -> the faction.
_FACTION_KEYS: dict[str, str] = {}
for _f in FACTIONS:
    _FACTION_KEYS[normalize_name(_f)] = _f
    _FACTION_KEYS[normalize_name(FACTION_EN[_f])] = _f
_FACTION_KEYS.update({"yellowturbans": "黄巾", "warlord": "诸侯", "hero": "杰", "nanmen": "南蛮"})
_NO_FACTION_KEYS = {normalize_name(NO_FACTION), "none"}

_POOL_HEADERS = {"令", "军令", "commandment", "commandments", "commandpool", "pool", "事件", "event", "events"}
_DECK_HEADERS = {"资源", "deck", "resource", "resources", "maindeck", "main", "卡组", "牌组"}
_FACTION_HEADERS = {"势力", "faction", "factions"}
_HEADER = re.compile(r"^([^\d:]{1,20}):(.*)$")
_PREFIX = re.compile(r"^(\d+)\s*(?:[x×*](?![a-z]))?\s*(.+)$", re.IGNORECASE)
# "关羽 x3", "关羽×3", "关羽 *3", "关羽x3"; a bare "Name 3" is not a count ("Event 2" may be a name).
_SUFFIX = re.compile(r"^(.+?)(?:\s*[×*]\s*|\s+x\s*|(?<=[^\x00-\x7f])x\s*)(\d+)$", re.IGNORECASE)
_SIGNED = re.compile(r"^[-+]\s*\d|(?:\s|[x×*])[-+]\d+$", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,、;/|]+")
_YELLOW_TURBAN = re.compile(r"yellow\s+turbans?", re.IGNORECASE)
_BAD_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


def parse_decklist(text: str | bytes, *, filename: str = "<decklist>", kind: str = "auto") -> Decklist:
    """Read a decklist in text, JSON or CSV form (``kind`` "auto" guesses from the file name and content).

    Lines naming the same card (same name up to width, case, spacing and traditional characters) add up.
    Raises :class:`DecklistError` with the line and what is wrong.

    >>> d = parse_decklist("势力: 蜀\\n3 关羽\\n關羽 x1\\n2x Guan Yu\\n令:\\n反军")
    >>> d.entries
    (DeckEntry(name='关羽', count=4, line=2), DeckEntry(name='Guan Yu', count=2, line=4))
    >>> d.pool, d.declared_factions
    ((DeckEntry(name='反军', count=1, line=6),), ('蜀',))
    >>> parse_decklist('{"factions": ["Shu"], "deck": {"关羽": 3}}').entries
    (DeckEntry(name='关羽', count=3, line=1),)
    >>> parse_decklist("0 关羽")
    Traceback (most recent call last):
    ...
    engine.decklist.DecklistError: <decklist>, line 1: the count 0 is out of range (1 to 99)
    """
    if kind not in KINDS:
        raise ValueError(f"unknown decklist kind {kind!r} (one of {', '.join(KINDS)})")
    if isinstance(text, (bytes, bytearray)):
        raw = bytes(text)
        if len(raw) > MAX_BYTES:
            raise DecklistError(0, _too_big(len(raw)), filename)
        try:
            text, _encoding = decode_bytes(raw, filename)
        except CardDatabaseError:
            raise DecklistError(0, _m("decklist.binary_file"), filename) from None
    elif not isinstance(text, str):
        raise TypeError("a decklist is str or bytes")
    elif len(text) > MAX_BYTES // 4 and len(text.encode("utf-8")) > MAX_BYTES:
        raise DecklistError(0, _too_big(len(text.encode("utf-8"))), filename)
    text = text.removeprefix("\ufeff")
    bad = _BAD_CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise DecklistError(line, _m("decklist.control_characters"), filename)
    if not text.strip():
        raise DecklistError(0, _m("decklist.empty"), filename)
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DecklistError(MAX_LINES + 1, _m("decklist.too_many_lines", lines=len(lines), limit=MAX_LINES), filename)
    if kind == "auto":
        kind = _guess_kind(text, filename)
    if kind == "json":
        return _parse_json(text, filename)
    if kind == "csv":
        return _parse_csv(text, filename)
    return _parse_text(lines, filename)


def _m(code: str, **params: Any) -> Message:
    return Message(code, params)


def _too_big(size: int) -> Message:
    return _m("decklist.too_big", size=f"{size / 1024 / 1024:.1f}")


def _guess_kind(text: str, filename: str) -> str:
    lower = filename.lower()
    if lower.endswith(".json"):
        return "json"
    if lower.endswith(".csv"):
        return "csv"
    stripped = text.strip()
    if stripped[:1] in "[{" and stripped[-1:] in "]}":
        return "json"  # a text decklist may start with "[SP]关羽", but not also end with a bracket
    for line in stripped.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            cells = [c.strip().strip('"').lower() for c in line.split(",")]
            return "csv" if "count" in cells and "name" in cells else "text"
    return "text"


class _Builder:
    """Collects entries per section, adding up lines that name the same card."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.sections: dict[str, dict[str, list[Any]]] = {"deck": {}, "pool": {}}
        self.factions: list[str] = []

    def add(self, section: str, name: str, count: int, line: int) -> None:
        name = " ".join(name.split())
        if not name:
            raise DecklistError(line, _m("decklist.name_missing"), self.filename)
        if "#" in name:  # keeps every decklist writable as text, where # starts a comment
            raise DecklistError(line, _m("decklist.hash_in_name", name=repr(name[:40])), self.filename)
        if len(name) > MAX_NAME_LENGTH:
            raise DecklistError(
                line, _m("decklist.name_too_long", length=len(name), limit=MAX_NAME_LENGTH), self.filename
            )
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise DecklistError(line, _m("decklist.count_range", count=count, limit=MAX_COUNT), self.filename)
        key = normalize_name(name) or name
        entries = self.sections[section]
        if key in entries:
            entries[key][1] += count
        else:
            entries[key] = [name, count, line]

    def add_factions(self, words: str, line: int) -> None:
        text = _YELLOW_TURBAN.sub(" 黄巾 ", unicodedata.normalize("NFKC", words))
        for token in _SEPARATORS.split(text):
            token = token.strip()
            if not token:
                continue
            for faction in _factions_of(token, line, self.filename):
                if faction not in self.factions:
                    self.factions.append(faction)

    def build(self) -> Decklist:
        def entries(section: str) -> tuple[DeckEntry, ...]:
            return tuple(DeckEntry(n, c, ln) for n, c, ln in self.sections[section].values())

        return Decklist(entries=entries("deck"), pool=entries("pool"), declared_factions=tuple(self.factions))


def _factions_of(token: str, line: int, filename: str) -> list[str]:
    key = normalize_name(token)
    if key in _NO_FACTION_KEYS:
        return []  # 无 is not a faction (ruling D3)
    if key in _FACTION_KEYS:
        return [_FACTION_KEYS[key]]
    out: list[str] = []
    rest = key
    while rest:  # "蜀黄巾" written without a separator
        for size in (2, 1):
            if rest[:size] in _FACTION_KEYS and not rest[:size].isascii():
                out.append(_FACTION_KEYS[rest[:size]])
                rest = rest[size:]
                break
        else:
            known = " ".join(FACTIONS) + " / " + ", ".join(FACTION_EN[f] for f in FACTIONS)
            raise DecklistError(line, _m("decklist.unknown_faction", faction=repr(token), known=known), filename)
    return out


def _header(line: str) -> tuple[str, str] | None:
    match = _HEADER.match(line)
    if not match:
        return None
    key = normalize_name(match.group(1))
    if key in _POOL_HEADERS:
        return "pool", match.group(2)
    if key in _DECK_HEADERS:
        return "deck", match.group(2)
    if key in _FACTION_HEADERS:
        return "factions", match.group(2)
    return None


def _parse_count_line(line: str, number: int, filename: str) -> tuple[str, int]:
    if line.isdigit():
        raise DecklistError(number, _m("decklist.name_after_count", count=line[:10]), filename)
    match = _PREFIX.match(line)
    if match:
        return match.group(2), _count(match.group(1), number, filename)
    match = _SUFFIX.match(line)
    if match:
        return match.group(1), _count(match.group(2), number, filename)
    if _SIGNED.search(line):
        raise DecklistError(number, _m("decklist.count_whole", limit=MAX_COUNT, line=repr(line[:40])), filename)
    return line, 1


def _count(digits: str, number: int, filename: str) -> int:
    value = int(digits) if len(digits) < 6 else 10**6
    if not 1 <= value <= MAX_COUNT:
        shown = digits if len(digits) < 12 else digits[:10] + "…"
        raise DecklistError(number, _m("decklist.count_range", count=shown, limit=MAX_COUNT), filename)
    return value


def _parse_text(lines: list[str], filename: str) -> Decklist:
    builder = _Builder(filename)
    section = "deck"
    for number, raw in enumerate(lines, start=1):
        line = unicodedata.normalize("NFKC", raw).split("#", 1)[0].strip()
        if not line:
            continue
        header = _header(line)
        if header is not None:
            kind, rest = header
            if kind == "factions":
                builder.add_factions(rest, number)
                continue
            section = kind
            line = rest.strip()
            if not line:
                continue
        name, count = _parse_count_line(line, number, filename)
        builder.add(section, name, count, number)
    decklist = builder.build()
    if not decklist.entries and not decklist.pool:
        raise DecklistError(0, _m("decklist.no_cards"), filename)
    return decklist


class _JsonLines:
    """Best-effort line of each name in a JSON decklist, searching forward so a big file stays linear."""

    MAX_MISSES = 20

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.misses = 0

    def of(self, name: str) -> int:
        if self.misses >= self.MAX_MISSES:
            return 0  # e.g. names written with escapes: stop scanning the whole file for each
        for needle in (json.dumps(name, ensure_ascii=False), json.dumps(name)):
            found = self.text.find(needle, self.pos)
            if found < 0 and self.pos:
                self.pos, self.line = 0, 1  # sections may come in any order: start over once
                found = self.text.find(needle)
            if found >= 0:
                self.line += self.text.count("\n", self.pos, found)
                self.pos = found
                return self.line
        self.misses += 1
        return 0


def _parse_json(text: str, filename: str) -> Decklist:
    try:
        doc = jsonsafe.loads(text)
    except jsonsafe.JSONRefused as exc:
        raise DecklistError(exc.line or 1, exc.said, filename) from None
    if isinstance(doc, list):
        doc = {"deck": doc}
    if not isinstance(doc, dict):
        raise DecklistError(1, _m("decklist.json_shape"), filename)
    lines = _JsonLines(text)
    unknown = set(doc) - {"factions", "deck", "pool", "name", "format", "game"}
    if unknown:
        key = sorted(unknown)[0]
        raise DecklistError(lines.of(key), _m("decklist.json_key", key=repr(key)), filename)
    builder = _Builder(filename)
    factions = doc.get("factions") or []
    if isinstance(factions, str):
        factions = [factions]
    if not isinstance(factions, list) or not all(isinstance(f, str) for f in factions):
        raise DecklistError(lines.of("factions"), _m("decklist.json_factions"), filename)
    for f in factions:
        builder.add_factions(f, lines.of(f))
    for section in ("deck", "pool"):
        items = doc.get(section) or []
        if isinstance(items, dict):
            items = [{"name": k, "count": v} for k, v in items.items()]
        if not isinstance(items, list):
            raise DecklistError(lines.of(section), _m("decklist.json_section", section=section), filename)
        for i, item in enumerate(items, start=1):
            if isinstance(item, str):
                item = {"name": item, "count": 1}
            if not isinstance(item, dict) or not isinstance(item.get("name"), str):
                raise DecklistError(lines.of(section), _m("decklist.json_item", section=section, item=i), filename)
            name = unicodedata.normalize("NFKC", item["name"])
            line = lines.of(item["name"])
            count = item.get("count", 1)
            if isinstance(count, str) and count.strip().isdigit():
                count = _count(count.strip(), line, filename)
            if isinstance(count, bool) or not isinstance(count, int):
                raise DecklistError(
                    line, _m("decklist.json_count", section=section, item=i, count=repr(count)), filename
                )
            builder.add(section, name, count, line)
    decklist = builder.build()
    if not decklist.entries and not decklist.pool:
        raise DecklistError(0, _m("decklist.no_cards"), filename)
    return decklist


_CSV_SECTIONS = {
    "": "deck",
    "deck": "deck",
    "resource": "deck",
    "main": "deck",
    "资源": "deck",
    "pool": "pool",
    "command": "pool",
    "commandment": "pool",
    "commandments": "pool",
    "令": "pool",
    "军令": "pool",
    "event": "pool",
    "events": "pool",
    "事件": "pool",
    "faction": "factions",
    "factions": "factions",
    "势力": "factions",
}


def _cell_getter(columns: dict[str, int], cells: list[str]) -> Callable[[str], str]:
    def cell(key: str) -> str:
        index = columns.get(key)
        return cells[index] if index is not None and index < len(cells) else ""

    return cell


def _parse_csv(text: str, filename: str) -> Decklist:
    lines = text.splitlines()
    builder = _Builder(filename)
    reader = csv.reader(io.StringIO("\n".join(lines)))
    columns: dict[str, int] | None = None
    try:
        for row in reader:
            number = reader.line_num
            cells = [unicodedata.normalize("NFKC", c).strip() for c in row]
            if not any(cells) or cells[0].startswith("#"):
                continue
            if columns is None:
                lowered = [c.lower() for c in cells]
                if "name" in lowered:
                    columns = {c: lowered.index(c) for c in ("count", "name", "section") if c in lowered}
                    continue
                columns = {"count": 0, "name": 1, "section": 2}

            cell = _cell_getter(columns, cells)
            section_word = normalize_name(cell("section")) or ""
            section = _CSV_SECTIONS.get(section_word)
            if section is None:
                raise DecklistError(number, _m("decklist.csv_section", section=repr(cell("section"))), filename)
            if section == "factions":
                builder.add_factions(cell("name"), number)
                continue
            count_text = cell("count")
            if not count_text:
                count = 1
            elif count_text.isdigit():
                count = _count(count_text, number, filename)
            else:
                raise DecklistError(number, _m("decklist.csv_count", count=repr(count_text)), filename)
            builder.add(section, cell("name"), count, number)
    except csv.Error as exc:
        raise DecklistError(reader.line_num, _m("decklist.csv", error=str(exc)), filename) from None
    decklist = builder.build()
    if not decklist.entries and not decklist.pool:
        raise DecklistError(0, _m("decklist.no_cards"), filename)
    return decklist


def format_decklist(decklist: Decklist, kind: str = "text") -> str:
    """Write a decklist as ``kind`` ("text", "json" or "csv"); :func:`parse_decklist` reads it back equal.

    >>> print(format_decklist(Decklist((DeckEntry("关羽", 3),), (DeckEntry("反军", 1),), ("蜀",))), end="")
    势力: 蜀
    3 关羽
    令:
    1 反军
    """
    if kind == "json":
        doc: dict[str, Any] = {
            "factions": list(decklist.declared_factions),
            "deck": [{"name": e.name, "count": e.count} for e in decklist.entries],
            "pool": [{"name": e.name, "count": e.count} for e in decklist.pool],
        }
        return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    if kind == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["count", "name", "section"])
        for f in decklist.declared_factions:
            writer.writerow(["", f, "faction"])
        for e in decklist.entries:
            writer.writerow([e.count, e.name, "deck"])
        for e in decklist.pool:
            writer.writerow([e.count, e.name, "pool"])
        return out.getvalue()
    if kind != "text":
        raise ValueError(f"unknown decklist kind {kind!r} (text, json or csv)")
    lines = []
    if decklist.declared_factions:
        lines.append("势力: " + " ".join(decklist.declared_factions))
    lines.extend(_text_line(e) for e in decklist.entries)
    if decklist.pool:
        lines.append("令:")
        lines.extend(_text_line(e) for e in decklist.pool)
    return "\n".join(lines) + "\n"


def _text_line(entry: DeckEntry) -> str:
    # "3x" keeps a name that itself starts with x/×/* from being read as the multiplier.
    sep = "x " if entry.name[:1] in "xX×*" else " "
    return f"{entry.count}{sep}{entry.name}"
