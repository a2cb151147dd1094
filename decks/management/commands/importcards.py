"""``manage.py importcards FILE``: validate and store a card-database file as one immutable version."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from decks.services.cards import import_card_database
from engine.cards import CardDatabaseError
from engine.systems import all_systems


class Command(BaseCommand):
    help = "Import a JSON or CSV card-database file (all or nothing); prints the version, card count and hash."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the JSON or CSV file")
        parser.add_argument("--database", help="database name (default: the file's, else the file name)")
        # --version names a card-database version here, replacing Django's "print Django's version".
        parser.conflict_handler = parser._optionals.conflict_handler = "resolve"
        parser.add_argument("--version", dest="label", help="version label (default: the file's, else 1)")
        parser.add_argument(
            "--game",
            choices=[s.id for s in all_systems() if s.has_cards],
            help="the game (default: the file's, else generals-order)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            version = import_card_database(
                path, database_name=options["database"], version=options["label"], game=options["game"]
            )
        except CardDatabaseError as exc:
            for error in exc.errors:
                self.stderr.write(str(error))
            raise CommandError(f"{path} was not imported: {len(exc.errors)} error(s)", returncode=1) from None
        self.stdout.write(
            f"{version.database.name} version {version.version}: {version.card_count} cards, "
            f"content hash {version.content_hash}"
        )
