"""``python -m engine dbhash [DATABASE]``: the content hash of a card database, as a log's header names it.

A judge writing a log by hand puts it in ``header.database`` (docs/log-format.md "Header"); the replay
needs the database with that hash.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.cards import STARTER_FILES, CardDatabase, CardDatabaseError, load_database, starter_database
from engine.systems import DEFAULT_SYSTEM

USAGE_ERROR = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``dbhash``."""
    parser.add_argument(
        "database",
        nargs="?",
        help=f"a card database file, or a bundled game ({', '.join(STARTER_FILES)}); default: generals-order",
    )
    parser.add_argument("--hash", action="store_true", help="print the hash alone")


def header_member(db: CardDatabase) -> dict[str, str]:
    """The ``header.database`` member of a log played with ``db``.

    >>> m = header_member(starter_database())
    >>> sorted(m), len(m["hash"])
    (['hash', 'name', 'version'], 64)
    """
    return {"hash": db.content_hash, "name": db.name, "version": db.version}


def main(args: argparse.Namespace) -> int:
    """Print the header member (or the hash alone with ``--hash``)."""
    try:
        if args.database is None or args.database in STARTER_FILES:
            db = starter_database(args.database or DEFAULT_SYSTEM)
        else:
            db = load_database(args.database)
    except (OSError, CardDatabaseError, ValueError) as exc:
        print(f"error: {args.database}: {exc}", file=sys.stderr)
        return USAGE_ERROR
    if args.hash:
        print(db.content_hash)
    else:
        print(json.dumps({"database": header_member(db)}, ensure_ascii=False))
    return 0
