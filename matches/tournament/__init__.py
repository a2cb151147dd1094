"""Tournament algorithms on plain values: Swiss pairing, standings and tiebreakers, brackets.

Nothing here imports Django: the tournament models and pages call these functions with
player ids (ints or strs) and results (:class:`MatchResult`, :class:`Bye`, :class:`MissedRound`).
``docs/tournaments.md`` documents every rule and choice with a worked example.
"""

from .pairing import (
    NoLegalPairingError,
    Pairing,
    PairingProblem,
    PairingWarning,
    SwissRound,
    check_pairing,
    pair_swiss,
)
from .standings import (
    Bye,
    MatchResult,
    MissedRound,
    PlayerId,
    Result,
    ResultError,
    Standing,
    StandingsTally,
    TournamentError,
    compute_standings,
    late_entry_results,
)
from .structure import (
    StructureError,
    bracket_order,
    next_elimination_round,
    round_robin,
    single_elimination,
    swiss_rounds,
    top_cut,
    top_cut_size,
)

__all__ = [
    "Bye",
    "MatchResult",
    "MissedRound",
    "NoLegalPairingError",
    "Pairing",
    "PairingProblem",
    "PairingWarning",
    "PlayerId",
    "Result",
    "ResultError",
    "Standing",
    "StandingsTally",
    "StructureError",
    "SwissRound",
    "TournamentError",
    "bracket_order",
    "check_pairing",
    "compute_standings",
    "late_entry_results",
    "next_elimination_round",
    "pair_swiss",
    "round_robin",
    "single_elimination",
    "swiss_rounds",
    "top_cut",
    "top_cut_size",
]
