"""A player's profile: the names others see (in simplified and traditional script), club and region.

The login itself is Django's user and django-allauth's e-mail addresses; a profile is made on sign-up
(``accounts.services.create_profile``) and, for accounts made otherwise, the first time it is saved.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(_("display name (simplified script)"), max_length=60, blank=True)
    display_name_traditional = models.CharField(_("display name (traditional script)"), max_length=60, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    region = models.CharField(_("region"), max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()

    def name_in(self, language: str) -> str:
        """The display name in the reader's script ('zh-hant' readers get the traditional one), else the user name."""
        if language.lower() in ("zh-hant", "zh-tw", "zh-hk") and self.display_name_traditional:
            return self.display_name_traditional
        return self.display_name or self.display_name_traditional or self.user.get_username()
