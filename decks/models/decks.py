"""Formats and players' decks.

A deck is a name and a format; its content lives in numbered, immutable
versions. Editing a deck adds a version, so registrations and match logs that
point at an old version keep what they pointed at. All legality knowledge is
the engine's (``engine.deckrules``); a version only stores the verdict.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.systems import CARD_GAMES, DEFAULT_SYSTEM, RULESET_NAMES

from .cards import CardDatabaseVersion

if TYPE_CHECKING:
    from engine.formats import Format as EngineFormat

RULESETS = RULESET_NAMES
"""Ruleset names of engine.deckrules.RULESETS, from ``engine.systems`` (so migrations do not import the rules)."""


class Format(models.Model):
    """A tournament format: which ruleset, which card-database versions, which cards are banned."""

    name = models.SlugField(_("name"), max_length=64, unique=True)
    title = models.CharField(_("title"), max_length=200)
    title_zh = models.CharField(_("Chinese title"), max_length=200, blank=True)
    game = models.CharField(_("game"), max_length=32, choices=[(g, g) for g in CARD_GAMES], default=DEFAULT_SYSTEM)
    ruleset = models.CharField(_("ruleset"), max_length=32, choices=[(r, r) for r in RULESETS], default=DEFAULT_SYSTEM)
    card_database_versions = models.ManyToManyField(
        CardDatabaseVersion,
        related_name="formats",
        verbose_name=_("allowed card-database versions"),
        help_text=_("Decks are read against the newest selected version; a new import is used only once chosen here."),
    )
    banlist = models.JSONField(_("banned cards"), default=list, blank=True, help_text=_("A JSON list of card names."))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.title or self.name

    def display_title(self, language: str = "zh") -> str:
        """The title in ``language`` ('zh...' or 'en'), falling back to the other."""
        if language.startswith("zh") and self.title_zh:
            return self.title_zh
        return self.title or self.title_zh or self.name

    def to_engine(self) -> EngineFormat:
        """The engine's Format (the one thing legality checks read)."""
        from engine.formats import Format as EngineFormat

        hashes = tuple(sorted(self.card_database_versions.values_list("content_hash", flat=True)))
        return EngineFormat(
            name=self.name,
            game=self.game,
            ruleset=self.ruleset,
            card_databases=hashes,
            banlist=tuple(str(n) for n in self.banlist or ()),
            title=self.title,
            title_zh=self.title_zh,
        )

    def default_card_database_version(self) -> CardDatabaseVersion | None:
        """The newest version the format allows, or None when it names none (a new import is never chosen silently)."""
        # The document (the whole database) is loaded only if the engine's cache lacks it (see to_engine()).
        allowed = self.card_database_versions.defer("document").select_related("database")
        return allowed.order_by("-created_at", "-id").first()


class Deck(models.Model):
    """A player's deck: a name and a format; the cards are in its versions."""

    class Visibility(models.TextChoices):
        PRIVATE = "private", _("Private: only me")
        LINK = "link", _("Anyone with the share link")
        PUBLIC = "public", _("Public: on my profile and to anyone")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    name = models.CharField(_("name"), max_length=100)
    format = models.ForeignKey(Format, on_delete=models.PROTECT, related_name="decks", verbose_name=_("format"))
    visibility = models.CharField(_("visibility"), max_length=8, choices=Visibility.choices, default=Visibility.PRIVATE)
    share_token = models.CharField(
        max_length=43, blank=True, default="", db_index=True, help_text="Empty while the deck is private."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def latest_version(self) -> DeckVersion | None:
        return self.versions.order_by("-number").first()


class DeckVersion(models.Model):
    """One immutable version of a deck, in the engine's canonical text form, with its verdict."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("version"))
    card_database_version = models.ForeignKey(CardDatabaseVersion, on_delete=models.PROTECT, related_name="decks")
    decklist = models.TextField(_("decklist"), help_text="Canonical text form (engine.decklist.format_decklist).")
    declared_factions = models.JSONField(_("declared factions"), default=list, blank=True)
    resolved = models.JSONField(
        default=dict, blank=True, help_text='{"deck": [[name, count], ...], "pool": [[name, count], ...]}'
    )
    content_hash = models.CharField(
        max_length=64, db_index=True, help_text="sha256 of the canonical text and the card database's hash."
    )
    legal = models.BooleanField(_("legal"), default=False)
    check_result = models.JSONField(default=dict, blank=True, help_text="CheckResult.to_dict() when saved.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="unique_deck_version_number")]

    def __str__(self) -> str:
        return f"{self.deck.name} v{self.number}"
