"""Deck pages: the player's decks, the editor with live legality feedback (htmx), a deck page, export."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypedDict

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from decks.access import access_deck, access_deck_page, access_deck_version, access_shared_deck, can_edit_deck
from decks.forms import DeckCheckForm, DeckForm, DeckSharingForm, OddsForm, OpeningForm
from decks.models import Deck, DeckVersion, Format
from decks.presenters.builder import builder_cards, builder_context, curve_summary, english, faction_label, type_label
from decks.presenters.odds import answer as answer_odds
from decks.presenters.odds import odds_context
from decks.presenters.opening import has_opening, opening_context
from decks.services import decks as deck_services
from decks.services.decks import CheckedDecklist, DeckInUse, DecklistUnreadable, DeckRefused
from engine.cards import GENERALS_ORDER, SANGUO_ZHI
from junling.downloads import attachment
from junling.http import AuthenticatedHttpRequest
from junling.parsers import parse_id

CHART_HEIGHT = 120
BAR_WIDTH = 28
BAR_GAP = 8


def _lang() -> str:
    return get_language() or "zh-hans"


_english = english
_faction_label = faction_label
_type_label = type_label


def cost_curve_bars(curve: dict[Any, int]) -> dict[str, Any]:
    """Bars of an inline SVG chart (server-side, no script): cost -> number of cards."""
    points = sorted((int(k), int(v)) for k, v in curve.items())
    if not points:
        return {"bars": [], "width": 0, "height": CHART_HEIGHT + 40}
    top = max(v for _k, v in points) or 1
    bars = []
    for i, (cost, count) in enumerate(points):
        height = round(CHART_HEIGHT * count / top)
        x = BAR_GAP + i * (BAR_WIDTH + BAR_GAP)
        bars.append(
            {
                "cost": cost,
                "count": count,
                "x": x,
                "y": 20 + CHART_HEIGHT - height,
                "height": height,
                "mid": x + BAR_WIDTH // 2,
                "label_y": 20 + CHART_HEIGHT - height - 4,
            }
        )
    return {
        "bars": bars,
        "summary": curve_summary(bars),
        "width": BAR_GAP + len(points) * (BAR_WIDTH + BAR_GAP),
        "height": CHART_HEIGHT + 40,
        "bar_width": BAR_WIDTH,
        "axis_y": CHART_HEIGHT + 20,
        "cost_y": CHART_HEIGHT + 34,
    }


DECK_WORDS = {
    GENERALS_ORDER: (
        gettext_lazy("%(count)s cards in the deck, %(pool)s in the command pool"),
        gettext_lazy("Command pool"),
    ),
    SANGUO_ZHI: (gettext_lazy("%(count)s cards in the camp, %(pool)s events"), gettext_lazy("Events")),
}
"""Each card game's own words for a deck's two parts (将军令: resource deck and command pool, ruling D1;
三国智: the camp and the events, ruling S1)."""


def check_context(checked: CheckedDecklist, lang: str) -> dict[str, Any]:
    """What the verdict partial and the deck page show, with card names in ``lang``."""
    result, db = checked.result, checked.database

    def name(n: str) -> str:
        card = db.lookup(n)
        return card.display_name(lang) if card is not None else n

    def spellings(n: str) -> str:
        """Every name the card is written by (the builder finds its line in the text by them)."""
        card = db.lookup(n)
        return "|".join(x for x in (card.name, card.name_en, *card.aliases) if x) if card is not None else n

    def issue(v: Any) -> dict[str, Any]:
        return {
            "code": v.code,
            "rule": v.rule,
            "message": v.message if _english(lang) else (v.message_zh or v.message),
            "cards": [name(c) for c in v.cards],
        }

    groups: dict[str, list[dict[str, Any]]] = {}
    for card_name, count in result.resolved:
        card = db.lookup(card_name)
        ctype = card.type if card is not None else "?"
        groups.setdefault(ctype, []).append(
            {
                "key": card.name if card is not None else card_name,
                "names": spellings(card_name),
                "name": name(card_name),
                "count": count,
                "cost": card.cost if card is not None else None,
                "factions": [_faction_label(f, lang) for f in (card.factions if card is not None else ())],
            }
        )
    pool = [{"key": n, "names": spellings(n), "name": name(n), "count": c} for n, c in result.resolved_pool]
    counts_line, pool_title = DECK_WORDS.get(checked.format.game, DECK_WORDS[GENERALS_ORDER])
    return {
        "result": result,
        "counts_line": str(counts_line) % {"count": result.count, "pool": result.pool_count},
        "pool_title": pool_title,
        "violations": [issue(v) for v in result.violations],
        "warnings": [issue(w) for w in result.warnings],
        "factions": [_faction_label(f, lang) for f in result.factions],
        "declared": [_faction_label(f, lang) for f in result.declared_factions],
        # The factions the cards have, as the decklist writes them (the builder declares them: ruling D3).
        "present_factions": " ".join(result.factions),
        "declared_factions": " ".join(result.declared_factions),
        "by_type": [(_type_label(t, lang), n) for t, n in result.by_type.items()],
        "by_faction": [(_faction_label(f, lang), n) for f, n in result.by_faction.items()],
        "groups": [(_type_label(t, lang), cards) for t, cards in groups.items()],
        "pool": pool,
        "curve": cost_curve_bars(result.cost_curve),
        "format": checked.format,
        "card_database_version": checked.card_database_version,
    }


def _formats() -> list[Format]:
    formats = list(Format.objects.order_by("name"))
    if not formats:
        deck_services.ensure_default_formats()
        formats = list(Format.objects.order_by("name"))
    return formats


class _Shown(TypedDict):
    """What the editor shows again: the name, the format's name and the decklist."""

    name: str
    fmt_name: str
    decklist: str


def _editor(
    request: HttpRequest,
    deck: Deck | None,
    form: DeckForm,
    *,
    name: str,
    fmt_name: str,
    decklist: str,
    check: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "decks/decks/edit.html",
        {
            "deck": deck,
            "form": form,
            "name": name,
            "format_name": fmt_name,
            "formats": _formats(),
            "decklist": decklist,
            "check": check,
            "editor": True,
            "builder": builder_context(fmt_name, _lang()),
            "default_name": _default_name(),
            "lang": _lang(),
        },
        status=status,
    )


def _default_name() -> str:
    """The name a new deck gets when none is typed (an import or a paste needs no name first)."""
    return _("Deck of %(date)s") % {"date": date_format(timezone.localdate(), "Y-m-d")}


@login_required
@require_GET
def deck_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    decks = Deck.objects.filter(owner=request.user).select_related("format").prefetch_related("versions")
    rows = [{"deck": d, "latest": max(d.versions.all(), key=lambda v: v.number, default=None)} for d in decks]
    return render(request, "decks/decks/list.html", {"rows": rows, "lang": _lang()})


@login_required
@require_http_methods(["GET", "POST"])
def deck_new(request: HttpRequest) -> HttpResponse:
    return _edit(request, None)


@login_required
@require_http_methods(["GET", "POST"])
def deck_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _edit(request, access_deck(request.user, pk))


REFUSAL_FIELDS = {
    "deck.empty": "decklist",
    "deck.unknown_cards": "decklist",
    "format.no_card_database": "format",
}
"""The editor field a service refusal is shown beside (by its code); others go above the form."""


def _unreadable_message(exc: DecklistUnreadable) -> str:
    where = _("line %(n)s: ") % {"n": exc.line} if exc.line else ""
    return _("The decklist cannot be read: %(where)s%(message)s") % {"where": where, "message": exc.message}


def _edit(request: HttpRequest, deck: Deck | None) -> HttpResponse:
    if request.method == "GET":
        latest = deck.latest_version() if deck else None
        default_format = deck.format.name if deck else (_formats()[0].name if _formats() else "")
        return _editor(
            request,
            deck,
            DeckForm(fallback_format=deck.format if deck else None),
            name=deck.name if deck else "",
            fmt_name=default_format,
            decklist=latest.decklist if latest else "",
        )
    form = DeckForm(
        request.POST,
        request.FILES,
        fallback_format=deck.format if deck else None,
        fallback_name=deck.name if deck else _default_name(),
    )
    # What the editor shows again on an error: exactly what was sent.
    shown: _Shown = {
        "name": form["name"].value() or "",
        "fmt_name": form["format"].value() or "",
        "decklist": form["decklist"].value() or "",
    }
    if not form.is_valid():
        return _editor(request, deck, form, **shown, status=400)
    data = form.cleaned_data
    try:
        if data["action"] == DeckForm.IMPORT:
            upload = data["file"]
            checked = deck_services.check_decklist(
                deck_services.read_upload(upload), data["format"], filename=upload.name or "<upload>"
            )
            shown["fmt_name"], shown["decklist"] = data["format"].name, checked.canonical
            if not shown["name"] and deck is None:
                # A new deck takes the file's name until the player types another.
                shown["name"] = " ".join(Path(upload.name or "").stem.split())[: deck_services.MAX_DECK_NAME]
            return _editor(request, deck, form, **shown, check=check_context(checked, _lang()))
        if deck is None:
            deck = deck_services.create_deck(request.user, data["name"], data["format"], data["decklist"])
            messages.success(request, _("Deck saved."))
        else:
            version = deck_services.update_deck(
                deck, request.user, name=data["name"], fmt=data["format"], source=data["decklist"]
            )
            messages.success(request, _("Saved as version %(n)s.") % {"n": version.number})
        return redirect("decks:detail", pk=deck.pk)
    except DecklistUnreadable as exc:
        field = "file" if data["action"] == DeckForm.IMPORT else "decklist"
        form.add_error(field, forms.ValidationError(_unreadable_message(exc), code=exc.code))
    except DeckRefused as exc:
        form.add_error(REFUSAL_FIELDS.get(exc.code), forms.ValidationError(exc.message, code=exc.code))
    return _editor(request, deck, form, **shown, status=400)


@require_POST
def deck_check(request: HttpRequest) -> HttpResponse:
    """The live verdict partial for the editor (htmx): never saves anything."""
    lang = _lang()
    form = DeckCheckForm(request.POST)
    if not form.is_valid():
        problems = "; ".join(f"{form.fields[f].label or f}: {e}" for f, errors in form.errors.items() for e in errors)
        return render(request, "decks/decks/_check.html", {"error": {"line": 0, "message": problems}}, status=400)
    data = form.cleaned_data
    try:
        checked = deck_services.check_decklist_cached(
            data["decklist"], data["format"] or None, card_database=data["card_database"] or None
        )
    except DecklistUnreadable as exc:
        return render(request, "decks/decks/_check.html", {"error": exc.to_dict()}, status=400)
    except DeckRefused as exc:
        return render(request, "decks/decks/_check.html", {"error": {"line": 0, "message": exc.message}}, status=400)
    return render(
        request, "decks/decks/_check.html", {"check": check_context(checked, lang), "editor": True, "lang": lang}
    )


@require_GET
def deck_builder_cards(request: HttpRequest) -> HttpResponse:
    """The builder's card list for the editor's format and the card browser's filters (htmx); reads only."""
    listing = builder_cards(request.GET.get("format", "")[:64], request.GET, _lang())
    return render(request, "decks/decks/_builder_cards.html", {"builder": listing, "lang": _lang()})


EXPORT_LABELS = {"text": gettext_lazy("plain text"), "json": "JSON", "csv": gettext_lazy("CSV spreadsheet")}
"""The deck export links by what a player knows them as (the file's kind stays in the link)."""


def _version_page(
    request: HttpRequest, version: DeckVersion, *, owner_view: bool, exportable: bool = True
) -> HttpResponse:
    lang = _lang()
    deck = version.deck
    check = None
    recheck_error = ""
    try:
        checked = deck_services.check_decklist(
            version.decklist, deck.format, card_database=version.card_database_version_id, kind="text"
        )
        check = check_context(checked, lang)
    except (DecklistUnreadable, DeckRefused) as exc:
        recheck_error = str(exc)
    versions = list(deck.versions.order_by("-number")) if owner_view else [version]
    chances = odds_context(version, lang) if check is not None else None
    odds_form = OddsForm(
        request.GET if chances is not None else None,
        choices=[(key, label) for key, label, _group in chances["choices"]] if chances else [],
    )
    status = 200
    if chances is not None and odds_form.is_bound:
        if odds_form.is_valid():
            answer_odds(chances, odds_form.cleaned_data)
        else:
            status = 400
    return render(
        request,
        "decks/decks/detail.html",
        {
            "deck": deck,
            "version": version,
            "versions": versions,
            "check": check,
            "recheck_error": recheck_error,
            "owner_view": owner_view,
            "export_kinds": [(k, EXPORT_LABELS.get(k, k)) for k in deck_services.EXPORT_KINDS] if exportable else [],
            "sharing_form": DeckSharingForm(initial={"visibility": deck.visibility}) if owner_view else None,
            "share_url": request.build_absolute_uri(reverse("decks:shared", args=[deck.share_token]))
            if owner_view and deck.share_token
            else "",
            "lang": lang,
            "opening_url": reverse("decks:opening", args=[deck.pk]) if has_opening(version) else "",
            "odds": chances,
            "odds_form": odds_form,
        },
        status=status,
    )


@require_GET
def deck_opening(request: HttpRequest, pk: int) -> HttpResponse:
    """Try the opening of a deck whose game has a setup simulator (三国智): read-only, the seed in the query."""
    if not request.user.is_authenticated and not Deck.objects.filter(pk=pk, visibility=Deck.Visibility.PUBLIC).exists():
        return redirect_to_login(request.get_full_path())
    deck = access_deck_page(request.user, pk)
    version = deck.versions.select_related("card_database_version", "deck__format").order_by("-number").first()
    if version is None or not has_opening(version):
        missing = {"status": 404, "message": _("This deck has no opening to try.")}
        return render(request, "error.html", missing, status=404)
    form = OpeningForm(request.GET)
    context = opening_context(version, form.seed_or_default(), form.choice_or_none(), _lang())
    return render(request, "decks/decks/opening.html", {"deck": deck, "version": version, "opening": context})


@require_GET
def deck_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner's deck page (every version); anyone else's view of a public deck (its newest version)."""
    if not request.user.is_authenticated and not Deck.objects.filter(pk=pk, visibility=Deck.Visibility.PUBLIC).exists():
        return redirect_to_login(request.get_full_path())
    deck = access_deck_page(request.user, pk)
    owner_view = can_edit_deck(request.user, deck)
    number = request.GET.get("version", "") if owner_view else ""
    versions = deck.versions.select_related("card_database_version", "deck__format")
    if (wanted := parse_id(number)) is not None:
        version = versions.filter(number=wanted).first()
    else:
        version = versions.order_by("-number").first()
    if version is None:
        return render(request, "error.html", {"status": 404, "message": _("There is no such version.")}, status=404)
    return _version_page(request, version, owner_view=owner_view)


@require_GET
def deck_shared(request: HttpRequest, token: str) -> HttpResponse:
    """A deck behind its share link: the newest version's list, for anyone who has the link."""
    deck = access_shared_deck(token)
    version = deck.versions.select_related("card_database_version", "deck__format").order_by("-number").first()
    if version is None:
        return render(request, "error.html", {"status": 404, "message": _("There is no such version.")}, status=404)
    owner_view = can_edit_deck(request.user, deck)
    return _version_page(
        request, version, owner_view=owner_view, exportable=owner_view or deck.visibility == Deck.Visibility.PUBLIC
    )


@login_required
@require_POST
def deck_sharing(request: HttpRequest, pk: int) -> HttpResponse:
    deck = access_deck(request.user, pk)
    form = DeckSharingForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose who may see this deck."))
        return redirect("decks:detail", pk=deck.pk)
    deck_services.set_deck_visibility(deck, request.user, form.cleaned_data["visibility"])
    messages.success(request, _("Sharing saved."))
    return redirect("decks:detail", pk=deck.pk)


@require_GET
def version_detail(request: HttpRequest, pk: int) -> HttpResponse:
    version = access_deck_version(request.user, pk)
    return _version_page(request, version, owner_view=can_edit_deck(request.user, version.deck))


@require_GET
def version_export(request: HttpRequest, pk: int) -> HttpResponse:
    version = access_deck_version(request.user, pk)
    content, filename, content_type = deck_services.export_decklist(version, request.GET.get("kind", "text"))
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = attachment(filename)
    return response


@login_required
@require_POST
def deck_delete(request: HttpRequest, pk: int) -> HttpResponse:
    deck = access_deck(request.user, pk)
    try:
        deck_services.delete_deck(deck, request.user)
    except DeckInUse as exc:
        messages.error(request, exc.message)
        return redirect("decks:detail", pk=deck.pk)
    messages.success(request, _("Deck deleted."))
    return redirect("decks:list")
