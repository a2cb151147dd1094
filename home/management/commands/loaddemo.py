"""Load the bundled card databases, the formats and the demo data; safe to run again.

Demo accounts get random passwords, kept in var/demo-passwords.json so that every
run can print the ones that work (the file is never committed).
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from decks.models import Deck
from decks.services.cards import ensure_starter_database
from decks.services.decks import create_deck, ensure_default_formats, get_format
from engine.cards import DATA_DIR

DEMO_USERS = [
    # username, role, deck file (players only)
    ("admin", "staff", None),
    ("organiser", "organiser", None),
    ("judge", "judge", None),
    ("alice", "player", "shu_starter.txt"),
    ("bob", "player", "wei_starter.txt"),
    ("carol", "player", "wei_starter.txt"),
    ("dave", "player", "shu_starter.txt"),
]
DEMO_TOURNAMENT = "Junling Demo Open 军令示范赛"


class Command(BaseCommand):
    help = "Load the bundled card databases, formats and demo data (users, decks, a tournament). Idempotent."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--no-demo", action="store_true", help="only the card databases and formats")

    def handle(self, *args: Any, **options: Any) -> None:
        version = ensure_starter_database()
        ensure_default_formats()
        self.stdout.write(f"card database: {version} — {version.card_count} cards")
        if options["no_demo"]:
            return
        passwords = self._passwords()
        with transaction.atomic():
            users = {name: self._user(name, role, passwords[name]) for name, role, _ in DEMO_USERS}
            self._decks(users)
            tournament = self._tournament(users)
        self.stdout.write(f"demo tournament: {tournament.name} ({tournament.registrations.count()} decks registered)")
        self.stdout.write("demo accounts (user / password / role):")
        for name, role, _ in DEMO_USERS:
            self.stdout.write(f"  {name:10} {passwords[name]:24} {role}")

    def _passwords(self) -> dict[str, str]:
        path = Path(settings.VAR_DIR) / "demo-passwords.json"
        known: dict[str, str] = json.loads(path.read_text()) if path.exists() else {}
        for name, _role, _deck in DEMO_USERS:
            known.setdefault(name, secrets.token_urlsafe(12))
        path.write_text(json.dumps(known, indent=1))
        path.chmod(0o600)
        return known

    def _user(self, name: str, role: str, password: str) -> Any:
        User = get_user_model()
        user, created = User.objects.get_or_create(username=name, defaults={"email": f"{name}@example.org"})
        if created:
            user.set_password(password)
        if role == "staff":
            user.is_staff = user.is_superuser = True
        user.save()
        return user

    def _decks(self, users: dict[str, Any]) -> None:
        fmt = get_format()
        for name, _role, deck_file in DEMO_USERS:
            if deck_file is None or Deck.objects.filter(owner=users[name]).exists():
                continue
            text = (DATA_DIR / "decks" / deck_file).read_text(encoding="utf-8")
            title = deck_file.removesuffix(".txt").replace("_", " ").title()
            create_deck(users[name], title, fmt, text, filename=deck_file)

    def _tournament(self, users: dict[str, Any]) -> Any:
        from matches.models import Tournament
        from matches.services.registration import create_tournament, open_registration, register_deck

        tournament = Tournament.objects.filter(name=DEMO_TOURNAMENT).first()
        if tournament is None:
            tournament = create_tournament(
                users["organiser"],
                name=DEMO_TOURNAMENT,
                format=get_format(),
                organisers=[users["organiser"]],
                judges=[users["judge"]],
                best_of=3,
            )
            tournament = open_registration(tournament, users["organiser"])
        if tournament.status == Tournament.Status.REGISTRATION:
            for name, _role, deck_file in DEMO_USERS:
                if deck_file is None or tournament.registrations.filter(player=users[name]).exists():
                    continue
                deck = Deck.objects.filter(owner=users[name]).order_by("pk").first()
                version = deck.latest_version() if deck else None
                if version is not None and version.legal:
                    register_deck(users[name], tournament, version)
        return tournament
