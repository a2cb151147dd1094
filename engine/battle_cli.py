"""``python -m engine battle GAME FILE [--json] [--lang zh]``: the battle calculators of the board games,
dispatched by game system (``engine/longhu/battle_cli.py``, ``engine/wenlu/battle_cli.py``)."""

from __future__ import annotations

import argparse

import engine.longhu.battle_cli as longhu
import engine.wenlu.battle_cli as wenlu

GAMES = {"longhu": longhu.main, "wenlu": wenlu.main}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES), help="the game system")
    parser.add_argument("file", help="the battle as JSON ('-' for standard input)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--lang", default="en", help="language of the steps: en or zh")


def main(args: argparse.Namespace) -> int:
    return GAMES[args.game](args)
