"""``python -m engine sanguozhi``: 三国智's setup checker and deck-to-table simulator (docs/sanguozhi.md).

    python -m engine sanguozhi check DECK TABLE.json [--json] [--lang zh]
    python -m engine sanguozhi open DECK [DECK ...] [--seed N] [--choose keep|mulligan ...] [--player N]

Exit codes: 0 legal (or simulated), 1 not a legal setup (or a deck the simulator cannot set up), 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.cards import SANGUO_ZHI, CardDatabase, load_database, starter_database
from engine.decklist import DecklistError, parse_decklist
from engine.sanguozhi.messages import text
from engine.sanguozhi.setup import CHOICES, Opening, Problem, SetupError, check_setup, opening_after
from engine.sanguozhi.table import Side

USAGE_ERROR, NOT_LEGAL = 2, 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True)
    check = sub.add_parser("check", help="is this opening table a legal setup of this deck (seed 004 §1.2)")
    check.add_argument("deck", help="the decklist (text, JSON or CSV)")
    check.add_argument("table", help="one player's opening table, JSON (docs/sanguozhi.md)")
    opening = sub.add_parser("open", help="simulate the opening: shuffles, grain, starting hands, mulligans")
    opening.add_argument("decks", nargs="+", help="one decklist per player (one: a solitaire opening)")
    opening.add_argument("--seed", type=int, default=0, help="the seed of the shuffles and rolls")
    opening.add_argument(
        "--choose", action="append", choices=CHOICES, default=[], help="the mulligan choices, in action order"
    )
    opening.add_argument("--player", type=int, help="show what this player sees (default: the whole table)")
    for p in (check, opening):
        p.add_argument("--database", help="a 三国智 card database file (default: the bundled starter database)")
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the messages")


def main(args: argparse.Namespace) -> int:
    try:
        db = load_database(Path(args.database)) if args.database else starter_database(SANGUO_ZHI)
        if args.action == "check":
            deck = parse_decklist(Path(args.deck).read_bytes(), filename=args.deck)
            table = json.loads(Path(args.table).read_text(encoding="utf-8"))
            return _check(deck, table, db, args)
        decks = [parse_decklist(Path(f).read_bytes(), filename=f) for f in args.decks]
    except (OSError, ValueError, DecklistError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    try:
        opening = opening_after(decks, db, args.seed, args.choose)
    except SetupError as exc:
        return _refused(exc.problem, args)
    return _show(opening, args)


def _check(deck: Any, table: Any, db: CardDatabase, args: argparse.Namespace) -> int:
    problem = check_setup(deck, table, db)
    if problem is not None:
        return _refused(problem, args)
    if args.json:
        print(json.dumps({"ok": True}, ensure_ascii=False))
    else:
        print(text("sanguozhi.ok", {}, args.lang))
    return 0


def _refused(problem: Problem, args: argparse.Namespace) -> int:
    reason = text(problem.code, problem.params, args.lang)
    if args.json:
        print(json.dumps({"ok": False, "error": {**problem.to_json(), "reason": reason}}, ensure_ascii=False))
    else:
        params = {"rule": problem.rule or "docs/sanguozhi.md", "where": problem.where or "-", "reason": reason}
        print(text("sanguozhi.impossible", params, args.lang))
    return NOT_LEGAL


def _show(opening: Opening, args: argparse.Namespace) -> int:
    viewer = args.player
    seen = opening.observation(viewer)
    steps = [text(s["code"], s["params"], args.lang) for s in opening.steps]
    if args.json:
        print(json.dumps({"ok": True, "table": seen, "steps": steps}, ensure_ascii=False))
        return 0
    print("\n".join(steps))
    for side in opening.sides:
        print(describe(side, viewer, args.lang))
    return 0


def describe(side: Side, viewer: int | None, lang: str) -> str:
    """One side of the table in a line, as ``viewer`` sees it."""
    seen = side.view(viewer)

    def cards(value: Any) -> Any:
        if isinstance(value, dict):
            return text("sanguozhi.cli.hidden", {"count": value["count"]}, lang)
        return text("sanguozhi.cli.names", {"names": {"names": value}}, lang)

    state = {None: "sanguozhi.cli.undecided", "kept": "sanguozhi.cli.kept", "taken": "sanguozhi.cli.taken"}
    params = {
        "player": side.player,
        "hand": cards(seen["hand"]),
        "camp": seen["camp"]["count"],
        "events": cards(seen["events"]),
        "formations": cards(seen["formations"]),
        "grain": seen["grain"],
        "cap": seen["grain_cap"],
        "mulligan": text(state[side.mulligan], {}, lang),
    }
    return text("sanguozhi.cli.side", params, lang)
