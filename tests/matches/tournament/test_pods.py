"""Pods (issue 15, 龙虎三国志 events): sizes, placement points, standings and pod pairing, with properties."""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.tournament import (
    PodResult,
    ResultError,
    TournamentError,
    check_pods,
    compute_pod_standings,
    pair_pods,
    placement_points,
    pod_sizes,
)
from matches.tournament import pods as pods_module


@pytest.mark.parametrize("n", range(6, 60))
def test_pod_sizes_seat_every_player_in_pods_of_three_or_four(n):
    sizes = pod_sizes(n)
    assert sum(sizes) == n
    assert set(sizes) <= {3, 4}


def test_ten_players_make_one_pod_of_four_and_two_of_three():
    assert pod_sizes(10) == (4, 3, 3)


def test_five_players_play_a_pod_of_three_and_a_pod_of_two_since_five_is_no_sum_of_threes_and_fours():
    assert pod_sizes(5) == (3, 2)


def test_a_single_player_cannot_be_paired():
    with pytest.raises(TournamentError):
        pod_sizes(1)


def test_placement_points_run_from_twelve_to_zero_evenly_in_every_pod_size():
    assert [placement_points(4, p) for p in range(1, 5)] == [12, 8, 4, 0]
    assert [placement_points(3, p) for p in range(1, 4)] == [12, 6, 0]
    assert [placement_points(2, p) for p in range(1, 3)] == [12, 0]


def test_shared_places_share_the_points_of_the_places_they_cover():
    result = PodResult(1, (("a", 1, 8), ("b", 1, 8), ("c", 3, 4), ("d", 4, 1)))
    assert result.points() == {"a": 10, "b": 10, "c": 4, "d": 0}


def test_placements_that_are_no_ranking_are_refused():
    with pytest.raises(ResultError, match="not a ranking"):
        PodResult(1, (("a", 1, 8), ("b", 1, 8), ("c", 2, 4))).check()


def test_negative_regions_and_more_regions_than_the_map_has_are_refused():
    with pytest.raises(ResultError):
        PodResult(1, (("a", 1, -1), ("b", 2, 8), ("c", 3, 4))).check()
    with pytest.raises(ResultError):
        PodResult(1, (("a", 1, 20), ("b", 2, 8), ("c", 3, 4))).check(max_regions=27)


def test_standings_break_equal_points_on_regions_held_first():
    results = [
        PodResult(1, (("a", 1, 5), ("b", 2, 4), ("c", 3, 3))),
        PodResult(1, (("d", 1, 9), ("e", 2, 2), ("f", 3, 1))),
    ]
    order = [s.player for s in compute_pod_standings(list("abcdef"), results)]
    assert order == ["d", "a", "b", "e", "c", "f"]


def test_a_player_with_two_results_in_one_round_is_refused():
    results = [PodResult(1, (("a", 1, 5), ("b", 2, 4))), PodResult(1, (("a", 1, 5), ("c", 2, 4)))]
    with pytest.raises(ResultError, match="two results"):
        compute_pod_standings(list("abc"), results)


def play(players, rounds, seed, drop_chance=0.0):
    """A random pod event; yields (standings, pod round) for each round."""
    rng = random.Random(seed)
    ids = list(range(players))
    results = []
    dropped = set()
    for number in range(1, rounds + 1):
        standings = compute_pod_standings(ids, results, dropped)
        if number == 1:
            rng.shuffle(standings)
        if sum(1 for s in standings if not s.dropped) < 2:
            return
        paired = pair_pods(standings, number)
        yield standings, paired
        for pod in paired.pods:  # seats in the pod's seat order, random placements
            order = list(pod.players)
            rng.shuffle(order)
            place = {p: k + 1 for k, p in enumerate(order)}
            results.append(PodResult(number, tuple((p, place[p], rng.randint(0, 9)) for p in pod.players)))
        dropped |= {p for p in ids if rng.random() < drop_chance}


events = st.fixed_dictionaries(
    {
        "players": st.integers(min_value=2, max_value=120),
        "rounds": st.integers(min_value=1, max_value=6),
        "seed": st.integers(min_value=0, max_value=2**32 - 1),
        "drop_chance": st.sampled_from([0.0, 0.05, 0.2]),
    }
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events)
def test_every_active_player_sits_at_exactly_one_pod_of_three_or_four(event):
    for standings, paired in play(event["players"], event["rounds"], event["seed"], event["drop_chance"]):
        active = [s.player for s in standings if not s.dropped]
        seated = [p for pod in paired.pods for p in pod.players]
        assert sorted(seated) == sorted(active)
        sizes = [len(pod.players) for pod in paired.pods]
        if len(active) not in (2, 5):
            assert set(sizes) <= {3, 4}
        found = check_pods(standings, [pod.players for pod in paired.pods])
        assert [(w.code, w.params["a"], w.params["b"]) for w in found] == [
            ("pairing.rematch", a, b)
            for pod in paired.pods
            for a, b in itertools.combinations(pod.players, 2)
            if b in next(s for s in standings if s.player == a).opponents
        ]


def brute_force_fewest_repeats(standings):
    """The fewest repeats of any split into the pod sizes, by trying every ordering's consecutive split."""
    active = [s for s in standings if not s.dropped]
    sizes = pod_sizes(len(active))
    met = {s.player: set(s.opponents) for s in active}
    best = None
    for order in itertools.permutations([s.player for s in active]):
        k, repeats = 0, 0
        for size in sizes:
            pod = order[k : k + size]
            k += size
            repeats += sum(1 for a, b in itertools.combinations(pod, 2) if b in met[a])
        best = repeats if best is None else min(best, repeats)
        if best == 0:
            break
    return best


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=3, max_value=8), st.integers(min_value=1, max_value=4), st.integers(0, 2**32 - 1))
def test_small_fields_are_paired_with_the_fewest_repeats_possible(players, rounds, seed):
    for standings, paired in play(players, rounds, seed):
        assert paired.repeats == brute_force_fewest_repeats(standings)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=24, max_value=200), st.integers(min_value=1, max_value=3), st.integers(0, 2**32 - 1))
def test_large_fields_in_their_first_rounds_never_repeat_an_opponent(players, rounds, seed):
    for _, paired in play(players, rounds, seed):
        assert paired.repeats == 0


def test_round_one_pairs_the_given_order_in_consecutive_pods():
    standings = compute_pod_standings(list("abcdefghij"), [])
    assert [p.players for p in pair_pods(standings, 1).pods] == [
        ("a", "b", "c", "d"),
        ("e", "f", "g"),
        ("h", "i", "j"),
    ]


def test_dropped_players_are_not_paired_but_keep_their_line():
    standings = compute_pod_standings(list("abcdefg"), [], dropped={"g"})
    paired = pair_pods(standings, 1)
    assert "g" not in {p for pod in paired.pods for p in pod.players}
    assert any(s.player == "g" and s.dropped for s in standings)


def test_standings_out_of_rank_order_are_refused():
    results = [PodResult(1, (("a", 1, 5), ("b", 2, 4), ("c", 3, 3)))]
    standings = compute_pod_standings(list("abc"), results)
    with pytest.raises(TournamentError):
        pair_pods(list(reversed(standings)), 2)


class SearchLimit(Exception):
    pass


def exact_fewest_repeats(standings, nodes=200_000):
    """The fewest repeats of any split into the pod sizes, by branch and bound (the lowest-ranked free
    player opens each pod; a partial split is cut once it repeats as often as the best found). Raises
    ``SearchLimit`` after ``nodes`` partial splits: the test then cannot tell."""
    active = [s for s in standings if not s.dropped]
    sizes = pod_sizes(len(active))
    where = {s.player: i for i, s in enumerate(active)}
    met = [{where[q] for q in s.opponents if q in where} for s in active]
    best = [sum(len(m) for m in met)]
    seen = [0]

    def search(free, sizes_left, cost):
        if cost >= best[0]:
            return
        if not free:
            best[0] = cost
            return
        seen[0] += 1
        if seen[0] > nodes:
            raise SearchLimit
        head, rest = free[0], free[1:]
        for size in sorted(set(sizes_left), reverse=True):
            left = list(sizes_left)
            left.remove(size)
            for mates in itertools.combinations(rest, size - 1):
                group = (head, *mates)
                r = sum(1 for a, b in itertools.combinations(group, 2) if b in met[a])
                taken = set(mates)
                search([p for p in rest if p not in taken], tuple(left), cost + r)

    search(list(range(len(active))), tuple(sizes), 0)
    return best[0]


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=6, max_value=24), st.integers(min_value=2, max_value=6), st.integers(0, 2**32 - 1))
def test_fields_of_6_to_24_never_repeat_more_than_exact_search_proves_needed(players, rounds, seed):
    """Issue 26: greedy-plus-swaps left avoidable repeats at 13-40 players; the optimiser must not."""
    told = 0
    for standings, paired in play(players, rounds, seed, drop_chance=0.05):
        try:
            fewest = exact_fewest_repeats(standings)
        except SearchLimit:
            continue
        told += 1
        assert paired.repeats == fewest
        assert paired.proved or paired.repeats == 0 or paired.notes == ("repeats_limit",)
    assert told >= 1  # round 1 never repeats: exact search always tells there


@settings(max_examples=20, deadline=None, derandomize=True)
@given(st.integers(min_value=3, max_value=24), st.integers(min_value=2, max_value=6), st.integers(0, 2**32 - 1))
def test_a_round_said_to_be_proved_has_no_split_with_fewer_repeats(players, rounds, seed):
    for standings, paired in play(players, rounds, seed):
        if paired.proved and paired.repeats:
            assert paired.notes == ("repeats_proved",)
            try:
                assert exact_fewest_repeats(standings) == paired.repeats
            except SearchLimit:
                pass
        elif paired.repeats:
            assert paired.notes == ("repeats_limit",)
        else:
            assert paired.notes == ()


def test_sixteen_players_after_three_rounds_get_the_split_without_repeats_that_greedy_swaps_missed():
    """A field where greedy pods plus single swaps left a repeat (issue 26); the optimiser finds none."""
    for seed in range(40):
        for standings, paired in play(16, 4, seed):
            active = [s for s in standings if not s.dropped]
            where = {s.player: i for i, s in enumerate(active)}
            met = [{where[q] for q in s.opponents if q in where} for s in active]
            greedy = pods_module._repair(
                pods_module._greedy(pod_sizes(len(active)), met), [s.points for s in active], met
            )
            if sum(pods_module._repeats(g, met) for g in greedy) and exact_fewest_repeats(standings, 10**6) == 0:
                assert paired.repeats == 0
                return
    pytest.fail("no field where greedy swaps repeat and a split without repeats exists")


def seat_spreads(pod, standings):
    """Each player's spread between his most and least used seat of this pod's size, after sitting here."""
    by_id = {s.player: s for s in standings}
    size = len(pod.players)
    out = []
    for seat, player in enumerate(pod.players):
        counts = list(by_id[player].seats[:size])
        counts[seat] += 1
        out.append(max(counts) - min(counts))
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=6, max_value=40), st.integers(min_value=2, max_value=6), st.integers(0, 2**32 - 1))
def test_no_other_seating_of_a_pod_leaves_its_worst_seated_player_closer_to_even_seats(players, rounds, seed):
    """Issue 26 (seats balanced): each pod's seat order is chosen from the players' seat history."""
    for standings, paired in play(players, rounds, seed, drop_chance=0.05):
        by_id = {s.player: s for s in standings}
        for pod in paired.pods:
            chosen = max(seat_spreads(pod, standings))
            for order in itertools.permutations(pod.players):
                other = pods_module.Pod(pod.table, order, tuple(by_id[p].points for p in order), pod.repeats)
                assert chosen <= max(seat_spreads(other, standings))


def test_after_six_rounds_of_64_players_nearly_everyone_has_each_seat_within_one_of_the_others():
    """Issue 26 measured 30.4 % within 1 when pods sat in standings order; seat history gives 99.9 %."""
    within, total = 0, 0
    for seed in range(5):
        sizes, last = {}, {}
        for standings, paired in play(64, 6, seed):
            by_id = {s.player: s for s in standings}
            for pod in paired.pods:
                for k, p in enumerate(pod.players):
                    sizes.setdefault(p, set()).add(len(pod.players))
                    last[p] = [n + (seat == k) for seat, n in enumerate(by_id[p].seats)]  # after this round
        for p, seen in sizes.items():
            counts = last[p][: min(seen)]
            within += max(counts) - min(counts) <= 1
            total += 1
    assert within / total >= 0.98


def test_a_pod_with_someone_who_never_sat_first_seats_him_first_in_round_two():
    results = [
        PodResult(1, (("a", 1, 5), ("b", 2, 4), ("c", 3, 3))),
        PodResult(1, (("d", 1, 6), ("e", 2, 5), ("f", 3, 0))),
        PodResult(1, (("g", 1, 6), ("h", 2, 5), ("i", 3, 0))),
    ]
    standings = compute_pod_standings(list("abcdefghi"), results)
    pods = pair_pods(standings, 2).pods
    assert any(set(pod.players) - {"a", "d", "g"} for pod in pods)
    for pod in pods:
        if set(pod.players) - {"a", "d", "g"}:
            assert pod.players[0] not in ("a", "d", "g")
