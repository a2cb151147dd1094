"""Factories for deck tests: card-database versions built from engine cards, formats, users, decks, tournaments.

Card databases are created directly (no dependency on the starter-file import), as
an engine CardDatabase stored through CardDatabaseVersion.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from decks.models import CardDatabase, CardDatabaseVersion, Deck, Format
from decks.services import decks as deck_services
from engine import cards as engine_cards
from engine.cards import Card
from matches.models import Tournament

_serial = itertools.count(1)

SHU_GENERALS = [
    ("关羽", "Guan Yu", 5),
    ("张飞", "Zhang Fei", 4),
    ("赵云", "Zhao Yun", 4),
    ("马超", "Ma Chao", 4),
    ("黄忠", "Huang Zhong", 3),
    ("魏延", "Wei Yan", 3),
    ("姜维", "Jiang Wei", 3),
    ("关平", "Guan Ping", 2),
    ("周仓", "Zhou Cang", 2),
    ("廖化", "Liao Hua", 1),
    ("马岱", "Ma Dai", 2),
    ("王平", "Wang Ping", 2),
    ("张苞", "Zhang Bao", 2),
    ("关兴", "Guan Xing", 2),
]
WEI_GENERALS = [("曹操", "Cao Cao", 4), ("夏侯惇", "Xiahou Dun", 3), ("张辽", "Zhang Liao", 3)]


def sample_cards() -> list[Card]:
    """A small Generals' Order card set: 14 Shu generals, 3 Wei, a dual card, equipment, commandments."""
    cards = [Card(name=n, name_en=en, type="人", factions=("蜀",), cost=c, might=c, wit=2) for n, en, c in SHU_GENERALS]
    cards += [
        Card(name=n, name_en=en, type="人", factions=("魏",), cost=c, might=c, wit=3) for n, en, c in WEI_GENERALS
    ]
    cards += [
        Card(name="刘备", name_en="Liu Bei", type="人", factions=("蜀", "黄巾"), cost=3, might=2, wit=4),
        Card(name="丈八蛇矛", name_en="Serpent Spear", type="物", subtype="宝物", cost=2),
        Card(name="火攻", name_en="Fire Attack", type="事", subtype="火计", cost=1),
        Card(name="反军", name_en="Rebel Army", type="令"),
        Card(name="蜀令", name_en="Order of Shu", type="令", factions=("蜀",)),
        Card(name="魏令", name_en="Order of Wei", type="令", factions=("魏",)),
    ]
    return cards


def make_card_database_version(cards: Iterable[Card] | None = None, *, name: str = "", version: str = "1"):
    """Store an engine CardDatabase as a CardDatabaseVersion (document, hash and count from the engine)."""
    n = next(_serial)
    db = engine_cards.CardDatabase(
        list(cards) if cards is not None else sample_cards(),
        game=engine_cards.GENERALS_ORDER,
        name=name or f"test-db-{n}",
        version=version,
    )
    database, _ = CardDatabase.objects.get_or_create(name=db.name, defaults={"game": db.game})
    existing = CardDatabaseVersion.objects.filter(content_hash=db.content_hash).first()
    if existing is not None:
        return existing
    return CardDatabaseVersion.objects.create(
        database=database,
        version=version,
        document=db.to_document(),
        content_hash=db.content_hash,
        card_count=len(db),
    )


def make_format(versions: Iterable[CardDatabaseVersion] = (), *, name: str = "", banlist: list[str] | None = None):
    fmt = Format.objects.create(
        name=name or f"test-format-{next(_serial)}",
        title="Test format",
        title_zh="测试赛制",
        game=engine_cards.GENERALS_ORDER,
        ruleset=engine_cards.GENERALS_ORDER,
        banlist=banlist or [],
    )
    fmt.card_database_versions.set(list(versions))
    return fmt


def make_user(username: str = "", **extra: Any):
    username = username or f"player{next(_serial)}"
    # No password: hashing one costs ~0.3 s per user; tests log in with force_login.
    return get_user_model().objects.create_user(username=username, password=None, **extra)


def legal_text(factions: str = "蜀", extra: str = "") -> str:
    """42 Shu cards (14 names x 3) with a Shu commandment in the pool: legal under rulings D1-D3."""
    lines = [f"势力: {factions}"] + [f"3 {n}" for n, _en, _c in SHU_GENERALS] + [extra, "令:", "1 蜀令"]
    return "\n".join(line for line in lines if line) + "\n"


def make_deck(owner, fmt: Format, text: str | None = None, name: str = "") -> Deck:
    return deck_services.create_deck(owner, name or f"Deck {next(_serial)}", fmt, text or legal_text())


def make_tournament(
    fmt: Format,
    organiser,
    *,
    judges=(),
    status: str = Tournament.Status.REGISTRATION,
    opens: datetime.datetime | None = None,
    closes: datetime.datetime | None = None,
) -> Tournament:
    now = timezone.now()
    tournament = Tournament.objects.create(
        name=f"Cup {next(_serial)}",
        format=fmt,
        status=status,
        registration_opens=opens or now - datetime.timedelta(days=1),
        registration_closes=closes or now + datetime.timedelta(days=1),
        created_by=organiser,
    )
    tournament.organisers.set([organiser])
    tournament.judges.set(list(judges))
    return tournament


BAD_DECKLISTS: dict[str, bytes] = {
    "empty": b"",
    "blank-lines-only": b"\n  \n\t\n",
    "binary": bytes(range(256)) * 16,
    "ten-megabytes": "3 关羽\n".encode() * (10 * 1024 * 1024 // 9 + 1),
    "hundred-thousand-lines": "1 关羽\n".encode() * 100_000,
    "negative-count": "势力: 蜀\n-3 关羽\n".encode(),
    "zero-count": "势力: 蜀\n0 关羽\n".encode(),
    "huge-count": "势力: 蜀\n99999999999999999999999 关羽\n".encode(),
    "ten-thousand-character-name": ("势力: 蜀\n3 " + "关" * 10_000 + "\n").encode(),
    "mixed-utf8-and-gbk": "势力: 蜀\n3 关羽\n".encode() + "3 张飞\n".encode("gbk"),
    "mixed-utf8-gbk-and-utf16": "势力: 蜀\n3 关羽\n".encode()
    + "3 张飞\n".encode("gbk")
    + "3 赵云\n".encode("utf-16-le"),
}
"""Decklist files that must be refused with a clear error (never a 500, nothing saved)."""
