"""Each bot level against the level below, head to head: 龙虎三国志 (two seats), 文禄朝鲜之役, and the card game's
ladder (greedy < ismcts-1 < ismcts-2 < ismcts-3). Win rate with a 95 % Wilson interval, CPU time a move.

    nice -n 10 .venv/bin/python bench/bench_board_bots.py [--game longhu|wenlu|generals-order ...]
                                                          [--pairs LOWER:UPPER ...] [--games N] [--jobs J]

Game g of a pair uses seed g and seats the upper level at seat g % 2 (the seats rotated: each level plays
each side as often); the bots are seeded from g, and chance comes from the state's seed (the board games) or
a generator seeded from g (the card game, starter decks swapped every other pair of games), so every game is
a function of its number. A draw counts half. Time a move: CPU seconds (``time.process_time``) of the upper
level's ``choose`` over the moves with more than one legal action. ``--side-balance LEVEL`` plays that level
against itself on 文禄朝鲜之役 and counts each side's wins instead.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_bots import wilson
from bench.bench_engine import machine
from engine import interface

LADDERS: dict[str, list[str]] = {
    "longhu": ["random", "search-1", "search-2"],
    "wenlu": ["random", "search-1", "search-2"],
    "generals-order": ["greedy", "ismcts-1", "ismcts-2", "ismcts-3"],
}
"""Each game's levels from the weakest; a pair is a level and the one below it."""


def _card_game(g: int, lower: str, upper: str, seat: int) -> tuple[float, list[float]]:
    from engine.cards import starter_database
    from engine.game import Game
    from engine.game.bots import BOTS, play
    from engine.game.cli import load_deck
    from engine.game.search import level

    def bot(name: str, seed: int) -> Any:
        return level(name, seed, max_time=None) if name.startswith("ismcts") else BOTS[name](seed)

    decks = [load_deck("shu_starter"), load_deck("wei_starter")]
    pair = g // 2
    first, second = (decks[0], decks[1]) if pair % 2 == 0 else (decks[1], decks[0])
    state = Game(starter_database()).new_initial_state(first, second, seed=pair)
    times: list[float] = []
    bots = [bot(lower, 2000 + g), bot(lower, 2000 + g)]
    bots[seat] = _Timed(bot(upper, 1000 + g), times)
    play(state, bots, rng=random.Random(pair))
    assert state.outcome is not None
    return float(state.outcome.winner == seat), times


class _Timed:
    """A bot whose searched moves (more than one legal action) are timed in CPU seconds."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def choose(self, state: Any) -> Any:
        several = len(state.legal_actions()) > 1
        t = time.process_time()
        action = self.bot.choose(state)
        if several:
            self.times.append(time.process_time() - t)
        return action


def one_game(args: tuple[str, str, str, int]) -> tuple[float, list[float]]:
    """(the upper level's share of the win, CPU seconds of its searched moves) of game ``g``."""
    system, lower, upper, g = args
    seat = g % 2
    if system == "generals-order":
        return _card_game(g, lower, upper, seat)
    game = interface.default_game(system, seats=2)
    times: list[float] = []
    bots: list[Any] = [game.bot(lower, 2000 + g), game.bot(lower, 2000 + g)]
    bots[seat] = _Timed(game.bot(upper, 1000 + g), times)
    state = interface.play(game.new_initial_state(g), bots)
    return state.returns()[seat], times


def side_game(args: tuple[str, int]) -> list[float]:
    """The seats' shares of game ``g`` of 文禄朝鲜之役, ``name`` at both seats."""
    name, g = args
    game = interface.default_game("wenlu", seats=2)
    state = interface.play(game.new_initial_state(g), [game.bot(name, 1000 + g), game.bot(name, 2000 + g)])
    return list(state.returns())


def run_pair(system: str, lower: str, upper: str, games: int, jobs: int) -> dict[str, Any]:
    start = time.perf_counter()
    work = [(system, lower, upper, g) for g in range(games)]
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(one_game, work, chunksize=1))
    wins = sum(r[0] for r in results)
    times = sorted(t for r in results for t in r[1])
    low, high = wilson(round(wins), games)
    by_seat = [sum(r[0] for i, r in enumerate(results) if i % 2 == seat) for seat in (0, 1)]
    return {
        "system": system,
        "pair": f"{upper} vs {lower}",
        "wins": wins,
        "games": games,
        "rate": wins / games,
        "ci": (low, high),
        "by_seat": by_seat,
        "median": statistics.median(times) if times else 0.0,
        "p99": times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0,
        "max": times[-1] if times else 0.0,
        "moves": len(times),
        "wall": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", nargs="+", default=["longhu", "wenlu"], choices=list(LADDERS))
    parser.add_argument("--pairs", nargs="+", help="LOWER:UPPER pairs (default: every level and the one below)")
    parser.add_argument("--games", type=int, default=200, help="games a pair (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2, at most 2 here)")
    parser.add_argument("--side-balance", metavar="LEVEL", help="文禄朝鲜之役: LEVEL against itself, wins a side")
    args = parser.parse_args(argv)
    print(f"# {machine()}, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {args.games} games")
    if args.side_balance:
        start = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            shares = list(pool.map(side_game, [(args.side_balance, g) for g in range(args.games)], chunksize=1))
        japan = sum(s[0] for s in shares)
        low, high = wilson(round(japan), args.games)
        print(
            f"wenlu {args.side_balance} both seats: Japan {japan:g}, Allies {sum(s[1] for s in shares):g} of "
            f"{args.games} (Japan {japan / args.games:.1%}, 95% CI {low:.1%}–{high:.1%}; "
            f"{time.perf_counter() - start:.0f} s)"
        )
        return 0
    failed = False
    for system in args.game:
        ladder = LADDERS[system]
        pairs = [p.split(":") for p in args.pairs] if args.pairs else list(itertools.pairwise(ladder))
        for lower, upper in pairs:
            r = run_pair(system, lower, upper, args.games, args.jobs)
            low, high = r["ci"]
            met = r["rate"] >= 0.55
            failed |= not met
            print(
                f"{system} {r['pair']}: {r['wins']:g}/{r['games']} = {r['rate']:.1%} "
                f"(95% CI {low:.1%}–{high:.1%}; at seat 0 {r['by_seat'][0]:g}, at seat 1 {r['by_seat'][1]:g}) "
                f"{'met' if met else 'NOT met'}; a move {1000 * r['median']:.1f} ms median, "
                f"p99 {1000 * r['p99']:.0f} ms, max {1000 * r['max']:.0f} ms over {r['moves']} moves; "
                f"{r['wall']:.0f} s",
                flush=True,
            )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
