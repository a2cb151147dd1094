"""Account services: make a profile, change it. Each in one transaction with its audit record."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.access import access_own_account
from accounts.models import Profile
from junling.models import record

PROFILE_FIELDS = ("display_name", "display_name_traditional", "club", "region")


def create_profile(user: Any) -> Profile:
    """The user's profile, made empty if he has none (sign-up calls it; calling it again changes nothing)."""
    with transaction.atomic():
        profile, created = Profile.objects.get_or_create(user=user)
        if created:
            record(user, "account.profile.create", profile)
    return profile


def update_profile(user: Any, **fields: str) -> Profile:
    """Change the user's own profile (fields already cleaned by ``accounts.forms.ProfileForm``)."""
    access_own_account(user)
    with transaction.atomic():
        profile, _created = Profile.objects.select_for_update().get_or_create(user=user)
        changed = {k: v for k, v in fields.items() if k in PROFILE_FIELDS and getattr(profile, k) != v}
        for key, value in changed.items():
            setattr(profile, key, value)
        if changed:
            profile.save()
            record(user, "account.profile.update", profile, fields=sorted(changed))
    return profile
