"""What every page's layout shows of the matches app: the count of challenges waiting for the reader."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from matches.presenters.lobby import challenges_waiting


def notices(request: HttpRequest) -> dict[str, Any]:
    """``challenges_waiting``: direct challenges the reader has not answered (a badge in the menu)."""
    return {"challenges_waiting": challenges_waiting(getattr(request, "user", None))}
