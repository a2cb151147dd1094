"""Maps and game data: import (checked by the engine, stored whole or not at all), download, the bundled
test files, and the look-up other apps use: ``map_data(content_hash)`` / ``game_data(content_hash)``.

What a valid map is, is decided by ``engine.maps`` alone, and what valid game data is by the game's own
data module (``engine.systems.System.data_module()``); these functions store what the engine accepted, as
``decks.services.cards`` stores card databases. A stored version is immutable: the same content is one
version (idempotent by content hash), and a (name, version) label never changes its content.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from boards.models import GameData, GameMap
from boards.problems import ShownProblem, shown
from engine import jsonsafe
from engine.maps import MapData, MapError, Problem, Progress, parse_map
from engine.systems import System, all_systems, get_system
from junling.errors import Refused
from junling.models import record

MAX_FILE_BYTES = 2 * 1024 * 1024
"""A map or data file is a few kilobytes; two megabytes is far beyond any real one."""
DATA_DIR = Path(__file__).resolve().parent.parent.parent / "engine" / "data"
TEST_LABEL = "test map written for Junling, not the publisher's map"


class MapImportRefused(Refused):
    """A map or data file the site will not store; ``problems`` lists every bad row (``params.errors`` too)."""

    code = "map.invalid"

    def __init__(self, problems: list[Problem], *, code: str | None = None, status: int | None = None) -> None:
        self.problems: list[ShownProblem] = shown(problems)
        listed = "; ".join(f"{p.where}: {p.why}" for p in self.problems[:20])
        more = len(self.problems) - 20
        if more > 0:
            listed += " " + _("(and %(n)d more)") % {"n": more}
        message = _("The file was not imported: %(errors)s") % {"errors": listed}
        rows = [{"where": p.where, "message": p.why, "message_en": p.why_en} for p in self.problems]
        super().__init__(message, code=code, status=status, params={"errors": rows})


class MapNotFound(Refused):
    """No stored map or game data has this content hash."""

    code = "map.not_found"
    status = 404


def too_big(size: int) -> MapImportRefused:
    return MapImportRefused(
        [Problem("file", f"must be at most {MAX_FILE_BYTES} bytes, not {size}")], code="map.too_large", status=413
    )


def _json(raw: bytes | str | Any, filename: str) -> Any:
    if not isinstance(raw, bytes | str):
        return raw
    if isinstance(raw, bytes) and len(raw) > MAX_FILE_BYTES:
        raise too_big(len(raw))
    try:
        return jsonsafe.loads(raw)
    except jsonsafe.JSONRefused as exc:
        where = filename if exc.where == "$" else f"{filename} {exc.where.removeprefix('$.')}"
        raise MapImportRefused([Problem(where, exc.message)]) from None


def _label(model: type[GameMap] | type[GameData], system: System, name: str, version: str | None) -> str:
    if version:
        return version
    count = model.objects.filter(system=system.id, name=name).count()
    return str(count + 1)


def import_map(
    system: System,
    source: bytes | str | Any,
    *,
    filename: str = "<upload>",
    version: str | None = None,
    actor: Any = None,
    progress: Progress | None = None,
) -> GameMap:
    """Check a map file with ``engine.maps`` and store it as one immutable version of ``system``.

    Every bad row comes back at once (:class:`MapImportRefused`); the same content imported again returns
    the stored version; a label already used for other content is refused. All or nothing. ``progress`` is
    told the rows checked as the check goes (a large import's task, ``boards.services.imports``)."""
    data = _json(source, filename)
    try:
        parsed = parse_map(data, progress)
    except MapError as exc:
        raise MapImportRefused(exc.problems) from None
    if parsed.game != system.id:
        raise MapImportRefused([Problem("game", f"must be '{system.id}', not '{parsed.game}'")])
    return _store(
        GameMap,
        system,
        parsed.id,
        parsed.hash,
        version,
        actor,
        "map.import",
        fields={"title": parsed.name[:200], "document": parsed.to_json(), "note": parsed.note},
        audit={},
        filename=filename,
    )


def import_game_data(
    system: System,
    source: bytes | str | Any,
    *,
    game_map: GameMap | None = None,
    filename: str = "<upload>",
    version: str | None = None,
    actor: Any = None,
    progress: Progress | None = None,
) -> GameData:
    """Check a game-data file with the game's data module against a stored map version and store it.

    ``game_map`` defaults to the newest stored version of the map the file names (its ``map`` field)."""
    data = _json(source, filename)
    module = system.data_module()
    named = data.get("map") if isinstance(data, dict) else None
    if game_map is None:
        game_map = GameMap.objects.filter(system=system.id, name=str(named)).order_by("-created_at", "-id").first()
        if game_map is None:
            raise MapImportRefused([Problem("map", f"names map {named!r}, but no map of that name is stored")])
    try:
        parsed = module.parse_data(data, map_data(game_map.content_hash), progress)
    except MapError as exc:  # the games' DataError is a MapError
        raise MapImportRefused(exc.problems) from None
    except (TypeError, AttributeError, KeyError) as exc:
        raise MapImportRefused([Problem("data", f"must be an object, not {type(exc).__name__}")]) from None
    return _store(
        GameData,
        system,
        str(parsed.id),
        parsed.hash,
        version,
        actor,
        "game_data.import",
        fields={"game_map": game_map, "document": data, "note": str(parsed.note)},
        audit={"map": game_map.content_hash},
        filename=filename,
    )


def _store(
    model: type[GameMap] | type[GameData],
    system: System,
    name: str,
    content_hash: str,
    version: str | None,
    actor: Any,
    verb: str,
    *,
    fields: dict[str, Any],
    audit: dict[str, Any],
    filename: str,
) -> Any:
    """Store a checked document once by its content hash, under a new or the given version label, audited.

    The same content again returns the stored row (two imports racing: the one that lost reads the winner's);
    a label already used for other content is refused."""
    try:
        with transaction.atomic():
            existing = model.objects.filter(content_hash=content_hash).first()
            if existing is not None:
                if version and version != existing.version:
                    raise _conflict("version", existing)
                return existing
            label = _label(model, system, name, version)
            if model.objects.filter(system=system.id, name=name, version=label).exists():
                raise _clash(name, label)
            stored = model.objects.create(
                system=system.id,
                name=name,
                version=label,
                content_hash=content_hash,
                source_filename=filename[:255],
                imported_by=actor if getattr(actor, "is_authenticated", False) else None,
                **fields,
            )
            record(
                actor,
                verb,
                stored,
                system=system.id,
                name=name,
                version=stored.version,
                content_hash=content_hash,
                filename=filename,
                **audit,
            )
    except IntegrityError:
        raced = model.objects.filter(content_hash=content_hash).first()
        if raced is not None:
            return raced
        raise _clash(name, version or "?") from None
    return stored


def _conflict(field: str, existing: GameMap | GameData) -> MapImportRefused:
    return MapImportRefused(
        [Problem(field, f"already stored as version '{existing.version}' ({existing.content_hash[:19]})")],
        code="map.version_conflict",
    )


def _clash(name: str, label: str) -> MapImportRefused:
    return MapImportRefused(
        [Problem("version", f"'{name}' version '{label}' already exists with other content")],
        code="map.version_conflict",
    )


# --- the look-up other apps use -------------------------------------------------------------------------------


def map_data(content_hash: str) -> MapData:
    """The engine's ``MapData`` of the stored map version with this content hash (``sha256:…``), cached for the
    process (versions are immutable); :class:`MapNotFound` if no map has it."""
    return _map_data(str(content_hash))


@lru_cache(maxsize=64)
def _map_data(content_hash: str) -> MapData:
    row = GameMap.objects.filter(content_hash=content_hash).values_list("document", flat=True).first()
    if row is None:
        raise MapNotFound(no_map_message(content_hash), params={"hash": content_hash[:80]})
    return parse_map(row)


def no_map_message(content_hash: str) -> str:
    return _("There is no map %(hash)s.") % {"hash": content_hash[:80]}


def game_data(content_hash: str) -> Any:
    """The game's engine ``GameData`` (its own data module's type, with ``.map``) of the stored game-data version
    with this content hash, cached for the process; :class:`MapNotFound` if none."""
    return _game_data(str(content_hash))


@lru_cache(maxsize=64)
def _game_data(content_hash: str) -> Any:
    row = GameData.objects.select_related("game_map").filter(content_hash=content_hash).first()
    if row is None:
        raise MapNotFound(
            _("There is no game data %(hash)s.") % {"hash": content_hash[:80]}, params={"hash": content_hash}
        )

    return get_system(row.system).data_module().parse_data(row.document, map_data(row.game_map.content_hash))


def download(obj: GameMap | GameData) -> tuple[str, str]:
    """(file name, JSON text) of a stored version; a map downloads in its canonical form (same hash again)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in f"{obj.name}-{obj.version}")
    kind = "map" if isinstance(obj, GameMap) else "data"
    return f"{safe}.{kind}.json", json.dumps(obj.document, ensure_ascii=False, indent=1) + "\n"


# --- the bundled test files -----------------------------------------------------------------------------------


def ensure_test_maps(actor: Any = None) -> list[GameMap | GameData]:
    """Import every system's bundled test map and data (``System.test_files``) unless stored. Idempotent.

    They are written for Junling from the rules' text, not the publisher's maps; their ``note`` says so and
    the pages show :data:`TEST_LABEL` beside them."""
    stored: list[GameMap | GameData] = []
    for system in all_systems():
        if not system.test_files:
            continue
        map_file, data_file = (DATA_DIR / name for name in system.test_files)
        game_map = import_map(system, map_file.read_bytes(), filename=map_file.name, actor=actor)
        stored.append(game_map)
        if system.game_data and data_file.exists():
            stored.append(
                import_game_data(
                    system, data_file.read_bytes(), game_map=game_map, filename=data_file.name, actor=actor
                )
            )
    return stored


def is_test_file(obj: GameMap | GameData) -> bool:
    """Whether this version is one of the bundled test maps (its content): the pages label it plainly."""
    return isinstance(obj, GameMap) and obj.content_hash in _test_map_hashes()


@lru_cache(maxsize=1)
def _test_map_hashes() -> frozenset[str]:
    hashes = set()
    for system in all_systems():
        if system.test_files:
            raw = json.loads((DATA_DIR / system.test_files[0]).read_text(encoding="utf-8"))
            hashes.add(parse_map(raw).hash)
    return frozenset(hashes)
