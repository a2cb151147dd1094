"""The deck builder beside the editor's text box: the card list (filtered by the card browser's own
search, ``decks.services.cards.filter_cards``) and the labels the editor's verdict shows.

Legality is never judged here: the builder edits the decklist text and the editor's live check
(``decks:check``, the engine's ``check_deck``) says what the deck is.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from decks.models import Card, CardDatabaseVersion
from decks.services import cards as card_services
from decks.services import decks as deck_services
from decks.services.decks import DeckRefused
from engine import decklist
from engine.cards import FACTION_EN, NO_FACTION, CardType

TYPE_LABELS = {
    "人": gettext_lazy("Character"),
    "物": gettext_lazy("Equipment"),
    "事": gettext_lazy("Strategy"),
    "特": gettext_lazy("Counter"),
    "令": gettext_lazy("Commandment"),
    "优": gettext_lazy("Advantage"),
}
BUILDER_LIMIT = 400
"""At most this many cards in the builder's list at once (a whole starter database fits)."""


def english(lang: str) -> bool:
    return lang.startswith("en")


def faction_label(faction: str, lang: str) -> str:
    if faction == NO_FACTION:
        return _("None") if english(lang) else faction
    return FACTION_EN.get(faction, faction) if english(lang) else faction


def type_label(ctype: str, lang: str) -> str:
    return str(TYPE_LABELS.get(ctype, ctype)) if english(lang) else ctype


def builder_version(format_name: str | None) -> CardDatabaseVersion | None:
    """The card database the editor checks against for this format (None when it has none)."""
    try:
        _fmt, _engine_format, version = deck_services.check_target(format_name or None)
    except DeckRefused:
        return None
    return version


def section_headers() -> dict[str, str]:
    """The section words the decklist reader knows (``engine.decklist``), for the builder's text edits."""
    return {
        "pool": " ".join(sorted(decklist._POOL_HEADERS)),
        "deck": " ".join(sorted(decklist._DECK_HEADERS)),
        "factions": " ".join(sorted(decklist._FACTION_HEADERS)),
    }


def _card(card: Card, lang: str) -> dict[str, Any]:
    shown = card.display_name(lang)
    return {
        "name": card.name,
        "names": "|".join(x for x in (card.name, card.name_en, *card.aliases) if x),
        "shown": shown,
        "other": card.name if shown != card.name else card.name_en,
        "type": card.type,
        "type_label": type_label(card.type, lang),
        "subtype": card.subtype,
        "factions": [faction_label(f, lang) for f in card.factions] or [faction_label(NO_FACTION, lang)],
        "cost": card.cost,
        "might": card.might,
        "wit": card.wit,
        "ability": card.display_ability_name(lang),
        "text": card.display_text(lang),
        # The command pool takes commandments (ruling D1); every other card goes to the resource deck.
        "section": "pool" if card.type == CardType.COMMANDMENT.value else "deck",
    }


def builder_cards(format_name: str | None, params: Any, lang: str) -> dict[str, Any]:
    """The builder's card list for ``params`` (the card browser's filters: q, type, faction, cost)."""
    version = builder_version(format_name)
    filters, errors = card_services.CardFilters.from_query(params)
    if version is None:
        return {"version": None, "cards": [], "total": 0, "filter_errors": errors, "filters": filters}
    cards = card_services.filter_cards(version, filters)
    total = cards.count()
    shown = [_card(c, lang) for c in cards[:BUILDER_LIMIT]]
    return {"version": version, "cards": shown, "total": total, "filter_errors": errors, "filters": filters}


def builder_context(format_name: str | None, lang: str) -> dict[str, Any]:
    """The builder's first render: every card of the format's database and the filter choices."""
    listing = builder_cards(format_name, {}, lang)
    choices = card_services.filter_choices(listing["version"])
    listing["type_choices"] = [(t, type_label(t, lang)) for t in choices["types"]]
    listing["headers"] = section_headers()
    listing["faction_choices"] = [(f, faction_label(f, lang)) for f in choices["factions"]] + [
        (NO_FACTION, faction_label(NO_FACTION, lang))
    ]
    return listing


def curve_summary(points: list[dict[str, Any]]) -> str:
    """The cost curve in words (the chart's text alternative)."""
    parts = [_("cost %(cost)s: %(count)s") % {"cost": b["cost"], "count": b["count"]} for b in points]
    return "; ".join(parts)
