"""Replay speed: entries of game logs replayed per CPU second on one core, beside orjson parsing the same bytes.

Records games between random bots on the bundled starter database and decks (seeded: the same games
every run), writes their logs, then times, each the best of ``--rounds`` rounds of ``time.process_time``:

- ``orjson.loads`` of the log bytes (the floor of any replay in Python);
- the whole verdict, ``engine.replay.adjudicate(bytes, db=..., key=...)``: parse, shape and hash chain,
  signature, seed, names resolved to ids, the engine's ``apply``, the seed check of every chance entry;
- the parts: the hash chain alone, names resolved to ids alone, and the engine alone (the same actions,
  already engine values, applied to a new state: the engine's cost, not the replay's).

``--profile N``: then the top N functions of ``adjudicate`` over every log by cProfile (own time; the
profiler inflates calls, so read it for the shares, not the speed).

``--paired R``: also the ratio measured log by log: R rounds, each timing ``orjson.loads`` then ``adjudicate`` of
one log right after each other (``time.perf_counter_ns``), the fastest of each log's R readings kept; "as met"
is each side's first call on the log (the parse right after another log's replay, as in a worker), "warm" its
second (the same bytes just parsed, the same log just replayed). On a shared
virtual machine, whose speed drifts by a quarter from one second to the next (seen on the Firecracker VMs here),
the two sides of each pair see the same machine, so the ratio holds where ``best of rounds`` of each side apart
does not.

``--instructions``: also count CPU instructions under ``valgrind --tool=callgrind`` (the same count run
after run, whatever the machine's load): the written logs adjudicated once and three times, and
``orjson.loads`` of them once and three times; the differences divided by twice the entries are the
instructions per entry of each, and their ratio the replay's cost in parses (start-up and recording
cancel out). Needs valgrind; skipped with a note without it.

Run: ``.venv/bin/python bench/bench_replay.py [--games N] [--rounds R] [--profile 15] [--instructions]``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson

from engine.cards import starter_database
from engine.game import Game
from engine.game.bots import RandomBot
from engine.game.cli import load_deck
from engine.log import canonical, header_hash, load_log, record_game, resolve_action
from engine.replay import adjudicate

KEY = b"bench key"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def best(fn, rounds: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(rounds):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def paired(logs: list[bytes], db, rounds: int) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    """Over the logs, the sums of each log's fastest ``orjson.loads`` and fastest ``adjudicate``, in ns, each pair
    timed back to back (see ``--paired``): first as a worker meets a log (parsed right after another log's replay),
    then warm (each timed again at once, the same bytes just parsed and replayed): (loads, adjudicate, warm
    loads, warm adjudicate)."""
    clock = time.perf_counter_ns
    big = 1 << 62
    fastest = [[big] * len(logs) for _ in range(4)]
    for _ in range(rounds):
        for i, raw in enumerate(logs):
            t0 = clock()
            orjson.loads(raw)
            t1 = clock()
            orjson.loads(raw)
            t2 = clock()
            adjudicate(raw, db=db, key=KEY)
            t3 = clock()
            adjudicate(raw, db=db, key=KEY)
            t4 = clock()
            for k, took in enumerate((t1 - t0, t3 - t2, t2 - t1, t4 - t3)):
                if took < fastest[k][i]:
                    fastest[k][i] = took
    loads, replay, warm_loads, warm_replay = (sum(f) for f in fastest)
    return loads, replay, warm_loads, warm_replay


def inner(directory: str, games: int, what: str, loops: int) -> None:
    """Under callgrind: read the written logs, then ``loops`` passes of ``what`` over them."""
    db = starter_database()
    logs = [(Path(directory) / f"game_{seed:03}.json").read_bytes() for seed in range(games)]
    for _ in range(loops):
        for raw in logs:
            if what == "parse":
                orjson.loads(raw)
            else:
                adjudicate(raw, db=db, key=KEY)


def instructions(directory: str, games: int, what: str, loops: int) -> int:
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__]
    cmd += ["--inner", what, "--loops", str(loops), "--out", directory, "--games", str(games)]
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(collected.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instructions", action="store_true", help="also count instructions under callgrind")
    parser.add_argument("--inner", choices=["parse", "replay"], help=argparse.SUPPRESS)
    parser.add_argument("--loops", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", default="var/bench_replay", help="where the logs are written")
    parser.add_argument("--paired", type=int, default=0, metavar="R", help="also the ratio log by log, R rounds")
    parser.add_argument("--profile", type=int, default=0, help="print the top N functions of adjudicate")
    args = parser.parse_args()
    if args.inner:
        inner(args.out, args.games, args.inner, args.loops)
        return

    db = starter_database()
    game = Game(db)
    decks = load_deck("shu_starter"), load_deck("wei_starter")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    logs: list[bytes] = []
    histories = []
    t = time.process_time()
    for seed in range(args.games):
        rec = record_game(game, *decks, seed=seed, bots=[RandomBot(seed), RandomBot(seed + 1)], key=KEY)
        path = out / f"game_{seed:03}.json"
        rec.write_log(path)
        logs.append(path.read_bytes())
        histories.append((seed, list(rec.state.history)))
    record_time = time.process_time() - t
    entries = sum(len(load_log(raw)["entries"]) for raw in logs)
    size = sum(len(raw) for raw in logs)

    def parse() -> None:
        for raw in logs:
            orjson.loads(raw)

    def replay() -> None:
        for raw in logs:
            v = adjudicate(raw, db=db, key=KEY)
            assert v.ok, v.problems

    parsed = [orjson.loads(raw) for raw in logs]

    def chain() -> None:
        sha256 = hashlib.sha256
        for log in parsed:
            prev = header_hash(log["header"])
            for e in log["entries"]:
                body = dict(e)
                del body["hash"]
                prev = sha256(prev.encode() + canonical(body)).hexdigest()

    def resolve() -> None:  # names to ids, on states stepped by the engine (the engine's part is subtracted)
        for (seed, history), log in zip(histories, parsed):
            state = game.new_initial_state(*decks, seed=seed)
            for e, action in zip(log["entries"], history):
                resolve_action(state, e["action"])
                state.apply(action)

    def engine() -> None:
        for seed, history in histories:
            state = game.new_initial_state(*decks, seed=seed)
            for action in history:
                state.apply(action)

    t_parse = best(parse, args.rounds)
    t_replay = best(replay, args.rounds)
    t_chain = best(chain, args.rounds)
    t_engine = best(engine, args.rounds)
    t_resolve = best(resolve, args.rounds) - t_engine

    print(f"Run of {datetime.now(UTC):%Y-%m-%d %H:%M} UTC; {cpu_model()}; {platform.system()} {platform.release()}")
    print(f"Python {platform.python_implementation()} {platform.python_version()}; orjson {orjson.__version__}")
    print(
        f"{args.games} games between random bots (seeds 0-{args.games - 1}), {entries:,} entries, "
        f"{size / 1e6:.1f} MB of logs in {out}/ (recorded in {record_time:.2f} s: "
        f"{entries / record_time:,.0f} entries/s incl. the bots)"
    )
    print()
    print("| operation | entries per second | µs per entry |")
    print("| --- | ---: | ---: |")
    rows = [
        ("`orjson.loads` of the log bytes (the floor)", t_parse),
        ("`adjudicate` (whole verdict, from bytes)", t_replay),
        ("part: hash chain (canonical bytes + sha256)", t_chain),
        ("part: card names resolved to ids", t_resolve),
        ("part: the engine's `apply` (not the replay's)", t_engine),
    ]
    for name, seconds in rows:
        print(f"| {name} | {entries / seconds:,.0f} | {seconds / entries * 1e6:.2f} |")
    print()
    print(f"replay / parse speed: 1/{t_replay / t_parse:.1f}")
    print(f"replay overhead without the engine: {(t_replay - t_engine) / entries * 1e6:.2f} µs per entry")
    if args.paired:
        loads_ns, replay_ns, warm_loads_ns, warm_replay_ns = paired(logs, db, args.paired)
        for how, parse_ns, whole_ns in (("as met", loads_ns, replay_ns), ("warm", warm_loads_ns, warm_replay_ns)):
            print(
                f"paired, log by log, {how} (fastest of {args.paired} each): orjson.loads "
                f"{parse_ns / entries / 1e3:.2f} µs, adjudicate {whole_ns / entries / 1e3:.2f} µs an entry: "
                f"replay / parse 1/{whole_ns / parse_ns:.1f}"
            )
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("valgrind is not installed: no instruction counts")
        else:
            per = {}
            for what in ("parse", "replay"):
                once, thrice = (instructions(args.out, args.games, what, n) for n in (1, 3))
                per[what] = (thrice - once) / 2 / entries
            print(
                f"instructions per entry (callgrind): orjson.loads {per['parse']:,.0f}, "
                f"adjudicate {per['replay']:,.0f}: replay / parse 1/{per['replay'] / per['parse']:.1f}"
            )
    if args.profile:
        import cProfile
        import io
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(replay)
        buffer = io.StringIO()
        stats = pstats.Stats(profiler, stream=buffer)
        stats.sort_stats("tottime").print_stats(args.profile)
        total = stats.total_tt  # type: ignore[attr-defined]
        print()
        print("| function (cProfile, own time) | calls | own time share |\n| --- | ---: | ---: |")
        ranked = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[: args.profile]  # type: ignore[attr-defined]
        for (filename, line, name), (_cc, calls, own, _cum, _callers) in ranked:
            where = f"{Path(filename).name}:{line}({name})" if line else name
            print(f"| `{where}` | {calls:,} | {100 * own / total:.1f}% |")


if __name__ == "__main__":
    main()
