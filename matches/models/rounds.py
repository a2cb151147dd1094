"""Rounds, game logs, standings snapshots and ratings (the Match model is in ``match.py``).

A Swiss, round robin or elimination round of a tournament is a Round; its matches are drafted
(pairings under review), published, played and finished. Game logs are stored by content hash
(engine/log.py writes them).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.cards import GENERALS_ORDER

from .tournaments import Tournament, system_choices


class Round(models.Model):
    """One round of a tournament: its pairings are a draft until the organiser publishes them."""

    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        ELIMINATION = "elimination", _("Single elimination")
        TOP_CUT = "top_cut", _("Top cut")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft (pairings under review)")
        PUBLISHED = "published", _("Published")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.SWISS)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.DRAFT)
    notes = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    # When the players were told by e-mail that the pairings are up (once per round; the task is idempotent).
    notified_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Published to be played on the site's tables (``event_tables``): a bidding table is seated once its bids
    # are resolved (issue 26).
    on_tables = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class GameLog(models.Model):
    """A game's log (JSON text written by engine/log.py), stored once per content hash."""

    class Source(models.TextChoices):
        REFEREED = "refereed", _("Refereed by the server")
        UPLOADED = "uploaded", _("Uploaded")
        CLI = "cli", _("Command line")

    sha256 = models.CharField(max_length=64, unique=True)
    content = models.TextField()
    size = models.PositiveIntegerField(default=0)
    signed = models.BooleanField(default=False)
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.UPLOADED)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="game_logs"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"log {self.sha256[:12]}"


class StandingsSnapshot(models.Model):
    """Standings after some results, keyed by the hash of the results they were computed from."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings_snapshots")
    round_number = models.PositiveSmallIntegerField(default=0)
    results_key = models.CharField(max_length=64)
    computed_at = models.DateTimeField(auto_now_add=True)
    rows = models.JSONField(default=list)

    class Meta:
        ordering = ["tournament", "-computed_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "results_key"], name="one_snapshot_per_result_set")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} standings after round {self.round_number}"


class Rating(models.Model):
    """A player's OpenSkill (Plackett-Luce) rating in one game system; ordinal = mu - 3 sigma orders the game's
    leaderboard. Each game rates apart: a 龙虎三国志 placement says nothing of a 将军令 match."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    system = models.CharField(_("game system"), max_length=32, choices=system_choices, default=GENERALS_ORDER)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(db_index=True)
    # The rated games: a match between two players, or a pod of two to four.
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["system", "-ordinal", "player_id"]
        constraints = [models.UniqueConstraint(fields=["player", "system"], name="one_rating_per_player_and_game")]

    def __str__(self) -> str:
        return f"{self.player} ({self.system}): {self.ordinal:.2f}"


class RatingChange(models.Model):
    """A player's rating before and after one tournament."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rating_changes")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_before = models.FloatField()
    ordinal_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "tournament"], name="one_rating_change_per_tournament")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}: {self.ordinal_before:.2f} -> {self.ordinal_after:.2f}"


# Older imports of ``models.rounds`` (models/play.py) still find the match models here.
from .match import Match, MatchGame, ResultReport  # noqa: E402

__all__ = ["GameLog", "Match", "MatchGame", "Rating", "RatingChange", "ResultReport", "Round", "StandingsSnapshot"]
