"""三国智 Sanguo Zhi (seed 004): what its pages allow, and no more (docs/sanguozhi.md).

The pages give the deck (§1.1), the setup (§1.2), the table's slots and zones (§1.1.2, §1.3, §1.5.1) and
who owns a card (§1.4). They do not give the turn, the card types, playing cards, combat, effects or victory
(§2–§8 are missing), so there is no game to play yet: this package is a **setup checker**
(:func:`check_setup`: is this opening table a legal setup of this deck, else the first rule it breaks, cited
by section) and a seeded **deck-to-table simulator** (:class:`Opening`: shuffles, grain, the starting hand
and the one mulligan as a choice, the resulting table, and what each player may see of it).
Standard library only.
"""

from engine.sanguozhi.messages import text as message_text
from engine.sanguozhi.rules import START, Split, split_deck
from engine.sanguozhi.setup import (
    CHOICES,
    KEEP,
    MULLIGAN,
    Opening,
    Problem,
    SetupError,
    check_setup,
    deck_problem,
    opening_after,
    starter_deck,
)
from engine.sanguozhi.table import SLOTS, Side, side_from_json

__all__ = [
    "CHOICES",
    "KEEP",
    "MULLIGAN",
    "SLOTS",
    "START",
    "Opening",
    "Problem",
    "SetupError",
    "Side",
    "Split",
    "check_setup",
    "deck_problem",
    "message_text",
    "opening_after",
    "side_from_json",
    "split_deck",
    "starter_deck",
]
