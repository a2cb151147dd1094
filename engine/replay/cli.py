"""``python -m engine replay LOG``: replay a game log and print the verdict.

Exit codes (docs/log-format.md): 0 well formed, authentic and legal; 1 an illegal entry; 3 tampered
(not authentic); 4 not well formed or not replayable (e.g. another card database); 5 the decklists differ
from the locked ones (``--expect``); 6 unverified (not signed with this site's key); 2 usage errors (no such
file, unreadable key or database).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from engine.cards import STARTER_FILES, CardDatabase, CardDatabaseError, load_database, starter_database
from engine.game.cli import load_deck
from engine.log import LogFormatError, load_log, read_log_bytes
from engine.messages import Reader, seat, term
from engine.replay.compare import claim_of, compare_logs, comparison
from engine.replay.steps import steps
from engine.replay.verdict import Verdict, adjudicate, refusal

USAGE_ERROR = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``replay``."""
    parser.add_argument("log", help="the log file (junling-log/1 JSON)")
    parser.add_argument("--until", type=int, metavar="N", help="also show the full state after entry N (from 0)")
    parser.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
    parser.add_argument(
        "--key-file", metavar="F", help="a file holding the signing key (a trailing newline is ignored)"
    )
    parser.add_argument(
        "--database", metavar="PATH", help="a card database file (default: the bundled one whose hash the log names)"
    )
    parser.add_argument(
        "--expect",
        nargs=2,
        metavar="DECK",
        help="the locked decklists of player 0 and player 1 (files or bundled names)",
    )
    parser.add_argument(
        "--stored",
        metavar="LOG",
        help="the stored log of the game this log claims to be: every difference is listed (exit code 5 if any)",
    )
    parser.add_argument("--steps", action="store_true", help="also print every entry in plain words")
    parser.add_argument("--lang", choices=["en", "zh"], default="en", help="print in English or Chinese (zh)")


def _database(args: argparse.Namespace, data: dict[str, Any] | None) -> CardDatabase:
    if args.database:
        return load_database(args.database)
    wanted = None
    if data is not None and isinstance(data.get("header"), dict) and isinstance(data["header"].get("database"), dict):
        wanted = data["header"]["database"].get("hash")
    for game in STARTER_FILES:
        db = starter_database(game)
        if db.content_hash == wanted:
            return db
    return starter_database()  # the verdict will say that the hashes differ


def main(args: argparse.Namespace) -> int:
    """Print the verdict; the exit code says what it is."""
    if args.until is not None and args.until < 0:
        print("error: --until counts entries from 0", file=sys.stderr)
        return USAGE_ERROR
    key = None
    try:
        if args.key_file:
            key = Path(args.key_file).read_bytes().rstrip(b"\r\n")
            if not key:
                print(f"error: the key file {args.key_file} is empty", file=sys.stderr)
                return USAGE_ERROR
        raw = read_log_bytes(args.log)
    except LogFormatError as exc:
        return _print(refusal(exc.kind, exc.where, exc.message, until=args.until), args, None)
    except OSError as exc:
        print(f"error: {exc.filename or args.log}: {exc.strerror or exc}", file=sys.stderr)
        return USAGE_ERROR
    try:
        data: dict[str, Any] | None = load_log(raw)
    except LogFormatError as exc:
        return _print(refusal(exc.kind, exc.where, exc.message, until=args.until), args, None)
    try:
        db = _database(args, data)
        expected = None
        if args.expect:
            expected = [load_deck(d) for d in args.expect]
        stored = load_log(read_log_bytes(args.stored)) if getattr(args, "stored", None) else None
    except (CardDatabaseError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    assert data is not None
    verdict = adjudicate(data, db=db, key=key, expected_decklists=expected, until=args.until)
    if stored is not None:
        claim = claim_of(data.get("header"))
        verdict = dataclasses.replace(verdict, record=comparison(claim, compare_logs(data, stored)))
    if args.steps and not args.json and verdict.database == "matches" and verdict.well_formed:
        lang = getattr(args, "lang", "en")
        for step in steps(data, db, indices=()):
            print(f"{step.index:5}  {step.text(lang, db=db)}")
    return _print(verdict, args, db)


def _yes(flag: bool | None) -> dict[str, str]:
    return term("word.not_decided" if flag is None else ("word.yes" if flag else "word.no"))


def _print(verdict: Verdict, args: argparse.Namespace, db: CardDatabase | None) -> int:
    if args.json:
        print(json.dumps(verdict.to_dict(), ensure_ascii=False, indent=1))
        return verdict.exit_code
    r = Reader(getattr(args, "lang", "en"), db=db)
    print(r.text("cli.replay.log", path=args.log, entries=verdict.entries, replayed=verdict.replayed))
    print(r.text("cli.replay.well_formed", value=_yes(verdict.well_formed)))
    v = verdict
    status = {"signature": v.signature, "chain": v.chain, "seed": v.seed, "database": v.database}
    trust = term("word.unverified") if verdict.trust == "unverified" else _yes(verdict.authentic)
    print(r.text("cli.replay.authentic", value=trust, **status))
    print(r.text("cli.replay.legal", value=_yes(verdict.legal)))
    bad = verdict.first_illegal
    if bad is not None:
        actor = seat(bad.actor) if isinstance(bad.actor, int) else bad.actor
        action = json.dumps(bad.action, ensure_ascii=False)
        print("  " + r.text("cli.replay.first_illegal", index=bad.index, actor=actor, action=action))
        print(f"  {r.rule(bad.rule)}: {r.render(bad.message)}")
    if verdict.decklists != "not checked":
        print(r.text("cli.replay.decklists", value=verdict.decklists))
    result = verdict.result
    if result.finished:
        rule = r.rule(result.rule or "")
        print(r.text("cli.replay.result", player=seat(result.winner), reason=result.message_param(), rule=rule))
    else:
        print(r.text("cli.replay.unfinished", reason=result.message_param()))
    if verdict.record is not None:
        print(r.text("cli.replay.record", value=term(f"status.{verdict.trust}"), count=verdict.record.count))
        for p in verdict.record.differences:
            where = f"{p.where}: " if p.where else ""
            print(f"  - {where}{r.render(p.what)}")
    if verdict.problems:
        print(r.text("cli.replay.problems", count=verdict.problem_count))
        for p in verdict.problems:
            where = f"{p.where}: " if p.where else ""
            print(f"  - [{p.kind}] {where}{r.render(p.what)}")
    if verdict.state is not None:
        print(f"State after entry {verdict.until}:")
        _print_state(verdict.state)
    return verdict.exit_code


def _print_state(state: dict[str, Any]) -> None:
    names = _names(state)

    def cards(ids: list[int]) -> str:
        return ", ".join(names[c] for c in ids) or "-"

    print(f"  turn {state['turn']}, {state['phase']} phase, active player {state['active']}, to act {state['to_act']}")
    gear = {g: e for g, e in state["gear"]}
    zones = {g: z for g, z in state["zone"]}
    for p in (0, 1):
        field = ", ".join(
            f"{names[g]} [{zones.get(g)}]" + (f" + {cards(gear[g])}" if gear.get(g) else "") for g in state["field"][p]
        )
        command = state["command"][p]
        print(f"  player {p}: hand ({len(state['hand'][p])}): {cards(state['hand'][p])}")
        print(f"    battlefield: {field or '-'}")
        print(
            f"    RESOURCE {len(state['resource'][p])}, DISCARD {len(state['discard'][p])}, "
            f"CASUALTY: {cards(state['casualty'][p])}, COMMAND: {'-' if command is None else names[command]}"
        )
    if state.get("advantage") is not None:
        print(f"  ADVANTAGE: {names[state['advantage']]}")


def _names(state: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for deck in state["decks"]:
        out.extend(deck["resource"])
        out.extend(deck["pool"])
    return out
