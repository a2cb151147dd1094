"""The cost of ``State.clone()`` (what a searching bot pays thousands of times a move), before and after.

Run: .venv/bin/python bench/bench_clone.py [--games 30] [--every 20] [--repeat 7]

Plays ``--games`` games between random bots with the starter decks 蜀 and 魏 (card texts in play) and
keeps a copy of every ``--every``-th state (mid-game states: generals on the table, card texts'
bookkeeping often not empty). Times, in one process and interleaved ``--repeat`` times (best run
shown, CPU time): the clone as it was before issue 17 (copied here verbatim as ``clone_before``:
every attribute by name through getattr/setattr, ``copy.deepcopy`` of the four text containers, a
copy of the history list) and ``State.clone()`` now; and the anchor, python-chess's
``Board.copy(stack=False)`` (the copy its search makes) and ``Board.copy()`` on a position after 10
moves, if python-chess is installed (``requirements-bench.txt``).
"""

from __future__ import annotations

import argparse
import copy
import datetime
import importlib
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import starter_database
from engine.game import Game, State
from engine.game.bots import RandomBot
from engine.game.cli import load_deck

_SHARED_BEFORE = (
    "game",
    "rules",
    "seed",
    "decks",
    "names",
    "owner",
    "cards",
    "listeners",
    "hooks",
    "keyed",
    "flagged",
    "self_static",
    "table_static",
    "texts",
    "auras",
    "factions",
    "limit",
    "command_revealed",
    "advantage",
    "turn",
    "active",
    "first",
    "phase",
    "to_act",
    "pending",
    "outcome",
)
_LISTS2 = ("resource", "pool", "hand", "discard", "casualty", "out_of_game", "field")


def clone_before(self: State) -> State:
    """``State.clone`` as it was on main before issue 17 (the history then was a list)."""
    new: Any = State.__new__(State)  # the State of before issue 17, not today's: untyped here
    for name in _SHARED_BEFORE:
        setattr(new, name, getattr(self, name))
    for name in _LISTS2:
        a, b = getattr(self, name)
        setattr(new, name, [list(a), list(b)])
    new.hidden = list(self.hidden)
    new.command = list(self.command)
    new.zone = dict(self.zone)
    new.gear = {g: list(e) for g, e in self.gear.items()}
    new.carrier = dict(self.carrier)
    new.stack = list(self.stack)
    new.chance = list(self.chance) if self.chance is not None else None
    new.acted = set(self.acted)
    new.fresh = set(self.fresh)
    new.activated = set(self.activated)
    new.modifiers = [list(m) for m in self.modifiers]
    new.history = list(self.history)
    new.moved = set(self.moved)
    new.attacked = set(self.attacked)
    new.frames = copy.deepcopy(self.frames)
    new.choice = copy.deepcopy(self.choice)
    new.memory = copy.deepcopy(self.memory)
    new.tmem = copy.deepcopy(self.tmem)
    new.now = dict(self.now)
    new.top = new.memory.get("top")
    return new


def mid_game_states(games: int, every: int) -> list[State]:
    game = Game(starter_database())
    decks = load_deck("shu_starter"), load_deck("wei_starter")
    kept = []
    for seed in range(games):
        s = game.new_initial_state(decks[0], decks[1], seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        n = 0
        while not s.is_terminal():
            p = s.current_player()
            s.apply(s.sample_chance() if p < 0 else bots[p].choose(s))
            n += 1
            if n % every == 0:
                kept.append(s.clone())
    return kept


def per_call(fn: Callable[[Any], Any], items: list[Any], rounds: int) -> float:
    """CPU seconds per call of fn on each item, over ``rounds`` passes."""
    start = time.process_time()
    for _ in range(rounds):
        for x in items:
            fn(x)
    return (time.process_time() - start) / (rounds * len(items))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--every", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    states = mid_game_states(args.games, args.every)
    as_before = []  # the same states with the history as a list, as it was before issue 17
    for s in states:
        b = s.clone()
        b.history = list(s.history)  # type: ignore[assignment]
        as_before.append(b)
    rounds = max(1, 200_000 // len(states) // args.repeat)
    try:
        chess: Any = importlib.import_module("chess")
    except ImportError:
        chess = None
    boards = []
    if chess is not None:
        board = chess.Board()
        for san in ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"):
            board.push_san(san)
        boards = [board] * len(states)
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        runs: dict[str, tuple[Callable[[Any], Any], list[Any]]] = {
            "clone, before": (clone_before, as_before),
            "clone, now": (State.clone, states),
        }
        if boards:
            runs["python-chess Board.copy(stack=False)"] = (lambda b: b.copy(stack=False), boards)
            runs["python-chess Board.copy()"] = (lambda b: b.copy(), boards)
        for name, (fn, items) in runs.items():
            t = per_call(fn, items, rounds)
            best[name] = min(best.get(name, t), t)
    print(
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {platform.platform()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}; load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{len(states)} mid-game states, {rounds} passes x {args.repeat} runs (best run)")
    anchor = best.get("python-chess Board.copy(stack=False)")
    print("| copy | µs a call | / python-chess copy(stack=False) |\n|---|---:|---:|")
    for name, t in best.items():
        ratio = f"{t / anchor:.2f}" if anchor else "-"
        print(f"| {name} | {t * 1e6:.2f} | {ratio} |")
    print(f"clone now is {best['clone, before'] / best['clone, now']:.2f}x faster than before")


if __name__ == "__main__":
    main()
