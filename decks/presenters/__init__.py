"""Presenters of the decks app: what a page shows, built from stored data; they never write."""
