"""Pod pairing at scale (issue 15): 1,000 players in pods of 3 and 4, Swiss-style, several rounds.

    .venv/bin/python bench/bench_pods.py                      # 1,000 players x 10 rounds, 3 seeds
    .venv/bin/python bench/bench_pods.py --players 10000 --rounds 12 --seeds 1

Each round: the standings from every pod result so far (``compute_pod_standings``), then the pairing
(``pair_pods``), each timed (CPU time of this process), and the pairing checked: every active player at
exactly one pod, pod sizes 3–4, and the repeats (pairs of players seated together who met before) and
the summed point spread reported. Results are random placements and regions; about 2% of the players
drop each round. Prints the machine, the date and the load average first.
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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from matches.tournament import PodResult, compute_pod_standings, pair_pods


def run(players: int, rounds: int, seed: int) -> list[tuple[int, float, float, int, int, int, bool]]:
    rng = random.Random(seed)
    ids = list(range(players))
    results: list[PodResult] = []
    dropped: set[int] = set()
    rows = []
    for number in range(1, rounds + 1):
        t0 = time.process_time()
        standings = compute_pod_standings(ids, results, dropped)
        t1 = time.process_time()
        if number == 1:
            rng.shuffle(standings)
        paired = pair_pods(standings, number)
        t2 = time.process_time()
        seated = [p for pod in paired.pods for p in pod.players]
        active = {s.player for s in standings if not s.dropped}
        assert Counter(seated) == Counter(active), "every active player at exactly one pod"
        assert all(3 <= len(pod.players) <= 4 for pod in paired.pods), "pods of 3 or 4"
        rows.append((number, t1 - t0, t2 - t1, len(active), paired.repeats, paired.spread, paired.proved))
        for pod in paired.pods:  # the seats in the pod's seat order, random placements
            order = list(pod.players)
            rng.shuffle(order)
            place = {p: k + 1 for k, p in enumerate(order)}
            results.append(PodResult(number, tuple((p, place[p], rng.randint(0, 9)) for p in pod.players)))
        dropped |= {p for p in ids if p not in dropped and rng.random() < 0.02}
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    print(
        f"# {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} "
        f"{platform.release()}, CPython {platform.python_version()}"
    )
    print(f"# {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, load average {os.getloadavg()}")
    print("| seed | round | active | standings ms | pairing ms | repeats | proved fewest | spread |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    pairing, repeats, unproved = [], 0, 0
    for seed in range(args.seeds):
        for number, st, pt, active, rep, spread, proved in run(args.players, args.rounds, seed):
            print(
                f"| {seed} | {number} | {active} | {st * 1000:.1f} | {pt * 1000:.1f} | {rep} |"
                f" {'yes' if proved else 'no'} | {spread} |"
            )
            pairing.append(pt)
            repeats += rep
            unproved += not proved
    print(
        f"# pairing: median {statistics.median(pairing) * 1000:.1f} ms, worst {max(pairing) * 1000:.1f} ms; "
        f"repeats in all {len(pairing)} rounds: {repeats}; rounds whose search stopped at its limit: {unproved}"
    )


if __name__ == "__main__":
    main()
