"""``python -m engine position GAME FILE``: check a board game's position (``junling-board-position/1``,
``docs/positions.md`` "Board games"), print it with the legal actions, and check an action against it.

Exit codes: 0 a possible position (and, with ``--action``, a legal action); 1 an impossible position or an
illegal action (the rule it breaks is printed); 2 usage errors (no such file, not JSON, an unknown game).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.boardgame.errors import IllegalAction, LogError
from engine.boardgame.position import BoardPositionError, position_from_state, state_from_position
from engine.interface import default_game, make_game
from engine.maps import load_map
from engine.messages import N_, catalogue
from engine.systems import UnknownSystemError, get_system

USAGE_ERROR = 2
IMPOSSIBLE = 1

LINES: dict[str, str] = {
    "title": N_("%(game)s: a possible position"),
    "point": N_("round or turn %(round)s (phase %(phase)s), from the mark %(point)s and %(actions)s action(s) since"),
    "over": N_("the game is over"),
    "chance": N_("chance to act: %(what)s"),
    "decide": N_("seat %(seat)s to act: %(what)s"),
    "option": N_("  legal: %(label)s  %(json)s"),
    "legal": N_("legal: %(label)s"),
    "illegal": N_("illegal (%(rule)s): %(reason)s"),
    "impossible": N_("impossible position (%(rule)s) at %(where)s: %(reason)s"),
}
"""The lines of the command's text output (the engine's catalogue translates them)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options a board game's ``position`` adds to the card game's (``engine.game.position_cli``)."""
    parser.add_argument("--action", metavar="JSON", help="a board game's action to check against the position")
    parser.add_argument("--map", metavar="PATH", help="a board game's map file (default: the bundled test map)")
    parser.add_argument("--data", metavar="PATH", help="a board game's data file (default: the bundled test data)")


def _say(key: str, lang: str, **params: Any) -> str:
    template = LINES[key]
    said = template if lang == "en" else str(catalogue(lang).gettext(template))
    return said % params


def _game(system: str, data: dict[str, Any], args: argparse.Namespace) -> Any:
    seats = data.get("players") if isinstance(data.get("players"), int) else None
    if args.map or args.data:
        cls = get_system(system).game_class()
        map_path, data_path = args.map or cls.default_files[0], args.data or cls.default_files[1]
        return make_game(system, load_map(map_path), cls.load_data(data_path, load_map(map_path)), seats or 2)
    return default_game(system, seats)


def main(system: str, path: str, args: argparse.Namespace) -> int:
    """Check the position (and the action); print it in ``args.lang``; the exit code says the verdict."""
    lang = args.lang
    try:
        if not get_system(system).has_map:
            raise UnknownSystemError(system)
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        game = _game(system, data if isinstance(data, dict) else {}, args)
        action = json.loads(args.action) if args.action else None
    except (OSError, ValueError, UnknownSystemError) as exc:
        print(f"error: {path}: {exc}", file=sys.stderr)
        return USAGE_ERROR
    try:
        state = state_from_position(game, data)
    except BoardPositionError as exc:
        if args.json:
            print(json.dumps({"ok": False, "error": exc.to_dict(lang)}, ensure_ascii=False))
        else:
            reason = exc.text(lang).removeprefix(f"{exc.rule}: ") if exc.rule else exc.text(lang)
            print(_say("impossible", lang, rule=exc.rule or "docs/positions.md", where=exc.where or "-", reason=reason))
        return IMPOSSIBLE
    legal = [a.to_json() for a in state.legal_actions()]
    verdict = check_action(game, state, action, lang) if action is not None else None
    if args.json:
        out: dict[str, Any] = {"ok": True, "position": position_from_state(state), "legal_actions": legal}
        out["pending"] = state.observation(None).get("pending")
        if verdict is not None:
            out["action"] = verdict
        print(json.dumps(out, ensure_ascii=False))
    else:
        print("\n".join(describe(game, state, lang)))
        if verdict is not None:
            if verdict["legal"]:
                print(_say("legal", lang, label=game.label(action, lang)))
            else:
                print(_say("illegal", lang, rule=verdict["rule"] or "-", reason=verdict["reason"]))
    return IMPOSSIBLE if verdict is not None and not verdict["legal"] else 0


def check_action(game: Any, state: Any, action: Any, lang: str = "en") -> dict[str, Any]:
    """Whether ``action`` (an action's JSON) is legal in ``state``: ``{"legal": True}``, or ``{"legal": False,
    "code", "params", "rule", "reason"}`` (the engine's refusal, the reason in ``lang``; an unreadable action is
    ``position.board.shape``)."""
    try:
        refusal = state.validate(game.action_from_json(action))
    except LogError:
        err = BoardPositionError("position.board.shape", {"where": "action", "problem": "not an action of this game"})
        return {"legal": False, **{k: v for k, v in err.to_dict(lang).items() if k != "where"}}
    if refusal is None:
        return {"legal": True}
    return {
        "legal": False,
        "code": refusal.code,
        "params": _plain(refusal),
        "rule": refusal.rule,
        "reason": str(game.text(refusal.code, dict(refusal.params), lang)),
    }


def _plain(refusal: IllegalAction) -> dict[str, Any]:
    return json.loads(json.dumps(refusal.params, ensure_ascii=False, default=str))


def describe(game: Any, state: Any, lang: str) -> list[str]:
    """The position in lines: the game, where it stands, who acts and on what, every legal action."""
    board = state.board_json()
    pos = position_from_state(state)
    lines = [
        _say("title", lang, game=get_system(game.system).name if lang != "en" else get_system(game.system).name_en),
        _say(
            "point",
            lang,
            round=board.get("round", board.get("turn")),
            phase=board.get("phase"),
            point=pos["point"] or "set-up",
            actions=len(pos["actions"]),
        ),
    ]
    p = state.pending
    if p is None:
        lines.append(_say("over", lang))
    elif state.is_chance_node():
        lines.append(_say("chance", lang, what=state.chance_text(p, lang)))
    else:
        lines.append(_say("decide", lang, seat=p.player + 1, what=state.question(p, lang)))
        for a in state.legal_actions():
            j = a.to_json()
            lines.append(_say("option", lang, label=game.label(j, lang), json=json.dumps(j, ensure_ascii=False)))
    return lines
