"""The incremental standings (StandingsTally) against the full computation (compute_standings)."""

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.tournament import Bye, MatchResult, MissedRound, ResultError, StandingsTally, compute_standings

from .test_properties import GAME_SCORES


def assert_same(incremental, full):
    """Every field equal, the opponents' averages bit for bit (the tally adds them round by round, the
    order compute_standings adds results given by round); the opponents as a multiset, since a replaced
    round puts a player's opponents in another order."""
    assert len(incremental) == len(full)
    for a, b in zip(incremental, full, strict=True):
        assert a._replace(opponents=()) == b._replace(opponents=())
        assert Counter(a.opponents) == Counter(b.opponents)


def by_round(results):
    return sorted(results, key=lambda r: r.round)


def test_sync_adds_only_new_rounds_and_gives_the_full_standings():
    players = ["a", "b", "c", "d"]
    r1 = [MatchResult(1, "a", "b", 2, 1), MatchResult(1, "c", "d", 0, 2)]
    r2 = [*r1, MatchResult(2, "a", "d", 1, 1, draws=1), MatchResult(2, "b", "c", 2, 0)]
    tally = StandingsTally()
    tally.sync(players, r1)
    tally.sync(players, r2)
    assert tally.standings(["c"]) == compute_standings(players, r2, ["c"])


def test_a_ruling_on_an_earlier_round_replaces_that_round():
    players = [1, 2, 3, 4, 5]
    results = [MatchResult(1, 1, 2, 2, 0), MatchResult(1, 3, 4, 2, 1), Bye(1, 5), MatchResult(2, 1, 3, 2, 0)]
    tally = StandingsTally()
    tally.sync(players, results)
    ruled = [MatchResult(1, 1, 2, 0, 2), *results[1:]]  # the judge gives round 1 to player 2
    tally.sync(players, ruled)
    assert_same(tally.standings(), compute_standings(players, ruled))
    tally.sync(players, results[:3])  # round 2 withdrawn
    assert_same(tally.standings(), compute_standings(players, results[:3]))


def test_a_new_registration_order_starts_afresh():
    results = [MatchResult(1, "a", "b", 2, 0)]
    tally = StandingsTally()
    tally.sync(["a", "b", "c"], results)
    tally.sync(["c", "b", "a"], results)
    assert tally.standings() == compute_standings(["c", "b", "a"], results)


def test_a_refused_round_leaves_the_tally_as_it_was():
    tally = StandingsTally()
    tally.sync(["a", "b", "c"], [MatchResult(1, "a", "b", 2, 0)])
    before = tally.standings()
    with pytest.raises(ResultError, match="already has a result in round 1"):
        tally.set_round(1, [MatchResult(1, "a", "c", 2, 0), Bye(1, "a")])
    assert tally.standings() == before
    with pytest.raises(ResultError, match="not a result of round 2"):
        tally.set_round(2, [MatchResult(1, "a", "c", 2, 0)])
    assert tally.standings() == before


def test_a_match_of_2_to_the_31_games_is_refused_by_the_tally_and_leaves_it_as_it_was():
    # A record's games share one packed int with its other fields: a match this long could overflow.
    tally = StandingsTally()
    tally.sync(["a", "b", "c", "d"], [MatchResult(1, "a", "b", 2, 0)])
    before = tally.standings()
    with pytest.raises(ResultError, match="more games than a tally counts"):
        tally.set_round(2, [MatchResult(2, "a", "c", 2, 0), MatchResult(2, "b", "d", 2**31, 0)])
    assert tally.standings() == before
    tally.set_round(2, [MatchResult(2, "a", "c", 2**31 - 1, 0)])
    expected = compute_standings(
        ["a", "b", "c", "d"], [MatchResult(1, "a", "b", 2, 0), MatchResult(2, "a", "c", 2**31 - 1, 0)]
    )
    assert tally.standings() == expected


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (MatchResult(1, "a", "zz", 2, 0), "'zz' is not registered"),
        (MatchResult(1, "a", "a", 2, 0), "cannot play themself"),
        (MatchResult(1, "a", "b", -1, 0), "negative"),
        (MatchResult(0, "a", "b", 2, 0), "round must be a whole number"),
        (Bye(1, "nobody"), "'nobody' is not registered"),
        (("a", "b", 2, 0), "is not a MatchResult, Bye or MissedRound"),
    ],
)
def test_bad_results_are_refused_as_compute_standings_refuses_them(result, message):
    tally = StandingsTally()
    with pytest.raises(ResultError, match=message):
        tally.sync(["a", "b"], [MatchResult(2, "a", "b", 2, 0), result])
    with pytest.raises(ResultError, match=message):
        compute_standings(["a", "b"], [MatchResult(2, "a", "b", 2, 0), result])
    # A refused sync empties the tally: the next one adds everything again.
    tally.sync(["a", "b"], [MatchResult(1, "a", "b", 2, 0)])
    assert tally.standings() == compute_standings(["a", "b"], [MatchResult(1, "a", "b", 2, 0)])


def test_two_results_in_one_round_and_unknown_drops_are_refused():
    tally = StandingsTally()
    with pytest.raises(ResultError, match="already has a result in round 1"):
        tally.sync(["a", "b", "c"], [MatchResult(1, "a", "b", 2, 0), Bye(1, "a")])
    with pytest.raises(ResultError, match="registered twice"):
        tally.sync(["a", "a"], [])
    tally.sync(["a"], [])
    with pytest.raises(ResultError, match="not registered"):
        tally.standings(["b"])


events = st.fixed_dictionaries(
    {
        "players": st.integers(min_value=1, max_value=60),
        "rounds": st.integers(min_value=1, max_value=8),
        "seed": st.integers(min_value=0, max_value=2**32 - 1),
        "drop_chance": st.sampled_from([0.0, 0.05, 0.3]),
        "late": st.integers(min_value=0, max_value=4),
        "rulings": st.sampled_from([0.0, 0.2, 0.6]),
        "copies": st.booleans(),
        "faults": st.sampled_from([0.0, 0.3]),
        "reentered": st.sampled_from([0.0, 0.3]),
    }
)


def faulty(rng, round_results, players):
    """The round's results with one fault a tally must refuse: a player twice, an unknown player,
    negative games or a player against themself."""
    bad = list(round_results)
    k = rng.randrange(len(bad))
    r = bad[k]
    choice = rng.randrange(4)
    if choice == 0:
        bad.append(Bye(r.round, r.player))
    elif choice == 1:
        bad[k] = dataclasses.replace(r, player="nobody")
    elif isinstance(r, MatchResult):
        bad[k] = dataclasses.replace(r, draws=-1) if choice == 2 else dataclasses.replace(r, opponent=r.player)
    else:
        bad.append(MatchResult(r.round, r.player, players[0], 2, 0))
    return bad


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(events)
def test_property_incremental_standings_equal_the_full_computation(e):
    """Random events: byes, drops, late entrants with and without missed-round losses, organiser
    overrides and judges' rulings on earlier rounds (a changed, added or removed result), results read
    back as equal copies (as from a database); after every change the tally gives compute_standings'
    standings. A new round is added a column at a time (the tally's fast path) and a changed one a
    result at a time: some new rounds are first given with a fault (refused by both, the tally then
    starts afresh) and some whole rounds struck out and entered again."""
    rng = random.Random(e["seed"])
    players = list(range(e["players"]))
    results = []
    dropped = set()
    tally = StandingsTally()

    def check():
        ordered = by_round(results)
        given = [dataclasses.replace(r) for r in ordered] if e["copies"] and rng.random() < 0.5 else ordered
        tally.sync(players, given)
        assert_same(tally.standings(dropped), compute_standings(players, ordered, dropped))

    for rnd in range(1, e["rounds"] + 1):
        for _ in range(rng.randrange(e["late"] + 1) if rnd > 1 else 0):
            newcomer = len(players)
            players.append(newcomer)
            if rng.random() < 0.5:
                results.extend(MissedRound(r, newcomer) for r in range(1, rnd))
        active = [p for p in players if p not in dropped]
        rng.shuffle(active)  # random pairings: rematches too, which standings must take
        if len(active) % 2:
            results.append(Bye(rnd, active.pop()))
        for a, b in zip(active[::2], active[1::2]):
            w, lost, d = rng.choice(GAME_SCORES)
            results.append(MatchResult(rnd, a, b, w, lost, d))
        this_round = [r for r in results if r.round == rnd]
        if this_round and rng.random() < e["faults"]:
            bad = [r for r in results if r.round != rnd] + faulty(rng, this_round, players)
            with pytest.raises(ResultError) as refused:
                tally.sync(players, by_round(bad))
            with pytest.raises(ResultError) as also:
                compute_standings(players, by_round(bad))
            assert str(refused.value) == str(also.value)
        check()
        if rng.random() < e["reentered"]:
            struck = rng.randrange(1, rnd + 1)
            kept = results
            results = [r for r in kept if r.round != struck]
            check()
            results = kept
            check()
        while rng.random() < e["rulings"] and results:
            # An override or a ruling on any round so far: another score, a match given the other way,
            # a result struck out (a no-show re-entered later) or a missing bye added back.
            k = rng.randrange(len(results))
            old = results[k]
            if isinstance(old, MatchResult):
                w, lost, d = rng.choice(GAME_SCORES)
                choice = rng.random()
                if choice < 0.6:
                    results[k] = dataclasses.replace(old, player_wins=w, opponent_wins=lost, draws=d)
                elif choice < 0.8:
                    results[k] = MatchResult(old.round, old.opponent, old.player, w, lost, d)
                else:
                    del results[k]
            else:
                del results[k]
            check()
        for p in players:
            if p not in dropped and rng.random() < e["drop_chance"]:
                dropped.add(p)
        check()
