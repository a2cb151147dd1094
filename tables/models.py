"""A board-game table: its seats (people, invitations, bots), its applied entries and its signed log."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Table(models.Model):
    """One refereed game of a board-game system (``engine.systems``) for 2–4 seats.

    ``steps`` is the number of applied entries: the table's version (a form carries it, so a stale or
    doubled submit is refused and changes nothing). ``seed`` is drawn when the table starts and kept secret
    until the end; ``commitment`` (sha256 of salt and seed) is shown from the start.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    system = models.CharField(max_length=40)
    seats = models.PositiveSmallIntegerField()
    map_hash = models.CharField(max_length=80)
    data_hash = models.CharField(max_length=80)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    seed = models.BigIntegerField(null=True, blank=True)
    salt = models.CharField(max_length=64, blank=True)
    commitment = models.CharField(max_length=64, blank=True)
    steps = models.PositiveIntegerField(default=0)
    outcome = models.JSONField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    log = models.TextField(blank=True)
    log_sha256 = models.CharField(max_length=64, blank=True)
    # Anyone may watch it (public information only, ``tables.access.can_spectate``); an event's table is
    # watched by the event's organisers and judges whatever this says.
    public = models.BooleanField(_("anyone may watch"), default=False)
    # A time control (``junling.clocks``): seconds a seat (None: no clock) and seconds added when a seat's turn
    # (its run of decisions) ends; the clocks themselves, kept on the row so they survive a restart.
    clock_total = models.PositiveIntegerField(_("seconds a seat"), null=True, blank=True)
    clock_increment = models.PositiveIntegerField(_("seconds added a turn"), default=0)
    clock_remaining = models.JSONField(null=True, blank=True)
    clock_running = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_since = models.DateTimeField(null=True, blank=True)
    # What the table's signed log header records of the event around it (``meta``; issue 26: the sealed bids
    # that decided a wargame table's sides), set when an event seats it.
    log_meta = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status", "-created_at"], name="tables_status_created")]

    def __str__(self) -> str:
        return f"table {self.pk} ({self.system}, {self.seats} seats)"


class Seat(models.Model):
    """Seat ``index`` of a table: a player (``user``), an invitation waiting for ``invited``, a bot, or open."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_rows")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="table_seats"
    )
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="table_invitations"
    )
    bot = models.CharField(max_length=40, blank=True)
    joined_at = models.DateTimeField(null=True, blank=True)
    # When the seat's player last showed he was there (an action, his table's presence signal): another seat
    # may claim the game when the seat to act has been gone ``junling.clocks.ABANDON_SECONDS``.
    seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="tables_seat_index"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=models.Q(user__isnull=False), name="tables_seat_user"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.index} of table {self.table_id}"

    @property
    def filled(self) -> bool:
        return self.user_id is not None or bool(self.bot)


class Entry(models.Model):
    """Entry ``n`` of a table's game: who acted (a seat, or ``chance``), the action (the engine's JSON) and
    the steps the engine noted (message codes with parameters, narrated in each reader's language)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="entries")
    n = models.PositiveIntegerField()
    actor = models.CharField(max_length=10)
    action = models.JSONField()
    steps = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "n"]
        constraints = [models.UniqueConstraint(fields=["table", "n"], name="tables_entry_n")]

    def __str__(self) -> str:
        return f"entry {self.n} of table {self.table_id}"
