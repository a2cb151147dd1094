"""Card databases in the site: a named database has immutable, hashed versions of cards.

The rules about what a valid card is live in ``engine.cards``; these rows are the
stored, browsable copy. ``CardDatabaseVersion.document`` keeps the whole file in
the engine's JSON form, so the engine database is rebuilt exactly from it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine import cards as engine_cards
from engine.systems import CARD_GAMES, DEFAULT_SYSTEM

if TYPE_CHECKING:
    from engine.cards import CardDatabase as EngineCardDatabase


class CardDatabase(models.Model):
    """A named card database of one game (e.g. the Generals' Order starter set)."""

    name = models.CharField(_("name"), max_length=100, unique=True)
    game = models.CharField(_("game"), max_length=32, choices=[(g, g) for g in CARD_GAMES], default=DEFAULT_SYSTEM)
    description = models.TextField(_("description"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def latest_version(self) -> CardDatabaseVersion | None:
        return self.versions.order_by("-created_at", "-id").first()


class CardDatabaseVersion(models.Model):
    """One immutable version of a card database; decks, matches and logs point at it."""

    database = models.ForeignKey(CardDatabase, on_delete=models.PROTECT, related_name="versions")
    version = models.CharField(_("version"), max_length=50)
    content_hash = models.CharField(_("content hash"), max_length=64, unique=True)
    document = models.JSONField(help_text="The whole database in the engine's JSON form.")
    card_count = models.PositiveIntegerField(default=0)
    source_filename = models.CharField(max_length=255, blank=True)
    source_encoding = models.CharField(max_length=32, blank=True)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["database__name", "-created_at"]
        constraints = [models.UniqueConstraint(fields=["database", "version"], name="unique_database_version")]

    def __str__(self) -> str:
        return f"{self.database.name} {self.version} ({self.content_hash[:12]})"

    def to_engine(self) -> EngineCardDatabase:
        """The engine's CardDatabase for this version (cached per content hash)."""
        return _engine_database(self.content_hash, self)


_ENGINE_DATABASES: dict[str, EngineCardDatabase] = {}


def _engine_database(content_hash: str, version: CardDatabaseVersion) -> EngineCardDatabase:
    # Versions are immutable, so the content hash is a safe cache key for the process's lifetime.
    db = _ENGINE_DATABASES.get(content_hash)
    if db is None:
        raw = json.dumps(version.document, ensure_ascii=False).encode("utf-8")
        db = engine_cards.load_database(raw, filename=f"{version.database.name}-{version.version}.json")
        _ENGINE_DATABASES[content_hash] = db
    return db


class Card(models.Model):
    """A card of one database version, stored for browsing, filtering and search."""

    version = models.ForeignKey(CardDatabaseVersion, on_delete=models.CASCADE, related_name="cards")
    name = models.CharField(_("name"), max_length=100)
    name_en = models.CharField(_("English name"), max_length=100, blank=True)
    lookup_key = models.CharField(max_length=200, db_index=True, help_text="engine.cards.normalize_name(name)")
    search_text = models.TextField(blank=True, help_text="Normalised names, texts and aliases, for text search.")
    # "|蜀|黄巾|": JSONField containment is not available on SQLite, so list filters match these instead.
    faction_tags = models.CharField(max_length=100, blank=True, db_index=True)
    mark_tags = models.CharField(max_length=100, blank=True)
    type = models.CharField(_("type"), max_length=10, db_index=True)
    subtype = models.CharField(_("subtype"), max_length=20, blank=True, db_index=True)
    factions = models.JSONField(_("factions"), default=list, blank=True)
    cost = models.SmallIntegerField(_("cost"), null=True, blank=True)
    might = models.SmallIntegerField(_("Might"), null=True, blank=True)
    wit = models.SmallIntegerField(_("Wit"), null=True, blank=True)
    might_mod = models.SmallIntegerField(default=0)
    wit_mod = models.SmallIntegerField(default=0)
    marks = models.JSONField(_("marks"), default=list, blank=True)
    ability_kind = models.CharField(max_length=10, blank=True)
    ability_name = models.CharField(max_length=100, blank=True)
    ability_name_en = models.CharField(max_length=100, blank=True)
    ability_cost = models.CharField(max_length=200, blank=True)
    text = models.TextField(blank=True)
    text_en = models.TextField(blank=True)
    effect = models.JSONField(default=dict, blank=True)
    flavour = models.TextField(blank=True)
    flavour_en = models.TextField(blank=True)
    aliases = models.JSONField(default=list, blank=True)
    nameless = models.BooleanField(default=False)
    unsupported = models.TextField(blank=True)

    class Meta:
        ordering = ["type", "cost", "name"]
        constraints = [models.UniqueConstraint(fields=["version", "name"], name="unique_card_name_per_version")]

    def __str__(self) -> str:
        return self.name

    def display_name(self, language: str = "zh") -> str:
        """The name in ``language`` ('zh...' or 'en...'), falling back to Chinese."""
        return self.name_en if language.startswith("en") and self.name_en else self.name

    def display_text(self, language: str = "zh") -> str:
        """The card text in ``language``, falling back to Chinese."""
        return self.text_en if language.startswith("en") and self.text_en else self.text

    def display_ability_name(self, language: str = "zh") -> str:
        return self.ability_name_en if language.startswith("en") and self.ability_name_en else self.ability_name

    def display_flavour(self, language: str = "zh") -> str:
        return self.flavour_en if language.startswith("en") and self.flavour_en else self.flavour


def tags(values: list[str] | tuple[str, ...]) -> str:
    """``["蜀", "黄巾"]`` -> ``"|蜀|黄巾|"``: match one value with ``__contains="|蜀|"``."""
    return "|" + "|".join(values) + "|" if values else ""


class Printing(models.Model):
    """A printing of a card: series, number, artist, rarity. Never part of its identity (ruling D2)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printings")
    series = models.CharField(max_length=100, blank=True)
    number = models.CharField(max_length=50, blank=True)
    artist = models.CharField(max_length=100, blank=True)
    rarity = models.CharField(max_length=50, blank=True)

    def __str__(self) -> str:
        return f"{self.card.name} {self.series} {self.number}".strip()
