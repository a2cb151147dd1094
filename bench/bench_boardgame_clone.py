"""The cost of a board-game ``State.clone()`` (龙虎三国志, 文禄朝鲜之役): what a searching bot pays thousands of
times a move, before and after issue 28.

Run: .venv/bin/python bench/bench_boardgame_clone.py [--games 6] [--every 25] [--repeat 5]

Random bots play ``--games`` games of each board game on its bundled Junling test map and data (2 seats) and
keep a clone of every ``--every``-th state (mid-game states). Times, in one process, interleaved
``--repeat`` times (best run shown, CPU time):

- ``clone()``: the structural clone (the board copied, the map and data shared, the procedure rebuilt
  lazily);
- ``clone() + apply``: a clone and one action applied to it (a chance outcome from the seed or the first
  legal option): what a search's step costs, the rebuild of the paused procedure from the board kept
  between the last two turns included;
- ``before: from_json(to_json())``: the clone as it was (龙虎's ``clone()``; 文禄 had none), on every 10th
  state only (it costs milliseconds);
- the anchor, python-chess's ``Board.copy(stack=False)`` on a position after 10 moves
  (``requirements-bench.txt``), and ``Board.copy(stack=False)`` + ``push`` of a legal move.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_clone import per_call  # CPU seconds a call, as the card game's clone bench
from bench.bench_engine import machine
from engine.boardgame import RandomBot, default_game


def mid_game_states(system: str, games: int, every: int) -> list[Any]:
    game = default_game(system, 2)
    kept = []
    for seed in range(games):
        s = game.new_initial_state(seed)
        bots = [RandomBot(seed + k) for k in range(game.players)]
        n = 0
        while not s.is_terminal():
            p = s.current_player()
            s.apply(s.sample_chance() if p < 0 else bots[p].choose(s))
            n += 1
            if n % every == 0 and not s.is_terminal():
                kept.append(s.clone())
    return kept


def clone_and_apply(s: Any) -> None:
    c = s.clone()
    c.apply(c.sample_chance() if c.is_chance_node() else c.legal_actions()[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--every", type=int, default=25)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    import chess

    board = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"):
        board.push_san(san)
    move = next(iter(board.legal_moves))

    def chess_copy_push(b: Any) -> None:
        b.copy(stack=False).push(move)

    states = {system: mid_game_states(system, args.games, args.every) for system in ("longhu", "wenlu")}
    runs: dict[str, tuple[Callable[[Any], Any], list[Any], int]] = {
        "python-chess Board.copy(stack=False)": (lambda b: b.copy(stack=False), [board] * 200, 100),
        "python-chess copy(stack=False) + push": (chess_copy_push, [board] * 200, 50),
    }
    for system, kept in states.items():
        runs[f"{system} clone()"] = (lambda s: s.clone(), kept, 20)
        runs[f"{system} clone() + apply"] = (clone_and_apply, kept, 2)
        runs[f"{system} before: from_json(to_json())"] = (lambda s: s.from_json(s.game, s.to_json()), kept[::10], 1)
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        for name, (fn, items, rounds) in runs.items():
            t = per_call(fn, items, rounds)
            best[name] = min(best.get(name, t), t)
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {machine()}; load {os.getloadavg()[0]:.2f}")
    sizes = ", ".join(
        f"{s} {len(k)} states, {sum(len(x.history) for x in k) / len(k):.0f} entries" for s, k in states.items()
    )
    print(f"mid-game states: {sizes} on average; {args.repeat} interleaved runs, best shown")
    anchor = best["python-chess Board.copy(stack=False)"]
    print("| copy | µs a call | / python-chess copy(stack=False) |\n| --- | ---: | ---: |")
    for name, t in best.items():
        print(f"| {name} | {t * 1e6:,.2f} | {t / anchor:,.1f} |")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
