"""Models of the matches app: tournaments, registrations, matches."""

from .adjudication import Adjudication, Ruling
from .calls import JudgeCall
from .match import Match, MatchGame, ResultReport, SealedBid
from .play import RefereedEntry, RefereedGame, RefereedMatch
from .pods import Pod, PodSeat
from .rounds import GameLog, Rating, RatingChange, Round, StandingsSnapshot
from .tournaments import Invitation, Registration, Tournament

__all__ = [
    "Adjudication",
    "GameLog",
    "Invitation",
    "JudgeCall",
    "Match",
    "MatchGame",
    "Pod",
    "PodSeat",
    "Rating",
    "RatingChange",
    "RefereedEntry",
    "RefereedGame",
    "RefereedMatch",
    "Registration",
    "ResultReport",
    "Round",
    "Ruling",
    "SealedBid",
    "StandingsSnapshot",
    "Tournament",
]
