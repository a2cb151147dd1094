"""Builders for deck-legality tests: small card databases made in the test, so tests do not depend on
which cards the bundled starter database holds."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from engine.cards import GENERALS_ORDER, SANGUO_ZHI, Card, CardDatabase
from engine.decklist import DeckEntry, Decklist

SHU = tuple(f"蜀将{i}" for i in range(1, 21))
"""20 Shu generals named 蜀将1 … 蜀将20 (English "Shu General 1" …), cost i % 6."""
NO_FACTION_ITEMS = tuple(f"宝物{i}" for i in range(1, 11))


def go_cards() -> list[Card]:
    """Generals' Order test cards: Shu generals, a few other factions, a dual card, 无 items, commandments."""
    cards = [
        Card(name, "人", name_en=f"Shu General {i}", factions=("蜀",), cost=i % 6, might=3, wit=3)
        for i, name in enumerate(SHU, start=1)
    ]
    cards += [Card(name, "物", subtype="宝物", name_en=f"Treasure {i}") for i, name in enumerate(NO_FACTION_ITEMS, 1)]
    cards += [
        Card("关羽", "人", name_en="Guan Yu", aliases=("关云长",), factions=("蜀",), cost=5, might=5, wit=3),
        Card("曹操", "人", name_en="Cao Cao", factions=("魏",), cost=4, might=4, wit=5),
        Card("孙权", "人", name_en="Sun Quan", factions=("吴",), cost=4, might=3, wit=4),
        Card("张角", "人", name_en="Zhang Jiao", factions=("黄巾",), cost=3, might=2, wit=4),
        Card("刘辟", "人", name_en="Liu Pi", factions=("蜀", "黄巾"), cost=2, might=2, wit=2),
        Card("火攻", "事", subtype="火计", name_en="Fire Attack", cost=1),
        Card("反军", "令", name_en="Rebel Army", factions=("蜀",)),
        Card("魏令", "令", name_en="Wei Order", factions=("魏",)),
        Card("军令甲", "令", name_en="Order A"),
        Card("军令乙", "令", name_en="Order B"),
        Card("军令丙", "令", name_en="Order C"),
        Card("军令丁", "令", name_en="Order D"),
    ]
    return cards


def go_db(extra: Iterable[Card] = ()) -> CardDatabase:
    """A small Generals' Order database (plus ``extra`` cards)."""
    return CardDatabase([*go_cards(), *extra], game=GENERALS_ORDER, name="test-go", version="1")


def deck(*pairs: tuple[str, int], pool: Iterable[tuple[str, int]] = (), factions: Iterable[str] = ("蜀",)) -> Decklist:
    """A decklist from (name, count) pairs, one line each."""
    entries = tuple(DeckEntry(n, c, i) for i, (n, c) in enumerate(pairs, start=1))
    pool_entries = tuple(DeckEntry(n, c, len(pairs) + 1 + i) for i, (n, c) in enumerate(pool, start=1))
    return Decklist(entries, pool_entries, tuple(factions))


def shu_deck(size: int = 40, pool: Iterable[tuple[str, int]] = (("反军", 1),)) -> Decklist:
    """A legal-shaped Shu deck of ``size`` cards: Shu generals at 3 copies, the rest 1 copy."""
    pairs: list[tuple[str, int]] = []
    left = size
    for name in SHU:
        if left <= 0:
            break
        n = min(3, left)
        pairs.append((name, n))
        left -= n
    assert left == 0, "at most 60 cards of Shu generals"
    return deck(*pairs, pool=pool)


def sgz_cards() -> list[Card]:
    """三国智 test cards: 60 named generals, a nameless 兵权, grain, 7 events, a 谋略."""
    cards = [Card(f"将领{i}", "将领", name_en=f"Officer {i}", cost=i % 5) for i in range(1, 61)]
    cards.append(Card("步兵兵权", "兵权", nameless=True))
    cards.append(Card("粮草", "粮草"))
    cards += [Card(f"事件{i}", "事件", name_en=f"Event {i}") for i in range(1, 8)]
    cards.append(Card("连环计", "谋略"))
    return cards


def sgz_db() -> CardDatabase:
    return CardDatabase(sgz_cards(), game=SANGUO_ZHI, name="test-sgz", version="1")


def sgz_deck(size: int = 50, events: int = 0, pool_events: int = 0) -> Decklist:
    """A 三国智 deck of ``size`` distinct named officers, plus events in the deck and beside it."""
    pairs = [(f"将领{i}", 1) for i in range(1, size + 1)]
    pairs += [(f"事件{i}", 1) for i in range(1, events + 1)]
    pool = [(f"事件{i}", 1) for i in range(events + 1, events + pool_events + 1)]
    return deck(*pairs, pool=pool, factions=())


@pytest.fixture
def db() -> CardDatabase:
    return go_db()
