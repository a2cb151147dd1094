"""Standings and Swiss pairing at 100,000 players: before and after, each against its anchor, in one run.

    .venv/bin/python bench/bench_tournament_scale.py                       # 100,000 players x 12 rounds, 5 runs
    .venv/bin/python bench/bench_tournament_scale.py --players 10000 --rounds 14
    .venv/bin/python bench/bench_tournament_scale.py --freeze --peer-rounds 1,4,8,12   # and with the collector frozen

One Swiss event (random results with draws, drops every round, late entrants in round 2 with 0 points
and in round 3 with losses for the missed rounds, and in round 6 a judge's ruling that turns 1 % of
round 2's results around) is played ``--runs`` times with the same seed, so every run sees the same
states. On each round's state, back to back:

* standings: ``compute_standings`` (the full computation: the anchor) and ``StandingsTally.sync`` +
  ``standings`` (incremental; the tally lives across rounds as in a worker), and the ``--baseline``
  revision's tally on the same results (printed per round); all must agree;
* pairing: ``pair_swiss`` as it is now, ``pair_swiss`` of ``--baseline`` (a git revision, loaded from
  git into a temporary package; both must pair identically) and swisspair (C++, the anchor: its
  ``create_matches`` call only, in a child process limited to 120 s, on a thread with a 512 MB stack, without
  which it crashes from about 60,000 players; ``requirements-bench.txt``).

Every figure is the median of the runs (wall clock, ``time.perf_counter``); every ratio is the median of
the per-run ratios to the anchor measured on the same state in the same run. ``--freeze`` then times
the same state again after ``gc.collect(); gc.freeze()`` (with its own tally), so that the collector's
cost shows as a ratio in the same run; ``--peer-rounds`` runs swisspair on those rounds only.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import importlib
import importlib.util
import json
import multiprocessing as mp
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_tournament import quality, random_match  # noqa: E402

from matches.tournament import (  # noqa: E402
    Bye,
    MatchResult,
    MissedRound,
    Result,
    StandingsTally,
    compute_standings,
    pair_swiss,
)

PEER_TIME_LIMIT = 120.0
PEER_MEMORY = 6 * 1024**3
RULING_ROUND = 6
RULING_SHARE = 0.01


def load_baseline(rev: str) -> Any:
    """matches/tournament of a git revision as a fresh package (None if git or the revision is missing)."""
    target = Path(tempfile.mkdtemp(prefix="junling-baseline-")) / "baseline_tournament"
    target.mkdir()
    try:
        for name in ("__init__", "pairing", "standings", "structure"):
            text = subprocess.run(
                ["git", "-C", str(ROOT), "show", f"{rev}:matches/tournament/{name}.py"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            (target / f"{name}.py").write_text(text)
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"note: baseline {rev} not loaded ({exc}); its column is left out")
        return None
    sys.path.insert(0, str(target.parent))
    return importlib.import_module("baseline_tournament")


def timed(row: dict[str, Any], key: str, fn: Any, *args: Any) -> Any:
    """Call fn(*args); row[key] is its wall time, row[key + '_cpu'] its CPU time."""
    t0, c0 = time.perf_counter(), time.process_time()
    value = fn(*args)
    row[key], row[key + "_cpu"] = time.perf_counter() - t0, time.process_time() - c0
    return value


def swisspair_child(active: list[Any], queue: Any) -> None:
    import resource

    import swisspair

    resource.setrlimit(resource.RLIMIT_AS, (PEER_MEMORY, PEER_MEMORY))
    ids = {s.player for s in active}
    players = [
        swisspair.Player(
            id=str(s.player),
            points=s.points,
            rank=i + 1,
            can_get_bye=s.byes == 0,
            cannot_be_paired_against_ids={str(o) for o in s.opponents if o in ids},
        )
        for i, s in enumerate(active)
    ]
    row: dict[str, Any] = {}
    # swisspair recurses deeply: on the default 8 MB stack it crashes from about 60,000 players.
    threading.stack_size(1 << 29)
    worker = threading.Thread(
        target=lambda: row.update(tables=len(timed(row, "swisspair", swisspair.create_matches, players)))
    )
    worker.start()
    worker.join()
    queue.put(row)


def run_swisspair(active: list[Any]) -> dict[str, Any]:
    """swisspair's create_matches on this state in a child process (its input conversion not timed)."""
    ctx = mp.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=swisspair_child, args=(active, queue))
    proc.start()
    deadline = time.monotonic() + PEER_TIME_LIMIT
    try:
        while time.monotonic() < deadline:
            try:
                return queue.get(timeout=0.5)
            except Exception:  # queue.Empty: still working, or dead
                if not proc.is_alive() and queue.empty():
                    print(f"  swisspair died (exit code {proc.exitcode})", flush=True)
                    return {}
        print("  swisspair: over the time limit", flush=True)
        return {}
    finally:
        proc.kill()
        proc.join()


def one_run(args: argparse.Namespace, baseline: Any, use_peer: bool) -> list[dict[str, Any]]:
    rng = random.Random(args.seed)
    registered: list[Any] = list(range(args.players))
    results: list[Result] = []
    dropped: set[Any] = set()
    tally = StandingsTally()
    frozen_tally = StandingsTally() if args.freeze else None
    # The baseline's tally on the same results: its module checks result types by identity, so it is
    # given these classes.
    old_tally = None
    if baseline is not None and hasattr(baseline, "StandingsTally"):
        baseline.standings.MatchResult, baseline.standings.Bye = MatchResult, Bye
        baseline.standings.MissedRound = MissedRound
        old_tally = baseline.StandingsTally()
    late = max(1, args.players // 100)
    rows = []
    for rnd in range(1, args.rounds + 1):
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
        row: dict[str, Any] = {"round": rnd}
        full = timed(row, "full", compute_standings, registered, results, dropped)

        def incremental(tally: StandingsTally) -> Any:
            tally.sync(registered, results)
            return tally.standings(dropped)

        if old_tally is not None:
            before = timed(row, "tally_before", incremental, old_tally)
            del before
        standings = timed(row, "tally", incremental, tally)
        if [s[:10] + s[15:] for s in standings] != [s[:10] + s[15:] for s in full]:
            # (opponents in another order after a replaced round: their averages may differ in the last bits)
            raise SystemExit(f"round {rnd}: the tally's standings differ from compute_standings")
        del full
        swiss = timed(row, "pair", pair_swiss, standings, rnd)
        if baseline is not None:
            old = timed(row, "pair_before", baseline.pair_swiss, standings, rnd)
            if [tuple(p) for p in swiss.pairings] != [(p.table, p.player, p.opponent) for p in old.pairings]:
                raise SystemExit(f"round {rnd}: the baseline pairs differently")
            del old
        if frozen_tally is not None:
            # The same state again with every object alive frozen: what the collector cost above.
            gc.collect()
            gc.freeze()
            timed(row, "full_frozen", compute_standings, registered, results, dropped)
            timed(row, "tally_frozen", incremental, frozen_tally)
            timed(row, "pair_frozen", pair_swiss, standings, rnd)
            gc.unfreeze()
        active = [s for s in standings if not s.dropped]
        row["active"] = len(active)
        if use_peer and (not args.peer_rounds or rnd in args.peer_rounds):
            row.update(run_swisspair(active))
        pairs = [(p.player, p.opponent) for p in swiss.pairings if p.opponent is not None]
        row.update(quality(active, pairs, swiss.bye))
        rows.append(row)
        print(
            f"  round {rnd:2d}: {len(active):6d} active, standings full {row['full']:.3f} s, tally"
            f" {row['tally']:.3f} s (CPU {row['tally_cpu']:.3f})"
            + (f", tally before {row['tally_before']:.3f} s (CPU {row['tally_before_cpu']:.3f})" if old_tally else "")
            + f", pairing {row['pair']:.3f} s (CPU {row['pair_cpu']:.3f})"
            + (f", pairing before CPU {row['pair_before_cpu']:.3f}" if "pair_before" in row else "")
            + (f", before {row['pair_before']:.3f} s" if "pair_before" in row else "")
            + (f", swisspair {row['swisspair']:.3f} s" if row.get("swisspair") else "")
            + (
                f", frozen: full {row['full_frozen']:.3f} s, tally {row['tally_frozen']:.3f} s,"
                f" pairing {row['pair_frozen']:.3f} s"
                if "full_frozen" in row
                else ""
            )
            + f", rematches {row['rematches']}, crossings {row['crossings']} (least {row['required']})",
            flush=True,
        )
        for a, b in pairs:
            results.append(random_match(rng, rnd, a, b))
        if swiss.bye is not None:
            results.append(Bye(rnd, swiss.bye))
        for s in active:
            if rng.random() < (0.05 if s.losses >= 2 else 0.005):
                dropped.add(s.player)
        del standings, swiss, active, pairs
    return rows


def median_ratio(runs: list[list[dict[str, Any]]], i: int, num: str, den: str) -> float | None:
    ratios = [run[i][num] / run[i][den] for run in runs if run[i].get(num) and run[i].get(den)]
    return statistics.median(ratios) if ratios else None


def median_of(runs: list[list[dict[str, Any]]], i: int, key: str) -> float | None:
    values = [run[i][key] for run in runs if run[i].get(key) is not None]
    return statistics.median(values) if values else None


def fmt(x: float | None, digits: int = 3) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def machine() -> str:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{' '.join(platform.uname())}; nproc {os.cpu_count()}; Python {platform.python_version()};"
        f" {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {load}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--freeze", action="store_true", help="also time each round with every object frozen")
    parser.add_argument(
        "--peer-rounds", type=lambda t: {int(x) for x in t.split(",") if x}, default=set(), help="e.g. 1,4,8,12"
    )
    parser.add_argument("--baseline", default="ed542d7", help="git revision of the 'before' pairing ('' for none)")
    parser.add_argument("--no-peer", action="store_true", help="skip swisspair")
    parser.add_argument("--save", help="also write the runs' raw figures to this JSON file")
    parser.add_argument(
        "--merge", nargs="+", metavar="JSON", help="print the tables of runs saved by several processes, run nothing"
    )
    args = parser.parse_args()
    print(machine())
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))
    runs = []
    if args.merge:
        # Runs made by separate processes at the same time (same seed, so the same states).
        for name in args.merge:
            runs.extend(json.loads(Path(name).read_text()))
        args.runs = len(runs)
    else:
        baseline = load_baseline(args.baseline) if args.baseline else None
        use_peer = not args.no_peer and importlib.util.find_spec("swisspair") is not None
        if not args.no_peer and not use_peer:
            print("note: swisspair is not installed (pip install -r requirements-bench.txt); its column is left out")
        for k in range(args.runs):
            print(f"run {k + 1} of {args.runs}:", flush=True)
            runs.append(one_run(args, baseline, use_peer))
        if args.save:
            Path(args.save).write_text(json.dumps(runs))
        print(f"\nafter the runs: {machine()}")
    args.freeze = args.freeze or any("full_frozen" in row for run in runs for row in run)
    for clock, suffix in (("wall clock", ""), ("CPU time", "_cpu")):
        print(
            f"\n{args.players} players x {args.rounds} rounds, {clock}: median of {args.runs} runs"
            " (seconds); ratios are medians of per-run ratios to the anchor on the same state"
        )
        print(
            "| round | active | standings full (anchor) | standings tally | tally / full | pairing before"
            " | pairing after | swisspair (anchor) | before / swisspair | after / swisspair | rematches"
            " | crossings (least) |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        f, t, pb, pa, sp = (k + suffix for k in ("full", "tally", "pair_before", "pair", "swisspair"))
        for i, first in enumerate(runs[0]):
            print(
                f"| {first['round']} | {first['active']:,} | {fmt(median_of(runs, i, f))}"
                f" | {fmt(median_of(runs, i, t))} | {fmt(median_ratio(runs, i, t, f), 2)}"
                f" | {fmt(median_of(runs, i, pb))} | {fmt(median_of(runs, i, pa))}"
                f" | {fmt(median_of(runs, i, sp))} | {fmt(median_ratio(runs, i, pb, sp), 2)}"
                f" | {fmt(median_ratio(runs, i, pa, sp), 2)} | {first['rematches']}"
                f" | {first['crossings']} ({first['required']}) |"
            )
        worst = {k: max((median_of(runs, i, k) or 0.0) for i in range(len(runs[0]))) for k in (f, t, pb, pa, sp)}
        print(
            f"\nworst round ({clock}, medians): standings full {worst[f]:.3f} s, tally {worst[t]:.3f} s;"
            f" pairing before {worst[pb]:.3f} s, after {worst[pa]:.3f} s, swisspair {worst[sp]:.3f} s"
        )
    if args.freeze:
        for clock, suffix in (("wall clock", ""), ("CPU time", "_cpu")):
            print(
                f"\nthe collector, {clock}: the same states with the collector as it is and with every object"
                f" frozen; median of {args.runs} runs (seconds), ratio = median of per-run as-is / frozen"
            )
            print(
                "| round | standings full | frozen | ratio | standings tally | frozen | ratio"
                " | pairing | frozen | ratio |"
            )
            print("|---|---|---|---|---|---|---|---|---|---|")
            for i, first in enumerate(runs[0]):
                cells = []
                for measure in ("full", "tally", "pair"):
                    a, b = measure + suffix, measure + "_frozen" + suffix
                    cells += [
                        fmt(median_of(runs, i, a)),
                        fmt(median_of(runs, i, b)),
                        fmt(median_ratio(runs, i, a, b), 2),
                    ]
                print(f"| {first['round']} | " + " | ".join(cells) + " |")
    bad = sum(r["rematches"] + r["unpaired"] + r["second_bye"] for run in runs for r in run)
    extra = sum(r["crossings"] - r["required"] for r in runs[0])
    print(f"rematches, unpaired players and needless second byes, all runs: {bad}; crossings beyond the bound: {extra}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
