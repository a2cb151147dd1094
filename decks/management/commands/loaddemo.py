"""Placeholder until the card database and demo data land: `make setup` calls this."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the bundled card database and demo data (idempotent)."

    def handle(self, *args: object, **options: object) -> None:
        self.stdout.write("demo data: nothing to load yet")
