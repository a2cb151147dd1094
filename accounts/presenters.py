"""The profile form's initial values. Read only: a GET never writes. (The profile page, the dashboard and my
games gather every app's rows: ``home.presenters``.)"""

from __future__ import annotations

from typing import Any

from accounts.models import Profile


def profile_of(user: Any) -> Profile | None:
    """The stored profile, or None (an account made before profiles, until it is first saved)."""
    return Profile.objects.filter(user=user).first()


def profile_initial(user: Any) -> dict[str, str]:
    profile = profile_of(user)
    if profile is None:
        return {}
    return {k: getattr(profile, k) for k in ("display_name", "display_name_traditional", "club", "region")}


# --- the dashboard ------------------------------------------------------------------------------------------------
