from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = _("Tournaments and matches")

    def ready(self) -> None:
        from matches.services.event_tables import on_table_finished
        from tables.signals import table_finished

        table_finished.connect(on_table_finished, dispatch_uid="matches.event_tables")
