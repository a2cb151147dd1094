"""Rules engine speed and size: random self-play, checked replay, serialised state size.

    .venv/bin/python bench/bench_engine.py [--games N] [--seconds S]

Random self-play: two random bots play complete games with the bundled starter decks on one core
(chance from each state's seed); counts every applied action, player and chance. Checked replay:
the recorded games are replayed from their action lists with ``State.apply`` (every action
validated). Serialised state: ``len(json.dumps(state.to_json()))`` in UTF-8 bytes, with and without
the history, at every 25th step and at the end.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import starter_database
from engine.game import Game, State
from engine.game.bots import RandomBot, play
from engine.game.cli import load_deck


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    system = f"{platform.system()} {platform.release()}"
    return f"{cpu}, {os.cpu_count()} logical CPUs, {system}, Python {platform.python_version()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games of random self-play (default 2000)")
    parser.add_argument("--decks", nargs=2, default=["shu_starter", "wei_starter"])
    args = parser.parse_args()

    game = Game(starter_database())
    decks = [load_deck(d) for d in args.decks]
    print(f"machine: {machine()}")
    print(f"date: {datetime.datetime.now(datetime.UTC).isoformat(timespec='seconds')}")
    print(f"decks: {args.decks[0]} vs {args.decks[1]} (starter database, {len(game.db)} cards)")

    # random self-play
    histories = []
    actions = 0
    start = time.perf_counter()
    for seed in range(args.games):
        s = game.new_initial_state(decks[0], decks[1], seed=seed)
        play(s, [RandomBot(seed), RandomBot(seed + 1)])
        actions += len(s.history)
        histories.append((seed, s.history))
    elapsed = time.perf_counter() - start
    print(
        f"random self-play: {args.games} games in {elapsed:.2f} s = {args.games / elapsed:,.0f} games/s, "
        f"{actions / elapsed:,.0f} actions/s ({actions / args.games:.0f} actions per game)"
    )

    # checked replay
    start = time.perf_counter()
    for seed, history in histories:
        s = game.new_initial_state(decks[0], decks[1], seed=seed)
        for action in history:
            s.apply(action)
    elapsed = time.perf_counter() - start
    print(f"checked replay: {actions} actions in {elapsed:.2f} s = {actions / elapsed:,.0f} actions/s")

    # serialised size
    with_history: list[int] = []
    without: list[int] = []
    for seed, history in histories[:100]:
        s = game.new_initial_state(decks[0], decks[1], seed=seed)
        for i, action in enumerate(history):
            s.apply(action)
            if i % 25 == 0 or i == len(history) - 1:
                with_history.append(_size(s, True))
                without.append(_size(s, False))
    print(
        f"serialised state: without history mean {statistics.mean(without):,.0f} B, max {max(without):,} B; "
        f"with history mean {statistics.mean(with_history):,.0f} B, max {max(with_history):,} B"
    )
    return 0


def _size(s: State, history: bool) -> int:
    return len(json.dumps(s.to_json(history=history), ensure_ascii=False, separators=(",", ":")).encode())


if __name__ == "__main__":
    sys.exit(main())
