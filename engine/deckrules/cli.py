"""``python -m engine checkdeck FILE``: check a decklist file (``-`` = stdin) against a format.

Exit status: 0 legal, 1 illegal, 2 the decklist (or the card database) could not be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.cards import GENERALS_ORDER, CardDatabase, CardDatabaseError, load_database, starter_database
from engine.decklist import MAX_BYTES, DecklistError, parse_decklist
from engine.deckrules import RULESETS, CheckResult, check_deck
from engine.formats import DEFAULT_FORMAT, FORMATS, Format, UnknownFormatError, default_format, get_format
from engine.messages import Message
from engine.messages import render as render_message

LABELS = {
    "en": {
        "legal": "LEGAL",
        "illegal": "ILLEGAL",
        "violations": "Violations",
        "warnings": "Warnings",
        "facts": "Facts",
        "count": "resource deck",
        "pool": "command pool",
        "factions": "factions present",
        "declared": "factions declared",
        "hand": "hand limit",
        "types": "by type",
        "by_faction": "by faction",
        "curve": "cost curve",
        "cards": "cards",
        "none": "none",
    },
    "zh": {
        "legal": "合法",
        "illegal": "不合法",
        "violations": "违规",
        "warnings": "提示",
        "facts": "统计",
        "count": "资源卡组",
        "pool": "军令池",
        "factions": "卡组势力",
        "declared": "宣布的势力",
        "hand": "手牌上限",
        "types": "按属性",
        "by_faction": "按势力",
        "curve": "招募点分布",
        "cards": "张",
        "none": "无",
    },
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The checkdeck command's arguments."""
    parser.add_argument("file", help="the decklist (text, JSON or CSV); - reads standard input")
    parser.add_argument(
        "--format",
        choices=sorted(FORMATS),
        help="the format to check against (default: the default format of the database's game, "
        f"{DEFAULT_FORMAT['generals-order']} for the bundled database)",
    )
    parser.add_argument("--database", help="a card database file (default: the bundled starter database)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the messages")


def main(args: argparse.Namespace) -> int:
    """Run the check; returns the exit status."""
    try:
        fmt: Format | None = get_format(args.format) if args.format else None
    except UnknownFormatError as exc:
        return _fail(args, str(exc))
    if fmt is not None and fmt.ruleset not in RULESETS:
        return _fail(args, f"format {fmt.name} names unknown ruleset {fmt.ruleset}")
    try:
        if args.database:
            db = load_database(args.database)
        else:
            db = starter_database(fmt.game if fmt is not None else GENERALS_ORDER)
    except (CardDatabaseError, OSError) as exc:
        return _fail(args, f"cannot load the card database: {exc}")
    if fmt is None:
        fmt = default_format(db.game)
    try:
        decklist = parse_decklist(_read(args.file), filename=args.file if args.file != "-" else "<stdin>")
    except DecklistError as exc:
        if args.json or not exc.line:
            text = str(exc) if args.json else f"{exc.filename}: {render_message(exc.said, args.lang)}"
            return _fail(args, text, line=exc.line)
        said = Message("decklist.where", {"file": exc.filename, "line": exc.line, "reason": exc.said.param()})
        return _fail(args, render_message(said, args.lang), line=exc.line)
    except OSError as exc:
        return _fail(args, f"cannot read {args.file}: {exc.strerror}")
    result = check_deck(decklist, db, fmt)
    if args.json:
        doc = result.to_dict()
        doc["format"] = fmt.name
        print(json.dumps(doc, ensure_ascii=False, indent=1))
    else:
        print(render(result, fmt, db, args.lang))
    return 0 if result.legal else 1


def _read(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    path = Path(name)
    with path.open("rb") as handle:
        return handle.read(MAX_BYTES + 1)  # parse_decklist refuses anything longer


def _fail(args: argparse.Namespace, message: str, line: int | None = None) -> int:
    if args.json:
        print(json.dumps({"error": message, "line": line}, ensure_ascii=False))
    else:
        print(f"error: {message}", file=sys.stderr)
    return 2


def render(result: CheckResult, fmt: Format, db: CardDatabase, lang: str = "en") -> str:
    """The plain-text report: verdict, violations, warnings and facts."""
    t = LABELS["zh" if lang.startswith("zh") else "en"]
    title = fmt.title_zh if lang.startswith("zh") and fmt.title_zh else fmt.title or fmt.name
    verdict = t["legal"] if result.legal else t["illegal"]
    lines = [f"{verdict} — {fmt.name} ({title}); {db.name} {db.version} ({db.content_hash[:12]})"]
    for key, items in (("violations", result.violations), ("warnings", result.warnings)):
        if items:
            lines.append(f"{t[key]} ({len(items)}):")
            lines.extend(f"  [{v.code}] {v.text(lang)} ({v.rule})" for v in items)
    lines.append(f"{t['facts']}:")
    lines.append(f"  {t['count']}: {result.count} {t['cards']}; {t['pool']}: {result.pool_count}")
    lines.append(f"  {t['factions']}: {' '.join(result.factions) or t['none']}")
    lines.append(f"  {t['declared']}: {' '.join(result.declared_factions) or t['none']}")
    lines.append(f"  {t['hand']}: {result.hand_limit if result.hand_limit is not None else '-'}")
    lines.append(f"  {t['types']}: " + (" ".join(f"{k}={v}" for k, v in result.by_type.items()) or t["none"]))
    lines.append(f"  {t['by_faction']}: " + (" ".join(f"{k}={v}" for k, v in result.by_faction.items()) or t["none"]))
    curve = " ".join(f"{k}={v}" for k, v in sorted(result.cost_curve.items()))
    lines.append(f"  {t['curve']}: {curve or t['none']}")
    return "\n".join(lines)
