"""Pods: the tables of a multi-player round (issue 15, 龙虎三国志 events), and their seats.

A pod round is a Round of a tournament whose game scores by placement (``engine.systems``); its
tables are Pods of 2–4 players instead of Matches. A seated player (or an organiser) reports the
placements and the regions each player held; another player of the pod confirms, or an organiser's
report stands at once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .rounds import Round
from .tournaments import Registration, Tournament


class Pod(models.Model):
    """One table of a pod round."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        REPORTED = "reported", _("Reported, waiting for another player")
        FINISHED = "finished", _("Finished")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pods")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pods")
    table = models.PositiveIntegerField(_("table"))
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    # A round played on the site: the pod's refereed board-game table (its end reports the pod).
    board_table = models.OneToOneField(
        "tables.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="event_pod"
    )
    # A feature table: anyone may watch its board table, behind the event's spectator delay
    # (matches.access.featured_board_tables), as a featured pairing's.
    featured = models.BooleanField(_("feature table"), default=False)

    class Meta:
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="one_pod_per_table")]

    def __str__(self) -> str:
        return f"{self.round} pod {self.table}"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class PodSeat(models.Model):
    """A player at a pod, with his placement and the regions he held once reported."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pod_seats")
    registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="pod_seats"
    )
    placement = models.PositiveSmallIntegerField(_("placement"), null=True, blank=True)
    regions = models.PositiveSmallIntegerField(_("regions held"), null=True, blank=True)

    class Meta:
        ordering = ["pod", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["pod", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["pod", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.pod}"
