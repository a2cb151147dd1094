"""The organiser's pod choices (issue 26 item 3): pod sizes per layout, placement points, tiebreakers."""

import random

import pytest

from matches.tournament import PodChoices, PodResult, check_choices, compute_pod_standings, pair_pods, pod_sizes


@pytest.mark.parametrize(
    ("players", "bottom", "top", "fives"),
    [
        (13, (4, 3, 3, 3), (3, 3, 3, 4), (5, 4, 4)),
        (14, (4, 4, 3, 3), (3, 3, 4, 4), (5, 5, 4)),
        (15, (4, 4, 4, 3), (3, 4, 4, 4), (5, 5, 5)),
        (16, (4, 4, 4, 4), (4, 4, 4, 4), (4, 4, 4, 4)),
        (17, (4, 4, 3, 3, 3), (3, 3, 3, 4, 4), (5, 4, 4, 4)),
        (10, (4, 3, 3), (3, 3, 4), (5, 5)),
    ],
)
def test_pod_sizes_of_each_layout_give_the_sizes_promised(players, bottom, top, fives):
    assert pod_sizes(players, "threes_bottom") == bottom
    assert pod_sizes(players, "threes_top") == top
    assert pod_sizes(players, "fives") == fives
    for layout in ("threes_bottom", "threes_top", "fives"):
        assert sum(pod_sizes(players, layout)) == players


@pytest.mark.parametrize("players", [6, 7, 11])
def test_fives_fall_back_to_threes_where_fours_and_fives_cannot_split_the_field(players):
    assert pod_sizes(players, "fives") == pod_sizes(players)


def _field(n: int, rounds: int, layout: str, seed: int) -> list:
    """A random event of ``n`` players paired ``rounds`` rounds with this layout: the standings before the last."""
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(n)]
    results: list[PodResult] = []
    choices = PodChoices(sizes=layout)
    for number in range(1, rounds + 1):
        standings = compute_pod_standings(ids, results, (), choices)
        paired = pair_pods(standings, number, layout)
        assert tuple(len(p.players) for p in paired.pods) == pod_sizes(n, layout)
        for pod in paired.pods:
            order = list(pod.players)
            rng.shuffle(order)
            results.append(PodResult(number, tuple((p, k, rng.randint(0, 5)) for k, p in enumerate(order, 1))))
    return results


@pytest.mark.parametrize("players", [13, 14, 15, 17, 24])
@pytest.mark.parametrize("layout", ["threes_bottom", "threes_top", "fives"])
def test_the_pairer_seats_every_round_in_the_layouts_sizes_in_table_order(players, layout):
    results = _field(players, 3, layout, seed=players)
    assert len({p for r in results for p, _, _ in r.seats if r.round == 3}) == players


def test_threes_at_the_top_give_tables_one_and_up_to_the_highest_ranked_players():
    ids = [f"p{i}" for i in range(10)]
    standings = compute_pod_standings(ids, [])
    paired = pair_pods(standings, 1, "threes_top")
    assert [len(p.players) for p in paired.pods] == [3, 3, 4]
    assert set(paired.pods[0].players) == {"p0", "p1", "p2"}
    bottom = pair_pods(standings, 1, "threes_bottom")
    assert set(bottom.pods[0].players) == {"p0", "p1", "p2", "p3"}


def test_custom_placement_points_change_the_standings_as_computed_by_hand():
    # a: 1st then 4th; b: 2nd twice; with 12/8/4/0, a has 12 and b 16; with 20/15/2/0, a 20, b 30 ...
    results = [
        PodResult(1, (("a", 1, 0), ("b", 2, 0), ("c", 3, 0), ("d", 4, 0))),
        PodResult(2, (("c", 1, 0), ("b", 2, 0), ("d", 3, 0), ("a", 4, 0))),
    ]
    default = {s.player: s.points for s in compute_pod_standings(list("abcd"), results)}
    assert default == {"a": 12, "b": 16, "c": 16, "d": 4}
    custom = compute_pod_standings(list("abcd"), results, (), PodChoices(points=(20, 15, 2, 0)))
    # by hand: a 20+0, b 15+15, c 2+20, d 0+2
    assert {s.player: s.points for s in custom} == {"a": 20, "b": 30, "c": 22, "d": 2}
    assert [s.player for s in custom] == ["b", "c", "a", "d"]
    assert custom[0].opp_points_pct == pytest.approx(((22 / 40) * 2 + 20 / 40 + 2 / 40 * 2 + 20 / 40) / 6)


def test_custom_points_in_a_pod_of_three_score_the_lists_last_for_last_place():
    results = [PodResult(1, (("a", 1, 0), ("b", 2, 0), ("c", 3, 0)))]
    standings = compute_pod_standings(list("abc"), results, (), PodChoices(points=(10, 7, 3, 1)))
    assert {s.player: s.points for s in standings} == {"a": 10, "b": 7, "c": 1}


def test_shared_places_under_custom_points_average_the_places_covered_rounded_down():
    results = [PodResult(1, (("a", 1, 0), ("b", 2, 0), ("c", 2, 0), ("d", 4, 0)))]
    standings = compute_pod_standings(list("abcd"), results, (), PodChoices(points=(10, 7, 2, 0)))
    assert {s.player: s.points for s in standings} == {"a": 10, "b": 4, "c": 4, "d": 0}


def test_pods_of_five_score_five_places_of_the_custom_points():
    results = [PodResult(1, tuple((p, k, 0) for k, p in enumerate("abcde", 1)))]
    standings = compute_pod_standings(list("abcde"), results, (), PodChoices("fives", (9, 6, 4, 2, 0)))
    assert [s.points for s in standings] == [9, 6, 4, 2, 0]


def test_the_organisers_tiebreaker_order_decides_between_equal_points():
    # by hand: a 8 + 8 = 16 points, 18 regions, no first; b 12 + 4 = 16 points, 2 regions, one first;
    # c 4 + 12 = 16 points, 0 regions, one first
    results = [
        PodResult(1, (("b", 1, 1), ("a", 2, 9), ("c", 3, 0), ("d", 4, 0))),
        PodResult(2, (("c", 1, 0), ("a", 2, 9), ("b", 3, 1), ("d", 4, 0))),
    ]
    by_regions = compute_pod_standings(list("abcd"), results, (), PodChoices(tiebreakers=("regions", "firsts")))
    by_firsts = compute_pod_standings(list("abcd"), results, (), PodChoices(tiebreakers=("firsts", "regions")))
    assert {s.player: s.points for s in by_regions} == {"a": 16, "b": 16, "c": 16, "d": 0}
    assert [s.player for s in by_regions] == ["a", "b", "c", "d"]
    assert [s.player for s in by_firsts] == ["b", "c", "a", "d"]


def test_no_tiebreaker_leaves_registration_order_to_break_ties():
    results = [PodResult(1, (("b", 1, 0), ("a", 1, 5)))]
    standings = compute_pod_standings(["b", "a"], results, (), PodChoices(tiebreakers=()))
    assert [s.player for s in standings] == ["b", "a"]
    assert [s.player for s in compute_pod_standings(["b", "a"], results)] == ["a", "b"]


@pytest.mark.parametrize(
    ("sizes", "points", "tiebreakers", "wrong"),
    [
        ("sixes", [], [], ("sizes", "unknown")),
        ("fives", [], [], ("sizes", "seats")),
        ("threes_bottom", [12, 8, 4], [], ("points", "count")),
        ("threes_bottom", [12, 8, 4, -1], [], ("points", "range")),
        ("threes_bottom", [12, 8, 9, 0], [], ("points", "increasing")),
        ("threes_bottom", [], ["regions", "regions"], ("tiebreakers", "twice")),
        ("threes_bottom", [], ["luck"], ("tiebreakers", "unknown")),
    ],
)
def test_check_choices_names_the_field_and_problem_of_bad_choices(sizes, points, tiebreakers, wrong):
    assert check_choices(sizes, points, tiebreakers, max_seats=4) == wrong


def test_check_choices_accepts_equal_neighbouring_points_and_fives_where_tables_seat_five():
    assert check_choices("threes_bottom", [12, 12, 0, 0], ["firsts"], max_seats=4) is None
    assert check_choices("fives", [10, 8, 6, 4, 2], [], max_seats=5) is None
