"""The searching bot (ISMCTS, ``engine/game/search.py``) against the greedy bot: win rate and time a move.

    .venv/bin/python bench/bench_bots.py [--levels ismcts-1 ismcts-2 ...] [--games N] [--jobs J]
                                         [--iterations N] [--opponent greedy|random] [--max-time S]
                                         [--times-out FILE]
    .venv/bin/python bench/bench_bots.py --summarize FILE [FILE ...]

Each level plays ``--games`` games against the opponent, seat-swapped (game g: the bot is player g % 2)
and deck-swapped (each pair of games uses one seed; the next pair swaps the decks), so both bots play
both decks from both seats; chance comes from a generator seeded per pair, so every game is a function of
its number. Win rate with a 95 % Wilson interval. Time a move: CPU time (``time.process_time``) of the
bot's ``choose`` over the moves it searched (a move with one legal action is played at once and counted
apart). ``--iterations`` overrides a level's budget (to measure a budget between levels); ``--max-time``
gives the bot a budget a move (``ISMCTSBot.max_time``: the search stops when it is spent), measured by
the wall clock or, with ``--budget-clock cpu``, by the process's CPU time (fair on a loaded machine).
``--times-out`` appends one JSON line a game (won, the CPU and wall seconds of each searched move) so
that runs split with ``--first`` can be summed by ``--summarize`` (win rate, p50/p99/max a move).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_engine import machine
from engine.cards import starter_database
from engine.game import Game
from engine.game.bots import BOTS, play
from engine.game.cli import load_deck
from engine.game.search import LEVELS, level

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
"""What ``--max-time`` is measured by: the wall clock (as on the site), or this process's CPU time (a loaded
machine then does not starve the search: the budget means the same work on any load)."""

_GAME: Game | None = None
_DECKS: list = []


def _setup(decks: list[str]) -> None:
    global _GAME, _DECKS
    _GAME = Game(starter_database())
    _DECKS = [load_deck(d) for d in decks]


def one_game(
    args: tuple[str, int | None, str, int, float | None, str],
) -> tuple[bool, list[float], int, int, list[float]]:
    """(the bot won, CPU seconds of each searched move, moves played at once, turns, wall seconds of each
    searched move) of game ``g``."""
    name, iterations, opponent, g, max_time, budget_clock = args
    assert _GAME is not None
    seat, pair = g % 2, g // 2
    bot = level(name, 1000 + g, max_time=max_time, clock=CLOCKS[budget_clock])
    if iterations is not None:
        bot.iterations = iterations
    times: list[float] = []
    walls: list[float] = []
    instant = [0]

    class Timed:
        def choose(self, state: Any) -> Any:
            t, w = time.process_time(), time.perf_counter()
            action = bot.choose(state)
            if bot.last_iterations:
                times.append(time.process_time() - t)
                walls.append(time.perf_counter() - w)
            else:
                instant[0] += 1
            return action

    bots: list[Any] = [BOTS[opponent](2000 + g), BOTS[opponent](2000 + g)]
    bots[seat] = Timed()
    first, second = (_DECKS[0], _DECKS[1]) if pair % 2 == 0 else (_DECKS[1], _DECKS[0])
    s = _GAME.new_initial_state(first, second, seed=pair)
    play(s, bots, rng=random.Random(pair))
    assert s.outcome is not None
    return s.outcome.winner == seat, times, instant[0], s.turn, walls


def _progress(name: str, results: list, result: tuple, first: int, out: str | None = None) -> None:
    """One line a game (a run stopped early can still be counted), a running tally every 20."""
    results.append(result)
    won, times, instant, turns, walls = result
    if out:
        with open(out, "a") as f:
            game = {"level": name, "game": first + len(results) - 1, "won": won, "turns": turns}
            f.write(json.dumps({**game, "instant": instant, "cpu": times, "wall": walls}) + "\n")
    print(
        f"  {name} game {first + len(results) - 1}: {'won' if won else 'lost'}, {turns} turns, "
        f"{len(times)} searched moves (CPU {sum(times):.2f} s, max {max(times, default=0):.3f} s), {instant} at once",
        file=sys.stderr,
        flush=True,
    )
    if len(results) % 20 == 0:
        print(f"  {name}: won {sum(r[0] for r in results)}/{len(results)}", file=sys.stderr, flush=True)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _quantile(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def summarize(files: list[str]) -> int:
    """Win rate and p50/p99/max a searched move (CPU and wall) over the games of ``--times-out`` files."""
    games: dict[tuple[str, int], dict] = {}
    for name in files:
        with open(name) as f:
            for line in f:
                g = json.loads(line)
                games[(g["level"], g["game"])] = g
    for lvl in sorted({k[0] for k in games}):
        rows = [g for k, g in sorted(games.items()) if k[0] == lvl]
        wins = sum(g["won"] for g in rows)
        low, high = wilson(wins, len(rows))
        by_seat = [sum(g["won"] for g in rows if g["game"] % 2 == seat) for seat in (0, 1)]
        print(
            f"{lvl}: won {wins}/{len(rows)} = {wins / len(rows):.1%} (95% CI {low:.1%}–{high:.1%}; "
            f"as player 0 {by_seat[0]}, as player 1 {by_seat[1]})"
        )
        for kind in ("cpu", "wall"):
            xs = sorted(t for g in rows for t in g[kind])
            over = sum(t > 1.0 for t in xs)
            print(
                f"  {kind} a searched move ({len(xs)} moves): p50 {_quantile(xs, 0.5):.3f} s, "
                f"p99 {_quantile(xs, 0.99):.3f} s, max {xs[-1] if xs else 0:.3f} s; over 1 s: {over}"
            )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument("--games", type=int, default=200, help="games per level (default 200)")
    parser.add_argument("--first", type=int, default=0, help="number of the first game (to split a run)")
    parser.add_argument("--iterations", type=int, help="iterations a move instead of the level's")
    parser.add_argument("--opponent", default="greedy", choices=list(BOTS))
    parser.add_argument("--decks", nargs=2, default=["shu_starter", "wei_starter"])
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--max-time", type=float, help="wall-clock budget a move in seconds (default none)")
    parser.add_argument("--budget-clock", default="wall", choices=list(CLOCKS), help="what --max-time measures")
    parser.add_argument("--times-out", help="append one JSON line a game to this file")
    parser.add_argument("--summarize", nargs="+", metavar="FILE", help="sum --times-out files and stop")
    args = parser.parse_args()
    if args.summarize:
        return summarize(args.summarize)
    print(f"machine: {machine()}")
    print(f"date: {datetime.datetime.now(datetime.UTC).isoformat(timespec='seconds')}")
    print(f"command: {' '.join(sys.argv)}")
    print(f"decks: {args.decks[0]} vs {args.decks[1]}, opponent {args.opponent}, {args.games} games a level")
    budget = f"{args.max_time} s ({args.budget_clock} clock)" if args.max_time else "iterations only"
    print(f"budget a move: {budget}")
    for name in args.levels:
        iterations = args.iterations or LEVELS[name]
        start = time.perf_counter()
        work = [
            (name, args.iterations, args.opponent, g, args.max_time, args.budget_clock)
            for g in range(args.first, args.first + args.games)
        ]
        results: list[tuple[bool, list[float], int, int, list[float]]] = []
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs, initializer=_setup, initargs=(args.decks,)) as pool:
                for r in pool.map(one_game, work):
                    _progress(name, results, r, args.first, args.times_out)
        else:
            _setup(args.decks)
            for w in work:
                _progress(name, results, one_game(w), args.first, args.times_out)
        wins = sum(r[0] for r in results)
        times = sorted(t for r in results for t in r[1])
        instant = sum(r[2] for r in results)
        low, high = wilson(wins, len(results))
        by_seat = [sum(r[0] for g, r in enumerate(results) if g % 2 == seat) for seat in (0, 1)]
        p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
        print(
            f"{name} ({iterations} iterations): won {wins}/{len(results)} = {wins / len(results):.1%} "
            f"(95% CI {low:.1%}–{high:.1%}; as player 0 {by_seat[0]}, as player 1 {by_seat[1]}); "
            f"searched moves {len(times)}: mean {statistics.fmean(times) if times else 0:.3f} s, "
            f"p95 {p95:.3f} s, max {times[-1] if times else 0:.3f} s CPU; {instant} moves at once; "
            f"mean {statistics.fmean(r[3] for r in results):.1f} turns; wall {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
