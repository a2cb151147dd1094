"""Wargame pairing at scale (issue 26 item 7): 4,096 players of 文禄朝鲜之役, Swiss with due sides, several rounds.

    .venv/bin/python bench/bench_wargame_pairing.py                       # 4,096 players x 8 rounds, 1 seed
    .venv/bin/python bench/bench_wargame_pairing.py --players 1000 --rounds 6 --seeds 3

Each round as the site pairs it (``matches.services.rounds``): the VP standings from every result so far
(``compute_vp_standings``), each player's due side (``due_sides``), the Swiss pairing with the sides in
its cost (``pair_swiss(..., due=...)``), the side swaps between equal-point tables (``balance_side_pairs``)
and the sides (``sides_of_round``). The pairing (the last three) is timed in CPU time of this process and
checked: every active player at exactly one table, no rematch. Results are random VP (0-20 a side);
about 2% of the players drop each round and about 1% of the field enters late (on 0 points) from round 2.
Prints the machine, the date and the load average first, then the median and the worst round.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any, cast

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from matches.tournament import VpBye, VpResult, compute_vp_standings, pair_swiss, sides_of_round
from matches.tournament.wargame import balance_side_pairs, due_sides

SIDES = ("japan", "allies")


def run(players: int, rounds: int, seed: int) -> list[tuple[int, int, float, float, int]]:
    """(round, active players, standings seconds, pairing seconds, players off their due side) a round."""
    rng = random.Random(seed)
    ids = list(range(players))
    results: list[VpResult | VpBye] = []
    dropped: set[int] = set()
    rows = []
    for number in range(1, rounds + 1):
        if number > 1:  # late entries on 0 points
            late = max(1, players // 100)
            ids.extend(range(len(ids), len(ids) + late))
        t0 = time.process_time()
        standings = compute_vp_standings(ids, results, dropped, sides=SIDES)
        t1 = time.process_time()
        if number == 1:
            rng.shuffle(standings)
        due = due_sides(standings, SIDES)
        swiss = pair_swiss(cast(Any, standings), number, due=due)  # read by field, as matches.services.rounds
        by_player = {s.player: s for s in standings}
        pairs = balance_side_pairs([(p.player, p.opponent) for p in swiss.pairings], by_player, SIDES)
        sides = sides_of_round(pairs, by_player, SIDES)
        t2 = time.process_time()
        seated = [p for pair in pairs for p in pair if p is not None]
        active = {s.player for s in standings if not s.dropped}
        assert Counter(seated) == Counter(active), "every active player at exactly one table"
        assert all(b is None or b not in by_player[a].opponents for a, b in pairs), "no rematch"
        off = 0
        for (a, b), side in zip(pairs, sides, strict=True):
            if b is None:
                results.append(VpBye(number, a))
                continue
            for p, s in ((a, side), (b, SIDES[1] if side == SIDES[0] else SIDES[0])):
                off += due[p] != 0 and s != SIDES[(due[p] + 1) // 2]
            results.append(VpResult(number, a, b, rng.randint(0, 20), rng.randint(0, 20), side))
        rows.append((number, len(active), t1 - t0, t2 - t1, off))
        dropped |= {p for p in ids if p not in dropped and rng.random() < 0.02}
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seeds", type=int, default=1)
    args = parser.parse_args()
    print(
        f"# {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} "
        f"{platform.release()}, CPython {platform.python_version()}"
    )
    print(f"# {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, load average {os.getloadavg()}")
    print("| seed | round | active | standings ms | pairing ms | off their due side |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    pairing = []
    for seed in range(args.seeds):
        for number, active, st, pt, off in run(args.players, args.rounds, seed):
            print(f"| {seed} | {number} | {active} | {st * 1000:.1f} | {pt * 1000:.1f} | {off} |")
            pairing.append(pt)
    print(
        f"# pairing: median {statistics.median(pairing) * 1000:.1f} ms, worst {max(pairing) * 1000:.1f} ms "
        f"over {len(pairing)} rounds"
    )


if __name__ == "__main__":
    main()
