"""``python -m engine battle longhu FILE [--json] [--lang zh]``: the battle calculator (input in ``docs/longhu.md``);
its arguments are ``engine/battle_cli.py``'s, which dispatches by game system."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.longhu.calculator import CalculatorError, calculate
from engine.maps import MapError


def main(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
        result = calculate(json.loads(text), getattr(args, "lang", "en") or "en")
    except (OSError, json.JSONDecodeError, CalculatorError, MapError) as exc:  # MapError covers DataError
        said = (
            exc.text(getattr(args, "lang", "en") or "en") if isinstance(exc, CalculatorError) else str(exc)
        )  # in the reader's language
        print(f"error: {said}", file=sys.stderr)
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
