"""Card pages: the browser, a card's page, the card-database list with downloads and (staff) uploads."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from decks.access import access_card_database_import, can_import_card_database
from decks.forms import CardDatabaseImportForm
from decks.models import Card, CardDatabase, CardDatabaseVersion
from decks.presenters.builder import TYPE_LABELS
from decks.services import cards as card_services
from decks.services.cards import CardImportRefused
from engine import cards as engine_cards
from engine.cards import RowError
from engine.systems import SYSTEMS
from junling.http import HtmxHttpRequest
from junling.parsers import parse_id
from junling.throttles import UPLOAD, check_page_rate

PAGE_SIZE = 48

SUBTYPE_LABELS = {
    "宝物": gettext_lazy("Armament"),
    "兵种": gettext_lazy("Troop"),
    "事件": gettext_lazy("Event"),
    "三十六计": gettext_lazy("Stratagem"),
    "火计": gettext_lazy("Fire tactic"),
    "水计": gettext_lazy("Water tactic"),
    "土计": gettext_lazy("Earth tactic"),
    "奇计": gettext_lazy("Ingenious tactic"),
    "天时": gettext_lazy("Timing (天时)"),
    "地利": gettext_lazy("Terrain (地利)"),
    "人和": gettext_lazy("Harmony (人和)"),
}
MARK_LABELS = {
    "对": gettext_lazy("Counter-possible"),
    "反": gettext_lazy("Defector"),
    "兽": gettext_lazy("Beast"),
    "敌": gettext_lazy("Enemy equipment"),
    "援": gettext_lazy("Support"),
}
MARK_EXPLANATIONS = {
    "对": gettext_lazy(
        "Counter-possible (对策可能): with the counter card 对策 in hand, this card may be played in the "
        "opponent's turn when one of your generals is attacked (§2.3.5)."
    ),
    "反": gettext_lazy(
        "Defector: a general who once betrayed a lord; stronger for his cost, but many cards target defectors (§2.2.7)."
    ),
    "兽": gettext_lazy("Beast: an animal or beast troop; its Wit is 0, yet it is still a general (§2.2.7)."),
    "敌": gettext_lazy(
        "Enemy equipment: may only be equipped to an enemy general; when it leaves, it goes to its owner's "
        "DISCARD (§2.3.5)."
    ),
    "援": gettext_lazy(
        "Support: a mark of the 龙战于野 series; many of its cards work with cards bearing it (§2.2.7)."
    ),
}
ABILITY_LABELS = {
    "trait": gettext_lazy("Trait (特点): works automatically, in either player's turn"),
    "effect": gettext_lazy("Effect (特效): declared by its player, paying its cost; once per turn"),
}


def _language(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", "zh-hans") or "zh-hans"


def _faction_label(faction: str, lang: str) -> str:
    """The printed faction, and its English name beside it on an English page."""
    english = engine_cards.FACTION_EN.get(faction, "") if lang.startswith("en") else ""
    return f"{faction} {english}" if english else faction


def _decorate(card: Card, lang: str) -> Card:
    """Attach what the templates show in the chosen language (templates cannot pass arguments)."""
    card.shown_name = card.display_name(lang)  # type: ignore[attr-defined]
    card.other_name = card.name if card.shown_name != card.name else card.name_en  # type: ignore[attr-defined]
    card.shown_text = card.display_text(lang)  # type: ignore[attr-defined]
    card.shown_ability = card.display_ability_name(lang)  # type: ignore[attr-defined]
    card.shown_flavour = card.display_flavour(lang)  # type: ignore[attr-defined]
    card.type_label = TYPE_LABELS.get(card.type, "")  # type: ignore[attr-defined]
    card.subtype_label = SUBTYPE_LABELS.get(card.subtype, "")  # type: ignore[attr-defined]
    card.faction_labels = [_faction_label(f, lang) for f in card.factions]  # type: ignore[attr-defined]
    return card


def _version_from(request: HttpRequest) -> CardDatabaseVersion | None:
    raw = request.GET.get("version", "")
    if raw:
        pk = parse_id(raw)
        if pk is None:
            raise Http404(_("There is no such card database version."))
        return get_object_or_404(CardDatabaseVersion.objects.select_related("database"), pk=pk)
    return card_services.default_version()


@require_GET
def card_list(request: HtmxHttpRequest) -> HttpResponse:
    """The card browser; an htmx request gets only the results."""
    lang = _language(request)
    version = _version_from(request)
    filters, errors = card_services.CardFilters.from_query(request.GET)
    cards = card_services.filter_cards(version, filters) if version is not None else Card.objects.none()
    page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    for card in page.object_list:
        _decorate(card, lang)
    query = request.GET.copy()
    query.pop("page", None)
    context: dict[str, Any] = {
        "version": version,
        "versions": CardDatabaseVersion.objects.select_related("database").order_by("database__name", "-created_at"),
        "filters": filters,
        "filter_errors": errors,
        "choices": card_services.filter_choices(version),
        "type_labels": TYPE_LABELS,
        "subtype_labels": SUBTYPE_LABELS,
        "mark_labels": MARK_LABELS,
        "faction_en": engine_cards.FACTION_EN,
        "page_obj": page,
        "query": query.urlencode(),
        "lang": lang,
    }
    if getattr(request, "htmx", False) and not request.htmx.boosted:
        return render(request, "decks/cards/_results.html", context)
    return render(request, "decks/cards/list.html", context)


@require_GET
def card_detail(request: HttpRequest, version_id: int, name: str) -> HttpResponse:
    """One card with every field; a traditional, English or alias name redirects to the canonical page."""
    version = get_object_or_404(CardDatabaseVersion.objects.select_related("database"), pk=version_id)
    card = card_services.find_card(version, name)
    if card is None:
        raise Http404(_("There is no such card in this database version."))
    if card.name != name:
        return redirect("cards:detail", version_id=version.pk, name=card.name)
    lang = _language(request)
    _decorate(card, lang)
    context = {
        "card": card,
        "version": version,
        "printings": list(card.printings.all()),
        "marks": [(m, MARK_LABELS.get(m, m), MARK_EXPLANATIONS.get(m, "")) for m in card.marks],
        "ability_label": ABILITY_LABELS.get(card.ability_kind, ""),
        "aliases": card.aliases,
        "lang": lang,
    }
    return render(request, "decks/cards/detail.html", context)


def _databases_context(request: HttpRequest) -> dict[str, Any]:
    databases = list(CardDatabase.objects.prefetch_related("versions").order_by("name"))
    english = _language(request).startswith("en")
    for database in databases:  # the game's name from the registry of game systems (engine.systems)
        system = SYSTEMS.get(database.game)
        database.game_name = (system.name_en if english else system.name) if system else database.game  # type: ignore[attr-defined]
    return {
        "databases": [(d, d.versions.order_by("-created_at", "-id")) for d in databases],
        "max_mb": engine_cards.MAX_FILE_BYTES // 1024 // 1024,
        "can_import": can_import_card_database(request.user),
    }


@require_GET
def database_list(request: HttpRequest) -> HttpResponse:
    """Every card database with its versions, hashes, counts and downloads; staff see the upload form."""
    return render(request, "decks/cards/databases.html", _databases_context(request))


@require_POST
def database_import(request: HttpRequest) -> HttpResponse:
    """Staff upload of a card-database file; on failure the page lists every row error (400, or 413 if too big)."""
    access_card_database_import(request.user)
    check_page_rate(request, UPLOAD)  # the API's import shares the bucket
    form = CardDatabaseImportForm(request.POST, request.FILES)
    errors: list[RowError] = []
    status = 400
    if not form.is_valid():
        upload = form["file"].value()
        filename = getattr(upload, "name", "") or ""
        errors = [RowError(filename, 0, field, str(e)) for field, messages_ in form.errors.items() for e in messages_]
        if form.has_error("file", "too_large"):
            status = 413
    else:
        data = form.cleaned_data
        upload = data["file"]
        try:
            version = card_services.import_card_database(
                upload.read(),
                filename=upload.name or "<upload>",
                database_name=data["database"].strip() or None,
                version=data["version"].strip() or None,
                actor=request.user,
            )
        except CardImportRefused as exc:
            errors, status = exc.errors, exc.status
        else:
            messages.success(
                request,
                _("Imported %(name)s version %(version)s: %(count)d cards.")
                % {"name": version.database.name, "version": version.version, "count": version.card_count},
            )
            return redirect("cards:databases")
    context = _databases_context(request) | {"import_errors": errors}
    return render(request, "decks/cards/databases.html", context, status=status)


@require_GET
def database_export(request: HttpRequest, version_id: int, fmt: str) -> HttpResponse:
    """Download one version as JSON or CSV (it imports back to the same content hash)."""
    version = get_object_or_404(CardDatabaseVersion.objects.select_related("database"), pk=version_id)
    if fmt not in card_services.EXPORT_FORMATS:
        raise Http404(_("Unknown export format."))
    text = card_services.export_card_database(version, fmt)
    content_type = "application/json" if fmt == "json" else "text/csv"
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{card_services.export_filename(version, fmt)}"'
    return response
