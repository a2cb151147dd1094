"""Moving a map's places in the browser (the map page's board, ``static/js/board.js``) and keeping the result: a
map version is immutable (logs name it by its content hash), so new positions are a new version of the map."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from boards import access
from boards.models import GameMap
from boards.services.maps import MapImportRefused, _store
from engine.maps import MapError, Problem, parse_map
from engine.systems import System


def do_save_layout(user: Any, system: System, row: GameMap, positions: dict[str, tuple[float, float]]) -> GameMap:
    """Store ``row``'s map with ``positions`` (place id → x, y) put into its ``layout`` (the places not given keep
    theirs, outlines too) as a new version, audited (``map.layout``, naming the version it came from). The map is
    checked as an import is (every bad position listed, nothing stored); the same positions again are the stored
    version. Only those who may import maps may do it (``access.access_map_import``)."""
    access.access_map_import(user)
    document = dict(row.document)
    layout: dict[str, Any] = {k: dict(v) for k, v in (document.get("layout") or {}).items()}
    for place, (x, y) in positions.items():
        layout[place] = {**layout.get(place, {}), "x": x, "y": y}
    document["layout"] = layout
    try:
        parsed = parse_map(document)
    except MapError as exc:
        raise MapImportRefused(exc.problems) from None
    if parsed.game != system.id:
        raise MapImportRefused([Problem("game", f"must be '{system.id}', not '{parsed.game}'")])
    with transaction.atomic():
        return _store(
            GameMap,
            system,
            parsed.id,
            parsed.hash,
            None,
            user,
            "map.layout",
            fields={"title": parsed.name[:200], "document": parsed.to_json(), "note": parsed.note},
            audit={"from": row.content_hash},
            filename=row.source_filename or "<layout>",
        )
