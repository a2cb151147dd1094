"""The numbers and card kinds of 三国智's setup (seed 004 §1.1, §1.2; rulings S1, S6–S12), and a deck split
into where its cards go at the start (§1.2.3, ruling S4, S10).

    >>> START.grain, START.grain_cap, START.hand_size, START.mulligans, START.hand_limit
    (30, 30, 6, 1, 7)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import CardDatabase
from engine.decklist import Decklist

GENERAL, SCHEME, EVENT, COMMAND, FORMATION, GRAIN = "将领", "谋略", "事件", "兵权", "阵型", "粮草"
COMMAND_TYPES = ("步兵", "弓兵", "骑兵", "谋士")
"""The four 兵权 slots, by troop type (§1.3.6)."""


@dataclass(frozen=True, slots=True)
class Start:
    """The format parameters of a game's start (§1.1.3: an event may set others; ruling S6)."""

    grain: int = 30
    """起始粮草 (§1.2.5)."""
    grain_cap: int = 30
    """粮草上限 (§1.2.5)."""
    hand_size: int = 6
    """起始手牌 (§1.2.6, ruling S7)."""
    mulligans: int = 1
    """重抓: once, optional (§1.2.6.1, ruling S8)."""
    hand_limit: int = 7
    """手牌上限 (§1.2.6.3, ruling S9): never checked in setup."""


START = Start()


@dataclass(frozen=True, slots=True)
class Split:
    """A deck's cards by where they go at the start (§1.2.3, rulings S4, S10, S12): the camp (营地, the deck
    that is shuffled and drawn from), the events (事件, face down), the formations (阵型, face down) and the
    grain cards (粮仓, face up). ``unknown``: names the card database does not know."""

    camp: tuple[str, ...]
    events: tuple[str, ...]
    formations: tuple[str, ...]
    grain_cards: tuple[str, ...]
    unknown: tuple[str, ...]


def split_deck(decklist: Decklist, db: CardDatabase) -> Split:
    """Where each card of ``decklist`` goes: events and formations from either section, grain cards, and the
    rest into the camp, by canonical name, in list order."""
    parts: dict[str, list[str]] = {"camp": [], EVENT: [], FORMATION: [], GRAIN: [], "unknown": []}
    for entry in (*decklist.entries, *decklist.pool):
        card = db.lookup(entry.name)
        if card is None:
            parts["unknown"].extend([entry.name] * entry.count)
            continue
        key = card.type if card.type in (EVENT, FORMATION, GRAIN) else "camp"
        parts[key].extend([card.name] * entry.count)
    return Split(
        tuple(parts["camp"]),
        tuple(parts[EVENT]),
        tuple(parts[FORMATION]),
        tuple(parts[GRAIN]),
        tuple(parts["unknown"]),
    )
