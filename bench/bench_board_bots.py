"""Each bot level against the level below, head to head: 龙虎三国志 (two seats), 文禄朝鲜之役, and the card game's
ladder (greedy < ismcts-1 < ismcts-2 < ismcts-3). Win rate with a 95 % Wilson interval, CPU time a move.

    nice -n 10 .venv/bin/python bench/bench_board_bots.py [--game longhu|wenlu|generals-order ...]
        [--pairs GAME:LOWER:UPPER ...] [--side-balance LEVEL] [--games N] [--jobs J] [--out FILE]
    .venv/bin/python bench/bench_board_bots.py --summarize FILE [FILE ...]

Game g of a pair uses seed g and seats the upper level at seat g % 2 (the seats rotated: each level plays
each side as often); the bots are seeded from g, and chance comes from the state's seed (the board games) or
a generator seeded from g (the card game, starter decks swapped every other pair of games), so every game is
a function of its number. A draw counts half. Time a move: CPU seconds (``time.process_time``) of the upper
level's ``choose`` over the moves with more than one legal action. ``--side-balance LEVEL`` also plays that
level against itself on 文禄朝鲜之役 and counts each side's wins. The pairs run interleaved, game by game, and
``--out`` keeps one JSON line a game, so that a run stopped on a loaded machine still has as many games of
each pair (``--summarize``).
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
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

CARD_LADDER = ["greedy", "ismcts-1", "ismcts-2", "ismcts-3"]
"""The card game's levels from the weakest (a board game's: ``game.bots()``, ``random`` first)."""


def ladder(system: str) -> list[str]:
    """A game's levels from the weakest; a pair is a level and the one below it."""
    return CARD_LADDER if system == "generals-order" else list(interface.game_class(system).bots())


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


def _work(task: tuple[str, str, str, int]) -> dict[str, Any]:
    """One game as a JSON-ready line: its pair, number, the upper level's share (or the seats' shares of a
    side-balance game) and the CPU seconds of its searched moves."""
    system, lower, upper, g = task
    if system == "side":
        return {"pair": f"wenlu {upper} both seats", "game": g, "shares": side_game((upper, g))}
    share, times = one_game(task)
    return {"pair": f"{system} {upper} vs {lower}", "game": g, "won": share, "cpu": times}


def summarize(lines: list[dict[str, Any]]) -> list[str]:
    """One line a pair: the upper level's wins (95 % Wilson interval, by seat), met or not (55 %), and the CPU
    time a searched move (median, p99, max); a side-balance pair: each side's wins."""
    out = []
    for pair in dict.fromkeys(x["pair"] for x in lines):
        rows = [x for x in lines if x["pair"] == pair]
        n = len(rows)
        if "shares" in rows[0]:
            japan = sum(x["shares"][0] for x in rows)
            low, high = wilson(round(japan), n)
            out.append(f"{pair}: the Japanese won {japan:g} of {n} = {japan / n:.1%} (95% CI {low:.1%}–{high:.1%})")
            continue
        wins = sum(x["won"] for x in rows)
        low, high = wilson(round(wins), n)
        seats = [sum(x["won"] for x in rows if x["game"] % 2 == seat) for seat in (0, 1)]
        times = sorted(t for x in rows for t in x["cpu"])
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
        out.append(
            f"{pair}: {wins:g}/{n} = {wins / n:.1%} (95% CI {low:.1%}–{high:.1%}; at seat 0 {seats[0]:g} of "
            f"{(n + 1) // 2}, at seat 1 {seats[1]:g} of {n // 2}) {'met' if wins / n >= 0.55 else 'NOT met'}; "
            f"CPU a searched move: median {1000 * statistics.median(times or [0.0]):.1f} ms, p99 {1000 * p99:.0f} ms, "
            f"max {1000 * (times or [0.0])[-1]:.0f} ms over {len(times)} moves"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", nargs="+", default=["longhu", "wenlu"], choices=["longhu", "wenlu", "generals-order"])
    parser.add_argument("--pairs", nargs="+", help="GAME:LOWER:UPPER pairs (default: every level and the one below)")
    parser.add_argument("--games", type=int, default=200, help="games a pair (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2, at most 2 here)")
    parser.add_argument("--side-balance", metavar="LEVEL", help="also 文禄朝鲜之役: LEVEL against itself")
    parser.add_argument("--out", help="append one JSON line a game to this file (a stopped run still counts)")
    parser.add_argument("--summarize", nargs="+", metavar="FILE", help="only summarize --out files")
    args = parser.parse_args(argv)
    if args.summarize:
        lines = [json.loads(x) for f in args.summarize for x in Path(f).read_text().splitlines() if x.strip()]
        print("\n".join(summarize(lines)))
        return 0
    print(f"# {machine()}, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {args.games} games a pair")
    if args.pairs:
        pairs = [tuple(p.split(":")) for p in args.pairs]
    else:
        pairs = [(system, lower, upper) for system in args.game for lower, upper in itertools.pairwise(ladder(system))]
    if args.side_balance:
        pairs.append(("side", args.side_balance, args.side_balance))
    # the pairs interleaved game by game: a run stopped early has as many games of each
    tasks = [(system, lower, upper, g) for g in range(args.games) for system, lower, upper in pairs]
    lines = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for line in pool.map(_work, tasks, chunksize=1):
            lines.append(line)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(line) + "\n")
    summary = summarize(lines)
    print("\n".join(summary))
    return 1 if any("NOT met" in x for x in summary) else 0


if __name__ == "__main__":
    raise SystemExit(main())
