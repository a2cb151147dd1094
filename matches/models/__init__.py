"""Models of the matches app: tournaments, registrations, matches."""

from .rounds import GameLog, Match, MatchGame, Rating, RatingChange, ResultReport, Round, StandingsSnapshot
from .tournaments import Registration, Tournament

__all__ = [
    "GameLog",
    "Match",
    "MatchGame",
    "Rating",
    "RatingChange",
    "Registration",
    "ResultReport",
    "Round",
    "StandingsSnapshot",
    "Tournament",
]
