"""Fixtures of the boards tests: the bundled test maps and data, users who may and may not import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

DATA = Path(__file__).resolve().parent.parent.parent / "engine" / "data"


def bundled(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def as_bytes(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


@pytest.fixture
def player(db: None) -> Any:
    return get_user_model().objects.create_user("player", "p@example.org", "pw")


@pytest.fixture
def staff(db: None) -> Any:
    return get_user_model().objects.create_user("staffer", "s@example.org", "pw", is_staff=True)


@pytest.fixture
def map_organiser(db: None) -> Any:
    """An organiser staff approved: granted boards.add_gamemap."""
    user = get_user_model().objects.create_user("mapper", "m@example.org", "pw")
    user.user_permissions.add(Permission.objects.get(codename="add_gamemap", content_type__app_label="boards"))
    return get_user_model().objects.get(pk=user.pk)


@pytest.fixture
def test_maps(db: None) -> list[Any]:
    from boards.services.maps import ensure_test_maps

    return ensure_test_maps()
