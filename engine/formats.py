"""Formats: which card databases and which cards a tournament allows, and under which ruleset.

The bundled formats live in ``engine/data/formats.json``::

    >>> get_format("generals-order-standard").ruleset
    'generals-order'
    >>> DEFAULT_FORMAT["sanguo-zhi"]
    'sanguo-zhi-standard'
    >>> get_format("nope")
    Traceback (most recent call last):
    ...
    engine.formats.UnknownFormatError: unknown format 'nope' (known: generals-order-standard, sanguo-zhi-standard)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.cards import GAMES
from engine.errors import EngineError

FORMATS_FILE = Path(__file__).parent / "data" / "formats.json"


class UnknownFormatError(EngineError):
    """A format name that is not one of the known formats."""


class FormatDataError(EngineError):
    """A format definition is malformed (bad field or value)."""


@dataclass(frozen=True, slots=True)
class Format:
    """A card pool and ruleset a deck is checked against (ruling D6).

    ``card_databases`` lists the content hashes of the allowed card databases; empty means any
    database of ``game``. ``banlist`` holds card names (any spelling the database can look up).
    """

    name: str
    game: str
    ruleset: str
    card_databases: tuple[str, ...] = ()
    banlist: tuple[str, ...] = ()
    title: str = ""
    title_zh: str = ""

    def allows_database(self, content_hash: str) -> bool:
        """True if a database with this content hash may be used in this format."""
        return not self.card_databases or content_hash in self.card_databases

    def to_dict(self) -> dict[str, Any]:
        """The format as a JSON-ready dict (the form of ``formats.json``)."""
        return {
            "name": self.name,
            "game": self.game,
            "ruleset": self.ruleset,
            "card_databases": list(self.card_databases),
            "banlist": list(self.banlist),
            "title": self.title,
            "title_zh": self.title_zh,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Format:
        """Build a format from its dict form; raises :class:`FormatDataError` naming the bad field."""
        if not isinstance(data, Mapping):
            raise FormatDataError("a format must be a JSON object")
        for key in ("name", "game", "ruleset"):
            if not isinstance(data.get(key), str) or not data[key]:
                raise FormatDataError(f"format field {key!r} is required text")
        if data["game"] not in GAMES:
            raise FormatDataError(f"format {data['name']!r}: unknown game {data['game']!r}")
        lists = {}
        for key in ("card_databases", "banlist"):
            value = data.get(key) or []
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise FormatDataError(f"format {data['name']!r}: {key!r} must be a list of text")
            lists[key] = tuple(value)
        return cls(
            name=data["name"],
            game=data["game"],
            ruleset=data["ruleset"],
            card_databases=lists["card_databases"],
            banlist=lists["banlist"],
            title=str(data.get("title") or ""),
            title_zh=str(data.get("title_zh") or ""),
        )


def _load_bundled() -> tuple[dict[str, Format], dict[str, str]]:
    doc = json.loads(FORMATS_FILE.read_text(encoding="utf-8"))
    formats = {f.name: f for f in (Format.from_dict(d) for d in doc["formats"])}
    return formats, dict(doc["default"])


FORMATS, DEFAULT_FORMAT = _load_bundled()
"""FORMATS: bundled formats by name. DEFAULT_FORMAT: game -> name of its default format."""


def get_format(name: str) -> Format:
    """The bundled format called ``name``; raises :class:`UnknownFormatError` naming the known ones."""
    try:
        return FORMATS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(FORMATS))
        raise UnknownFormatError(f"unknown format {name!r} (known: {known})") from None


def default_format(game: str) -> Format:
    """The default format of ``game``."""
    if game not in DEFAULT_FORMAT:
        raise UnknownFormatError(f"no default format for game {game!r} (games: {', '.join(sorted(DEFAULT_FORMAT))})")
    return FORMATS[DEFAULT_FORMAT[game]]
