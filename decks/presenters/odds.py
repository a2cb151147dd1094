"""The deck page's opening-hand odds: the engine's exact figures (``engine.odds``) for the deck's kinds of card, the
player's own question (at least k of a kind, by a turn, first or second) and a seeded sample hand. Read only."""

from __future__ import annotations

import secrets
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from decks.models import DeckVersion
from decks.presenters.builder import english, faction_label, type_label
from decks.presenters.opening import TYPE_EN
from engine import odds
from engine.cards import SANGUO_ZHI, Card
from engine.decklist import DecklistError, parse_decklist

SUMMARY_TURN = 3
"""The summary's "by turn" column (a player's third turn: the second player has seen 8 cards, the first 7)."""
SEED_MAX = 10**9


def percent(p: Fraction) -> str:
    """A chance as a percentage with one decimal (``100%`` and ``0%`` only when exact).

    >>> percent(Fraction(1, 3)), percent(Fraction(1)), percent(Fraction(0)), percent(Fraction(1, 100000))
    ('33.3%', '100%', '0%', '<0.1%')
    """
    if p in (0, 1):
        return f"{int(p) * 100}%"
    value = float(p) * 100
    if value < 0.05:
        return "<0.1%"
    if value > 99.95:
        return ">99.9%"
    return f"{value:.1f}%"


def _type_label(game: str, ctype: str, lang: str) -> str:
    if game == SANGUO_ZHI:
        return TYPE_EN.get(ctype, ctype) if english(lang) else ctype
    return type_label(ctype, lang)


def questions(game: str, cards: list[tuple[Card, int]], lang: str) -> list[tuple[str, str, str]]:
    """Every kind the deck holds, as (``kind:value``, the label, the group): types, factions, costs, names."""
    out: list[tuple[str, str, str]] = []
    types = sorted({c.type for c, _n in cards})
    factions = sorted({f for c, _n in cards for f in c.factions})
    costs = sorted({c.cost for c, _n in cards if c.cost is not None})
    out += [(f"type:{t}", _type_label(game, t, lang), _("Card type")) for t in types]
    out += [(f"faction:{f}", faction_label(f, lang), _("Faction")) for f in factions]
    out += [(f"cost:{n}", _("cost %(n)s or less") % {"n": n}, _("Cost")) for n in costs]
    out += [(f"name:{c.name}", c.display_name(lang), _("Card")) for c, _n in cards]
    return out


def odds_context(version: DeckVersion, lang: str) -> dict[str, Any] | None:
    """The odds section of the deck page (None for a game that deals no hand, or a deck that cannot be read):
    the summary by kind and the choices of the player's question (``answer`` adds his answers)."""
    game = version.deck.format.game
    deal = odds.deal_of(game)
    if deal is None:
        return None
    try:
        decklist = parse_decklist(version.decklist, kind="text")
    except DecklistError:
        return None
    db = version.card_database_version.to_engine()
    cards = odds.dealt(game, decklist, db)
    size = sum(n for _c, n in cards)
    if size == 0:
        return None
    choices = questions(game, cards, lang)
    rows = []
    for key, label, group in choices:
        if key.startswith(("cost:", "name:")):
            continue
        kind, value = key.split(":", 1)
        hits = odds.count_hits(cards, kind, value)
        row = {
            "label": label,
            "group": group,
            "hits": hits,
            "opening": percent(odds.at_least(size, hits, deal.hand, 1)),
        }
        if deal.mulligans:
            row["mulligan"] = percent(odds.chance(deal, size, hits, 1))
        if deal.has_turns:
            row["first"] = percent(odds.chance(deal, size, hits, 1, turn=SUMMARY_TURN, first=True))
            row["second"] = percent(odds.chance(deal, size, hits, 1, turn=SUMMARY_TURN, first=False))
        rows.append(row)
    out: dict[str, Any] = {
        "deal": deal,
        "size": size,
        "rows": rows,
        "choices": choices,
        "summary_turn": SUMMARY_TURN,
        "next_seed": secrets.randbelow(SEED_MAX) + 1,
        "cards": cards,
        "lang": lang,
    }
    return out


def answer(out: dict[str, Any], asked: dict[str, Any]) -> None:
    """Add to ``out`` (an ``odds_context``) the answer to the odds form's cleaned data ``asked``: the chance of
    the question, and the sample hand of its seed."""
    deal, size, cards, lang = out["deal"], out["size"], out["cards"], out["lang"]
    labels = {key: label for key, label, _group in out["choices"]}
    key = asked.get("ask") or ""
    if key in labels:
        kind, value = key.split(":", 1)
        k = int(asked.get("at_least") or 1)
        turn = int(asked.get("turn") or 0) if deal.has_turns else 0
        hits = odds.count_hits(cards, kind, value)
        answer: dict[str, Any] = {"label": labels[key], "k": k, "turn": turn, "hits": hits}
        if deal.has_turns:
            answer["first"] = percent(odds.chance(deal, size, hits, k, turn=turn, first=True))
            answer["second"] = percent(odds.chance(deal, size, hits, k, turn=turn, first=False))
            answer["seen_first"] = odds.seen(deal, turn, first=True)
            answer["seen_second"] = odds.seen(deal, turn, first=False)
        else:
            answer["opening"] = percent(odds.at_least(size, hits, deal.hand, k))
            answer["mulligan"] = percent(odds.chance(deal, size, hits, k))
        out["answer"] = answer
    seed = asked.get("sample")
    if seed is not None:
        names = [c.name for c, n in cards for _i in range(n)]
        by_name = {c.name: c for c, _n in cards}
        out["sample"] = [by_name[n].display_name(lang) for n in odds.sample_hand(names, deal, int(seed))]
        out["sample_seed"] = int(seed)
