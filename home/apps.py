from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HomeConfig(AppConfig):
    """The top layer: pages that gather what every app below has for one player (the dashboard, my games),
    and the commands that set up or exercise the whole site (``loaddemo``, ``multiprocess``)."""

    name = "home"
    verbose_name = _("Home")
