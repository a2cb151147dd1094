"""A battle worked out by the calculator and kept as a log: its input (the documented calculator input,
``python -m engine battle GAME FILE``), the engine's result, and the seed with its commitment when the site
rolled the dice."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.systems import all_systems


def calculator_choices() -> list[tuple[str, str]]:
    return [(s.id, s.name) for s in all_systems() if s.battle_calculator]


class BattleLog(models.Model):
    """One kept battle; ``token`` is its permalink."""

    system = models.CharField(_("game"), max_length=32, choices=calculator_choices)
    token = models.CharField(max_length=32, unique=True)
    spec = models.JSONField(help_text="The calculator input, dice and seed included.")
    result = models.JSONField(
        help_text="The engine's result (English steps; pages re-narrate in the reader's language)."
    )
    site_rolled = models.BooleanField(default=False, help_text="The site drew the seed (committed before rolling).")
    seed = models.BigIntegerField(null=True, blank=True)
    commitment = models.CharField(max_length=80, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.system} battle {self.token}"
