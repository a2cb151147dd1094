"""Opening-hand odds, exact: the chance of at least ``k`` cards of a kind in the opening hand or by a turn,
as each card game deals (将军令 §3.3.6 and ruling G1; 三国智 §1.2.6 and rulings S7–S8).

A shuffled deck deals a uniformly random ordered hand, so the number of hits among the first ``n`` cards is
hypergeometric. Cards that leave the deck unseen (a siege's depletion, the upkeep) leave from a random place of a
random order, so they change nothing in what the draws show: the figures are those of the draws alone.

    >>> at_least(40, 3, 5, 1)  # a 40-card deck, 3 copies of a card, 5 cards seen, at least one
    Fraction(667, 1976)
    >>> round(float(at_least(40, 3, 5, 1)), 4)
    0.3376
    >>> seen(GENERALS_ORDER_DEAL, 1, first=True), seen(GENERALS_ORDER_DEAL, 1, first=False)
    (5, 6)
    >>> seen(GENERALS_ORDER_DEAL, 3, first=True)
    7
    >>> round(float(chance(GENERALS_ORDER_DEAL, 40, 3, 1, turn=3, first=False)), 4)
    0.498
    >>> p = at_least(50, 4, 6, 1)  # 三国智: 6 cards, one mulligan taken when the hand misses
    >>> chance(SANGUO_ZHI_DEAL, 50, 4, 1) == 1 - (1 - p) ** 2
    True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from engine.cards import GENERALS_ORDER, SANGUO_ZHI, Card, CardDatabase
from engine.decklist import Decklist
from engine.game.terms import INITIAL_HAND
from engine.sanguozhi.rules import START, split_deck

KINDS = ("type", "faction", "cost", "name")
"""What a question counts: a card type, a faction (a dual card counts for both), a cost up to n, a named card."""


@dataclass(frozen=True, slots=True)
class Deal:
    """How a game deals from the deck: the opening hand, the draw each turn, the mulligans."""

    hand: int
    """Cards in the opening hand."""
    per_turn: int | None
    """Cards drawn at the start of each of one's turns; None where the platform's rule pages stop before turns."""
    first_skips: bool
    """The first player skips the draw of his first turn."""
    mulligans: int
    """Whole-hand mulligans (all back, shuffle, the same number drawn)."""

    @property
    def has_turns(self) -> bool:
        return self.per_turn is not None


GENERALS_ORDER_DEAL = Deal(hand=INITIAL_HAND, per_turn=1, first_skips=True, mulligans=0)
"""将军令: both draw 5; one card at the start of each turn, except the first player's first (§3.3.6, §3.4, G1)."""
SANGUO_ZHI_DEAL = Deal(hand=START.hand_size, per_turn=None, first_skips=False, mulligans=START.mulligans)
"""三国智: 6 cards, one optional mulligan of the whole hand (§1.2.6, rulings S7–S8); turns (§3) are not in the pages."""
DEALS = {GENERALS_ORDER: GENERALS_ORDER_DEAL, SANGUO_ZHI: SANGUO_ZHI_DEAL}


def deal_of(game: str) -> Deal | None:
    """The deal of a card game (None for a game without a deck)."""
    return DEALS.get(game)


def at_least(deck: int, hits: int, drawn: int, k: int) -> Fraction:
    """P(at least ``k`` of the ``hits`` cards among ``drawn`` cards of a shuffled ``deck``), exactly.

    >>> at_least(10, 10, 3, 3), at_least(10, 0, 3, 1), at_least(10, 2, 3, 0)
    (Fraction(1, 1), Fraction(0, 1), Fraction(1, 1))
    >>> at_least(4, 2, 2, 2)  # both of two cards in two of four
    Fraction(1, 6)
    """
    if deck < 0 or not 0 <= hits <= deck or drawn < 0 or k < 0:
        raise ValueError("0 <= hits <= deck, drawn >= 0, k >= 0")
    drawn = min(drawn, deck)
    total = comb(deck, drawn)
    wanted = sum(comb(hits, i) * comb(deck - hits, drawn - i) for i in range(k, min(hits, drawn) + 1))
    return Fraction(wanted, total)


def seen(deal: Deal, turn: int, *, first: bool) -> int:
    """Cards drawn once one's ``turn``-th turn has drawn (turn 0: the opening hand alone).

    >>> seen(GENERALS_ORDER_DEAL, 0, first=True), seen(GENERALS_ORDER_DEAL, 0, first=False)
    (5, 5)
    """
    if turn < 0:
        raise ValueError("turn >= 0")
    if turn == 0:
        return deal.hand
    if deal.per_turn is None:
        raise ValueError("this game's turns are not in the rules the platform reads")
    draws = turn - 1 if first and deal.first_skips else turn
    return deal.hand + draws * deal.per_turn


def chance(deal: Deal, deck: int, hits: int, k: int, *, turn: int = 0, first: bool = True) -> Fraction:
    """P(at least ``k`` hits by ``turn``), the mulligans (if any) taken whenever the opening hand has fewer than
    ``k``: each is a fresh hand from the whole deck, the last one kept."""
    p = at_least(deck, hits, seen(deal, turn, first=first), k)
    if deal.mulligans and turn == 0:
        return 1 - (1 - p) ** (deal.mulligans + 1)
    return p


def matches(card: Card, kind: str, value: str) -> bool:
    """Whether ``card`` is of the kind asked: ``type`` (its type), ``faction``, ``cost`` (at most the value), ``name``.

    >>> c = Card("关羽", "人", factions=("蜀",), cost=5)
    >>> matches(c, "type", "人"), matches(c, "faction", "魏"), matches(c, "cost", "5"), matches(c, "cost", "4")
    (True, False, True, False)
    """
    if kind == "type":
        return card.type == value
    if kind == "faction":
        return value in card.factions
    if kind == "cost":
        return card.cost is not None and card.cost <= int(value)
    if kind == "name":
        return card.name == value
    raise ValueError(f"kind is one of {', '.join(KINDS)}")


def count_hits(cards: Iterable[tuple[Card, int]], kind: str, value: str) -> int:
    """How many of the deck's cards (``(card, copies)``) are of the kind asked."""
    return sum(n for card, n in cards if matches(card, kind, value))


def sample_hand(deck: Sequence[str], deal: Deal, seed: int) -> list[str]:
    """A seeded sample of the opening hand: the top of one fresh shuffle of ``deck`` (names, one per card).

    >>> sample_hand(["a", "b", "c", "d", "e", "f"], GENERALS_ORDER_DEAL, 1) == sample_hand(
    ...     ["a", "b", "c", "d", "e", "f"], GENERALS_ORDER_DEAL, 1)
    True
    >>> len(sample_hand(["a"] * 40, GENERALS_ORDER_DEAL, 7))
    5
    """
    cards = list(deck)
    random.Random(seed).shuffle(cards)
    return cards[: deal.hand]


def dealt(game: str, decklist: Decklist, db: CardDatabase) -> list[tuple[Card, int]]:
    """The cards the deal draws from, with their copies: 将军令's resource deck (the command pool is not dealt,
    ruling D1); 三国智's camp (events, formations and grain cards are outside it, ruling S10). Unknown names are
    left out (the deck's check lists them)."""
    if game == SANGUO_ZHI:
        camp = split_deck(decklist, db).camp
        names = {n: camp.count(n) for n in dict.fromkeys(camp)}
    else:
        names = {}
        for entry in decklist.entries:
            card = db.lookup(entry.name)
            if card is not None:
                names[card.name] = names.get(card.name, 0) + entry.count
    out = []
    for name, n in names.items():
        card = db.lookup(name)
        if card is not None:
            out.append((card, n))
    return out
