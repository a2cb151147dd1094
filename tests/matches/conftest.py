"""Shared fixtures of the matches tests: a format, an organiser, a judge, an open tournament, an API client."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from decks.models import Format
from matches.models import Tournament
from tests.matches.factories import FormatFactory, TournamentFactory, UserFactory


@pytest.fixture
def fmt(db: None) -> Format:
    return FormatFactory()


@pytest.fixture
def organiser(db: None) -> Any:
    return UserFactory(username="organiser")


@pytest.fixture
def tournament(fmt: Format, organiser: Any) -> Tournament:
    """Open for registration, organised by ``organiser``."""
    return TournamentFactory(format=fmt, created_by=organiser)


@pytest.fixture
def api() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")
