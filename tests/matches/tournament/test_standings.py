"""Standings and tiebreakers as the Magic tournament rules define them (MTR Appendix C)."""

from fractions import Fraction

import pytest

from matches.tournament import Bye, MatchResult, MissedRound, ResultError, compute_standings, late_entry_results


def line(standings, player):
    return next(s for s in standings if s.player == player)


def test_appendix_c_match_points_three_for_a_win_one_for_a_draw_none_for_a_loss():
    s = compute_standings(
        ["a", "b", "c", "d"],
        [MatchResult(1, "a", "b", 2, 1), MatchResult(1, "c", "d", 1, 1, draws=1)],
    )
    assert [line(s, p).points for p in "abcd"] == [3, 0, 1, 1]
    assert line(s, "c").draws == 1 and line(s, "b").losses == 1 and line(s, "a").wins == 1


def test_appendix_c_bye_is_a_match_win_and_two_nil_in_games():
    s = compute_standings(["a", "b", "c"], [MatchResult(1, "a", "b", 2, 1), Bye(1, "c")])
    c = line(s, "c")
    assert (c.points, c.wins, c.byes, c.games, c.game_points) == (3, 1, 1, 2, 6)
    assert c.game_win_pct == 1.0


def test_appendix_c_match_win_percentage_floored_at_33():
    s = compute_standings(["a", "b"], [MatchResult(1, "a", "b", 2, 0), MatchResult(2, "a", "b", 2, 0)])
    assert line(s, "b").match_win_pct == pytest.approx(0.33)
    assert line(s, "a").match_win_pct == 1.0


def test_appendix_c_game_win_percentage_floored_at_33():
    s = compute_standings(["a", "b"], [MatchResult(1, "a", "b", 2, 0)])
    assert line(s, "b").game_win_pct == pytest.approx(0.33)


def test_appendix_c_game_win_percentage_just_above_the_floor_is_not_raised():
    # 1 game won of 3: 3 game points of 9 = 0.3333..., above 0.33, kept as it is.
    s = compute_standings(["a", "b"], [MatchResult(1, "a", "b", 2, 1)])
    assert line(s, "b").game_win_pct == pytest.approx(1 / 3)


def test_appendix_c_drawn_games_give_one_game_point():
    s = compute_standings(["a", "b"], [MatchResult(1, "a", "b", 1, 0, draws=1)])
    a, b = line(s, "a"), line(s, "b")
    assert (a.game_points, a.games, b.game_points, b.games) == (4, 2, 1, 2)
    assert a.game_win_pct == pytest.approx(4 / 6)


def test_appendix_c_opponents_match_win_percentage_averages_floored_opponent_figures():
    # x beats y and z; y beats z; x's opponents: y (3/6=0.5) and z (0 -> 0.33).
    results = [MatchResult(1, "x", "y", 2, 0), MatchResult(2, "x", "z", 2, 0), MatchResult(3, "y", "z", 2, 0)]
    s = compute_standings(["x", "y", "z"], results)
    assert line(s, "x").opp_match_win_pct == pytest.approx((0.5 + 0.33) / 2)
    assert line(s, "z").opp_match_win_pct == pytest.approx((1.0 + 0.5) / 2)


def test_appendix_c_opponents_percentages_leave_bye_rounds_out():
    # a had a bye and one opponent b (who lost): OMW% is b's figure alone, not diluted by the bye.
    s = compute_standings(
        ["a", "b", "c"], [Bye(1, "a"), MatchResult(1, "b", "c", 2, 0), MatchResult(2, "a", "b", 2, 0)]
    )
    a, b = line(s, "a"), line(s, "b")
    assert a.opp_match_win_pct == pytest.approx(b.match_win_pct)
    assert a.opp_game_win_pct == pytest.approx(b.game_win_pct)
    # ... while a's own match-win % counts the bye round as a win.
    assert a.match_win_pct == 1.0 and a.rounds == 2


def test_appendix_c_ranking_is_points_then_omw_then_gw_then_ogw():
    # p and q both 3 points; p's opponent went on to win (higher OMW%), so p ranks first
    # even though q has the better game-win %.
    results = [
        MatchResult(1, "p", "r", 2, 1),
        MatchResult(1, "q", "s", 2, 0),
        MatchResult(2, "r", "s", 2, 0),
        MatchResult(2, "p", "q", 1, 1),
    ]
    s = compute_standings(["q", "p", "r", "s"], results)
    p, q = line(s, "p"), line(s, "q")
    assert p.points == q.points
    assert p.opp_match_win_pct > q.opp_match_win_pct
    assert q.game_win_pct > p.game_win_pct
    assert p.rank < q.rank


def test_appendix_c_equal_omw_falls_through_to_game_win_percentage():
    s = compute_standings(["a", "b", "c", "d"], [MatchResult(1, "a", "b", 2, 1), MatchResult(1, "c", "d", 2, 0)])
    a, c = line(s, "a"), line(s, "c")
    assert a.opp_match_win_pct == c.opp_match_win_pct
    assert c.game_win_pct > a.game_win_pct and c.rank < a.rank


def test_final_tiebreaker_is_registration_order():
    s = compute_standings(["b", "a"], [MatchResult(1, "a", "b", 1, 1)])
    assert [x.player for x in s] == ["b", "a"]
    assert [x.registration for x in s] == [0, 1]


def test_tied_averages_summed_in_a_different_order_still_tie():
    # Two players with the same multiset of opponents' figures in a different order
    # must tie on OMW% exactly and fall through to registration order.
    players = ["m", "n", "w1", "w2", "l1", "l2"]
    results = [
        MatchResult(1, "w1", "l1", 2, 0),
        MatchResult(1, "w2", "l2", 2, 0),
        MatchResult(1, "m", "n", 1, 1),
        MatchResult(2, "m", "w1", 1, 1),
        MatchResult(2, "n", "l2", 1, 1),
        MatchResult(3, "m", "l1", 1, 1),
        MatchResult(3, "n", "w2", 1, 1),
    ]
    s = compute_standings(players, results)
    m, n = line(s, "m"), line(s, "n")
    assert (m.points, m.game_win_pct) == (n.points, n.game_win_pct)
    assert m.rank + 1 == n.rank


def test_dropped_player_stays_in_standings_and_counts_as_opponent():
    s = compute_standings(["a", "b"], [MatchResult(1, "a", "b", 2, 0)], dropped=["b"])
    assert line(s, "b").dropped and not line(s, "a").dropped
    assert line(s, "a").opponents == ("b",)


def test_late_entry_with_missed_round_losses_counts_them_as_losses_and_zero_two_in_games():
    s = compute_standings(["a", "b", "z"], [MatchResult(1, "a", "b", 2, 0), *late_entry_results("z", [1])])
    z = line(s, "z")
    assert (z.points, z.losses, z.rounds, z.games, z.game_points) == (0, 1, 1, 2, 0)
    assert z.opponents == ()
    assert isinstance(late_entry_results("z", [1])[0], MissedRound)


def test_late_entry_with_zero_points_has_no_rounds_and_floor_percentages():
    s = compute_standings(["a", "b", "z"], [MatchResult(1, "a", "b", 2, 0)])
    z = line(s, "z")
    assert (z.points, z.rounds, z.match_win_pct, z.game_win_pct) == (0, 0, 0.33, 0.33)


def test_standings_figures_match_exact_fractions_on_a_mixed_tournament():
    results = [
        MatchResult(1, 1, 2, 2, 1),
        MatchResult(1, 3, 4, 0, 2),
        Bye(1, 5),
        MatchResult(2, 5, 4, 2, 1, draws=1),
        MatchResult(2, 1, 3, 1, 1),
        Bye(2, 2),
    ]
    s = compute_standings([1, 2, 3, 4, 5], results)
    five = line(s, 5)
    assert five.game_win_pct == pytest.approx(float(Fraction(3 * 4 + 1, 3 * 6)))
    four = line(s, 4)
    assert four.match_win_pct == pytest.approx(float(Fraction(3, 6)))
    assert five.opp_match_win_pct == pytest.approx(four.match_win_pct)


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (MatchResult(1, "a", "zz", 2, 0), "'zz' is not registered"),
        (MatchResult(1, "a", "a", 2, 0), "cannot play themself"),
        (MatchResult(1, "a", "b", -1, 0), "negative"),
        (MatchResult(0, "a", "b", 2, 0), "round must be a whole number"),
        (Bye(1, "nobody"), "'nobody' is not registered"),
    ],
)
def test_bad_result_is_refused_with_what_and_where(result, message):
    with pytest.raises(ResultError, match=message):
        compute_standings(["a", "b"], [result])


def test_a_player_with_two_results_in_one_round_is_refused():
    with pytest.raises(ResultError, match="already has a result in round 1"):
        compute_standings(["a", "b", "c"], [MatchResult(1, "a", "b", 2, 0), Bye(1, "a")])


def test_registering_a_player_twice_is_refused():
    with pytest.raises(ResultError, match="registered twice"):
        compute_standings(["a", "a"], [])


def test_dropping_an_unregistered_player_is_refused():
    with pytest.raises(ResultError, match="not registered"):
        compute_standings(["a"], [], dropped=["b"])


def test_something_that_is_not_a_result_is_refused():
    with pytest.raises(ResultError, match="is not a MatchResult, Bye or MissedRound"):
        compute_standings(["a", "b"], [("a", "b", 2, 0)])
