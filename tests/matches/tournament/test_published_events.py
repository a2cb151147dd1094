"""The published Swiss events (../shared/data/tournament-results): the tally fed round by round
gives compute_standings' rows after every round (byes, drops and late entrants of real events)."""

import json
from pathlib import Path

import pytest

from matches.tournament import Bye, MatchResult, MissedRound, StandingsTally, compute_standings

from .test_tally import assert_same

RESULTS_DIR = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "tournament-results"
EVENTS = sorted(p for p in RESULTS_DIR.glob("*.json") if "results" in json.loads(p.read_text()))


MISSED = "<missed>"
"""The opponent of a late entrant's missed-round loss in the data."""


def result(rnd, a, b, aw, bw, d):
    if b is None:
        return Bye(rnd, a)
    if b == MISSED:
        return MissedRound(rnd, a)
    return MatchResult(rnd, a, b, aw, bw, d)


def results_of(event):
    """[round, player, opponent (None: a bye), wins, losses, draws] rows as results."""
    return [result(*row) for row in event["results"]]


def test_the_published_events_are_there():
    assert len(EVENTS) >= 10, f"no published events in {RESULTS_DIR}"


@pytest.mark.parametrize("path", EVENTS, ids=lambda p: p.stem)
def test_the_tally_round_by_round_equals_the_full_computation_on_a_published_event(path):
    results = results_of(json.loads(path.read_text()))
    players = list(dict.fromkeys(p for r in results for p in (r.player, getattr(r, "opponent", None)) if p))
    tally = StandingsTally()
    for last in sorted({r.round for r in results}):
        so_far = [r for r in results if r.round <= last]
        tally.sync(players, so_far)
        assert_same(tally.standings(), compute_standings(players, so_far))
