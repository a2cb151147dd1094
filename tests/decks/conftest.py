"""Fixtures shared by the decks tests: a format with a sample card database, logged-in users, an imported file."""

from __future__ import annotations

import pytest

from decks.models import CardDatabaseVersion, Format
from decks.services.cards import import_card_database
from tests.decks.cardfiles import json_bytes
from tests.decks.factories import FormatFactory, UserFactory


@pytest.fixture
def fmt(db: None) -> Format:
    """A Generals' Order format allowing one new sample card database (tests.decks.factories.sample_cards)."""
    return FormatFactory()


@pytest.fixture
def owner(client, db: None):  # type: ignore[no-untyped-def]
    """A player logged in on ``client``."""
    user = UserFactory()
    client.force_login(user)
    return user


@pytest.fixture
def staff_client(client, db: None):  # type: ignore[no-untyped-def]
    """``client`` logged in as site staff (not a superuser)."""
    client.force_login(UserFactory(staff=True))
    return client


@pytest.fixture
def sample_version(db: None) -> CardDatabaseVersion:
    """The sample card file (tests.decks.cardfiles) imported as a staff upload would be."""
    return import_card_database(json_bytes(), filename="sample.json")
