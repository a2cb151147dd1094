"""Deck services: check without saving, versions, content hashes, what may not be saved, deletion."""

from __future__ import annotations

import hashlib

import pytest

from decks.models import Deck, DeckVersion, Format
from decks.services import decks as services
from engine.cards import Card
from engine.formats import FORMATS
from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.services.registration import register_deck
from tests.decks.factories import (
    BAD_DECKLISTS,
    CardDatabaseVersionFactory,
    DeckFactory,
    FormatFactory,
    TournamentFactory,
    UserFactory,
    legal_text,
    sample_cards,
)

pytestmark = pytest.mark.django_db


def test_check_decklist_saves_nothing_and_returns_the_engine_verdict(fmt):
    checked = services.check_decklist(legal_text(), fmt)
    assert checked.result.legal, checked.result.violations
    assert checked.result.count == 42
    assert Deck.objects.count() == 0 and DeckVersion.objects.count() == 0


def test_check_decklist_reports_a_fourth_copy_as_ruling_d2(fmt):
    checked = services.check_decklist(legal_text(extra="1 關羽"), fmt)
    codes = {v.code: v for v in checked.result.violations}
    assert not checked.result.legal
    assert "too-many-copies" in codes and "关羽" in codes["too-many-copies"].cards


def test_check_decklist_against_a_format_banlist_reports_ruling_d6():
    version = CardDatabaseVersionFactory()
    banned = FormatFactory(card_database_versions=[version], banlist=["Guan Yu"])
    checked = services.check_decklist(legal_text(), banned)
    assert "banned-card" in {v.code for v in checked.result.violations}


def test_format_to_engine_carries_the_allowed_database_hashes_and_banlist():
    version = CardDatabaseVersionFactory()
    fmt = FormatFactory(card_database_versions=[version], banlist=["关羽"])
    engine_format = fmt.to_engine()
    assert engine_format.card_databases == (version.content_hash,)
    assert engine_format.banlist == ("关羽",)
    assert engine_format.allows_database(version.content_hash)


def test_a_card_database_the_format_does_not_allow_makes_the_deck_illegal():
    allowed = CardDatabaseVersionFactory()
    extra = Card(name="诸葛亮", name_en="Zhuge Liang", type="人", factions=("蜀",), cost=5, might=2, wit=7)
    other = CardDatabaseVersionFactory(cards=[*sample_cards(), extra], database__name="other-db")
    assert other.content_hash != allowed.content_hash
    checked = services.check_decklist(
        legal_text(), FormatFactory(card_database_versions=[allowed]), card_database=other.content_hash
    )
    assert not checked.result.legal
    assert checked.card_database_version == other


def test_ensure_default_formats_creates_every_engine_format_once():
    services.ensure_default_formats()
    services.ensure_default_formats()
    assert set(Format.objects.values_list("name", flat=True)) == set(FORMATS)
    for name, efmt in FORMATS.items():
        fmt = Format.objects.get(name=name)
        assert (fmt.game, fmt.ruleset) == (efmt.game, efmt.ruleset)


def test_create_deck_stores_version_1_in_canonical_form_with_hash_and_audit(fmt):
    owner = UserFactory()
    deck = services.create_deck(owner, "Shu rush", fmt, "势力：蜀\n" + legal_text().split("\n", 1)[1])
    version = deck.latest_version()
    assert version.number == 1 and version.legal
    from engine.decklist import format_decklist, parse_decklist

    assert version.decklist == format_decklist(parse_decklist(version.decklist))
    expected = hashlib.sha256(
        version.decklist.encode() + b"\n" + version.card_database_version.content_hash.encode()
    ).hexdigest()
    assert version.content_hash == expected
    assert version.declared_factions == ["蜀"]
    assert ["关羽", 3] in version.resolved["deck"] and version.resolved["pool"] == [["蜀令", 1]]
    assert AuditEvent.objects.filter(verb="deck.create", target_id=str(deck.pk)).exists()


def test_an_illegal_deck_is_saved_with_its_violations_for_later_editing(fmt):
    deck = services.create_deck(UserFactory(), "Too small", fmt, "势力: 蜀\n3 关羽\n")
    version = deck.latest_version()
    assert version.legal is False
    assert "deck-size" in {v["code"] for v in version.check_result["violations"]}


def test_update_deck_makes_a_new_version_and_keeps_the_old_one(fmt):
    owner = UserFactory()
    deck = DeckFactory(owner=owner, format=fmt)
    first = deck.latest_version()
    second = services.update_deck(deck, owner, source=legal_text(extra="1 丈八蛇矛"))
    assert (first.number, second.number) == (1, 2)
    first.refresh_from_db()
    assert "丈八蛇矛" not in first.decklist and "丈八蛇矛" in second.decklist
    assert first.content_hash != second.content_hash
    assert deck.versions.count() == 2


def test_update_deck_with_the_same_content_makes_no_new_version(fmt):
    owner = UserFactory()
    deck = DeckFactory(owner=owner, format=fmt)
    again = services.update_deck(deck, owner, source=legal_text().replace("3 关羽", "关羽 x3"))
    assert again.number == 1 and deck.versions.count() == 1


def test_renaming_a_deck_keeps_its_version(fmt):
    owner = UserFactory()
    deck = DeckFactory(owner=owner, format=fmt)
    services.update_deck(deck, owner, name="Renamed")
    deck.refresh_from_db()
    assert deck.name == "Renamed" and deck.versions.count() == 1


def test_only_the_owner_may_update_or_delete_a_deck(fmt):
    deck = DeckFactory(owner=UserFactory(), format=fmt)
    intruder = UserFactory()
    with pytest.raises(NotAllowed):
        services.update_deck(deck, intruder, source=legal_text())
    with pytest.raises(NotAllowed):
        services.delete_deck(deck, intruder)
    assert deck.versions.count() == 1


def test_unknown_cards_are_refused_on_save_with_the_verdict_ruling_d6(fmt):
    with pytest.raises(services.DeckRefused) as info:
        services.create_deck(UserFactory(), "Typo", fmt, legal_text(extra="3 关于"))
    assert "unknown-card" in {v.code for v in info.value.result.violations}
    assert Deck.objects.count() == 0


@pytest.mark.parametrize("name", ["", "   ", "名" * 10_000])
def test_a_missing_or_huge_deck_name_is_refused_and_nothing_saved(fmt, name):
    with pytest.raises(services.DeckRefused):
        services.create_deck(UserFactory(), name, fmt, legal_text())
    assert Deck.objects.count() == 0


@pytest.mark.parametrize("kind", sorted(BAD_DECKLISTS))
def test_bad_decklist_input_is_unreadable_with_a_reason_and_nothing_saved(fmt, kind):
    with pytest.raises(services.DecklistUnreadable) as info:
        services.create_deck(UserFactory(), "Bad", fmt, BAD_DECKLISTS[kind], filename="deck.txt")
    assert info.value.message
    assert Deck.objects.count() == 0 and DeckVersion.objects.count() == 0


def test_delete_deck_removes_it_with_its_versions(fmt):
    owner = UserFactory()
    deck = DeckFactory(owner=owner, format=fmt)
    services.update_deck(deck, owner, source=legal_text(extra="1 丈八蛇矛"))
    services.delete_deck(deck, owner)
    assert not Deck.objects.exists() and not DeckVersion.objects.exists()
    assert AuditEvent.objects.filter(verb="deck.delete").exists()


def test_delete_deck_is_refused_while_a_version_is_registered_in_a_tournament(fmt):
    owner = UserFactory()
    deck = DeckFactory(owner=owner, format=fmt)
    tournament = TournamentFactory(format=fmt, organiser=UserFactory())
    register_deck(owner, tournament, deck.latest_version())
    with pytest.raises(services.DeckInUse):
        services.delete_deck(deck, owner)
    assert Deck.objects.filter(pk=deck.pk).exists()


def test_export_decklist_round_trips_through_the_engine_in_every_form(fmt):
    from engine.decklist import parse_decklist

    deck = DeckFactory(owner=UserFactory(), format=fmt)
    version = deck.latest_version()
    original = parse_decklist(version.decklist)
    for kind in services.EXPORT_KINDS:
        content, filename, _content_type = services.export_decklist(version, kind)
        assert parse_decklist(content, filename=filename) == original
        assert filename.endswith(services.EXPORT_KINDS[kind][0])


def test_spellings_of_the_same_cards_store_the_same_text_and_hash(fmt):
    owner = UserFactory()
    chinese = services.create_deck(owner, "A", fmt, legal_text()).latest_version()
    english = legal_text().replace("3 关羽", "2 Guan Yu\n1 關羽").replace("3 张飞", "Zhang Fei x3")
    mixed = services.create_deck(owner, "B", fmt, english).latest_version()
    assert mixed.decklist == chinese.decklist
    assert mixed.content_hash == chinese.content_hash
