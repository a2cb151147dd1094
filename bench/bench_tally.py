"""The standings tally alone, round by round: this tree's against a git revision's, on the same states.

    .venv/bin/python bench/bench_tally.py --players 100000 --rounds 12 --save-states /tmp/s100k.pickle
    .venv/bin/python bench/bench_tally.py --load-states /tmp/s100k.pickle --baseline 5bafda3 --runs 3
    # instructions (callgrind): the tally's cost is the difference of two runs on the same states
    valgrind --tool=callgrind .venv/bin/python bench/bench_tally.py --load-states s10k.pickle --only new
    valgrind --tool=callgrind .venv/bin/python bench/bench_tally.py --load-states s10k.pickle --only none

The event is the one of ``bench/bench_tournament_scale.py`` (same seed, same generator: random results
with draws, drops every round, late entrants in round 2 with 0 points and in round 3 with losses for
the missed rounds, a ruling in round 6 that turns 1 % of round 2's results around). It is played once
(the pairing uses this tree's tally) and each round's state (registration order, results, drops) kept;
``--save-states`` pickles them, so that every later measurement (and callgrind) reads the very same
states without pairing again.

On each round's state, back to back in one process: the baseline revision's tally (loaded from git)
and this tree's, each living across the rounds as in a worker, ``sync`` + ``standings`` timed as one
call (CPU time, ``time.process_time``, and wall clock); both must give ``compute_standings``' rows.
The order of the two alternates from run to run. With ``--only`` nothing is timed: the states are
loaded and the one tally named (or none) runs, for instruction counts.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import os
import pickle
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_tournament import random_match  # noqa: E402
from bench_tournament_scale import RULING_ROUND, RULING_SHARE  # noqa: E402

from matches.tournament import (  # noqa: E402
    Bye,
    MatchResult,
    MissedRound,
    Result,
    StandingsTally,
    compute_standings,
    pair_swiss,
)

State = tuple[list[Any], list[Result], set[Any]]


def play(players: int, rounds: int, seed: int) -> list[State]:
    """Each round's state of bench_tournament_scale's event (the same rng calls in the same order)."""
    rng = random.Random(seed)
    registered: list[Any] = list(range(players))
    results: list[Result] = []
    dropped: set[Any] = set()
    tally = StandingsTally()
    late = max(1, players // 100)
    states: list[State] = []
    for rnd in range(1, rounds + 1):
        if rnd == 2:
            registered.extend(range(len(registered), len(registered) + late))
        if rnd == 3:
            for p in range(len(registered), len(registered) + late):
                registered.append(p)
                results.extend([MissedRound(1, p), MissedRound(2, p)])
        if rnd == RULING_ROUND:
            for k, r in enumerate(results):
                if r.round == 2 and isinstance(r, MatchResult) and rng.random() < RULING_SHARE:
                    results[k] = dataclasses.replace(r, player_wins=r.opponent_wins, opponent_wins=r.player_wins)
        states.append((list(registered), list(results), set(dropped)))
        tally.sync(registered, results)
        standings = tally.standings(dropped)
        swiss = pair_swiss(standings, rnd)
        active = [s for s in standings if not s.dropped]
        for pairing in swiss.pairings:
            if pairing.opponent is not None:
                results.append(random_match(rng, rnd, pairing.player, pairing.opponent))
        if swiss.bye is not None:
            results.append(Bye(rnd, swiss.bye))
        for s in active:
            if rng.random() < (0.05 if s.losses >= 2 else 0.005):
                dropped.add(s.player)
        print(f"  round {rnd}: {len(active)} active, {len(results)} results", flush=True)
    return states


def load_baseline(rev: str) -> Any:
    """matches/tournament of a git revision (every file of the package) as a fresh package."""
    target = Path(tempfile.mkdtemp(prefix="junling-tally-baseline-")) / "baseline_tally"
    target.mkdir()
    names = subprocess.run(
        ["git", "-C", str(ROOT), "ls-tree", "--name-only", rev, "matches/tournament/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for name in names:
        if name.endswith(".py"):
            text = subprocess.run(
                ["git", "-C", str(ROOT), "show", f"{rev}:{name}"], check=True, capture_output=True, text=True
            ).stdout
            (target / Path(name).name).write_text(text)
    sys.path.insert(0, str(target.parent))
    return importlib.import_module("baseline_tally")


def machine() -> str:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{' '.join(platform.uname())}; nproc {os.cpu_count()}; Python {platform.python_version()};"
        f" {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {load}"
    )


def timed(tally: Any, state: State) -> tuple[float, float, list[Any]]:
    players, results, dropped = state
    t0, c0 = time.perf_counter(), time.process_time()
    tally.sync(players, results)
    rows = tally.standings(dropped)
    return time.process_time() - c0, time.perf_counter() - t0, rows


def comparable(rows: list[Any]) -> list[tuple[Any, ...]]:
    # Opponents (and their averages) may be in another order after a replaced round: left out here,
    # the hypothesis test checks them as a multiset and to 1e-12.
    return [(*tuple(s[:12]), tuple(sorted(s.opponents)), *tuple(s[15:])) for s in rows]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", default="", help="git revision of the 'before' tally ('' for none)")
    parser.add_argument("--save-states", help="pickle the event's states to this file")
    parser.add_argument("--load-states", help="read the event's states from this file instead of playing it")
    parser.add_argument("--only", choices=("new", "old", "none"), help="run one tally untimed (for callgrind)")
    parser.add_argument("--no-check", action="store_true", help="skip the comparison with compute_standings")
    args = parser.parse_args()
    if args.load_states:
        states: list[State] = pickle.loads(Path(args.load_states).read_bytes())
    else:
        print(machine())
        states = play(args.players, args.rounds, args.seed)
        if args.save_states:
            Path(args.save_states).write_bytes(pickle.dumps(states, protocol=pickle.HIGHEST_PROTOCOL))
    baseline = load_baseline(args.baseline) if args.baseline else None
    if baseline is not None:
        # The baseline's module checks result types by identity: it is given these classes.
        baseline.standings.MatchResult, baseline.standings.Bye = MatchResult, Bye
        baseline.standings.MissedRound = MissedRound
    if args.only:
        tally = None
        if args.only == "new":
            tally = StandingsTally()
        elif args.only == "old" and baseline is not None:
            tally = baseline.StandingsTally()
        for players, results, dropped in states:
            if tally is not None:
                tally.sync(players, results)
                tally.standings(dropped)
        return 0
    print(machine())
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))
    print(f"{len(states[0][0])} players at round 1, {len(states)} rounds, {len(states[-1][1])} results at the last")
    kinds = ["new"] + (["old"] if baseline is not None else [])
    cpu: dict[str, list[list[float]]] = {k: [[] for _ in states] for k in kinds}
    wall: dict[str, list[list[float]]] = {k: [[] for _ in states] for k in kinds}
    for run in range(args.runs):
        order = kinds if run % 2 == 0 else kinds[::-1]
        tallies = {"new": StandingsTally(), **({"old": baseline.StandingsTally()} if baseline is not None else {})}
        for i, state in enumerate(states):
            rows = {}
            for k in order:
                c, w, rows[k] = timed(tallies[k], state)
                cpu[k][i].append(c)
                wall[k][i].append(w)
            if not args.no_check and run == 0:
                full = comparable(compute_standings(*state))
                for k in kinds:
                    if comparable(rows[k]) != full:
                        raise SystemExit(f"round {i + 1}: the {k} tally's standings differ from compute_standings")
            line = ", ".join(f"{k} CPU {cpu[k][i][-1]:.3f} s (wall {wall[k][i][-1]:.3f})" for k in order)
            print(f"  run {run + 1} round {i + 1:2d}: {line}", flush=True)
    print(f"\nafter the runs: {machine()}")
    head = "| round | " + " | ".join(f"{k} CPU (s)" for k in kinds)
    if baseline is not None:
        head += " | new / old"
    print(f"\nmedian of {args.runs} runs\n{head} |")
    print("|---" * (len(kinds) + 1 + (baseline is not None)) + "|")
    for i in range(len(states)):
        med = {k: statistics.median(cpu[k][i]) for k in kinds}
        cells = [f"{med[k]:.3f}" for k in kinds]
        if baseline is not None:
            cells.append(f"{statistics.median(a / b for a, b in zip(cpu['new'][i], cpu['old'][i])):.2f}")
        print(f"| {i + 1} | " + " | ".join(cells) + " |")
    worst = {k: max(statistics.median(c) for c in cpu[k]) for k in kinds}
    print("worst round (CPU, median): " + ", ".join(f"{k} {v:.3f} s" for k, v in worst.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
