"""``python -m engine battle wenlu FILE [--json] [--lang zh]``: the battle calculator (input in ``docs/wenlu.md``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.wenlu.calculator import CalculatorError, calculate
from engine.wenlu.messages import text


def main(args: argparse.Namespace) -> int:
    lang = getattr(args, "lang", "en") or "en"
    try:
        raw = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
        result = calculate(json.loads(raw), lang)
    except (OSError, json.JSONDecodeError, CalculatorError) as exc:
        said = exc.text(lang) if isinstance(exc, CalculatorError) else str(exc)  # in the reader's language
        print(f"error: {said}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0

    def say(code: str, **params: object) -> None:
        print(text(code, params, lang))

    for i, step in enumerate(result["steps"], 1):
        print(f"{i:>3}. [{step['rule']}] {step['text']}")
    if result["winner"]:
        say("wenlu.cli.winner", side=result["winner"])
    else:
        say("wenlu.cli.no_winner")
    for side in ("japan", "allies"):
        lost = ", ".join(
            f"{x['counter']} {text('wenlu.result.' + x['result'], {}, lang)}" for x in result["losses"][side]
        )
        say("wenlu.cli.losses", side=side, list=lost or "-")
    for r in result["retreats"]:
        say("wenlu.cli.retreat", side=r["side"], general=r["general"], n=len(r["counters"]), to=r["to"])
    for c in result["captures"]:
        say("wenlu.cli.removed", counter=c["counter"])
    if result["siege"]:
        s = result["siege"]
        if s["taken"]:
            say("wenlu.cli.siege_taken")
        else:
            say("wenlu.cli.siege_held", n=s["garrison_left"])
    say("wenlu.cli.dice", dice=" ".join(map(str, result["dice"])))
    return 0
