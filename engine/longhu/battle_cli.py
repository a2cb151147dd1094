"""``python -m engine battle longhu FILE [--json]``: the battle calculator (input in ``docs/longhu.md``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.longhu.calculator import CalculatorError, calculate
from engine.maps import MapError

GAMES = ("longhu",)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=GAMES, help="the game system")
    parser.add_argument("file", help="the battle as JSON ('-' for standard input)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def main(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
        result = calculate(json.loads(text))
    except (OSError, json.JSONDecodeError, CalculatorError, MapError) as exc:  # MapError covers DataError
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    for i, step in enumerate(result["steps"], 1):
        print(f"{i:>3}. [{step['rule']}] {step['text']}")
    print(f"winner: {result['winner'] or 'none'}")
    print("losses: " + (", ".join(f"{c} {n}" for c, n in result["losses"].items()) or "none"))
    if result["retreat"]:
        print(f"retreat: {result['retreat']['side']} to {result['retreat']['to']}")
    for cap in result["captures"]:
        print(f"capture: {cap['character']} {cap['result']}" + (f" (to {cap['to']})" if cap["to"] else ""))
    print("dice: " + " ".join(map(str, result["dice"])))
    return 0
