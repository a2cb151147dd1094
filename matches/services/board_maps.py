"""Which maps a board-game event may name (issue 15): ONE function, ``known_maps``, asking the ``boards``
app's stored map versions (imported by organisers, or the bundled test maps ``manage.py loadmaps`` stores)."""

from __future__ import annotations

from boards.models import GameMap
from engine.systems import get_system


def known_maps(system_id: str) -> dict[str, str]:
    """The maps a ``system_id`` event may play: content hash -> label (empty for a game without a map)."""
    if not get_system(system_id).has_map:
        return {}
    rows = GameMap.objects.filter(system=system_id).order_by("name", "-created_at")
    return {row.content_hash: f"{row.name} {row.version}" for row in rows}
