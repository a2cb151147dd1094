"""Board-game engine speed (龙虎三国志, 文禄朝鲜之役): random self-play actions/s and checked replay entries/s,
through the interface the site uses (``engine.boardgame``, ``docs/boardgames.md``).

    .venv/bin/python bench/bench_boardgames.py [--system longhu|wenlu] [--games N] [--repeat R]

Random bots play complete games on each game's bundled Junling test map and data (not the publishers'),
chance from each state's seed (the refereed path); every applied action counts, player and chance. Checked
replay: each recorded log (actions' JSON) goes through ``game.replay(seed, log)``, the judge's replay, which
reads and validates every entry on a new state; its anchor is ``orjson.loads`` on the same logs' bytes, timed in
the same run (the ratio is the replay's rate over orjson's). CPU time of the process (``time.process_time``);
the best of ``--repeat`` runs is shown for each figure, so other jobs weigh less.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson

from bench.bench_engine import machine  # the same machine line as the Generals' Order bench
from engine.boardgame import Game, RandomBot, default_game, play
from engine.systems import all_systems


def measure(game: Game, games: int) -> tuple[float, float, float, float]:
    """(self-play actions/s, checked replay entries/s, actions per game, ``orjson.loads`` entries/s on the
    same logs' bytes: the anchor)."""
    logs = []
    actions = 0
    t0 = time.process_time()
    for seed in range(games):
        s = play(game.new_initial_state(seed), [RandomBot(seed + k) for k in range(game.players)])
        actions += len(s.history)
        logs.append((seed, s.log()))
    play_time = time.process_time() - t0
    t0 = time.process_time()
    for seed, log in logs:
        if not game.replay(seed, log)["ok"]:
            raise SystemExit(f"seed {seed}: the recorded log does not replay")
    replay_time = time.process_time() - t0
    raw = [orjson.dumps(log) for _seed, log in logs]
    t0 = time.process_time()
    for _ in range(20):
        for data in raw:
            orjson.loads(data)
    loads_time = (time.process_time() - t0) / 20
    return actions / play_time, actions / replay_time, actions / games, actions / loads_time


def main() -> None:
    board_games = [s for s in all_systems() if s.has_map and s.engine]
    parser = argparse.ArgumentParser()
    parser.add_argument("--system", choices=[s.id for s in board_games], action="append")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {machine()}; load {os.getloadavg()[0]:.1f}")
    print(
        "| game | players | games | actions per game | self-play actions/s | checked replay entries/s "
        "| orjson.loads entries/s | replay / orjson |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for system in board_games:
        if args.system and system.id not in args.system:
            continue
        for seats in range(system.seats[0], system.seats[1] + 1):
            game = default_game(system.id, seats)
            runs = [measure(game, args.games) for _ in range(args.repeat)]
            play_rate = max(r[0] for r in runs)
            replay, loads = max(r[1] for r in runs), max(r[3] for r in runs)
            print(
                f"| {system.name} | {seats} | {args.games} | {runs[0][2]:,.0f} | {play_rate:,.0f} | {replay:,.0f} "
                f"| {loads:,.0f} | 1/{loads / replay:.0f} |",
                flush=True,
            )
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
