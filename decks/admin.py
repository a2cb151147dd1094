"""Admin for card databases. Versions, cards and printings are immutable: shown read-only, imported through
/cards/databases/ or ``manage.py importcards``."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html

from decks.models import Card, CardDatabase, CardDatabaseVersion, Printing
from engine.cards import normalize_name
from junling.models import record


class ReadOnlyAdmin(admin.ModelAdmin):
    """View-only: immutable rows are never added, changed or deleted here."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class VersionInline(ReadOnlyInline):
    model = CardDatabaseVersion
    fields = ("version", "card_count", "content_hash", "source_filename", "created_at")
    readonly_fields = fields
    show_change_link = True


@admin.register(CardDatabase)
class CardDatabaseAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "created_at"]
    list_filter = ["game"]
    search_fields = ["name", "description"]
    inlines = [VersionInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # The name and game are part of what versions point at; only the description stays editable.
        return ["name", "game", "created_at"] if obj is not None else ["created_at"]


@admin.register(CardDatabaseVersion)
class CardDatabaseVersionAdmin(ReadOnlyAdmin):
    list_display = ["database", "version", "card_count", "short_hash", "source_filename", "imported_by", "created_at"]
    list_filter = ["database"]
    search_fields = ["version", "content_hash", "database__name"]
    fields = (
        "database",
        "version",
        "content_hash",
        "card_count",
        "source_filename",
        "source_encoding",
        "imported_by",
        "created_at",
        "document_pretty",
    )
    readonly_fields = fields

    @admin.display(description="content hash")
    def short_hash(self, obj: CardDatabaseVersion) -> str:
        return obj.content_hash[:12]

    @admin.display(description="document")
    def document_pretty(self, obj: CardDatabaseVersion) -> str:
        text = json.dumps(obj.document, ensure_ascii=False, indent=1)
        return format_html('<pre style="max-height:30rem;overflow:auto">{}</pre>', text)


class PrintingInline(ReadOnlyInline):
    model = Printing
    fields = ("series", "number", "artist", "rarity")
    readonly_fields = fields


@admin.register(Card)
class CardAdmin(ReadOnlyAdmin):
    list_display = ["name", "name_en", "type", "subtype", "cost", "might", "wit", "version"]
    list_filter = ["type", "subtype", "version__database", "version"]
    search_fields = ["name", "name_en", "lookup_key", "search_text"]
    list_select_related = ["version__database"]
    inlines = [PrintingInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [f.name for f in Card._meta.fields]

    def get_search_results(self, request: HttpRequest, queryset: Any, search_term: str) -> tuple[Any, bool]:
        # Also find traditional, full-width or spaced spellings, the way the card browser does.
        found, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        key = normalize_name(search_term)
        if key:
            found = found | queryset.filter(search_text__contains=key)
        return found, may_have_duplicates


# --- Formats and decks (deck registration, issue 3) ---------------------------------------------------------------
from decks.models import Deck, DeckVersion, Format  # noqa: E402


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ["name", "title", "game", "ruleset", "updated_at"]
    list_filter = ["game", "ruleset"]
    search_fields = ["name", "title", "title_zh"]
    filter_horizontal = ["card_database_versions"]

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # The choice of versions is what every deck of the format is read against: audited like the service.
        super().save_related(request, form, formsets, change)
        versions = sorted(form.instance.card_database_versions.values_list("content_hash", flat=True))
        record(request.user, "format.card_databases", form.instance, versions=versions, source="admin")


class DeckVersionInline(admin.TabularInline):
    model = DeckVersion
    extra = 0
    can_delete = False
    fields = ("number", "legal", "content_hash", "card_database_version", "created_at")
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "format", "updated_at"]
    list_filter = ["format"]
    search_fields = ["name", "owner__username"]
    list_select_related = ["owner", "format"]
    readonly_fields = ["created_at", "updated_at"]
    inlines = [DeckVersionInline]


@admin.register(DeckVersion)
class DeckVersionAdmin(ReadOnlyAdmin):
    """Versions are immutable: registrations and match logs point at them."""

    list_display = ["deck", "number", "legal", "content_hash", "created_at"]
    list_filter = ["legal"]
    search_fields = ["deck__name", "content_hash"]
    list_select_related = ["deck"]
