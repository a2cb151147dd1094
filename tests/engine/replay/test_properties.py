"""Property: the log of any random game round-trips (dumps -> load -> replay gives the same result)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.log import load_log
from engine.replay import adjudicate
from tests.engine.replay.conftest import KEY, record


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**63 - 1), signed=st.booleans(), every=st.sampled_from([0, 1, 7]))
def test_log_of_a_random_game_round_trips_to_the_same_result_and_state(db, decks, seed, signed, every):
    rec = record(db, decks, seed, key=KEY if signed else None, state_hash_every=every)
    log = load_log(rec.dumps())
    verdict = adjudicate(log, db=db, key=KEY, until=len(log["entries"]) - 1)
    outcome = rec.state.outcome
    assert verdict.ok, verdict.problems
    assert verdict.signature == ("valid" if signed else "unsigned")
    assert (verdict.result.winner, verdict.result.reason) == (outcome.winner, outcome.reason)
    assert verdict.state == rec.state.to_json(history=False)
