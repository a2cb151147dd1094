"""Side balance of wargame events (issue 26 item 4): the share of players whose side counts end within 1.

Random Swiss events of 文禄朝鲜之役 (40 to 64 players, 6 rounds, random VP 0-20 a side, no drops) paired as
the site pairs them: the standings (``compute_vp_standings``), the Swiss with each player's due side in the
matching's cost (``pair_swiss(..., due=due_sides(...))``), the side swaps between tables
(``balance_side_pairs``) and each table's sides (``sides_of_round``). After the last round it counts the
players whose games on each side differ by at most 1, and checks that no pairing made a rematch and that the
swaps kept the points of every table as the Swiss paired them (so crossings and
pair-downs are as paired). ``docs/benchmarks.md`` has the figures.

    nice -n 10 .venv/bin/python bench/bench_wargame_sides.py --seeds 25
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
from typing import Any, cast

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from matches.tournament import VpResult, compute_vp_standings, pair_swiss, sides_of_round
from matches.tournament.wargame import balance_side_pairs, due_sides, side_balance

SIDES = ("japan", "allies")


def shape(pairs: list[tuple[Any, Any]], by_player: dict[Any, Any]) -> list[tuple[int, int]]:
    """Every table's points, higher first (a bye left out): what the side swaps must keep."""
    return sorted(
        (max(by_player[a].points, by_player[b].points), min(by_player[a].points, by_player[b].points))
        for a, b in pairs
        if b is not None
    )


def event(players: int, rounds: int, seed: int) -> tuple[int, int]:
    """(players within 1, players) at the end of one random event."""
    rng = random.Random(seed)
    ids = list(range(players))
    results: list[Any] = []
    for number in range(1, rounds + 1):
        standings = compute_vp_standings(ids, results, set(), sides=SIDES)
        if number == 1:
            rng.shuffle(standings)
        swiss = pair_swiss(cast(Any, standings), number, due=due_sides(standings, SIDES))
        by_player = {s.player: s for s in standings}
        paired = [(p.player, p.opponent) for p in swiss.pairings]
        pairs = balance_side_pairs(paired, by_player, SIDES)
        assert all(b is None or b not in by_player[a].opponents for a, b in pairs), "no rematch"

        assert shape(paired, by_player) == shape(pairs, by_player), "every table's points as paired"
        for (a, b), side in zip(pairs, sides_of_round(pairs, by_player, SIDES), strict=True):
            if b is not None:
                results.append(VpResult(number, a, b, rng.randint(0, 20), rng.randint(0, 20), side))
    final = compute_vp_standings(ids, results, set(), sides=SIDES)
    return sum(abs(side_balance(s, SIDES)) <= 1 for s in final), len(final)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=25)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print("| players | events | within 1 |")
    print("|---|---|---|")
    total_in = total = 0
    for players in (40, 48, 56, 64):
        inside = count = 0
        for seed in range(args.seeds):
            i, n = event(players, args.rounds, seed)
            inside, count = inside + i, count + n
        total_in, total = total_in + inside, total + count
        print(f"| {players} | {args.seeds} | {100 * inside / count:.1f} % |")
    print(f"| 40-64 | {4 * args.seeds} | {100 * total_in / total:.1f} % |")


if __name__ == "__main__":
    main()
