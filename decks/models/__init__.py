"""Models of the decks app: card databases (cards.py) and decks (decks.py)."""

from .cards import Card, CardDatabase, CardDatabaseVersion, Printing

__all__ = ["Card", "CardDatabase", "CardDatabaseVersion", "Printing"]
