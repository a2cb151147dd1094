"""factory_boy factories of the decks app: users, card-database versions built from engine cards, formats, decks.

Card databases are created directly (no dependency on the starter-file import), as an engine
CardDatabase stored through CardDatabaseVersion. Decks are created through the deck service, so
each has its version 1 as the site would store it. The ``make_*`` functions are the short forms
the other apps' tests use.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone
from factory.django import DjangoModelFactory

from decks.models import CardDatabase, CardDatabaseVersion, Deck, Format
from decks.services import decks as deck_services
from engine import cards as engine_cards
from engine.cards import Card
from matches.models import Tournament

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


def legal_text(factions: str = "蜀", extra: str = "") -> str:
    """42 Shu cards (14 names x 3) with a Shu commandment in the pool: legal under rulings D1-D3."""
    lines = [f"势力: {factions}"] + [f"3 {n}" for n, _en, _c in SHU_GENERALS] + [extra, "令:", "1 蜀令"]
    return "\n".join(line for line in lines if line) + "\n"


class UserFactory(DjangoModelFactory):
    """A player; ``staff=True`` makes site staff. No password: hashing one costs ~0.3 s; log in with force_login."""

    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"player{n + 1}")

    class Params:
        staff = factory.Trait(is_staff=True)

    @classmethod
    def _create(cls, model_class: Any, *args: Any, **kwargs: Any) -> Any:
        manager = cls._get_manager(model_class)
        return manager.create_user(*args, password=None, **kwargs)


class CardDatabaseFactory(DjangoModelFactory):
    class Meta:
        model = CardDatabase
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"test-db-{n + 1}")
    game = engine_cards.GENERALS_ORDER


class CardDatabaseVersionFactory(DjangoModelFactory):
    """An engine CardDatabase of ``cards`` (default: sample_cards()) stored as a version; the same content is reused."""

    class Meta:
        model = CardDatabaseVersion

    database = factory.SubFactory(CardDatabaseFactory)
    version = "1"
    cards = factory.LazyFunction(sample_cards)  # not a model field: _create turns it into the document

    @classmethod
    def _create(cls, model_class: Any, *args: Any, **kwargs: Any) -> Any:
        database, version, cards = kwargs["database"], kwargs["version"], kwargs["cards"]
        db = engine_cards.CardDatabase(list(cards), game=database.game, name=database.name, version=version)
        existing = model_class.objects.filter(content_hash=db.content_hash).first()
        if existing is not None:
            return existing
        return model_class.objects.create(
            database=database,
            version=version,
            document=db.to_document(),
            content_hash=db.content_hash,
            card_count=len(db),
        )


class FormatFactory(DjangoModelFactory):
    """A Generals' Order format allowing ``card_database_versions`` (default: one new sample version; [] for none,
    which the site refuses to read decks against)."""

    class Meta:
        model = Format
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"test-format-{n + 1}")
    title = "Test format"
    title_zh = "测试赛制"
    game = engine_cards.GENERALS_ORDER
    ruleset = engine_cards.GENERALS_ORDER
    banlist = factory.LazyFunction(list)

    @factory.post_generation
    def card_database_versions(self, create: bool, extracted: Iterable[CardDatabaseVersion] | None, **_kw: Any) -> None:
        if create:
            versions = [CardDatabaseVersionFactory()] if extracted is None else list(extracted)
            self.card_database_versions.set(versions)


class DeckFactory(DjangoModelFactory):
    """A deck with its version 1, stored by the deck service (as a player's save would)."""

    class Meta:
        model = Deck

    owner = factory.SubFactory(UserFactory)
    format = factory.SubFactory(FormatFactory)
    name = factory.Sequence(lambda n: f"Deck {n + 1}")
    text = factory.LazyFunction(legal_text)  # not a model field: the decklist of version 1

    @classmethod
    def _create(cls, model_class: Any, *args: Any, **kwargs: Any) -> Any:
        return deck_services.create_deck(kwargs["owner"], kwargs["name"], kwargs["format"], kwargs["text"])


class TournamentFactory(DjangoModelFactory):
    """A tournament open for registration since yesterday until tomorrow; ``organiser`` organises it."""

    class Meta:
        model = Tournament
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Cup {n + 1}")
    format = factory.SubFactory(FormatFactory)
    status = Tournament.Status.REGISTRATION
    registration_opens = factory.LazyFunction(lambda: timezone.now() - datetime.timedelta(days=1))
    registration_closes = factory.LazyFunction(lambda: timezone.now() + datetime.timedelta(days=1))
    created_by = factory.SelfAttribute("organiser")

    class Params:
        organiser = factory.SubFactory(UserFactory)

    @factory.post_generation
    def organisers(self, create: bool, extracted: Iterable[Any] | None, **_kw: Any) -> None:
        if create:
            self.organisers.set(list(extracted) if extracted else [self.created_by])

    @factory.post_generation
    def judges(self, create: bool, extracted: Iterable[Any] | None, **_kw: Any) -> None:
        if create and extracted:
            self.judges.set(list(extracted))


# --- the short forms the other apps' tests use ------------------------------------------------------------------


def make_card_database_version(cards: Iterable[Card] | None = None, *, name: str = "", version: str = "1"):
    extra: dict[str, Any] = {"database__name": name} if name else {}
    if cards is not None:
        extra["cards"] = list(cards)
    return CardDatabaseVersionFactory(version=version, **extra)


def make_format(versions: Iterable[CardDatabaseVersion] = (), *, name: str = "", banlist: list[str] | None = None):
    """A format over ``versions`` (default: one new sample version; a format always names its versions)."""
    extra: dict[str, Any] = {"name": name} if name else {}
    chosen = list(versions) or None
    return FormatFactory(card_database_versions=chosen, banlist=banlist or [], **extra)


def make_user(username: str = "", **extra: Any):
    return UserFactory(**({"username": username} if username else {}), **extra)


def make_deck(owner, fmt: Format, text: str | None = None, name: str = "") -> Deck:
    return DeckFactory.create(owner=owner, format=fmt, text=text or legal_text(), **({"name": name} if name else {}))


def make_tournament(
    fmt: Format,
    organiser,
    *,
    judges=(),
    status: str = Tournament.Status.REGISTRATION,
    opens: datetime.datetime | None = None,
    closes: datetime.datetime | None = None,
) -> Tournament:
    extra: dict[str, Any] = {}
    if opens is not None:
        extra["registration_opens"] = opens
    if closes is not None:
        extra["registration_closes"] = closes
    return TournamentFactory.create(format=fmt, organiser=organiser, judges=list(judges), status=status, **extra)


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
