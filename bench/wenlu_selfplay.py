"""文禄朝鲜之役 engine speed: random self-play actions/s and checked replay entries/s.

    .venv/bin/python bench/wenlu_selfplay.py [--games N] [--repeat R]

Random bots play complete games (16 turns unless the peace marker moves or a sudden victory) on the bundled
Junling test map and data (not the publisher's), chance from each state's seed; every applied action
counts, player and chance. Checked replay: each recorded history is applied again, entry by entry, on a new
state with ``State.apply`` (every entry validated). CPU time of the process (``time.process_time``); the best
of ``--repeat`` runs is shown, so other jobs weigh less.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_longhu import machine  # the same machine line as the 龙虎三国志 bench

from engine.wenlu import Game, action_from_json
from engine.wenlu.bots import RandomBot, play


def measure(game: Game, games: int) -> tuple[float, float, float]:
    histories = []
    actions = 0
    t0 = time.process_time()
    for seed in range(games):
        s = game.new_initial_state(seed)
        play(s, [RandomBot(seed), RandomBot(seed + 1)])
        actions += len(s.history)
        histories.append((seed, [a.to_json() for a in s.history]))
    play_time = time.process_time() - t0
    t0 = time.process_time()
    for seed, log in histories:
        s = game.new_initial_state(seed)
        for entry in log:
            s.apply(action_from_json(entry))
    replay_time = time.process_time() - t0
    return actions / play_time, actions / replay_time, actions / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {machine()}; load {os.getloadavg()[0]:.1f}")
    print("| games | actions per game | self-play actions/s | checked replay entries/s |")
    print("| ---: | ---: | ---: | ---: |")
    game = Game.default()
    best = max((measure(game, args.games) for _ in range(args.repeat)), key=lambda r: r[0])
    print(f"| {args.games} | {best[2]:,.0f} | {best[0]:,.0f} | {best[1]:,.0f} |")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
