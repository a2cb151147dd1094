from django.apps import AppConfig


class BoardsConfig(AppConfig):
    name = "boards"
    verbose_name = "Game systems, maps and battle calculators"
