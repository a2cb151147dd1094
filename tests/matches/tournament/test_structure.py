"""Round robin, single elimination, top cut and Swiss round counts (MTR Appendix E)."""

from itertools import combinations

import pytest

from matches.tournament import (
    StructureError,
    next_elimination_round,
    round_robin,
    single_elimination,
    swiss_rounds,
    top_cut,
    top_cut_size,
)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 11])
def test_round_robin_circle_method_meets_everyone_exactly_once(n):
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players)
    met = [frozenset(m) for r in rounds for m in r if None not in m]
    assert sorted(met, key=sorted) == sorted((frozenset(c) for c in combinations(players, 2)), key=sorted)
    for r in rounds:
        seated = [p for m in r for p in m if p is not None]
        assert len(seated) == len(set(seated)) == n
        assert sum(1 for m in r if None in m) == n % 2
    assert len(rounds) == n - 1 + n % 2


def test_round_robin_with_odd_count_gives_each_player_one_bye_written_player_first():
    rounds = round_robin(["a", "b", "c", "d", "e"])
    byes = [m[0] for r in rounds for m in r if m[1] is None]
    assert sorted(byes) == ["a", "b", "c", "d", "e"]
    assert all(m[0] is not None for r in rounds for m in r)


def test_single_elimination_gives_byes_to_the_top_seeds_when_not_a_power_of_two():
    first = single_elimination([1, 2, 3, 4, 5, 6])
    byes = sorted(m[0] for m in first if m[1] is None)
    assert byes == [1, 2]
    assert sorted(m for m in first if m[1] is not None) == [(3, 6), (4, 5)]


def test_single_elimination_seeds_one_and_two_meet_only_in_the_final():
    seeds = list(range(1, 17))
    first = single_elimination(seeds)
    half = len(first) // 2
    top_half = {p for m in first[:half] for p in m}
    assert 1 in top_half and 2 not in top_half


def test_single_elimination_runs_to_a_single_winner_with_higher_seed_winning():
    matches = single_elimination(list(range(1, 12)))
    while len(matches) > 1:
        winners = [a if b is None else min(a, b) for a, b in matches]
        matches = next_elimination_round(winners)
    assert matches == [(1, 2)]


def test_top_cut_of_eight_is_seeded_one_eight_four_five_two_seven_three_six():
    ranked = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"]
    assert top_cut(ranked, 8) == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]


def test_top_cut_of_four_is_seeded_one_four_two_three():
    assert top_cut(["a", "b", "c", "d"], 4) == [("a", "d"), ("b", "c")]


@pytest.mark.parametrize(
    ("players", "rounds", "cut"),
    [
        (8, 3, 0),
        (9, 5, 4),
        (16, 5, 4),
        (17, 5, 8),
        (32, 5, 8),
        (33, 6, 8),
        (64, 6, 8),
        (65, 7, 8),
        (128, 7, 8),
        (129, 8, 8),
        (226, 8, 8),
        (227, 9, 8),
        (409, 9, 8),
        (410, 10, 8),
        (1024, 10, 8),
        (1025, 11, 8),
        (10_000, 14, 8),
    ],
)
def test_appendix_e_swiss_round_count_and_top_cut_from_attendance(players, rounds, cut):
    assert swiss_rounds(players) == rounds
    assert top_cut_size(players) == cut


def test_structure_refuses_bad_input_with_what_is_wrong():
    with pytest.raises(StructureError, match="at least 2 players"):
        swiss_rounds(1)
    with pytest.raises(StructureError, match="appears twice"):
        round_robin(["a", "a"])
    with pytest.raises(StructureError, match="top 8 needs 8"):
        top_cut(["a", "b"], 8)
    with pytest.raises(StructureError, match="2, 4 or 8"):
        top_cut(["a", "b", "c"], 3)
    with pytest.raises(StructureError, match="even number"):
        next_elimination_round(["a", "b", "c"])
