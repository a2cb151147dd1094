"""The decks a game is played with: a player's registration as the engine uses it (canonical names)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import CardDatabase
from engine.game.errors import GameSetupError
from engine.messages import Message


@dataclass(frozen=True, slots=True)
class Deck:
    """A player's registration as the engine uses it: canonical card names, in order, and declared factions."""

    resource: tuple[str, ...]
    pool: tuple[str, ...]
    factions: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"resource": list(self.resource), "pool": list(self.pool), "factions": list(self.factions)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deck:
        """The inverse of :meth:`to_json`."""
        return cls(tuple(data["resource"]), tuple(data["pool"]), tuple(data["factions"]))


def resolve_deck(db: CardDatabase, deck: Any) -> Deck:
    """A :class:`Deck` from ``(resource_names, pool_names, factions)`` or a ``Decklist`` (entries with counts).

    Names may be any form ``db.lookup`` knows; an unknown name raises :class:`GameSetupError`.
    """
    if isinstance(deck, Deck):
        resource, pool, factions = deck.resource, deck.pool, deck.factions
    elif hasattr(deck, "entries") and hasattr(deck, "pool"):
        resource = tuple(e.name for e in deck.entries for _ in range(e.count))
        pool = tuple(e.name for e in deck.pool for _ in range(e.count))
        factions = tuple(getattr(deck, "declared_factions", ()))
    else:
        try:
            resource, pool, factions = deck
        except (TypeError, ValueError):
            raise GameSetupError(
                f"a deck is (resource_names, pool_names, declared_factions) or a Decklist, not {type(deck).__name__}"
            ) from None
    names: list[list[str]] = [[], []]
    unknown: list[str] = []
    for i, group in enumerate((resource, pool)):
        if isinstance(group, str):
            raise GameSetupError(Message("setup.names_expected"))
        for name in group:
            card = db.lookup(name) if isinstance(name, str) else None
            if card is None:
                unknown.append(str(name))
            else:
                names[i].append(card.name)
    if unknown:
        unknown_names = {"cards": [{"name": n} for n in sorted(set(unknown))]}
        raise GameSetupError(Message("setup.unknown_cards", {"names": unknown_names}))
    if isinstance(factions, str):
        factions = (factions,)
    return Deck(tuple(names[0]), tuple(names[1]), tuple(str(f) for f in factions))
