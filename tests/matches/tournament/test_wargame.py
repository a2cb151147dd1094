"""Wargame events (issue 15, 文禄朝鲜之役): VP-margin standings, sides balanced across rounds, the sealed bid."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.tournament import (
    Bid,
    ResultError,
    VpBye,
    VpResult,
    balance_side_pairs,
    compute_vp_standings,
    pair_swiss,
    resolve_bid,
    sides_of_round,
)
from matches.tournament.wargame import due_sides, side_balance

SIDES = ("japan", "allies")


def round_standings(ids, results, number, rng):
    """The standings a random event pairs round ``number`` from (round 1: a shuffled order)."""
    standings = compute_vp_standings(ids, results)
    if number == 1:
        rng.shuffle(standings)
    return standings


def record_round(results, number, pairs, by_player, rng):
    """Random victory points for every table of the round, each on the side the balance rule gives."""
    for (a, b), side in zip(pairs, sides_of_round(pairs, by_player, SIDES), strict=True):
        if b is None:
            results.append(VpBye(number, a))
        else:
            results.append(VpResult(number, a, b, rng.randint(0, 20), rng.randint(0, 20), side))


def test_the_margin_after_the_bid_decides_the_game():
    # ann won the bid for Japan at 3 VP: 12–10 on the board is a 2–1... a margin of −1 after the bid.
    result = VpResult(1, "ann", "bo", 12, 10, "japan", player_bid=3)
    assert result.margin() == -1
    standings = {s.player: s for s in compute_vp_standings(["ann", "bo"], [result])}
    assert standings["bo"].points == 3 and standings["ann"].points == 0


def test_each_games_margin_counts_at_most_ten_in_the_standings():
    standings = compute_vp_standings(["ann", "bo"], [VpResult(1, "ann", "bo", 30, 2, "japan")])
    assert [(s.player, s.margin) for s in standings] == [("ann", 10), ("bo", -10)]


def test_equal_points_are_broken_by_capped_margin_then_opponents_match_win_percentage():
    results = [
        VpResult(1, "a", "b", 9, 5, "japan"),
        VpResult(1, "c", "d", 9, 5, "allies"),
        VpResult(2, "a", "c", 5, 9, "allies"),
        VpResult(2, "b", "d", 9, 1, "japan"),
    ]
    order = [(s.player, s.points, s.margin) for s in compute_vp_standings(list("abcd"), results)]
    assert order == [("c", 6, 8), ("b", 3, 4), ("a", 3, 0), ("d", 0, -12)]


def test_a_bye_is_a_win_with_no_margin_and_no_side():
    standings = compute_vp_standings(["ann"], [VpBye(1, "ann")])
    assert (standings[0].points, standings[0].margin, standings[0].sides) == (3, 0, ())


def test_negative_victory_points_are_refused():
    with pytest.raises(ResultError):
        compute_vp_standings(["a", "b"], [VpResult(1, "a", "b", -1, 3, "japan")])


def test_a_player_due_a_side_gets_it():
    standings = {s.player: s for s in compute_vp_standings(["a", "b"], [VpResult(1, "a", "b", 5, 3, "japan")])}
    assert sides_of_round([("a", "b")], standings, SIDES) == ["allies"]
    assert sides_of_round([("b", "a")], standings, SIDES) == ["japan"]


def test_round_one_gives_the_first_side_to_the_first_player_unless_the_coin_says_otherwise():
    standings = {s.player: s for s in compute_vp_standings(["a", "b"], [])}
    assert sides_of_round([("a", "b")], standings, SIDES) == ["japan"]
    assert sides_of_round([("a", "b")], standings, SIDES, coins=[True]) == ["allies"]


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=40).map(lambda n: n * 2), st.integers(1, 8), st.integers(0, 2**32 - 1))
def test_at_every_table_the_player_further_out_of_balance_gets_the_side_he_is_due(players, rounds, seed):
    """Whoever meets whom, at each table the side goes to the player who needs it more, so nobody's
    imbalance grows while his opponent's shrinks."""
    rng = random.Random(seed)
    ids = list(range(players))
    results = []
    for number in range(1, rounds + 1):
        standings = round_standings(ids, results, number, rng)
        try:
            swiss = pair_swiss(standings, number)
        except ValueError:
            break
        by_player = {s.player: s for s in standings}
        pairs = [(p.player, p.opponent) for p in swiss.pairings]
        for (a, b), side in zip(pairs, sides_of_round(pairs, by_player, SIDES), strict=True):
            if b is None:
                results.append(VpBye(number, a))
                continue
            balance_a, balance_b = (side_balance(by_player[p], SIDES) for p in (a, b))
            after_a = balance_a + (1 if side == "japan" else -1)
            after_b = balance_b + (-1 if side == "japan" else 1)
            if abs(balance_a) > abs(balance_b):
                assert abs(after_a) < abs(balance_a)
            elif abs(balance_b) > abs(balance_a):
                assert abs(after_b) < abs(balance_b)
            results.append(VpResult(number, a, b, rng.randint(0, 20), rng.randint(0, 20), side))


def test_different_wishes_get_their_sides_and_give_nothing():
    assert resolve_bid(Bid("allies", 4), Bid("japan", 1), "japan", SIDES) == ("allies", 0, 0)


def test_the_higher_bid_gets_the_wanted_side_and_gives_up_its_bid():
    assert resolve_bid(Bid("japan", 6), Bid("japan", 2), "allies", SIDES) == ("japan", 6, 0)


def test_equal_bids_go_to_the_player_the_balance_makes_due_that_side():
    assert resolve_bid(Bid("japan", 3), Bid("japan", 3), "allies", SIDES) == ("allies", 0, 3)


def test_a_bid_for_an_unknown_side_is_refused():
    with pytest.raises(ResultError):
        resolve_bid(Bid("korea", 1), Bid("japan", 0), "japan", SIDES)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=40).map(lambda n: n * 2), st.integers(1, 8), st.integers(0, 2**32 - 1))
def test_side_swaps_keep_every_tables_points_and_never_make_a_rematch(players, rounds, seed):
    rng = random.Random(seed)
    ids = list(range(players))
    results = []
    for number in range(1, rounds + 1):
        standings = round_standings(ids, results, number, rng)
        try:
            swiss = pair_swiss(standings, number)
        except ValueError:
            break
        by_player = {s.player: s for s in standings}
        pairs = [(p.player, p.opponent) for p in swiss.pairings]
        swapped = balance_side_pairs(pairs, by_player, SIDES)
        assert sorted(p for pair in swapped for p in pair if p is not None) == sorted(
            p for pair in pairs for p in pair if p is not None
        )
        for (a, b), (c, d) in zip(pairs, swapped, strict=True):
            if b is None:
                assert (c, d) == (a, b)
                continue
            assert {by_player[a].points, by_player[b].points} == {by_player[c].points, by_player[d].points}
            assert d not in by_player[c].opponents
        record_round(results, number, swapped, by_player, rng)


def wargame_event(players, rounds, seed, *, with_due):
    """A random wargame event paired as the site pairs it; yields (standings, plain Swiss, paired pairs)."""
    rng = random.Random(seed)
    ids = list(range(players))
    results = []
    for number in range(1, rounds + 1):
        standings = round_standings(ids, results, number, rng)
        by_player = {s.player: s for s in standings}
        try:
            plain = pair_swiss(standings, number)
            swiss = pair_swiss(standings, number, due=due_sides(standings, SIDES)) if with_due else plain
        except ValueError:
            return
        pairs = balance_side_pairs([(p.player, p.opponent) for p in swiss.pairings], by_player, SIDES)
        yield standings, plain, swiss, pairs
        record_round(results, number, pairs, by_player, rng)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=4, max_value=64), st.integers(2, 7), st.integers(0, 2**32 - 1))
def test_sides_in_the_matching_cost_add_no_crossing_no_pair_down_no_rematch_and_no_bye(players, rounds, seed):
    """Issue 26: the due side is part of the matching's cost, never at the price of a crossing."""
    for standings, plain, swiss, pairs in wargame_event(players, rounds, seed, with_due=True):
        by_player = {s.player: s for s in standings}
        assert swiss.crossings == plain.crossings and swiss.pair_downs <= plain.pair_downs
        assert [p.opponent is None for p in swiss.pairings].count(True) == [
            p.opponent is None for p in plain.pairings
        ].count(True)
        assert all(b is None or b not in by_player[a].opponents for a, b in pairs)


def side_counts_within_one(players, rounds, seeds, with_due):
    within = total = 0
    for seed in range(seeds):
        last = None
        for standings, _, _, pairs in wargame_event(players, rounds, seed, with_due=with_due):
            last = (standings, pairs)
        standings, pairs = last
        by_player = {s.player: s for s in standings}
        sides = dict(zip((a for a, _ in pairs), sides_of_round(pairs, by_player, SIDES), strict=True))
        for s in standings:
            balance = side_balance(s, SIDES)
            mine = next(((a, b) for a, b in pairs if s.player in (a, b)), None)
            if mine and mine[1] is not None:
                first = sides[mine[0]] == SIDES[0]
                balance += 1 if first == (mine[0] == s.player) else -1
            within += abs(balance) <= 1
            total += 1
    return within / total


def test_side_counts_end_within_one_for_more_players_with_sides_in_the_matching():
    """Issue 26 measured 87.9 % within 1 over 6 rounds with swaps after the pairing alone."""
    assert side_counts_within_one(40, 6, 8, True) >= side_counts_within_one(40, 6, 8, False)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=8, max_value=64), st.integers(2, 7), st.integers(0, 2**32 - 1))
def test_the_side_repair_keeps_every_tables_points_and_never_adds_a_clash(players, rounds, seed):
    """Issue 26 item 4: swaps (pair-down tables too) and the point groups' exact re-pairing keep each table
    number on its points, make no rematch and leave no more tables of two players due the same side."""
    for standings, _, swiss, pairs in wargame_event(players, rounds, seed, with_due=True):
        by_player = {s.player: s for s in standings}
        due = due_sides(standings, SIDES)
        paired = [(p.player, p.opponent) for p in swiss.pairings]
        assert _clashes(pairs, due) <= _clashes(paired, due)
        for (a, b), (c, d) in zip(paired, pairs, strict=True):
            if b is None:
                assert (c, d) == (a, b)
                continue
            assert sorted([by_player[a].points, by_player[b].points]) == sorted(
                [by_player[c].points, by_player[d].points]
            )
            assert d not in by_player[c].opponents


def _clashes(rows, due):
    return sum(b is not None and due[a] != 0 and due[a] == due[b] for a, b in rows)
