"""Models of the decks app: card databases (cards.py) and decks (decks.py)."""

from .cards import Card, CardDatabase, CardDatabaseVersion, Printing
from .decks import Deck, DeckVersion, Format

__all__ = ["Card", "CardDatabase", "CardDatabaseVersion", "Deck", "DeckVersion", "Format", "Printing"]
