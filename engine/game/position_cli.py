"""``python -m engine position FILE``: check a position (``docs/positions.md``) and print it; ``position GAME
FILE`` does a board game's (``engine.boardgame.position_cli``).

Exit codes: 0 a possible position; 1 an impossible one (the first rule it breaks is printed); 2 usage
errors (no such file, not JSON, an unknown card database).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import engine.boardgame.position_cli as board_cli
from engine.cards import STARTER_FILES, CardDatabase, load_database, starter_database
from engine.game.position import PositionError, player_view, position_from_state, state_from_position
from engine.game.rules import Game
from engine.log.names import resolve_action
from engine.messages import Message, Reader, seat

USAGE_ERROR = 2
IMPOSSIBLE = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``position``."""
    parser.add_argument(
        "file", help="the position file (junling-position/1 JSON); or a board game (longhu, wenlu) and its file"
    )
    parser.add_argument("board_file", nargs="?", help="a board game's position file (junling-board-position/1)")
    parser.add_argument("--json", action="store_true", help="print the checked position (or the refusal) as JSON")
    parser.add_argument("--lang", choices=["en", "zh"], default="en", help="print in English or Chinese (zh)")
    parser.add_argument(
        "--player", type=int, choices=[0, 1], help="print what this player sees (default: the whole position)"
    )
    parser.add_argument("--database", metavar="PATH", help="a card database file (default: the bundled one)")
    board_cli.add_arguments(parser)


def _database(path: str | None, data: Any) -> CardDatabase:
    if path:
        return load_database(path)
    wanted = (
        data.get("database", {}).get("hash")
        if isinstance(data, dict) and isinstance(data.get("database"), dict)
        else None
    )
    for game in STARTER_FILES:
        db = starter_database(game)
        if db.content_hash == wanted:
            return db
    return starter_database()


def main(args: argparse.Namespace) -> int:
    """Check the position and print it; the exit code says whether it is possible. ``GAME FILE`` is a board
    game's (``engine.boardgame.position_cli``)."""
    if args.board_file is not None:
        return board_cli.main(args.file, args.board_file, args)
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
        db = _database(args.database, data)
    except (OSError, ValueError) as exc:
        print(f"error: {args.file}: {exc}", file=sys.stderr)
        return USAGE_ERROR
    reader = Reader(args.lang, ids=False)
    try:
        state = state_from_position(Game(db), data, resolve_action)
        position = written(Game(db), data, state)
    except PositionError as exc:
        if args.json:
            print(json.dumps({"ok": False, "error": exc.to_dict()}, ensure_ascii=False))
        else:
            reason = reader.render(exc.message)
            print(
                reader.text(
                    "position.impossible",
                    rule=reader.rule(exc.rule or "docs/positions.md"),
                    where=exc.where or "-",
                    reason=reason,
                )
            )
        return IMPOSSIBLE
    if args.player is not None:
        position = player_view(position, args.player)
    if args.json:
        print(json.dumps({"ok": True, "position": position}, ensure_ascii=False))
    else:
        print("\n".join(describe(position, state.limit, reader)))
    return 0


def written(game: Game, data: dict[str, Any], state: Any) -> dict[str, Any]:
    """The position as the engine reads it back: a window or a choice as the main phase it was declared
    from, with its ``pending`` action (docs/positions.md "Phases")."""
    if "pending" not in data:
        return position_from_state(state)
    declared = {k: v for k, v in data.items() if k not in ("pending", "phase")}
    base = position_from_state(state_from_position(game, declared))
    return {**base, "phase": state.phase.value, "pending": data["pending"]}


def _cards(names: Any) -> dict[str, Any]:
    if isinstance(names, dict):  # hidden: a count
        return {"msg": "position.view_hidden", "params": {"count": names["hidden"]}}
    if not names:
        return {"term": "word.none"}
    return {"msgs": [{"msg": "text", "params": {"text": n}} for n in names]}


def _count(names: Any) -> int:
    return int(names["hidden"]) if isinstance(names, dict) else len(names)


def describe(position: dict[str, Any], limits: Sequence[int], reader: Reader) -> list[str]:
    """The lines that describe a checked position, in the reader's language."""
    say = reader.render
    lines = [
        say(
            Message(
                "position.title",
                {
                    "turn": position["turn"],
                    "player": seat(position["active"]),
                    "phase": {"term": f"phase.{position['phase']}"},
                    "first": seat(position["first"]),
                },
            )
        ),
        say(Message("position.possible")),
    ]
    if "view" in position:
        lines.append(say(Message("position.view_of", {"player": seat(position["view"])})))
    if "pending" in position:  # a window or a choice: the action declared from the main phase below
        action = json.dumps(position["pending"], ensure_ascii=False)
        lines.append(say(Message("position.pending", {"action": action})))
    for p, pl in enumerate(position["players"]):
        factions = " ".join(position["decks"][p]["factions"]) or reader.text("word.none")
        lines.append("")
        lines.append(say(Message("position.side", {"player": seat(p), "factions": factions, "limit": limits[p]})))
        resource = pl["resource"]
        if isinstance(resource, dict):
            said = Message(
                "position.pile",
                {"area": {"term": "area.resource"}, "count": _count(resource), "cards": _cards(resource)},
            )
        else:
            unseen = pl.get("unseen", len(resource))
            said = Message(
                "position.resource", {"count": len(resource), "unseen": unseen, "cards": _cards(resource[unseen:])}
            )
        lines.append("  " + say(said))
        for pile in ("hand", "discard", "casualty", "out_of_game", "pool"):
            lines.append(
                "  "
                + say(
                    Message(
                        "position.pile",
                        {"area": {"term": f"area.{pile}"}, "count": _count(pl[pile]), "cards": _cards(pl[pile])},
                    )
                )
            )
        command = [pl["command"]] if pl.get("command") else []
        lines.append(
            "  "
            + say(
                Message(
                    "position.pile", {"area": {"term": "area.command"}, "count": len(command), "cards": _cards(command)}
                )
            )
        )
        if not pl["battlefield"]:
            lines.append("  " + say(Message("position.no_general")))
        for g in pl["battlefield"]:
            parts = [
                say(
                    Message(
                        "position.general", {"zone": {"zone": g["zone"], "owner": p}, "card": {"name": g["general"]}}
                    )
                )
            ]
            if g.get("equipment"):
                parts.append(say(Message("position.carries", {"cards": _cards(g["equipment"])})))
            did = [
                {"msg": f"position.did_{k}", "params": {}}
                for k in ("recruited", "moved", "attacked", "acted")
                if g.get(k)
            ]
            if g.get("used"):
                did.append({"msg": "position.did_used", "params": {"cards": _cards(g["used"])}})
            if did:
                parts.append(say(Message("position.did", {"what": {"msgs": did}})))
            lines.append("  " + reader.text("word.list_separator").join(parts))
    adv = position.get("advantage")
    if adv:
        lines.append("")
        said = Message("position.advantage", {"card": {"name": adv["card"]}, "player": seat(adv["owner"])})
        lines.append(say(said))
    return lines
