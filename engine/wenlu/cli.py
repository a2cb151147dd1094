"""``python -m engine wenlu play --seed 7 [--log F] [--lang zh]``: a 文禄朝鲜之役 game between random bots."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from engine.wenlu.bots import BOTS, play
from engine.wenlu.data import DEFAULT_DATA, DEFAULT_MAP
from engine.wenlu.messages import step_text
from engine.wenlu.state import Game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="wenlu_command", required=True)
    p = sub.add_parser("play", help="play a game between bots and print the result")
    p.add_argument("--bots", nargs=2, default=["random", "random"], choices=sorted(BOTS), help="Japanese, Allies")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--map", default=str(DEFAULT_MAP), help="map file (docs/maps.md)")
    p.add_argument("--data", default=str(DEFAULT_DATA), help="game data file (docs/wenlu.md)")
    p.add_argument("--log", help="write the game (seed, history, final board) as JSON here")
    p.add_argument("--lang", default="en", help="en or zh")
    p.add_argument("--quiet", action="store_true", help="print the result only, not the game's steps")


def main(args: argparse.Namespace) -> int:
    game = Game.from_files(args.map, args.data)
    state = game.new_initial_state(args.seed)
    play(state, [BOTS[name](args.seed * 31 + i) for i, name in enumerate(args.bots)])
    if not args.quiet:
        for step in state.board.steps:
            print(f"[{step['rule']}] {step_text(step, args.lang)}")
    out = state.outcome or {}
    print(f"map {game.data.map.id} {game.data.map.hash}")
    print(f"data {game.data.id} {game.data.hash}")
    print(f"{len(state.history)} actions; {json.dumps(out, ensure_ascii=False)}")
    if args.log:
        Path(args.log).write_text(json.dumps(state.to_json(), ensure_ascii=False), encoding="utf-8")
    return 0
