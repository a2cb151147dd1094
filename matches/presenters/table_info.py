"""What a player's table adds to the board for reading it: the turn banner, each card's text, what 简雍 and
沮授 showed of the enemy hand, and the cards each feed line names.

Built only from what the seat's view already holds (``state.observation(seat)`` and the seat's own feed
entries, which never name a card the seat cannot see: ``engine.game.narrate.describe``), so nothing here
can show a hidden card. ``matches.presenters.play.player_view`` adds these fields to the view.
"""

from __future__ import annotations

from typing import Any

from django.template.defaultfilters import linebreaksbr
from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from decks.presenters.builder import type_label
from engine.cards import Card
from junling import engine_text
from matches.presenters.narration import Names


def table_info(obs: dict[str, Any], names: Names, feed: list[str], feed_names: list[list[str]]) -> dict[str, Any]:
    """The fields the table's page adds to the view: ``banner``, ``looked_at``, ``feed_items`` (each feed line
    with the cards it names, ``feed_names`` from :func:`feed_cards`, and its ``parts``: :func:`line_parts`),
    ``card_texts`` (every card shown)."""
    me = obs["sides"][names.viewer]
    seen: dict[str, None] = {}
    looked = [_shown(c["name"], names, seen) for c in me.get("looked_at", [])]
    items = []
    for text, cards in zip(feed, feed_names, strict=False):
        shown = [_shown(n, names, seen) for n in cards]
        items.append({"text": text, "cards": shown, "parts": line_parts(text, shown)})
    for name in _observed_names(obs):
        seen.setdefault(name)
    return {
        "banner": banner(obs, names),
        "looked_at": looked,
        "feed_items": items,
        "card_texts": [card_text(name, names) for name in seen],
    }


def line_parts(text: str, cards: list[dict[str, str]]) -> list[dict[str, Any]]:
    """A feed line cut into its words (``{"text": ...}``) and the cards it names (``{"card": c}``), in the line's
    order, so that the page makes each card's name in the sentence its button and a screen reader hears the name
    once. A card whose name the line does not hold comes after it (``{"text": " "}``, then the card)."""
    parts: list[dict[str, Any]] = [{"text": text}]
    missing: list[dict[str, str]] = []
    # Longer names first: a name inside another (张飞 in 张飞·燕人) must not take the longer one's place.
    for card in sorted(cards, key=lambda c: -len(c["shown"])):
        for i, part in enumerate(parts):
            at = part["text"].find(card["shown"]) if "text" in part and card["shown"] else -1
            if at >= 0:
                before, after = part["text"][:at], part["text"][at + len(card["shown"]) :]
                pieces = [{"text": before}, {"card": card}, {"text": after}]
                parts[i : i + 1] = [p for p in pieces if p.get("text") != ""]
                break
        else:
            missing.append(card)
    for card in [c for c in cards if any(c is m for m in missing)]:  # in the line's own order
        parts += [{"text": " "}, {"card": card}]
    return parts


def banner(obs: dict[str, Any], names: Names) -> dict[str, Any]:
    """The turn, whose turn it is, the phase and each player's hand against his hand limit, from the viewer's side."""
    seat = names.viewer
    reader = engine_text.SiteReader()
    sides = obs["sides"]
    return {
        "turn": obs["turn"],
        "mine": obs["active"] == seat,
        "whose": names.seat(obs["active"]),
        "phase": reader.param({"term": f"phase.{obs['phase']}"}),
        "hands": [
            {"who": names.seat(p), "mine": p == seat, "held": sides[p]["hand_size"], "limit": sides[p]["hand_limit"]}
            for p in (seat, 1 - seat)
        ],
    }


def card_text(name: str, names: Names) -> dict[str, Any]:
    """One card as its text panel shows it, in the reader's language; ``panel``: the panel's HTML."""
    card: Card | None = names.db.lookup(name)
    lang = names.language
    if card is None:
        return {"name": name, "shown": name, "text": "", "panel": _panel({"shown": name, "text": ""})}
    english = lang.startswith("en")
    text = {
        "name": name,
        "shown": card.display_name(lang),
        "type": type_label(card.type, lang),
        "cost": card.cost,
        "might": card.might,
        "wit": card.wit,
        "ability": (card.ability_name_en if english and card.ability_name_en else card.ability_name),
        "text": (card.text_en if english and card.text_en else card.text) or _("No card text."),
    }
    key = (names.db.content_hash, name, lang, translation.get_language())
    panel = _PANELS.get(key)
    if panel is None:
        panel = _PANELS[key] = _panel(text)
        while len(_PANELS) > MAX_PANELS:
            _PANELS.pop(next(iter(_PANELS)))
    return {**text, "panel": panel}


MAX_PANELS = 4096
"""The most card panels a process keeps (a card's panel is its public text: the same for every reader)."""

_PANELS: dict[tuple[str, str, str, str | None], SafeString] = {}


def _panel(t: dict[str, Any]) -> SafeString:
    """A card's text panel (the table's hidden ``card-text`` block, inside its ``div``): the card's public
    text only, so one rendering serves every reader of that card in that language; its name, then the rest in
    ``span.card-about`` (what a chip's ``aria-describedby`` reads, static/js/play.js)."""
    meta = SafeString("")
    if t.get("type"):
        parts = [conditional_escape(t["type"])]
        for label, field in ((_("Cost"), "cost"), (_("Might"), "might"), (_("Wit"), "wit")):
            if t.get(field) is not None:
                parts.append(format_html("{} {}", label, t[field]))
        meta = format_html(' <span class="card-meta">{}</span>', mark_safe(" · ".join(parts)))
    ability = format_html("<br><em>{}</em>", t["ability"]) if t.get("ability") else ""
    # The chip names the card: it is described by the rest only (``card-about``), so the name is heard once.
    return format_html(
        '<strong>{}</strong><span class="card-about">{}{}<br><span class="card-body">{}</span></span>',
        t["shown"],
        meta,
        ability,
        linebreaksbr(t["text"], autoescape=True),
    )


def _observed_names(obs: dict[str, Any]) -> list[str]:
    """Every card name the observation shows (hand, battlefield, equipment, command, casualty, stack, advantage)."""
    found: dict[str, None] = {}

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            if isinstance(v.get("name"), str) and isinstance(v.get("id"), int):
                found.setdefault(v["name"])
            for item in v.values():
                walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    walk(obs)
    return list(found)


def _shown(name: str, names: Names, seen: dict[str, None]) -> dict[str, str]:
    seen.setdefault(name)
    return {"name": name, "shown": names.card(name)}
