"""Swiss pairing rules and the hand-pairing check."""

import networkx as nx
import pytest

from matches.tournament import (
    Bye,
    MatchResult,
    NoLegalPairingError,
    PairingProblem,
    check_pairing,
    compute_standings,
    pair_swiss,
)


def pairs_of(swiss):
    return [(p.player, p.opponent) for p in swiss.pairings if p.opponent is not None]


def problems(warnings):
    return sorted(w.problem.value for w in warnings)


def test_swiss_round_one_pairs_top_half_against_bottom_half_in_registration_order():
    s = compute_standings(list(range(1, 9)), [])
    assert pairs_of(pair_swiss(s, 1)) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_swiss_pairs_within_point_groups():
    results = [MatchResult(1, a, b, 2, 0) for a, b in [(1, 5), (2, 6), (3, 7), (4, 8)]]
    swiss = pair_swiss(compute_standings(list(range(1, 9)), results), 2)
    winners = {1, 2, 3, 4}
    for a, b in pairs_of(swiss):
        assert (a in winners) == (b in winners)
    assert swiss.pair_downs == 0


def test_swiss_bye_goes_to_lowest_ranked_player_without_a_bye():
    players = ["a", "b", "c", "d", "e"]
    # e had the bye in round 1 and is last; the bye must go to the lowest-ranked other player.
    results = [MatchResult(1, "a", "b", 2, 0), MatchResult(1, "c", "d", 2, 1), Bye(1, "e")]
    s = compute_standings(players, results)
    swiss = pair_swiss(s, 2)
    lowest_without = [x.player for x in s if x.byes == 0][-1]
    assert swiss.bye == lowest_without == "b"
    assert swiss.notes == ()


def test_swiss_odd_point_group_pairs_down_its_lowest_ranked_player_once():
    # After round 1 of 6: three 3-point players (one had the bye)... make the groups 3 and 3.
    results = [MatchResult(1, 1, 4, 2, 0), MatchResult(1, 2, 5, 2, 0), MatchResult(1, 3, 6, 2, 0)]
    s = compute_standings([1, 2, 3, 4, 5, 6], results)
    swiss = pair_swiss(s, 2)
    assert swiss.pair_downs == 1 == swiss.required_crossings == swiss.crossings
    lowest_winner = [x.player for x in s if x.points == 3][-1]
    down = [(a, b) for a, b in pairs_of(swiss) if {a, b} & {lowest_winner}]
    assert down and s[[x.player for x in s].index(down[0][1])].points == 0


def test_swiss_never_rematches_even_when_it_costs_a_pair_down():
    # 1 and 2 are alone on 6 points and have played: they must each pair down.
    results = [
        MatchResult(1, 1, 2, 1, 1),
        MatchResult(1, 3, 4, 2, 0),
        MatchResult(1, 5, 6, 2, 0),
        MatchResult(2, 1, 3, 2, 0),
        MatchResult(2, 2, 5, 2, 0),
        MatchResult(2, 4, 6, 2, 0),
    ]
    s = compute_standings([1, 2, 3, 4, 5, 6], results)
    swiss = pair_swiss(s, 3)
    played = {frozenset((r.player, r.opponent)) for r in results}
    assert all(frozenset(p) not in played for p in pairs_of(swiss))


def test_swiss_dropped_player_is_never_paired_but_stays_in_standings():
    results = [MatchResult(1, 1, 3, 2, 0), MatchResult(1, 2, 4, 2, 0)]
    s = compute_standings([1, 2, 3, 4, 5], results, dropped=[1])
    swiss = pair_swiss(s, 2)
    assert all(1 not in (p.player, p.opponent) for p in swiss.pairings)
    assert any(x.player == 1 and x.dropped for x in s)


def test_swiss_late_entrant_joins_with_zero_points_and_is_paired():
    results = [MatchResult(1, 1, 2, 2, 0), MatchResult(1, 3, 4, 2, 0)]
    s = compute_standings([1, 2, 3, 4, 5], results)
    swiss = pair_swiss(s, 2)
    assert 5 in {p.player for p in swiss.pairings} | {p.opponent for p in swiss.pairings}


def test_swiss_second_bye_only_when_nobody_without_one_can_take_it_and_it_is_reported():
    # Three players, round 3: a and b played in round 1 (c bye), a and c in round 2 (b bye).
    # Round 3 must pair b-c; the bye then goes to a, who has none. Round 4 has no legal pairing.
    results = [MatchResult(1, "a", "b", 2, 0), Bye(1, "c"), MatchResult(2, "a", "c", 2, 0), Bye(2, "b")]
    s = compute_standings(["a", "b", "c"], results)
    swiss = pair_swiss(s, 3)
    assert swiss.bye == "a" and pairs_of(swiss) in ([("b", "c")], [("c", "b")])
    # Now everybody has had a bye; 4 players where the only legal pairing leaves a second bye.
    results += [MatchResult(3, "b", "c", 2, 0), Bye(3, "a")]
    s = compute_standings(["a", "b", "c", "d"], results, dropped=["d"])
    with pytest.raises(NoLegalPairingError, match="round 4"):
        pair_swiss(s, 4)


def test_swiss_second_bye_relaxation_is_reported_in_notes():
    # a, b, c, d had byes in rounds 1-4; e has none, but with e on the bye a, b, c, d have no
    # pairing without a rematch. So someone gets a second bye, and the round says so.
    history = [
        (1, "a", [("b", "c"), ("d", "e"), ("f", "g")]),
        (2, "b", [("a", "c"), ("d", "f"), ("e", "g")]),
        (3, "c", [("a", "b"), ("d", "g"), ("e", "f")]),
        (4, "d", [("a", "e"), ("b", "f"), ("c", "g")]),
    ]
    results = []
    for rnd, bye, matches in history:
        results.append(Bye(rnd, bye))
        results += [MatchResult(rnd, x, y, 2, 0) for x, y in matches]
    s = compute_standings(list("abcdefg"), results, dropped=["f", "g"])
    swiss = pair_swiss(s, 5)
    assert swiss.bye != "e"
    assert any("second bye" in n for n in swiss.notes)
    active = [x for x in s if not x.dropped]
    assert not brute_force_has_perfect_pairing(active, excluded="e")
    assert brute_force_has_perfect_pairing(active, excluded=swiss.bye)
    # The second bye goes to the lowest-ranked player whose bye leaves a legal pairing.
    lower = [x.player for x in active if x.rank > next(y.rank for y in active if y.player == swiss.bye)]
    assert all(p == "e" or not brute_force_has_perfect_pairing(active, excluded=p) for p in lower)


def test_swiss_bye_skips_a_lower_player_whose_bye_would_leave_a_rematch_and_says_so():
    # Players 1..5. 5 (lowest) has no bye, but if 5 sits out, 1..4 have all played each other
    # in pairs that leave only rematches; with 4 sitting out, 5 can play.
    results = [
        MatchResult(1, 1, 2, 2, 0),
        MatchResult(1, 3, 4, 2, 0),
        Bye(1, 5),
    ]
    s = compute_standings([1, 2, 3, 4, 5], results)
    swiss = pair_swiss(s, 2)
    # 5 already had the bye: it goes to the lowest other player.
    assert swiss.bye == [x.player for x in s if x.byes == 0][-1]


def test_swiss_raises_when_no_pairing_without_a_rematch_exists():
    s = compute_standings(["a", "b"], [MatchResult(1, "a", "b", 2, 0)])
    with pytest.raises(NoLegalPairingError, match="round 2: no pairing of the 2 players avoids a rematch"):
        pair_swiss(s, 2)


def test_swiss_finds_the_only_legal_pairing_of_a_nearly_exhausted_field():
    # 6 players after 4 round-robin rounds: exactly one perfect matching without rematches remains.
    from matches.tournament import round_robin

    rr = round_robin([1, 2, 3, 4, 5, 6])
    results = [MatchResult(r + 1, a, b, 2, 0) for r in range(4) for a, b in rr[r]]
    swiss = pair_swiss(compute_standings([1, 2, 3, 4, 5, 6], results), 5)
    assert sorted(tuple(sorted(p)) for p in pairs_of(swiss)) == sorted(tuple(sorted(p)) for p in rr[4])


def test_swiss_large_field_is_paired_with_least_crossings_and_no_rematch():
    import random

    rng = random.Random(3)
    players = list(range(300))
    results = []
    for rnd in range(1, 6):
        swiss = pair_swiss(compute_standings(players, results), rnd)
        assert swiss.crossings == swiss.required_crossings
        played = {frozenset((r.player, r.opponent)) for r in results if isinstance(r, MatchResult)}
        assert all(frozenset(p) not in played for p in pairs_of(swiss))
        results += [MatchResult(rnd, a, b, *rng.choice([(2, 0), (0, 2), (1, 1)])) for a, b in pairs_of(swiss)]


def test_swiss_refuses_standings_out_of_rank_order():
    s = compute_standings([1, 2], [MatchResult(1, 1, 2, 2, 0)])
    with pytest.raises(ValueError, match="rank order"):
        pair_swiss(list(reversed(s)), 2)


# --- hand pairing check ------------------------------------------------------------------------------------


@pytest.fixture
def after_round_one():
    results = [MatchResult(1, 1, 4, 2, 0), MatchResult(1, 2, 5, 2, 0), MatchResult(1, 3, 6, 2, 1), Bye(1, 7)]
    return compute_standings([1, 2, 3, 4, 5, 6, 7, 8], results, dropped=[8])


def test_hand_pairing_check_accepts_the_engine_pairing(after_round_one):
    swiss = pair_swiss(after_round_one, 2)
    assert check_pairing(after_round_one, [(p.player, p.opponent) for p in swiss.pairings]) == []


def test_hand_pairing_check_flags_a_rematch(after_round_one):
    w = check_pairing(after_round_one, [(1, 4), (2, 3), (7, 5), (6, None)])
    assert "rematch" in problems(w)
    assert next(x for x in w if x.problem is PairingProblem.REMATCH).table == 1


def test_hand_pairing_check_flags_unequal_points_beyond_a_pair_down(after_round_one):
    # 4 players on 3 points (1, 2, 3, 7): an even group needs no pair-down at all.
    w = check_pairing(after_round_one, [(1, 5), (2, 3), (7, 4), (6, None)])
    assert problems(w).count("unequal-points") == 2


def test_hand_pairing_check_allows_one_pair_down_from_an_odd_group():
    results = [MatchResult(1, 1, 4, 2, 0), MatchResult(1, 2, 5, 2, 0), MatchResult(1, 3, 6, 2, 0)]
    s = compute_standings([1, 2, 3, 4, 5, 6], results)
    assert check_pairing(s, [(1, 2), (3, 4), (5, 6)]) == []
    assert problems(check_pairing(s, [(1, 5), (2, 4), (3, 6)])) == ["rematch", "unequal-points", "unequal-points"]


def test_hand_pairing_check_flags_a_second_bye(after_round_one):
    w = check_pairing(after_round_one, [(1, 2), (3, 5), (4, 6), (7, None)])
    assert problems(w) == ["second-bye"]


def test_hand_pairing_check_flags_a_dropped_player(after_round_one):
    w = check_pairing(after_round_one, [(1, 2), (3, 7), (4, 5), (6, 8)])
    assert "dropped-player" in problems(w)


def test_hand_pairing_check_flags_paired_twice_missing_unknown_and_extra_bye(after_round_one):
    w = check_pairing(after_round_one, [(1, 2), (2, 3), (7, 99), (4, None), (5, None)])
    got = problems(w)
    assert "paired-twice" in got
    assert "missing" in got  # 6 is in no table
    assert "unknown-player" in got
    assert "extra-bye" in got
    assert all(w_.message for w_ in w)


def test_hand_pairing_check_flags_a_player_against_themself(after_round_one):
    w = check_pairing(after_round_one, [(1, 1)])
    assert "paired-twice" in problems(w)


def brute_force_has_perfect_pairing(active, excluded=None):
    """Reference check used by the property tests: a perfect legal matching exists."""
    players = [s for s in active if s.player != excluded]
    g = nx.Graph()
    g.add_nodes_from(s.player for s in players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if b.player not in a.opponents:
                g.add_edge(a.player, b.player)
    return len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == len(players)


def fewest_crossings(active, bye):
    """Reference: the least point-group crossings of any legal pairing with this bye (all-pairs matching)."""
    players = [s for s in active if s.player != bye]
    levels = {p: i for i, p in enumerate(sorted({s.points for s in players}, reverse=True))}
    g = nx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if b.player not in a.opponents:
                g.add_edge(a.player, b.player, weight=1000 - abs(levels[a.points] - levels[b.points]))
    by_id = {s.player: s for s in players}
    matching = nx.max_weight_matching(g, maxcardinality=True)
    assert len(matching) * 2 == len(players)
    return sum(abs(levels[by_id[a].points] - levels[by_id[b].points]) for a, b in matching)


@pytest.mark.parametrize("players", [14, 23, 40])
def test_swiss_well_travelled_small_field_makes_no_more_pair_downs_than_needed(players):
    import random

    rng = random.Random(players)
    ids = list(range(players))
    results = []
    for rnd in range(1, players // 2 + 1):
        standings = compute_standings(ids, results)
        swiss = pair_swiss(standings, rnd)
        levels = sorted({s.points for s in standings if s.player != swiss.bye}, reverse=True)
        dense = {p: i for i, p in enumerate(levels)}
        by_id = {s.player: s for s in standings}
        ours = sum(abs(dense[by_id[a].points] - dense[by_id[b].points]) for a, b in pairs_of(swiss))
        assert ours == fewest_crossings(standings, swiss.bye)
        results += [MatchResult(rnd, a, b, *rng.choice([(2, 0), (0, 2), (2, 1)])) for a, b in pairs_of(swiss)]
        if swiss.bye is not None:
            results.append(Bye(rnd, swiss.bye))
