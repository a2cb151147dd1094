"""Adjudications of game logs (a Celery task replays the log) and the rulings judges record on them.

An adjudication is keyed by the log's sha256, the card database's content hash and the match game it
is for, so that asking twice for the same replay gives the stored verdict (the task is idempotent).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from decks.models import CardDatabaseVersion

from .match import Match, MatchGame
from .rounds import GameLog
from .tournaments import Tournament


class Adjudication(models.Model):
    """The replay of one log: queued, running (with progress), done (with the verdict) or failed."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Replaying")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    key = models.CharField(max_length=64, unique=True, help_text="sha256 of log sha256, database hash and game id")
    log = models.ForeignKey(GameLog, on_delete=models.CASCADE, related_name="adjudications")
    database_hash = models.CharField(max_length=64, blank=True, help_text="the hash the log's header names")
    database_version = models.ForeignKey(
        CardDatabaseVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="adjudications"
    )
    game = models.ForeignKey(MatchGame, null=True, blank=True, on_delete=models.CASCADE, related_name="adjudications")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="adjudications")
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="adjudications"
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.QUEUED)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0, help_text="times a worker started the replay")
    verdict = models.JSONField(null=True, blank=True)
    ok = models.BooleanField(null=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="adjudications"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return f"adjudication {self.pk} of {self.log}"

    @property
    def is_done(self) -> bool:
        return self.status == self.Status.DONE

    @property
    def percent(self) -> int:
        if self.is_done:
            return 100
        if not self.progress_total:
            return 0
        return min(99, self.progress_done * 100 // self.progress_total)


class Ruling(models.Model):
    """A judge's decision on an adjudicated game: the game's winner, the reason, and what it replaced."""

    class Winner(models.TextChoices):
        A = "a", _("Player A")
        B = "b", _("Player B")
        DRAW = "draw", _("Draw")
        NONE = "none", _("Not decided")

    adjudication = models.ForeignKey(Adjudication, on_delete=models.CASCADE, related_name="rulings")
    game = models.ForeignKey(MatchGame, null=True, blank=True, on_delete=models.CASCADE, related_name="rulings")
    judge = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="rulings")
    winner = models.CharField(_("winner"), max_length=8, choices=Winner.choices)
    reason = models.TextField(_("reason"))
    previous = models.JSONField(default=dict, blank=True, help_text="the game's and match's result before the ruling")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"ruling {self.pk} on {self.adjudication}: {self.winner}"
