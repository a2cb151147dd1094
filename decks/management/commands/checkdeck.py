"""``manage.py checkdeck FILE``: ``python -m engine checkdeck`` against the site's formats and card databases.

Same report, same JSON, same exit status (0 legal, 1 illegal, 2 unreadable); the format
and the card database come from the site's database instead of the bundled files.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from decks.services import decks as deck_services
from decks.services.decks import DecklistUnreadable, DeckRefused
from engine.deckrules import cli as engine_cli


class Command(BaseCommand):
    help = "Check a decklist file (text, JSON or CSV; - = stdin) against a format of the site."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the decklist (text, JSON or CSV); - reads standard input")
        parser.add_argument("--format", default=None, help="a format of the site (default: the default format)")
        parser.add_argument("--card-database", default=None, help="card-database version id or content hash")
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the messages")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["file"]
        try:
            fmt = deck_services.get_format(options["format"])
            raw = engine_cli._read(name)
            checked = deck_services.check_decklist(
                raw,
                fmt,
                card_database=options["card_database"],
                filename=name if name != "-" else "<stdin>",
            )
        except DecklistUnreadable as exc:
            self._fail(options, str(exc), exc.line)
        except DeckRefused as exc:
            self._fail(options, exc.message, None)
        except OSError as exc:
            self._fail(options, f"cannot read {name}: {exc.strerror}", None)
        result = checked.result
        if options["json"]:
            doc = result.to_dict()
            doc["format"] = fmt.name
            self.stdout.write(json.dumps(doc, ensure_ascii=False, indent=1))
        else:
            self.stdout.write(engine_cli.render(result, fmt.to_engine(), checked.database, options["lang"]))
        if not result.legal:
            raise SystemExit(1)

    def _fail(self, options: dict[str, Any], message: str, line: int | None) -> None:
        if options["json"]:
            self.stdout.write(json.dumps({"error": message, "line": line}, ensure_ascii=False))
        else:
            self.stderr.write(f"error: {message}")
        raise SystemExit(2)
