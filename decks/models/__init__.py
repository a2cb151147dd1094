"""Models of the decks app: card databases (cards.py) and decks (decks.py)."""
