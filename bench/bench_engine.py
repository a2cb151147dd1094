"""Rules engine speed and size: random self-play, checked replay, serialised state size.

    .venv/bin/python bench/bench_engine.py [--games N] [--only texts|no-texts] [--repeat R]

Both ways in one run: the starter database without its effect specs (the rules alone), then with the
starter decks' texts in play (issue 5). Times are CPU time of the process (``time.process_time``);
each way runs ``--repeat`` times, interleaved, and the best run is shown, so that other jobs on a
shared machine weigh less. Random self-play: two random bots play complete games
with the bundled starter decks on one core (chance from each state's seed); counts every applied
action, player and chance. Checked replay:
the recorded games are replayed from their action lists with ``State.apply`` (every action
validated). Serialised state: ``len(json.dumps(state.to_json()))`` in UTF-8 bytes, with and without
the history, at every 25th step and at the end.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import CardDatabase, starter_database
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


def without_texts(db: CardDatabase) -> CardDatabase:
    """The same cards with every effect spec removed: the engine of rules only, as before issue 5."""
    return CardDatabase(
        [dataclasses.replace(c, effect={}) for c in db], game=db.game, name=db.name + "-no-texts", version=db.version
    )


def measure(game: Game, decks: list, games: int) -> dict[str, float]:
    """Random self-play, checked replay and serialised sizes with one card database."""
    histories = []
    actions = 0
    start = time.process_time()
    for seed in range(games):
        s = game.new_initial_state(decks[0], decks[1], seed=seed)
        play(s, [RandomBot(seed), RandomBot(seed + 1)])
        actions += len(s.history)
        histories.append((seed, s.history))
    play_time = time.process_time() - start

    start = time.process_time()
    for seed, history in histories:
        s = game.new_initial_state(decks[0], decks[1], seed=seed)
        for action in history:
            s.apply(action)
    replay_time = time.process_time() - start

    with_history: list[int] = []
    without: list[int] = []
    for seed, history in histories[:100]:
        s = game.new_initial_state(decks[0], decks[1], seed=seed)
        for i, action in enumerate(history):
            s.apply(action)
            if i % 25 == 0 or i == len(history) - 1:
                with_history.append(_size(s, True))
                without.append(_size(s, False))
    return {
        "actions": actions,
        "play": play_time,
        "replay": replay_time,
        "size_mean": statistics.mean(without),
        "size_max": max(without),
        "hsize_mean": statistics.mean(with_history),
        "hsize_max": max(with_history),
    }


def report(label: str, games: int, runs: list[dict[str, float]]) -> None:
    """The best of the runs (the least disturbed by other jobs on the machine)."""
    actions = runs[0]["actions"]
    play_time = min(r["play"] for r in runs)
    replay_time = min(r["replay"] for r in runs)
    r = runs[0]
    print(
        f"[{label}] random self-play: {games} games in {play_time:.2f} s = {games / play_time:,.0f} games/s, "
        f"{actions / play_time:,.0f} actions/s ({actions / games:.0f} actions per game)"
    )
    rate = actions / replay_time
    print(f"[{label}] checked replay: {actions:.0f} actions in {replay_time:.2f} s = {rate:,.0f} actions/s")
    print(
        f"[{label}] serialised state: without history mean {r['size_mean']:,.0f} B, max {r['size_max']:,.0f} B; "
        f"with history mean {r['hsize_mean']:,.0f} B, max {r['hsize_max']:,.0f} B"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games of random self-play (default 2000)")
    parser.add_argument("--decks", nargs=2, default=["shu_starter", "wei_starter"])
    parser.add_argument("--only", choices=["texts", "no-texts"], help="measure one way only")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each way, interleaved; the best is shown")
    args = parser.parse_args()

    db = starter_database()
    decks = [load_deck(d) for d in args.decks]
    print(f"machine: {machine()}")
    print(f"date: {datetime.datetime.now(datetime.UTC).isoformat(timespec='seconds')}")
    print(f"decks: {args.decks[0]} vs {args.decks[1]} (starter database, {len(db)} cards)")
    ways = []
    if args.only != "texts":
        ways.append(("without texts", Game(without_texts(db))))
    if args.only != "no-texts":
        ways.append(("with texts", Game(db)))
    runs: dict[str, list[dict[str, float]]] = {label: [] for label, _ in ways}
    for _ in range(args.repeat):
        for label, game in ways:
            runs[label].append(measure(game, decks, args.games))
    for label, _ in ways:
        report(label, args.games, runs[label])
    return 0


def _size(s: State, history: bool) -> int:
    return len(json.dumps(s.to_json(history=history), ensure_ascii=False, separators=(",", ":")).encode())


if __name__ == "__main__":
    sys.exit(main())
