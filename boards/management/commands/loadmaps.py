"""Load every game system's bundled test map and game data (engine/data/*_test_map.json, *_test_data.json).

They are test maps written for Junling from the rules' text, not the publishers' maps. Idempotent."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from boards.models import GameMap
from boards.services.maps import TEST_LABEL, ensure_test_maps


class Command(BaseCommand):
    help = "Load the bundled test maps and game data (not the publishers' maps). Idempotent."

    def handle(self, *args: Any, **options: Any) -> None:
        for row in ensure_test_maps():
            kind = "map" if isinstance(row, GameMap) else "game data"
            label = TEST_LABEL if isinstance(row, GameMap) else "test data written for Junling, not the publisher's"
            self.stdout.write(f"{row.system} {kind}: {row.name} version {row.version} {row.content_hash} — {label}")
