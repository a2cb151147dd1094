"""Shared fixtures of the matches tests: a format, an organiser, judges, an open tournament, an API client."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from decks.models import Format
from matches.models import Tournament
from tests.matches.adjudication_support import starter_version
from tests.matches.factories import FormatFactory, TournamentFactory, UserFactory
from tests.matches.test_play_factories import quick_setup


@pytest.fixture
def fmt(db: None) -> Format:
    return FormatFactory()


@pytest.fixture
def organiser(db: None) -> Any:
    return UserFactory(username="organiser")


@pytest.fixture
def judge(db: None) -> Any:
    """A user named judge (make him a judge where the test needs it)."""
    return UserFactory(username="judge")


@pytest.fixture
def any_judge(judge: Any) -> Any:
    """``judge``, a judge of some other tournament (of the starter card database): he may upload loose logs."""
    TournamentFactory(format=FormatFactory(versions=[starter_version()]), judges=[judge])
    return judge


@pytest.fixture
def tournament(fmt: Format, organiser: Any) -> Tournament:
    """Open for registration, organised by ``organiser``."""
    return TournamentFactory(format=fmt, created_by=organiser)


@pytest.fixture
def api() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def setup():
    """Refereed play: (format, alice, bob, alice's 蜀 deck version, bob's 魏 deck version)."""
    return quick_setup()
