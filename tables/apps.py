from django.apps import AppConfig


class TablesConfig(AppConfig):
    """Refereed board-game tables of 2–4 seats (issue 15): any game system with a rules engine and a map."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tables"
