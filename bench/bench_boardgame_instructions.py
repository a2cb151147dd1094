"""Board-game checked replay (龙虎三国志, 文禄朝鲜之役) and its anchor ``orjson.loads`` on the same logs' bytes,
counted in CPU instructions (callgrind), not seconds: the same reading however loaded the machine is.

The script records ``--games`` games between random bots (2 seats, each game's bundled test map and data),
then, under ``valgrind --tool=callgrind``, replays them (``game.replay``, the judge's checked replay) once
and ``--loops`` times, and reads their bytes with ``orjson.loads`` once and ``--loops`` times; the
difference over the extra loops and the entries is the cost of one entry, recording and start-up cancelled
out.

    .venv/bin/python bench/bench_boardgame_instructions.py [--games 3] [--loops 3] [--system longhu|wenlu]

Needs valgrind (Debian's package); prints a note and exits 0 without it.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_engine_instructions import callgrind  # noqa: E402


def inner(system: str, games: int, what: str, loops: int) -> None:
    import orjson

    from engine.boardgame import RandomBot, default_game, play

    game = default_game(system, 2)
    logs = [
        (seed, play(game.new_initial_state(seed), [RandomBot(seed + k) for k in range(2)]).log())
        for seed in range(games)
    ]
    raw = [orjson.dumps(log) for _seed, log in logs]
    for _ in range(loops):
        if what == "replay":
            for seed, log in logs:
                if not game.replay(seed, log)["ok"]:
                    raise SystemExit(f"seed {seed}: the recorded log does not replay")
        else:
            for data in raw:
                orjson.loads(data)
    print(sum(len(log) for _seed, log in logs))


def instructions(system: str, games: int, what: str, loops: int) -> tuple[int, int]:
    args = ["--inner", "--system", system, "--games", str(games), "--what", what, "--loops", str(loops)]
    return callgrind(__file__, args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--loops", type=int, default=3)
    parser.add_argument("--system", choices=["longhu", "wenlu"], action="append")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--what", choices=["replay", "orjson"], default="replay", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        inner(args.system[0], args.games, args.what, args.loops)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): nothing measured")
        return 0
    print(f"date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; Python {platform.python_version()}")
    print("| game | entries | replay instructions an entry | orjson.loads instructions an entry | ratio |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for system in args.system or ["longhu", "wenlu"]:
        per = {}
        for what, loops in (("replay", args.loops), ("orjson", 20 * args.loops)):
            once, entries = instructions(system, args.games, what, 1)
            more, _ = instructions(system, args.games, what, loops)
            per[what] = (more - once) / (loops - 1) / entries
        ratio = per["replay"] / per["orjson"]
        print(f"| {system} | {entries} | {per['replay']:,.0f} | {per['orjson']:,.0f} | 1/{ratio:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
