"""Swiss pairing and standings at scale, and the peers on the same rounds.

    .venv/bin/python bench/bench_tournament.py            # 10,000 players x 14 rounds + peers
    .venv/bin/python bench/bench_tournament.py --quick    # 2,000 players x 8 rounds, small peers

Part 1: a 10,000-player, 14-round Swiss tournament with random results (draws included),
drops every round and late entries (round 2 with 0 points, round 3 with losses for the
missed rounds). Every round is timed (standings from all results so far; pairing) and
checked: no rematch, every active player paired once or given the bye, one bye at most,
nobody's second bye while a player without one was paired, and point-group crossings
against the least possible.

Part 2: the peers (`swisspair`, `cardarena-tournament-core`, networkx max_weight_matching
over all pairs) pair the very same tournament states, at several sizes, each in a child
process with a time limit. A peer that is not installed is skipped with a note.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from matches.tournament import (
    Bye,
    MatchResult,
    MissedRound,
    NoLegalPairingError,
    Result,
    Standing,
    compute_standings,
    pair_swiss,
)

PEER_TIME_LIMIT = 60.0
PEER_MEMORY = 6 * 1024**3
"""Each peer runs in a child process limited to 60 s and 6 GiB of address space."""
PEER_MAX_PLAYERS = {"networkx max_weight_matching, all pairs": 2000}
"""A dense graph of 10,000 players has 50 million edges: more memory than the machine has."""


def random_match(rng: random.Random, rnd: int, a: Any, b: Any) -> MatchResult:
    x = rng.random()
    if x < 0.45:
        return MatchResult(rnd, a, b, 2, rng.choice((0, 1)))
    if x < 0.90:
        return MatchResult(rnd, a, b, rng.choice((0, 1)), 2)
    if x < 0.95:
        return MatchResult(rnd, a, b, 1, 1, draws=1)
    return MatchResult(rnd, a, b, 0, 0)


def quality(active: list[Standing], pairs: list[tuple[Any, Any]], bye: Any | None) -> dict[str, int]:
    """Rematches, pair-downs, crossings and the least crossings possible for a pairing."""
    by_id = {s.player: s for s in active}
    levels = sorted({s.points for s in active}, reverse=True)
    group = {p: i for i, p in enumerate(levels)}
    rematches = sum(1 for a, b in pairs if b in set(by_id[a].opponents))
    downs = sum(1 for a, b in pairs if by_id[a].points != by_id[b].points)
    crossings = sum(abs(group[by_id[a].points] - group[by_id[b].points]) for a, b in pairs)
    paired = sorted(group[s.points] for s in active if s.player != bye)
    required = sum(1 for i in range(1, len(paired)) if paired[i] != paired[i - 1] and i % 2 == 1)
    seen: dict[Any, int] = {}
    for a, b in pairs:
        seen[a] = seen.get(a, 0) + 1
        seen[b] = seen.get(b, 0) + 1
    if bye is not None:
        seen[bye] = seen.get(bye, 0) + 1
    unpaired = sum(1 for s in active if seen.get(s.player, 0) != 1)
    second_bye = int(bye is not None and by_id[bye].byes > 0 and any(s.byes == 0 for s in active if s.player != bye))
    return {
        "rematches": rematches,
        "pair_downs": downs,
        "crossings": crossings,
        "required": required,
        "unpaired": unpaired,
        "second_bye": second_bye,
    }


def simulate(
    players: int,
    rounds: int,
    seed: int,
    on_round: Callable[[int, list[Any], list[Result], list[Standing]], None] | None = None,
    verbose: bool = False,
    repeat: int = 1,
) -> list[dict[str, Any]]:
    """Run a whole Swiss tournament; calls ``on_round`` with each round's state before pairing.

    Each round's standings and pairing are timed ``repeat`` times and the best is kept (as timeit
    does): the machine is shared, and the slower runs measure the neighbours, not the code."""
    rng = random.Random(seed)
    registered: list[Any] = list(range(players))
    results: list[Result] = []
    dropped: set[Any] = set()
    rows = []
    late = max(1, players // 100)
    for rnd in range(1, rounds + 1):
        if rnd == 2:  # late entrants with 0 points
            registered.extend(range(len(registered), len(registered) + late))
        if rnd == 3:  # late entrants with a loss for each missed round
            for p in range(len(registered), len(registered) + late):
                registered.append(p)
                results.extend([MissedRound(1, p), MissedRound(2, p)])
        best_s = best_p = cpu_s = cpu_p = float("inf")
        for _ in range(repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            standings = compute_standings(registered, results, dropped)
            t1, c1 = time.perf_counter(), time.process_time()
            best_s, cpu_s = min(best_s, t1 - t0), min(cpu_s, c1 - c0)
        if on_round is not None:
            on_round(rnd, registered, results, standings)
        for _ in range(repeat):
            t2, c2 = time.perf_counter(), time.process_time()
            swiss = pair_swiss(standings, rnd)
            t3, c3 = time.perf_counter(), time.process_time()
            best_p, cpu_p = min(best_p, t3 - t2), min(cpu_p, c3 - c2)
        active = [s for s in standings if not s.dropped]
        pairs = [(p.player, p.opponent) for p in swiss.pairings if p.opponent is not None]
        q = quality(active, pairs, swiss.bye)
        row = {
            "round": rnd,
            "active": len(active),
            "results": len(results),
            "standings_s": best_s,
            "pairing_s": best_p,
            "standings_cpu": cpu_s,
            "pairing_cpu": cpu_p,
            **q,
            "notes": len(swiss.notes),
        }
        rows.append(row)
        if verbose:
            print(
                f"  round {rnd:2d}: {len(active):6d} active, standings {row['standings_s']:.3f} s"
                f" (cpu {row['standings_cpu']:.3f}), pairing {row['pairing_s']:.3f} s (cpu {row['pairing_cpu']:.3f}),"
                f" rematches {q['rematches']}, pair-downs {q['pair_downs']},"
                f" crossings {q['crossings']} (least {q['required']}), unpaired {q['unpaired']},"
                f" second byes {q['second_bye']}",
                flush=True,
            )
        for a, b in pairs:
            results.append(random_match(rng, rnd, a, b))
        if swiss.bye is not None:
            results.append(Bye(rnd, swiss.bye))
        # drops: players with a poor record leave more often
        for s in active:
            chance = 0.05 if s.losses >= 2 else 0.005
            if rng.random() < chance:
                dropped.add(s.player)
    return rows


# --- peers ----------------------------------------------------------------------------------------------------


def peer_swisspair(active: list[Standing], results: list[Result]) -> tuple[list[tuple[Any, Any]], Any]:
    import swisspair

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
    t0 = time.perf_counter()
    matches = swisspair.create_matches(players)
    elapsed = time.perf_counter() - t0
    back = {str(s.player): s.player for s in active}
    pairs, bye = [], None
    for m in matches:
        if m.p2 is None:
            bye = back[m.p1.id]
        else:
            pairs.append((back[m.p1.id], back[m.p2.id]))
    return pairs, (bye, elapsed)


def peer_cardarena(active: list[Standing], results: list[Result]) -> tuple[list[tuple[Any, Any]], Any]:
    from cardarena_tournament_core import Matchup, MatchupOutcome, Player, Round, Swiss

    everyone: dict[Any, Player] = {}
    for r in results:
        for p in (r.player, getattr(r, "opponent", None)):
            if p is not None and p not in everyone:
                everyone[p] = Player(id=str(p), name=str(p))
    for s in active:
        everyone.setdefault(s.player, Player(id=str(s.player), name=str(s.player)))
    by_round: dict[int, list[Matchup]] = {}
    for r in results:
        if isinstance(r, MatchResult):
            if r.player_wins > r.opponent_wins:
                outcome = MatchupOutcome.PLAYER1_WINS
            elif r.opponent_wins > r.player_wins:
                outcome = MatchupOutcome.PLAYER2_WINS
            else:
                outcome = MatchupOutcome.DRAW
            by_round.setdefault(r.round, []).append(Matchup(everyone[r.player], everyone[r.opponent], outcome))
        elif isinstance(r, Bye):
            by_round.setdefault(r.round, []).append(Matchup(everyone[r.player], None))
        # cardarena has no missed-round loss: a late entrant simply has fewer points there too
    rounds = [Round(n, by_round[n]) for n in sorted(by_round)]
    swiss = Swiss.from_history(list(everyone.values()), rounds, {str(s.player) for s in active})
    t0 = time.perf_counter()
    new = swiss.pair()
    elapsed = time.perf_counter() - t0
    back = {str(p): p for p in everyone}
    pairs, bye = [], None
    for m in new.matchups:
        if m.player2 is None:
            bye = back[m.player1.id]
        else:
            pairs.append((back[m.player1.id], back[m.player2.id]))
    return pairs, (bye, elapsed)


def peer_networkx(active: list[Standing], results: list[Result]) -> tuple[list[tuple[Any, Any]], Any]:
    """Plain maximum-weight matching over all pairs, with Junling's priorities as weights: the bye to
    the lowest-ranked player without one above all, then fewest crossings, then nearby ranks."""
    import networkx as nx

    levels = sorted({s.points for s in active}, reverse=True)
    group = {p: i for i, p in enumerate(levels)}
    n = len(active)
    cross = n * n + 1
    base = cross * (len(levels) + 3)
    bye_step = base * (n + 1)
    graph = nx.Graph()
    t0 = time.perf_counter()
    for i, a in enumerate(active):
        opp = set(a.opponents)
        for j in range(i + 1, n):
            b = active[j]
            if b.player in opp:
                continue
            graph.add_edge(i, j, weight=base - cross * abs(group[a.points] - group[b.points]) - (j - i))
        if n % 2 and a.byes == 0:
            graph.add_edge(i, -1, weight=base + bye_step * (i + 1))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    elapsed = time.perf_counter() - t0
    pairs, bye = [], None
    for x, y in matching:
        if -1 in (x, y):
            bye = active[max(x, y)].player
        else:
            pairs.append((active[x].player, active[y].player))
    return pairs, (bye, elapsed)


PEERS = {
    "swisspair": ("swisspair", peer_swisspair),
    "cardarena-tournament-core": ("cardarena_tournament_core", peer_cardarena),
    "networkx max_weight_matching, all pairs": ("networkx", peer_networkx),
}


def _child(name: str, active: list[Standing], results: list[Result], queue: Any) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (PEER_MEMORY, PEER_MEMORY))
    try:
        pairs, (bye, elapsed) = PEERS[name][1](active, results)
        queue.put(("ok", elapsed, quality(active, pairs, bye)))
    except (Exception, MemoryError) as exc:  # a peer's failure is a result to report, not a crash of the bench
        queue.put(("error", 0.0, f"{type(exc).__name__}: {exc}"))


def run_peer(name: str, active: list[Standing], results: list[Result]) -> tuple[str, float, Any]:
    ctx = mp.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_child, args=(name, active, results, queue))
    proc.start()
    proc.join(PEER_TIME_LIMIT)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return ("timeout", PEER_TIME_LIMIT, None)
    return queue.get() if not queue.empty() else ("error", 0.0, "child died")


def peers(sizes: list[int], rounds: list[int], seed: int) -> None:
    import importlib.util

    available = {}
    for name, (module, _fn) in PEERS.items():
        if importlib.util.find_spec(module) is None:
            print(f"note: peer {name} is not installed (pip install -r requirements-bench.txt); skipped")
        else:
            available[name] = True
    given_up: set[str] = set()  # a peer that timed out or failed is not run on bigger rounds
    print("\npeers on the same tournament states (seconds for one round's pairing)")
    print(
        "| players | round | pairer | time (s) | rematches | unpaired | second byes | pair-downs | crossings (least) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for size in sizes:
        last_round = max(rounds)

        def on_round(rnd: int, registered: list[Any], results: list[Result], standings: list[Standing]) -> None:
            if rnd not in rounds:
                return
            active = [s for s in standings if not s.dropped]
            t0 = time.perf_counter()
            ours = pair_swiss(standings, rnd)
            elapsed = time.perf_counter() - t0
            pairs = [(p.player, p.opponent) for p in ours.pairings if p.opponent is not None]
            q = quality(active, pairs, ours.bye)
            print(row(len(active), rnd, "junling pair_swiss", elapsed, q), flush=True)
            for name in available:
                if name in given_up:
                    continue
                if len(active) > PEER_MAX_PLAYERS.get(name, len(active)):
                    print(f"| {len(active)} | {rnd} | {name} | not run: too many players for all pairs | | | | | |")
                    continue
                status, t, res = run_peer(name, active, list(results))
                if status == "ok":
                    print(row(len(active), rnd, name, t, res), flush=True)
                else:
                    print(f"| {len(active)} | {rnd} | {name} | {status} | {res or ''} | | | | |", flush=True)
                    given_up.add(name)

        simulate(size, last_round, seed, on_round=on_round)


def hard_cases(tournaments: int, seed: int) -> None:
    """Small events with many rounds, where rematches really constrain the pairing: every pairer
    pairs the same states (driven by Junling's pairing) and the rule breaks are summed."""
    import importlib.util

    names = ["junling pair_swiss"] + [n for n, (m, _f) in PEERS.items() if importlib.util.find_spec(m) is not None]
    totals = {n: dict.fromkeys(("rounds", "rematches", "unpaired", "second_bye", "extra", "failed"), 0) for n in names}
    times = dict.fromkeys(names, 0.0)
    rng = random.Random(seed)
    refused = 0
    for _ in range(tournaments):
        players = rng.randrange(6, 25)
        rounds = rng.randrange(max(2, players // 2), players)

        def on_round(rnd: int, registered: list[Any], results: list[Result], standings: list[Standing]) -> None:
            active = [s for s in standings if not s.dropped]
            for name in names:
                if name == "junling pair_swiss":
                    t0 = time.perf_counter()
                    try:
                        ours = pair_swiss(standings, rnd)
                    except NoLegalPairingError:
                        totals[name]["failed"] += 1
                        continue
                    times[name] += time.perf_counter() - t0
                    pairs = [(p.player, p.opponent) for p in ours.pairings if p.opponent is not None]
                    status, t, q = "ok", 0.0, quality(active, pairs, ours.bye)
                else:
                    status, t, q = run_peer(name, active, list(results))
                    times[name] += t
                if status != "ok":
                    totals[name]["failed"] += 1
                    continue
                totals[name]["rounds"] += 1
                for k in ("rematches", "unpaired", "second_bye"):
                    totals[name][k] += q[k]
                totals[name]["extra"] += max(0, q["crossings"] - q["required"])

        try:
            simulate(players, rounds, rng.randrange(1 << 30), on_round=on_round)
        except NoLegalPairingError:
            refused += 1  # Junling said no legal pairing exists: the event ends there
    print(
        f"\nhard cases: {tournaments} events of 6-24 players with players/2 to players-1 rounds;"
        f" {refused} ended when no pairing without a rematch existed"
    )
    print(
        "| pairer | rounds paired | refused or failed | rematches | players left unpaired"
        " | second byes while another had none | crossings beyond the bound | total time (s) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in names:
        t = totals[name]
        print(
            f"| {name} | {t['rounds']} | {t['failed']} | {t['rematches']} | {t['unpaired']} | {t['second_bye']} |"
            f" {t['extra']} | {times[name]:.2f} |",
            flush=True,
        )


def row(n: int, rnd: int, name: str, t: float, q: dict[str, int]) -> str:
    return (
        f"| {n} | {rnd} | {name} | {t:.3f} | {q['rematches']} | {q['unpaired']} | {q['second_bye']} |"
        f" {q['pair_downs']} | {q['crossings']} ({q['required']}) |"
    )


def machine() -> str:
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {when}, load average {load:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2,000 players x 8 rounds, peers up to 500 players")
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="time each round this many times, keep the best")
    args = parser.parse_args()
    print(machine())
    players, rounds = (2000, 8) if args.quick else (10_000, 14)
    print(
        f"\njunling: {players} players, {rounds} rounds, random results, drops, late entries;"
        f" best of {args.repeat} timings per round"
    )
    rows = simulate(players, rounds, args.seed, verbose=True, repeat=args.repeat)
    worst_pair = max(r["pairing_s"] for r in rows)
    worst_stand = max(r["standings_s"] for r in rows)
    worst_pair_cpu = max(r["pairing_cpu"] for r in rows)
    worst_stand_cpu = max(r["standings_cpu"] for r in rows)
    bad = [r for r in rows if r["rematches"] or r["unpaired"] or r["second_bye"]]
    extra = sum(r["crossings"] - r["required"] for r in rows)
    print(
        f"worst round: pairing {worst_pair:.3f} s (cpu {worst_pair_cpu:.3f}, aim 0.5),"
        f" standings {worst_stand:.3f} s (cpu {worst_stand_cpu:.3f}, aim 0.2);"
        f" rounds with a rematch, an unpaired player or a needless second bye: {len(bad)};"
        f" crossings beyond the least possible, all rounds: {extra}"
    )
    if not args.no_peers:
        sizes = [200, 500] if args.quick else [200, 500, 1000, 10_000]
        peers(sizes, [1, 3, 6] if args.quick else [1, 4, 8], args.seed)
        hard_cases(10 if args.quick else 40, args.seed)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
