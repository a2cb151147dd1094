"""The audit trail: every state-changing service writes one AuditEvent in its transaction."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models


class AuditEvent(models.Model):
    """Who did what to which object, when, with the details a reviewer needs."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    verb = models.CharField(max_length=64, db_index=True)
    target_type = models.CharField(max_length=64, blank=True)
    target_id = models.CharField(max_length=64, blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["target_type", "target_id"])]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor} {self.verb} {self.target_type}#{self.target_id}"


def record(actor: Any, verb: str, target: models.Model | None = None, **data: Any) -> AuditEvent:
    """Write one audit record; call it inside the service's transaction."""
    user = actor if getattr(actor, "is_authenticated", False) else None
    return AuditEvent.objects.create(
        actor=user,
        verb=verb,
        target_type=target._meta.label_lower if target is not None else "",
        target_id=str(target.pk) if target is not None else "",
        data=data,
    )


class OutboxMessage(models.Model):
    """A task a committed change promised, written in the change's own transaction (a transactional outbox).

    Sent to the broker after the commit; if the broker is down the row stays unsent and the relay
    (``junling.outbox.relay``: on every worker's start, from Celery beat, and ``manage.py relayoutbox``)
    sends it later. Tasks take ids and are idempotent, so a message sent twice does no harm.
    """

    created_at = models.DateTimeField(auto_now_add=True)
    task = models.CharField(max_length=200)
    args = models.JSONField(default=list, blank=True)
    kwargs = models.JSONField(default=dict, blank=True)
    eta = models.DateTimeField(null=True, blank=True, help_text="not before (a countdown given at enqueue time)")
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["sent_at", "id"], name="outbox_pending")]

    def __str__(self) -> str:
        state = f"sent {self.sent_at:%Y-%m-%d %H:%M:%S}" if self.sent_at else f"pending ({self.attempts} attempts)"
        return f"{self.task}{tuple(self.args)} {state}"
