"""Models of the matches app: tournaments, registrations, matches."""

from .tournaments import Registration, Tournament

__all__ = ["Registration", "Tournament"]
