"""Issue 26 item 6: the suggested bid of a wargame map, against hand-worked cases (matches.tournament.suggested_bid)."""

from matches.tournament.suggested_bid import MIN_GAMES, bootstrap_interval, suggest_bid

SIDES = ("japan", "allies")


def test_the_suggested_bid_is_the_median_margin_of_the_first_side_hand_worked():
    # margins 4, 1, 0, 10, -3: mean 12/5 = 2.4; sorted -3 0 1 4 10, median 1 (a 1-VP bid for Japan)
    s = suggest_bid([(12, 8), (10, 9), (7, 7), (15, 5), (6, 9)], SIDES, min_games=5)
    assert (s.games, s.mean_margin, s.median, s.side, s.bid) == (5, 2.4, 1, "japan", 1)


def test_an_even_count_of_games_takes_the_mean_of_the_two_middle_margins():
    # margins -2, 1, 3, 8: (1 + 3) / 2 = 2; mean 10/4 = 2.5
    s = suggest_bid([(5, 7), (9, 8), (10, 7), (12, 4)], SIDES, min_games=4)
    assert (s.median, s.mean_margin) == (2.0, 2.5)


def test_a_negative_median_is_a_bid_for_the_second_side():
    s = suggest_bid([(2, 6), (3, 4), (1, 5)], SIDES, min_games=3)  # margins -4, -1, -4
    assert (s.median, s.side, s.bid) == (-4, "allies", 4)


def test_a_median_of_zero_suggests_no_bid_for_either_side():
    s = suggest_bid([(5, 5), (7, 3), (3, 7)], SIDES, min_games=3)
    assert (s.median, s.side, s.bid) == (0, "", 0)


def test_after_the_bid_neither_side_wins_more_than_half_the_games():
    games = [(10 + k % 7, 6 + k % 5) for k in range(41)]
    s = suggest_bid(games, SIDES)
    after = [a - b - s.median for a, b in games]
    assert max(sum(m > 0 for m in after), sum(m < 0 for m in after)) <= len(games) / 2
    one_less = [m + 1 for m in after]  # a bid one VP smaller leaves the favoured side ahead
    assert sum(m > 0 for m in one_less) > len(games) / 2


def test_below_the_threshold_there_are_not_enough_games_and_at_it_there_are():
    assert MIN_GAMES == 20
    assert not suggest_bid([(9, 5)] * (MIN_GAMES - 1), SIDES).enough
    assert suggest_bid([(9, 5)] * MIN_GAMES, SIDES).enough


def test_no_games_give_zero_figures_and_not_enough():
    s = suggest_bid([], SIDES)
    assert (s.games, s.mean_margin, s.median, s.low, s.high, s.enough) == (0, 0.0, 0.0, 0.0, 0.0, False)


def test_the_bootstrap_interval_is_reproducible_and_holds_the_median():
    values = [((k * 37) % 23) - 8 for k in range(60)]
    low, high = bootstrap_interval(values)
    assert bootstrap_interval(values) == (low, high)  # the fixed seed
    s = suggest_bid([(v, 0) for v in values], SIDES)
    assert low <= s.median <= high and low < high
    assert (s.low, s.high) == (low, high)


def test_identical_games_give_an_interval_of_one_value():
    s = suggest_bid([(8, 5)] * 25, SIDES)
    assert (s.low, s.median, s.high) == (3, 3, 3)
