"""The worked examples of docs/tournaments.md "Pods" and "Wargame events", number for number."""

from matches.tournament import (
    Bid,
    PodResult,
    VpResult,
    compute_pod_standings,
    compute_vp_standings,
    pair_pods,
    pair_swiss,
    resolve_bid,
    sides_of_round,
)

PLAYERS = ["ann", "bo", "cy", "di", "ed", "fay", "gus", "hal", "iva", "jo"]
ROUND_1 = [
    PodResult(1, (("ann", 2, 6), ("bo", 1, 9), ("cy", 3, 5), ("di", 4, 2))),
    PodResult(1, (("ed", 1, 8), ("fay", 2, 7), ("gus", 3, 4))),
    PodResult(1, (("hal", 1, 7), ("iva", 1, 7), ("jo", 3, 3))),
]
ROUND_2 = [
    PodResult(2, (("iva", 2, 6), ("ann", 3, 7), ("fay", 1, 8), ("cy", 4, 1))),
    PodResult(2, (("bo", 2, 7), ("ed", 3, 5), ("hal", 1, 9))),
    PodResult(2, (("gus", 3, 3), ("jo", 1, 6), ("di", 1, 6))),
]


def test_pods_worked_example_round_one_standings_and_round_two_pods():
    standings = compute_pod_standings(PLAYERS, ROUND_1)
    assert [(s.player, s.points, s.regions) for s in standings] == [
        ("bo", 12, 9),
        ("ed", 12, 8),
        ("hal", 9, 7),
        ("iva", 9, 7),
        ("ann", 8, 6),
        ("fay", 6, 7),
        ("cy", 4, 5),
        ("gus", 0, 4),
        ("jo", 0, 3),
        ("di", 0, 2),
    ]
    paired = pair_pods(standings, 2)
    assert [p.players for p in paired.pods] == [("iva", "ann", "fay", "cy"), ("bo", "ed", "hal"), ("gus", "jo", "di")]
    assert (paired.repeats, paired.spread) == (1, 8)


def test_pods_worked_example_final_standings_and_tiebreakers():
    standings = compute_pod_standings(PLAYERS, ROUND_1 + ROUND_2)
    assert [(s.player, s.points, s.regions, round(s.opp_points_pct, 4)) for s in standings] == [
        ("hal", 21, 16, 0.5833),
        ("bo", 18, 16, 0.4833),
        ("fay", 18, 15, 0.375),
        ("iva", 17, 13, 0.5333),
        ("ed", 12, 13, 0.5938),
        ("ann", 12, 13, 0.4861),
        ("jo", 9, 9, 0.4896),
        ("di", 9, 8, 0.3583),
        ("cy", 4, 6, 0.5972),
        ("gus", 0, 7, 0.5),
    ]


SIDES = ("japan", "allies")
WAR_PLAYERS = ["ann", "bo", "cy", "di"]
WAR_1 = [VpResult(1, "ann", "cy", 14, 9, "japan"), VpResult(1, "bo", "di", 8, 8, "allies")]
WAR_2 = [VpResult(2, "ann", "bo", 12, 10, "japan", player_bid=3), VpResult(2, "di", "cy", 2, 15, "japan")]


def test_wargame_worked_example_sides_and_bids():
    standings = compute_vp_standings(WAR_PLAYERS, [])
    pairs = [(p.player, p.opponent) for p in pair_swiss(standings, 1).pairings]
    assert pairs == [("ann", "cy"), ("bo", "di")]
    by_player = {s.player: s for s in standings}
    assert sides_of_round(pairs, by_player, SIDES, coins=[False, True]) == ["japan", "allies"]
    standings = compute_vp_standings(WAR_PLAYERS, WAR_1)
    pairs = [(p.player, p.opponent) for p in pair_swiss(standings, 2).pairings]
    assert pairs == [("ann", "bo"), ("di", "cy")]
    due = sides_of_round(pairs, {s.player: s for s in standings}, SIDES)
    assert due == ["allies", "allies"]
    assert resolve_bid(Bid("japan", 3), Bid("japan", 2), due[0], SIDES) == ("japan", 3, 0)
    assert resolve_bid(Bid("japan", 1), Bid("allies", 0), due[1], SIDES) == ("japan", 0, 0)


def test_wargame_worked_example_final_standings():
    standings = compute_vp_standings(WAR_PLAYERS, WAR_1 + WAR_2)
    assert [(s.player, s.points, s.record(), s.margin, round(s.opp_match_win_pct, 4), s.vp) for s in standings] == [
        ("bo", 4, "1-0-1", 1, 0.415, 18),
        ("cy", 3, "1-1-0", 5, 0.415, 24),
        ("ann", 3, "1-1-0", 4, 0.5833, 23),
        ("di", 1, "0-1-1", -10, 0.5833, 10),
    ]
