"""``manage.py exportcards``: write a stored card-database version as JSON or CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from decks.models import CardDatabaseVersion
from decks.services.cards import EXPORT_FORMATS, export_card_database, starter_database_name


class Command(BaseCommand):
    help = "Export a card-database version (default: the starter database's latest) as JSON or CSV."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--format", dest="fmt", choices=EXPORT_FORMATS, default="json")
        parser.add_argument("--database", help="database name (default: the Generals' Order starter database)")
        # --version names a card-database version here, replacing Django's "print Django's version".
        parser.conflict_handler = parser._optionals.conflict_handler = "resolve"
        parser.add_argument("--version", dest="label", help="version label (default: the latest)")
        parser.add_argument("--output", help="file to write (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["database"] or starter_database_name()
        versions = CardDatabaseVersion.objects.filter(database__name=name).select_related("database")
        if options["label"]:
            versions = versions.filter(version=options["label"])
        version = versions.order_by("-created_at", "-id").first()
        if version is None:
            wanted = f"{name} version {options['label']}" if options["label"] else name
            raise CommandError(f"no stored card database {wanted}; import it first (manage.py importcards)")
        text = export_card_database(version, options["fmt"])
        if options["output"]:
            try:
                Path(options["output"]).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"cannot write {options['output']}: {exc.strerror}") from None
            self.stderr.write(f"wrote {version.database.name} version {version.version} to {options['output']}")
        else:
            self.stdout.write(text, ending="")
