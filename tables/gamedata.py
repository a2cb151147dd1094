"""The one place the tables app gets a game's map and game data, by their content hashes: the versions
stored in the ``boards`` app (imported by organisers, or the bundled test files ``manage.py loadmaps``
stores, written for Junling and not the publishers')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boards.models import GameData
from boards.services import maps
from engine.maps import MapData


class UnknownMap(LookupError):
    """No stored map (or game data) of this system has this content hash."""


@dataclass(frozen=True)
class Choice:
    """A map with its game data that a table may be set up on."""

    map_hash: str
    data_hash: str
    map_id: str
    data_id: str


def choices(system_id: str) -> list[Choice]:
    """The maps (with their game data) a table of ``system_id`` can use, the newest import first."""
    rows = (
        GameData.objects.filter(system=system_id, game_map__system=system_id)
        .select_related("game_map")
        .order_by("-created_at", "-pk")
    )
    return [
        Choice(row.game_map.content_hash, row.content_hash, f"{row.game_map.name} {row.game_map.version}", row.name)
        for row in rows
    ]


def map_for(system_id: str, content_hash: str) -> MapData:
    """The map whose content hash is ``content_hash`` (``UnknownMap`` if none is stored)."""
    try:
        return maps.map_data(content_hash)
    except maps.MapNotFound:
        raise UnknownMap(content_hash) from None


def data_for(system_id: str, map_hash: str, data_hash: str) -> Any:
    """The game data with this content hash, on the map with ``map_hash`` (``UnknownMap`` if none)."""
    try:
        data = maps.game_data(data_hash)
    except maps.MapNotFound:
        raise UnknownMap(data_hash) from None
    if data.map.hash != map_hash:
        raise UnknownMap(data_hash)
    return data
