"""Who may see and change a profile and a dashboard: the one answer per question (docs/architecture.md).

A profile's public fields (display names, club, region, user name) are for everyone; its e-mail
addresses and the dashboard are the owner's alone; only the owner edits his profile.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.http import Http404
from django.utils.translation import gettext as _

from junling.errors import NotAllowed


def _authenticated(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def is_own(user: Any, owner: Any) -> bool:
    return _authenticated(user) and getattr(owner, "pk", None) == user.pk


def can_edit_profile(user: Any, owner: Any) -> bool:
    """Only the owner edits a profile (staff use the admin)."""
    return is_own(user, owner)


def access_profile_owner(username: Any) -> Any:
    """The active user called ``username`` whose public profile anyone may see; else Http404."""
    name = str(username or "")[:150]
    owner = get_user_model().objects.filter(username=name, is_active=True).first()
    if owner is None:
        raise Http404(_("There is no such player."))
    return owner


def access_own_account(user: Any) -> Any:
    """``user`` if logged in (his profile form, his dashboard); else NotAllowed."""
    if not _authenticated(user):
        raise NotAllowed(_("Log in to see your own page."), code="account.login")
    return user


def must_confirm_email(user: Any) -> bool:
    """An account with e-mail addresses (every sign-up) but none confirmed may not log in yet, on the site
    or through the API. Accounts made by staff without an address (the admin, loaddemo) need none."""
    from allauth.account.models import EmailAddress

    addresses = EmailAddress.objects.filter(user=user)
    return addresses.exists() and not addresses.filter(verified=True).exists()
