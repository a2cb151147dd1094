"""Where the checked replay's interpreter work goes: bytecodes and calls per log entry, by function.

Writes the same 40 games as ``bench_replay.py`` (seeded random bots, starter decks) unless they are there,
adjudicates them once to warm the caches, then once more under ``sys.settrace`` with opcode events, and
prints each function's bytecodes and calls per entry, the largest first. The counts are exact and the same
on any load (unlike a timing); a bytecode is not a fixed time (a call or a C builtin counts one), so read it
beside ``bench_replay.py --instructions`` and ``--profile``.

Run: ``.venv/bin/python bench/replay_bytecodes.py [--games 40] [--top 30]``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import starter_database
from engine.game import Game
from engine.game.bots import RandomBot
from engine.game.cli import load_deck
from engine.log import load_log, record_game
from engine.replay import adjudicate

KEY = b"bench key"


def logs_of(games: int, out: Path) -> list[bytes]:
    """The bench's logs (written by ``bench_replay.py`` or here: the same seeds give the same games)."""
    db = starter_database()
    game = Game(db)
    decks = load_deck("shu_starter"), load_deck("wei_starter")
    out.mkdir(parents=True, exist_ok=True)
    logs = []
    for seed in range(games):
        path = out / f"game_{seed:03}.json"
        if not path.exists():
            rec = record_game(game, *decks, seed=seed, bots=[RandomBot(seed), RandomBot(seed + 1)], key=KEY)
            rec.write_log(path)
        logs.append(path.read_bytes())
    return logs


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--out", default="var/bench_replay", help="where the logs are (or are written)")
    args = parser.parse_args()
    db = starter_database()
    logs = logs_of(args.games, Path(args.out))
    entries = sum(len(load_log(raw)["entries"]) for raw in logs)
    for raw in logs:
        assert adjudicate(raw, db=db, key=KEY).ok
    ops: Counter[str] = Counter()
    calls: Counter[str] = Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        code = frame.f_code
        where = f"{Path(code.co_filename).name}:{code.co_name}"
        calls[where] += 1

        def local(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "opcode":
                ops[where] += 1
            return local

        return local

    sys.settrace(trace)
    for raw in logs:
        adjudicate(raw, db=db, key=KEY)
    sys.settrace(None)
    print(f"{args.games} games, {entries:,} entries: {sum(ops.values()) / entries:.0f} bytecodes and ", end="")
    print(f"{sum(calls.values()) / entries:.1f} Python calls an entry")
    print()
    print("| function | bytecodes an entry | calls an entry |\n| --- | ---: | ---: |")
    for where, count in ops.most_common(args.top):
        print(f"| `{where}` | {count / entries:.1f} | {calls[where] / entries:.2f} |")


if __name__ == "__main__":
    main()
