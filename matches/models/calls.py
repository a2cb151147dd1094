"""A player's call for a judge at his table (issue 27, "the judge's floor").

A call belongs to a tournament and to one table of a published round: a pairing (``match``) or a pod
(``pod``). It waits (open), a judge takes it ("I'm on it": claimed, ``claimed_by``), a judge may pass it to a
head judge (escalated: only a head judge, ``matches.access.can_head_judge``, takes it then), and the judge
on it closes it with a note (resolved). Every step is an audit record (``matches.services.judge_calls``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .match import Match
from .pods import Pod
from .rounds import Round
from .tournaments import Tournament


class JudgeCall(models.Model):
    """One call for a judge from a table of a round."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for a judge")
        CLAIMED = "claimed", _("A judge is on it")
        ESCALATED = "escalated", _("Waiting for a head judge")
        RESOLVED = "resolved", _("Resolved")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="judge_calls")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="judge_calls")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.CASCADE, related_name="judge_calls")
    pod = models.ForeignKey(Pod, null=True, blank=True, on_delete=models.CASCADE, related_name="judge_calls")
    table = models.PositiveIntegerField(_("table"))
    caller = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="judge_calls")
    reason = models.CharField(_("what happened"), max_length=200, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.OPEN)
    escalated = models.BooleanField(_("passed to a head judge"), default=False)
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(_("resolution note"), max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    escalated_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["tournament", "status"])]
        constraints = [
            # A table has one call waiting at a time: a second press of the button is the same call.
            models.UniqueConstraint(
                fields=["round", "table"], condition=~Q(status="resolved"), name="one_unresolved_call_a_table"
            ),
            models.CheckConstraint(
                condition=Q(match__isnull=True) | Q(pod__isnull=True), name="judge_call_match_or_pod"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.round_id} table {self.table}: {self.status}"

    @property
    def is_resolved(self) -> bool:
        return self.status == self.Status.RESOLVED
