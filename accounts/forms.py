"""Account input: the profile form and the site's login form (allauth's, as django-axes needs it)."""

from __future__ import annotations

from typing import Any

from allauth.account.app_settings import EmailVerificationMethod
from allauth.account.forms import LoginForm
from allauth.account.models import EmailAddress
from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile


def _one_line(value: str) -> str:
    return " ".join(str(value or "").split())


class ProfileForm(forms.Form):
    display_name = forms.CharField(
        label=_("Display name (simplified script)"),
        max_length=Profile._meta.get_field("display_name").max_length,
        required=False,
    )
    display_name_traditional = forms.CharField(
        label=_("Display name (traditional script)"),
        max_length=Profile._meta.get_field("display_name_traditional").max_length,
        required=False,
        help_text=_("Left empty, readers of traditional script see the simplified name."),
    )
    club = forms.CharField(label=_("Club"), max_length=Profile._meta.get_field("club").max_length, required=False)
    region = forms.CharField(label=_("Region"), max_length=Profile._meta.get_field("region").max_length, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for key in self.fields:
            if key in data:
                text = _one_line(data[key])
                if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
                    self.add_error(key, _("Control characters are not allowed."))
                data[key] = text
        return data


class SiteLoginForm(LoginForm):
    """allauth's login form, with two additions:

    - its user field (allauth's ``login``: a user name or an e-mail address) is posted as ``username``, the
      name Django's own login form, password managers and the site's older clients and tests use; a post
      naming it ``login`` is read too;
    - an account with no e-mail address at all (made by staff in the admin or by ``loaddemo``) logs in
      without the e-mail confirmation that every sign-up needs (settings.ACCOUNT_EMAIL_VERIFICATION).
    """

    HTML_NAMES = {"login": "username"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        data = kwargs.get("data", args[0] if args else None)
        if data is not None and "username" not in data and "login" in data:
            data = data.copy()
            data["username"] = data["login"]
            if args:
                args = (data, *args[1:])
            else:
                kwargs["data"] = data
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("User name or e-mail")
        self.fields["login"].widget.attrs.update(autocomplete="username", placeholder=_("User name or e-mail"))

    def add_prefix(self, field_name: str) -> str:
        return super().add_prefix(self.HTML_NAMES.get(field_name, field_name))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        login = getattr(self, "_login", None)
        if login is not None and not EmailAddress.objects.filter(user=login.user).exists():  # made by staff
            login.email_verification = EmailVerificationMethod.NONE
        return cleaned
