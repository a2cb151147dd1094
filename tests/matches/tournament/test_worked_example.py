"""The worked example of docs/tournaments.md: its tables are computed here and must appear in the doc verbatim."""

from pathlib import Path

import pytest

from matches.tournament import (
    Bye,
    MatchResult,
    check_pairing,
    compute_standings,
    late_entry_results,
    pair_swiss,
    top_cut,
)

DOC = Path(__file__).resolve().parents[3] / "docs" / "tournaments.md"

ROUND_RESULTS = {
    1: [MatchResult(1, "ann", "di", 2, 0), MatchResult(1, "bo", "ed", 1, 2), MatchResult(1, "cy", "fay", 1, 1, 1)],
    2: [
        MatchResult(2, "ann", "gus", 2, 1),
        MatchResult(2, "ed", "cy", 0, 2),
        MatchResult(2, "fay", "bo", 0, 2),
        MatchResult(2, "di", "hal", 2, 1),
    ],
    3: [MatchResult(3, "ann", "ed", 2, 0), MatchResult(3, "gus", "bo", 1, 1), MatchResult(3, "fay", "hal", 2, 1)],
}


def run_example():
    """Seven players; hal joins in round 2 with 0 points; iva joins in round 3 with losses for
    rounds 1 and 2; cy and di drop after round 2."""
    players = ["ann", "bo", "cy", "di", "ed", "fay", "gus"]
    results = []
    dropped = set()
    rounds = []
    for rnd in (1, 2, 3):
        if rnd == 2:
            players.append("hal")
        if rnd == 3:
            players.append("iva")
            results += late_entry_results("iva", [1, 2])
            dropped |= {"cy", "di"}
        standings = compute_standings(players, results, dropped)
        swiss = pair_swiss(standings, rnd)
        rounds.append((standings, swiss))
        played = ROUND_RESULTS[rnd]
        assert sorted(frozenset((r.player, r.opponent)) for r in played) == sorted(
            frozenset((p.player, p.opponent)) for p in swiss.pairings if p.opponent is not None
        ), f"round {rnd}: the example's results must be for the pairings the engine made"
        results += played
        results += [Bye(rnd, p.player) for p in swiss.pairings if p.opponent is None]
    final = compute_standings(players, results, dropped)
    return rounds, final


def pct(x):
    return f"{x:.4f}"


def render_pairings(swiss):
    rows = [f"Round {swiss.round}:", "", "| Table | Player | Opponent |", "|---|---|---|"]
    for p in swiss.pairings:
        rows.append(f"| {p.table} | {p.player} | {p.opponent or 'bye'} |")
    rows.append("")
    rows.append(
        f"Pair-downs: {swiss.pair_downs}; point-group crossings: {swiss.crossings} (least possible:"
        f" {swiss.required_crossings})."
    )
    return "\n".join(rows)


def render_standings(standings):
    rows = [
        "| Rank | Player | Points | W-L-D | Byes | MW% | GW% | OMW% | OGW% | Dropped |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in standings:
        rows.append(
            f"| {s.rank} | {s.player} | {s.points} | {s.record()} | {s.byes} | {pct(s.match_win_pct)} |"
            f" {pct(s.game_win_pct)} | {pct(s.opp_match_win_pct)} | {pct(s.opp_game_win_pct)} |"
            f" {'yes' if s.dropped else ''} |"
        )
    return "\n".join(rows)


def render_all():
    rounds, final = run_example()
    blocks = [render_pairings(swiss) for _standings, swiss in rounds]
    blocks.append(render_standings(final))
    active = [s.player for s in final if not s.dropped]
    blocks.append("Top 4: " + ", ".join(f"{a}–{b}" for a, b in top_cut(active, 4)))
    return blocks


def test_worked_example_tables_in_the_doc_are_what_the_code_computes():
    doc = DOC.read_text(encoding="utf-8")
    for block in render_all():
        assert block in doc, f"docs/tournaments.md is missing or has a stale copy of:\n{block}"


def test_worked_example_bye_goes_to_lowest_ranked_without_one_and_nobody_has_two():
    rounds, final = run_example()
    byes = [swiss.bye for _s, swiss in rounds]
    assert byes == ["gus", None, "iva"]
    assert all(s.byes <= 1 for s in final)


def test_worked_example_dropped_players_unpaired_after_dropping_but_ranked():
    rounds, final = run_example()
    third = rounds[2][1]
    assert not {"cy", "di"} & {x for p in third.pairings for x in (p.player, p.opponent)}
    assert {s.player for s in final if s.dropped} == {"cy", "di"}


def test_worked_example_opponents_figures_by_hand():
    _rounds, final = run_example()
    ann = next(s for s in final if s.player == "ann")
    # ann beat di (1-1-0 before dropping: 3/6), gus (1-1-1 incl. bye: 4/9), ed (1-2-0: 3/9 -> 0.3333)
    assert ann.opp_match_win_pct == pytest.approx((3 / 6 + 4 / 9 + 3 / 9) / 3)
    iva = next(s for s in final if s.player == "iva")
    # iva: two missed-round losses (0-2 each) and a bye (2-0): 6 of 18 game points, no opponents
    assert (iva.points, iva.games, iva.game_points, iva.opp_match_win_pct) == (3, 6, 6, 0.33)


def test_worked_example_hand_pairing_check_finds_the_rematch_and_the_needless_pair_down():
    rounds, _final = run_example()
    standings = rounds[2][0]
    warnings = check_pairing(standings, [("ann", "gus"), ("ed", "fay"), ("bo", "hal"), ("iva", None)])
    assert sorted(w.problem.value for w in warnings) == ["rematch", "unequal-points", "unequal-points"]
