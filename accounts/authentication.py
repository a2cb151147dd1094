"""The API's HTTP Basic, refusing an account that signed up but has not confirmed its e-mail address yet
(the site's login refuses it through allauth; HTTP Basic asks Django's backends directly)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.authentication import BasicScheme
from rest_framework import exceptions
from rest_framework.authentication import BasicAuthentication

from accounts.access import must_confirm_email


class ConfirmedBasicAuthentication(BasicAuthentication):
    def authenticate_credentials(self, userid: str, password: str, request: Any = None) -> tuple[Any, None]:
        user, auth = super().authenticate_credentials(userid, password, request)
        if must_confirm_email(user):
            raise exceptions.AuthenticationFailed(_("Confirm your e-mail address before using the API."))
        return user, auth


class ConfirmedBasicScheme(BasicScheme):
    """The OpenAPI schema describes it as the HTTP Basic it is."""

    target_class = "accounts.authentication.ConfirmedBasicAuthentication"
