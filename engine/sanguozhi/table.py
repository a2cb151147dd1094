"""三国智's table as the pages define it (seed 004 §1.1.2, §1.3, §1.5.1; rulings S14, S15): each player's
slots (卡槽) in three rows, the zones (区域) they make up, and what is hidden from whom.

    >>> [s.key for s in SLOTS if s.row == "far"]
    ['graveyard', 'commander', 'strategist', 'lieutenant', 'camp']
    >>> {s.key: s.count for s in SLOTS if s.count != 1}
    {'lieutenant': 3, 'scheme': 5}
    >>> zone_of("scheme"), zone_of("camp"), zone_of("formation")
    ('field', 'deck', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.sanguozhi.rules import COMMAND_TYPES, START


@dataclass(frozen=True, slots=True)
class Slot:
    """A kind of slot: its key, Chinese name, row (far, middle, near), how many a player starts with, the zone
    its cards are in (``None``: in no zone these pages name, S15), and the section that says so."""

    key: str
    name: str
    row: str
    count: int
    zone: str | None
    section: str


SLOTS: tuple[Slot, ...] = (
    Slot("graveyard", "墓地", "far", 1, "graveyard", "§1.3.3"),
    Slot("commander", "主将", "far", 1, "field", "§1.3.2.5.3"),
    Slot("strategist", "军师", "far", 1, "field", "§1.3.2.5.2"),
    Slot("lieutenant", "副将", "far", 3, "field", "§1.3.2.5.1"),
    Slot("camp", "营地", "far", 1, "deck", "§1.3.1"),
    Slot("event", "事件", "middle", 1, "field", "§1.3.4"),
    Slot("scheme", "谋略", "middle", 5, "field", "§1.3.5"),
    Slot("formation", "阵型", "middle", 1, None, "§1.3.7"),
    *(Slot(f"command:{t}", f"{t}兵权", "near", 1, "field", "§1.3.6") for t in COMMAND_TYPES),
    Slot("granary", "粮仓", "near", 1, None, "§1.2.3"),
)
"""Every slot of one player, row by row, left to right (§1.1.2, ruling S14)."""

GENERAL_SLOTS = ("commander", "strategist", "lieutenant")
"""将领槽: 主将 + 军师 + 副将 (§1.3.2)."""

ZONES = ("field", "deck", "graveyard", "hand")
"""区域 (§1.5.1): 场上, 卡组, 墓地, 手牌."""


def zone_of(slot: str) -> str | None:
    """The zone the cards in ``slot`` are in (ruling S15)."""
    key = "command:" if slot.startswith("command:") else slot
    for s in SLOTS:
        if s.key == slot or (key == "command:" and s.key.startswith(key)):
            return s.zone
    raise KeyError(slot)


@dataclass
class Side:
    """One player's table: every slot's cards (names), grain, hand limit, and his opening choices.

    ``camp`` is the deck, top first (§1.3.1.1); ``events`` and ``formations`` face down (S4);
    ``granary`` the grain cards, face up, which only record grain (§1.1.1.3)."""

    player: int
    camp: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    formations: list[str] = field(default_factory=list)
    granary: list[str] = field(default_factory=list)
    commander: str | None = None
    strategist: str | None = None
    lieutenants: list[str | None] = field(default_factory=lambda: [None] * 3)
    schemes: list[str | None] = field(default_factory=lambda: [None] * 5)
    command: dict[str, list[str]] = field(default_factory=lambda: {t: [] for t in COMMAND_TYPES})
    grain: int = START.grain
    grain_cap: int = START.grain_cap
    hand_limit: int = START.hand_limit
    mulligan: str | None = None
    """``None`` while the starting hand is not confirmed, then ``"kept"`` or ``"taken"`` (§1.2.6.1–2)."""

    def to_json(self) -> dict[str, Any]:
        """Everything on this side, as a judge sees it (the form :func:`engine.sanguozhi.check_setup` reads)."""
        return {
            "player": self.player,
            "camp": list(self.camp),
            "hand": list(self.hand),
            "graveyard": list(self.graveyard),
            "events": list(self.events),
            "formations": list(self.formations),
            "granary": list(self.granary),
            "slots": {
                "commander": self.commander,
                "strategist": self.strategist,
                "lieutenants": list(self.lieutenants),
                "schemes": list(self.schemes),
                "command": {t: list(cs) for t, cs in self.command.items()},
            },
            "grain": self.grain,
            "grain_cap": self.grain_cap,
            "hand_limit": self.hand_limit,
            "mulligan": self.mulligan,
        }

    def view(self, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (a player, or None for a judge) sees of this side (ruling S15).

        Public: grain and its cap, the hand limit, the graveyard (§1.3.3), 兵权 (§1.3.6), the granary's
        face-up grain cards, every count (the deck's too, §1.3.1.2), whether the hand is confirmed. Nobody
        sees the deck's contents or order (§1.3.1.2). The owner sees his hand, the events and formations he
        brought (face down; that the owner may look is a reading, S15), and his face-down schemes (§1.3.5.2).
        """
        judge = viewer is None
        own = judge or viewer == self.player
        out = self.to_json()
        out["camp"] = {"count": len(self.camp)}
        if judge:
            out["camp"]["cards"] = list(self.camp)
        for pile in ("hand", "events", "formations"):
            if not own:
                out[pile] = {"count": len(getattr(self, pile))}
        return out


def side_from_json(data: Mapping[str, Any], player: int) -> Side:
    """A :class:`Side` from its JSON form (no checks: :func:`engine.sanguozhi.check_setup` does them)."""
    slots = data.get("slots") or {}
    side = Side(player)
    for pile in ("camp", "hand", "graveyard", "events", "formations", "granary"):
        setattr(side, pile, list(data.get(pile) or []))
    side.commander = slots.get("commander")
    side.strategist = slots.get("strategist")
    side.lieutenants = list(slots.get("lieutenants", side.lieutenants))
    side.schemes = list(slots.get("schemes", side.schemes))
    side.command = {t: list(cs) for t, cs in (slots.get("command") or side.command).items()}
    for key in ("grain", "grain_cap", "hand_limit", "mulligan"):
        if key in data:
            setattr(side, key, data[key])
    return side
