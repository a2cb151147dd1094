"""Terms of 龙虎三国志 as values (RULINGS.md "L: Terms")."""

from __future__ import annotations

CHANCE = -1
"""``State.current_player()`` when a die or a draw is due."""
TERMINAL = -2
"""``State.current_player()`` once the game is over."""
STATE_FORMAT = "junling-longhu/1"
PLAYER_NAMES = ("青龙军", "白虎军", "朱雀军", "玄武军")
"""Azure Dragon, White Tiger, Vermilion Bird, Black Tortoise (§3-1, §12-1)."""
