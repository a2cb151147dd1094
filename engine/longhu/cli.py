"""``python -m engine longhu play --bots random random --seed 7 [--log F]``: a 龙虎三国志 game between bots."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from engine.longhu.bots import BOTS, play
from engine.longhu.data import DEFAULT_DATA, DEFAULT_MAP
from engine.longhu.messages import step_text
from engine.longhu.state import Game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="longhu_command", required=True)
    p = sub.add_parser("play", help="play a game between bots and print the result")
    p.add_argument("--bots", nargs="+", default=["random", "random"], choices=sorted(BOTS), help="2 to 4 bots")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--map", default=str(DEFAULT_MAP), help="map file (docs/maps.md)")
    p.add_argument("--data", default=str(DEFAULT_DATA), help="game data file (docs/longhu.md)")
    p.add_argument("--log", help="write the game (seed, history, final board) as JSON here")
    p.add_argument("--lang", default="en", help="en or zh: the language of the game's steps")
    p.add_argument("--quiet", action="store_true", help="print the result only, not the game's steps")


def main(args: argparse.Namespace) -> int:
    if not 2 <= len(args.bots) <= 4:
        print("龙虎三国志 needs 2 to 4 bots (§12)")
        return 2
    game = Game.from_files(args.map, args.data, len(args.bots))
    state = game.new_initial_state(args.seed)
    bots = [BOTS[name](args.seed * 31 + i) for i, name in enumerate(args.bots)]
    play(state, bots)
    out = state.outcome or {}
    if not args.quiet:
        for step in state.board.steps:
            print(f"[{step['rule']}] {step_text(step, args.lang)}")
    print(f"map {game.data.map.id} {game.data.map.hash}")
    print(f"data {game.data.id} {game.data.hash}")
    print(f"{len(state.history)} actions, {out.get('round')} round(s)")
    for p in range(game.players):
        countries = ", ".join(c for c, o in state.board.owner.items() if o == p)
        print(
            f"player {p}: place {out['placement'][p]}, {out['regions'][p]} region(s), "
            f"production {out['production'][p]} ({countries}; home {state.board.home[p]})"
        )
    winners = ", ".join(map(str, out.get("winners", []))) or "none"
    print(f"result: {out.get('termination')}; winner(s): {winners}; traitors hold {out.get('traitor_regions')}")
    if args.log:
        Path(args.log).write_text(json.dumps(state.to_json(), ensure_ascii=False), encoding="utf-8")
    return 0
