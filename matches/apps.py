from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = _("Tournaments and matches")

    def ready(self) -> None:
        # Django loads models before ready(): these imports wait until then, as Django asks
        from matches.access import BoardTableEvents
        from matches.services.event_tables import on_table_finished
        from tables.access import use_event_policy
        from tables.signals import table_finished

        table_finished.connect(on_table_finished, dispatch_uid="matches.event_tables")
        use_event_policy(BoardTableEvents())
