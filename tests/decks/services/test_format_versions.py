"""A format names the card-database versions it allows; a new import changes nothing until chosen (issue 11 point 5)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decks.models import Format
from decks.services import decks as services
from decks.services.cards import default_version, ensure_starter_database, import_card_database
from engine import cards as engine_cards
from engine.formats import DEFAULT_FORMAT
from junling.errors import NotAllowed
from junling.models import AuditEvent
from tests.decks.factories import CardDatabaseVersionFactory, FormatFactory, UserFactory, legal_text, sample_cards

pytestmark = pytest.mark.django_db

STARTER_DECK = (engine_cards.DATA_DIR / "decks" / "shu_starter.txt").read_text(encoding="utf-8")


def _starter_site():
    starter = ensure_starter_database()
    services.ensure_default_formats()
    return starter, Format.objects.get(name=DEFAULT_FORMAT[engine_cards.GENERALS_ORDER])


def _new_database():
    """A valid Generals' Order database that lacks the starter decks' cards (what broke them in issue 11)."""
    db = engine_cards.CardDatabase(sample_cards(), game=engine_cards.GENERALS_ORDER, name="staff-import", version="9")
    return engine_cards.dump_json(db).encode("utf-8")


def test_the_bundled_formats_name_the_stored_starter_version():
    starter, fmt = _starter_site()
    assert list(fmt.card_database_versions.all()) == [starter]
    assert fmt.default_card_database_version() == starter


def test_formats_created_before_the_starter_import_get_it_linked_by_the_import():
    services.ensure_default_formats()
    fmt = Format.objects.get(name=DEFAULT_FORMAT[engine_cards.GENERALS_ORDER])
    assert not fmt.card_database_versions.exists()
    starter = ensure_starter_database()
    assert list(fmt.card_database_versions.all()) == [starter]


def test_a_staff_import_leaves_the_starter_decks_legal_and_the_default_format_unchanged():
    starter, fmt = _starter_site()
    staff = UserFactory(staff=True)
    new = import_card_database(_new_database(), filename="new.json", actor=staff)
    assert new.created_at >= starter.created_at
    services.ensure_default_formats()  # what a page does on its first visit: still no change
    assert list(fmt.card_database_versions.all()) == [starter]
    checked = services.check_decklist(STARTER_DECK, fmt)
    assert checked.card_database_version == starter
    assert checked.result.legal, checked.result.violations
    assert default_version() == starter


def test_choosing_the_new_version_for_a_format_switches_it():
    _starter, fmt = _starter_site()
    staff = UserFactory(staff=True)
    new = import_card_database(_new_database(), filename="new.json", actor=staff)
    services.set_format_card_databases(fmt, [new], staff)
    assert fmt.default_card_database_version() == new
    assert default_version() == new
    assert services.check_decklist(legal_text(), fmt).card_database_version == new
    assert AuditEvent.objects.filter(verb="format.card_databases", actor=staff).exists()


def test_only_staff_choose_a_format_s_versions():
    fmt = FormatFactory()
    with pytest.raises(NotAllowed):
        services.set_format_card_databases(fmt, [CardDatabaseVersionFactory()], UserFactory())


def test_a_format_with_no_version_refuses_with_a_clear_message():
    fmt = FormatFactory(card_database_versions=[])
    with pytest.raises(services.DeckRefused, match="names no card-database version") as caught:
        services.check_decklist(legal_text(), fmt)
    assert caught.value.code == "format.no_card_database"
    with pytest.raises(services.DeckRefused):
        services.set_format_card_databases(fmt, [], UserFactory(staff=True))


def test_choosing_the_new_version_through_the_admin_switches_it(client):
    _starter, fmt = _starter_site()
    staff = UserFactory(staff=True, is_superuser=True)
    new = import_card_database(_new_database(), filename="new.json", actor=staff)
    client.force_login(staff)
    url = reverse("admin:decks_format_change", args=[fmt.pk])
    data = {
        "name": fmt.name,
        "title": fmt.title,
        "title_zh": fmt.title_zh,
        "game": fmt.game,
        "ruleset": fmt.ruleset,
        "card_database_versions": [new.pk],
        "banlist": "[]",
    }
    response = client.post(url, data)
    assert response.status_code == 302, response.content[:2000]
    assert fmt.default_card_database_version() == new
    assert AuditEvent.objects.filter(verb="format.card_databases", actor=staff).exists()
