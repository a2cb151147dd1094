"""A profile for every new sign-up (allauth's ``user_signed_up``)."""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.dispatch import receiver

from accounts.services import create_profile


@receiver(user_signed_up, dispatch_uid="accounts.profile_on_sign_up")
def _profile_on_sign_up(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    create_profile(user)
