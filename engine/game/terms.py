"""The game's terms as values: zones, areas, phases, how a game ends (RULINGS.md "Terms").

Zones are always seen from the owner of the general: a general of player 0 standing in
``Zone.ENEMY_BORDER`` stands in player 1's ``Zone.BORDER`` (the same place on the table).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import hand_limit as hand_limit  # the one hand-limit table (ruling G15)
from engine.messages import Message, Reader

PLAYERS = (0, 1)
CHANCE = -1
"""``State.current_player()`` when a chance event (coin flip, card revealed from RESOURCE) is due."""
TERMINAL = -2
"""``State.current_player()`` once the game is over."""

INITIAL_HAND = 5
"""Both players draw 5 at the start (§3.3.6, ruling G1)."""


class Zone(enum.StrEnum):
    """The zones of the battlefield (§3.1), from the general's owner's side. 敌城内 never holds a general (G4)."""

    FORTRESS = "fortress"
    """自城内: where a recruit is placed (§3.5 "入城"); no enemy ever enters it."""
    BORDER = "border"
    """自城外: my front line; enemy generals standing here are the ones I must block (G4)."""
    ENEMY_BORDER = "enemy_border"
    """敌城外: the enemy's 自城外; from here a general besieges the enemy RESOURCE (G7)."""


OUTSIDE = (Zone.BORDER, Zone.ENEMY_BORDER)
"""The zones outside the fortresses."""

STOP = "stop"
"""Returned by an effect step handler: the rest of the step list does not happen (a text without target)."""

ZONE_ZH = {Zone.FORTRESS: "自城内", Zone.BORDER: "自城外", Zone.ENEMY_BORDER: "敌城外"}


class Area(enum.StrEnum):
    """Where a card can be (§3.1.5–3.1.11). Every card is in exactly one area at every step."""

    RESOURCE = "resource"
    """资源区: the deck, face down; draws come from the top, returns go to the bottom (G12)."""
    HAND = "hand"
    """手牌: seen by its owner only; the opponent sees the count."""
    DISCARD = "discard"
    """耗费区: face down; new cards on top, cards taken from the bottom (G12)."""
    CASUALTY = "casualty"
    """阵亡区: defeated generals, face up, new ones on top; nobody comes back (G13)."""
    BATTLEFIELD = "battlefield"
    """战场: generals in their zones and the equipment they carry, face up."""
    COMMAND = "command"
    """军令区: the chosen commandment, face down until the game begins, then face up (§2.6.4)."""
    ADVANTAGE = "advantage"
    """优势区: at most one advantage card on the whole table (§2.7)."""
    STACK = "stack"
    """A card being played, face up, while the opponent's response window is open (G11)."""
    POOL = "pool"
    """The command pool's unchosen commandments: outside the game (ruling D1)."""
    OUT_OF_GAME = "out_of_game"
    """游戏除外: removed from the game by a card effect."""


class Phase(enum.StrEnum):
    """Where the game stands; who acts follows from it."""

    COMMANDMENT = "commandment"
    """Setup: each player in turn chooses a commandment from his pool, face down (§2.6.4, G2)."""
    COIN_FLIP = "coin_flip"
    """Setup: a chance event decides the first player (G1)."""
    INITIAL_DRAW = "initial_draw"
    """Setup: both players draw 5 (§3.3.6)."""
    DRAW = "draw"
    """取: the active player draws one card from the top of RESOURCE (§3.4)."""
    MAIN = "main"
    """兵, 布局, 攻守 in any order (§3.9)."""
    RESPONSE = "response"
    """The non-active player may answer the pending action with a counter card, or pass (G11)."""
    UPKEEP = "upkeep"
    """终: one RESOURCE card per own general on the battlefield to DISCARD (§3.8, G9)."""
    HAND_LIMIT = "hand_limit"
    """终: the active player discards down to his hand limit, cards of his choice (§2.2.5, G9)."""
    CHOICE = "choice"
    """A card text waits for a player's choice (a target, a card found by 找寻, cards to give up)."""
    NAMING = "naming"
    """Setup: a revealed commandment asks its owner to name cards (束缚)."""
    OVER = "over"
    """The game has ended; see ``State.outcome``."""


class Termination(enum.StrEnum):
    """Why a game ended (§1.4, ruling G10)."""

    NO_CARD_TO_DRAW = "no_card_to_draw"
    """§1.4 1): the loser had no RESOURCE card to draw at the start of his turn."""
    CANNOT_PAY_DEPLETION = "cannot_pay_depletion"
    """§1.4 2): the loser had fewer RESOURCE cards than a depletion ([消耗]) asked for."""
    CANNOT_PAY_UPKEEP = "cannot_pay_upkeep"
    """§1.4 3): the loser had fewer RESOURCE cards than his upkeep ([军费]) asked for."""
    SPECIAL_VICTORY = "special_victory"
    """§1.4 4): the winner fulfilled a card's special victory."""
    UNDECLARED_FACTION = "undeclared_faction"
    """§1.4 5): the loser played a card of a faction he had not declared."""


# a termination's message code and JSON value, worked out once (``member.value`` is a Python-level
# descriptor in CPython 3.11, about 175 ns a read, and every verdict asks them)
_TERMINATION_CODE = {t: f"termination.{t.value}" for t in Termination}
_TERMINATION_VALUE = {t: t.value for t in Termination}

TERMINATION_RULE = {
    Termination.NO_CARD_TO_DRAW: "§1.4 1)",
    Termination.CANNOT_PAY_DEPLETION: "§1.4 2)",
    Termination.CANNOT_PAY_UPKEEP: "§1.4 3)",
    Termination.SPECIAL_VICTORY: "§1.4 4)",
    Termination.UNDECLARED_FACTION: "§1.4 5)",
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (0 or 1), why (``termination`` and the message's ``params``), the rule.

    ``recorded`` is the reason as a JSON state or log wrote it (read back by :meth:`from_json`);
    ``reason`` is the English text a judge reads aloud, ``message`` what a reader's language renders.
    """

    winner: int
    termination: Termination
    params: Mapping[str, Any] = field(default_factory=dict)
    recorded: str | None = None

    @property
    def message(self) -> Message:
        """Why the game ended, as a message (code ``termination.<termination>``)."""
        if self.recorded is not None and not self.params:
            return Message("text", {"text": self.recorded})
        return Message(_TERMINATION_CODE[self.termination], self.params)

    def param(self) -> dict[str, Any]:
        """The message as the parameter of another message."""
        code, params = self.message
        return {"msg": code, "params": dict(params)}

    @property
    def reason(self) -> str:
        """Why, in English (the text logs carry in their result)."""
        if self.recorded is not None:
            return self.recorded
        return Reader("en", ids=False).render(self.message)

    @property
    def loser(self) -> int:
        """The player who lost."""
        return 1 - self.winner

    @property
    def rule(self) -> str:
        """The section of §1.4 that decided the game."""
        return TERMINATION_RULE[self.termination]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"winner": self.winner, "termination": _TERMINATION_VALUE[self.termination], "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """The inverse of :meth:`to_json`."""
        return cls(int(data["winner"]), Termination(data["termination"]), recorded=str(data["reason"]))
