"""Terms of 文禄朝鲜之役 as values (RULINGS.md "W: Terms")."""

from __future__ import annotations

CHANCE = -1
"""``State.current_player()`` when a die or a draw is due."""
TERMINAL = -2
"""``State.current_player()`` once the game is over."""
STATE_FORMAT = "junling-wenlu/1"
SIDES = ("japan", "allies")
"""Player 0 is the Japanese (日本军), player 1 the Allies (明与朝鲜联军), §3.0."""
NATIONS = ("japan", "korea", "ming")
SIDE_OF = {"japan": "japan", "korea": "allies", "ming": "allies"}
RANKS = ("cic", "general")
"""总大将 over 一般武将 (ruling W24)."""
KINDS = ("general", "unit", "king", "prince")
OFF_MAP = ("pool", "standby", "replacement", "out", "turn-4", "turn-8", "turn-9")
"""Where a counter can be besides a region: 在野武将区, 待机武将区, 补充区, out of the game, the turn track."""
JAPAN_CARDS = (
    "奇袭",
    "伏兵",
    "补充",
    "三奉行派遣",
    "秀吉的书信",
    "讲和交涉6",
    "讲和交涉7",
    "讲和交涉8",
    "加藤清正虎退治",
)
ALLIED_CARDS = ("义兵蜂起", "李舜臣出击", "皇帝的檄文", "守城", "官位晋升", "流行性疾病")


def player_of(side: str) -> int:
    return SIDES.index(side)


def other(side: str) -> str:
    return "allies" if side == "japan" else "japan"
