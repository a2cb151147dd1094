"""Issue 29 point 7: one limit for the same act on every path. The pages that upload or import (the judge's log
upload, the board-game judge's replay, card database, map and game-data imports) count in the API's ``upload``
bucket (``junling.throttles.check_page_rate``): the page and the API together, per user."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.throttling import ScopedRateThrottle

from matches.models import Adjudication
from tests.matches.adjudication_support import recorded_log
from tests.matches.factories import TournamentFactory, UserFactory
from tests.tables.conftest import PLACEMENT

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_a_minute(monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"deck-check": "600/minute", "upload": "2/minute"})
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def judge():
    user = UserFactory(username="judy")
    TournamentFactory(judges=[user])
    return user


def log_file() -> SimpleUploadedFile:
    return SimpleUploadedFile("g.json", recorded_log(3))


def test_the_judges_upload_page_and_the_api_share_one_limit(client, judge, two_a_minute):
    client.force_login(judge)
    assert client.post("/api/adjudications/", {"log": log_file()}).status_code == 201
    assert client.post("/adjudications/upload", {"log": log_file()}).status_code == 302
    page = client.post("/adjudications/upload", {"log": log_file()}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert page.status_code == 429 and "秒" in page.content.decode()
    api = client.post("/api/adjudications/", {"log": log_file()})
    assert api.status_code == 429 and api.json()["error"]["code"] == "throttled"
    assert Adjudication.objects.count() == 2  # nothing queued past the limit


def test_the_board_game_judges_replay_page_counts_in_the_same_bucket(client, judge, two_a_minute):
    client.force_login(judge)
    client.post("/api/adjudications/", {"log": log_file()})
    client.post("/api/adjudications/", {"log": log_file()})
    page = client.post("/tables/judge/", {"log": SimpleUploadedFile("log.json", b"{}")})
    assert page.status_code == 429


def test_the_map_import_page_is_limited_like_the_map_import_api(client, two_a_minute, django_user_model):
    staff = django_user_model.objects.create_user("root", is_staff=True, is_superuser=True)
    client.force_login(staff)
    codes = [
        client.post(f"/games/{PLACEMENT}/maps/import", {"file": SimpleUploadedFile("m.json", b"{}")}).status_code
        for _ in range(3)
    ]
    assert codes[:2] == [400, 400] and codes[2] == 429
    api = client.post("/api/maps/import", {"system": PLACEMENT, "file": SimpleUploadedFile("m.json", b"{}")})
    assert api.status_code == 429
