"""Checked replay with and without card texts, counted in CPU instructions (callgrind), not seconds.

Wall-clock ratios on a shared 2-core machine swing by ±20 %; an instruction count is the same
run after run. The script records N games between random bots each way (starter decks, with the
starter texts / with every effect spec removed), then replays them once and three times under
``valgrind --tool=callgrind``; the difference divided by twice the action count is the cost of one
replayed action, recording and start-up cancelled out.

    .venv/bin/python bench/bench_engine_instructions.py [--games 40]

Needs valgrind (Debian's package); prints a note and exits 0 without it.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def inner(games: int, way: str, loops: int) -> None:
    from bench.bench_engine import load_deck, without_texts
    from engine.cards import starter_database
    from engine.game import Game
    from engine.game.bots import RandomBot, play

    db = starter_database()
    game = Game(db if way == "texts" else without_texts(db))
    decks = [load_deck(d) for d in ("shu_starter", "wei_starter")]
    histories = []
    for seed in range(games):
        state = game.new_initial_state(decks[0], decks[1], seed=seed)
        play(state, [RandomBot(seed), RandomBot(seed + 1)])
        histories.append((seed, state.history))
    for _ in range(loops):
        for seed, history in histories:
            state = game.new_initial_state(decks[0], decks[1], seed=seed)
            for action in history:
                state.apply(action)
    print(sum(len(h) for _, h in histories))


def instructions(games: int, way: str, loops: int) -> tuple[int, int]:
    return callgrind(__file__, ["--inner", "--games", str(games), "--way", way, "--loops", str(loops)])


def callgrind(script: str, args: list[str]) -> tuple[int, int]:
    """(instructions counted, the last line the script printed as a number) of ``python script args`` run
    under callgrind (also ``bench_boardgame_instructions.py``)."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, script, *args]
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(collected.group(1)), int(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--way", choices=["rules", "texts"], default="texts", help=argparse.SUPPRESS)
    parser.add_argument("--loops", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        inner(args.games, args.way, args.loops)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): nothing measured")
        return 0
    print(f"date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; Python {platform.python_version()}")
    per_action = {}
    for way in ("rules", "texts"):
        once, actions = instructions(args.games, way, 1)
        thrice, _ = instructions(args.games, way, 3)
        per_action[way] = (thrice - once) / 2 / actions
        print(f"{way:6} {args.games} games, {actions} actions: {per_action[way]:,.0f} instructions per replayed action")
    ratio = per_action["rules"] / per_action["texts"]
    print(f"speed with texts / without: {ratio:.3f} (aim ≥ 0.80)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
