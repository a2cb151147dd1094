"""The boards app's rows: imported maps and game data (immutable, hashed versions) and kept battle logs."""

from boards.models.battles import BattleLog
from boards.models.maps import GameData, GameMap, ImportJob

__all__ = ["BattleLog", "GameData", "GameMap", "ImportJob"]
