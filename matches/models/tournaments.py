"""Tournaments and deck registrations.

A player registers one deck version; when the tournament starts the
registration is locked: a frozen copy of the decklist and its hash, against
which match logs are checked later (issue 7 adds pairings and matches).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from decks.models import DeckVersion, Format
from engine.cards import GENERALS_ORDER
from engine.systems import all_systems


def system_choices() -> list[tuple[str, str]]:
    """Every game system of engine/systems.py (id, its own name)."""
    return [(s.id, s.name) for s in all_systems()]


class Tournament(models.Model):
    """A tournament of one format, run by its organisers, overseen by its judges."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Structure(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        SINGLE_ELIMINATION = "single_elimination", _("Single elimination")

    name = models.CharField(_("name"), max_length=200)
    # The game system (engine/systems.py): its scoring decides the rounds (matches, or pods) and the standings.
    system = models.CharField(_("game system"), max_length=32, choices=system_choices, default=GENERALS_ORDER)
    # Card games: the format of the registered decks. Board games have none.
    format = models.ForeignKey(
        Format,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournaments",
        verbose_name=_("format"),
    )
    # Board games: the map and game data the event plays, by content hash (matches.services.pods.known_map).
    map_hash = models.CharField(_("map (content hash)"), max_length=80, blank=True)
    # A two-sided wargame: the players of a table bid VP for their preferred side (docs/tournaments.md).
    side_bids = models.BooleanField(_("bid for sides"), default=False)
    # Open bidding (issue 26): a bid may take a player's due side every round; without it, never twice in a row.
    open_bidding = models.BooleanField(_("open bidding"), default=False)
    # A pod event's choices (issue 26): pod sizes, placement points, tiebreakers; matches.tournament.pod_choices
    # reads it ({} is the defaults), the tournament form validates it.
    pod_choices = models.JSONField(_("pod event choices"), default=dict, blank=True)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organised_tournaments", verbose_name=_("organisers")
    )
    judges = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="judged_tournaments", verbose_name=_("judges")
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.DRAFT)
    registration_opens = models.DateTimeField(_("registration opens"), null=True, blank=True)
    registration_closes = models.DateTimeField(_("registration closes"), null=True, blank=True)
    decklists_published = models.BooleanField(_("decklists published"), default=False)
    # Only a rated tournament changes ratings; creating one needs matches.add_rated_tournament (or staff).
    rated = models.BooleanField(_("rated"), default=False)
    best_of = models.PositiveSmallIntegerField(_("best of"), choices=[(1, "1"), (3, "3")], default=3)
    clock_total = models.PositiveIntegerField(
        _("clock: seconds a player"), null=True, blank=True, help_text=_("Empty: refereed games have no clock.")
    )
    clock_increment = models.PositiveIntegerField(_("clock: seconds added a turn"), default=0)
    structure = models.CharField(_("structure"), max_length=24, choices=Structure.choices, default=Structure.SWISS)
    # 0: Swiss rounds from attendance (matches.tournament.swiss_rounds) when the tournament starts.
    planned_rounds = models.PositiveSmallIntegerField(_("Swiss rounds (0: from attendance)"), default=0)
    top_cut = models.PositiveSmallIntegerField(
        _("top cut"), choices=[(0, _("No top cut")), (4, _("Top 4")), (8, _("Top 8"))], default=0
    )
    # Spectators (not its organisers or judges) see its refereed tables this many seconds late.
    spectator_delay = models.PositiveIntegerField(_("spectator delay (seconds)"), default=0)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The event itself (issue 13): when and where, what it is, how many may play.
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    online = models.BooleanField(_("online"), default=False)
    description = models.TextField(_("description"), max_length=5000, blank=True)
    # 0: no cap. Beyond the cap a registration waits on the waitlist, promoted in order when a place frees.
    player_cap = models.PositiveIntegerField(_("player cap (0: none)"), default=0)
    # Players check in on the day; at the start, whoever has not is a no-show and leaves the event.
    check_in = models.BooleanField(_("check-in required"), default=False)
    round_minutes = models.PositiveSmallIntegerField(_("minutes per round"), default=50)
    # Drawn at the start, recorded in the audit trail: the random order of round 1 (reproducible).
    pairing_seed = models.BigIntegerField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        permissions = [("add_rated_tournament", "Can create rated tournaments")]

    def __str__(self) -> str:
        return self.name

    def registration_is_open(self, now: datetime.datetime | None = None) -> bool:
        """Open: status 'registration' and ``now`` inside [opens, closes) (a missing bound does not limit)."""
        now = now or timezone.now()
        if self.status != self.Status.REGISTRATION:
            return False
        if self.registration_opens is not None and now < self.registration_opens:
            return False
        return not (self.registration_closes is not None and now >= self.registration_closes)

    def is_judge(self, user: object) -> bool:
        """Whether ``user`` is listed as a judge (a fact; who may judge is ``matches.access.can_judge``)."""
        if not getattr(user, "is_authenticated", False):
            return False
        return self.judges.filter(pk=user.pk).exists()  # type: ignore[attr-defined]


class Registration(models.Model):
    """A player's deck for a tournament; locked (frozen copy + hash) when the tournament starts."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations")
    # None in a board-game event (no decks); a card game's registration always has one.
    deck_version = models.ForeignKey(
        DeckVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="registrations"
    )
    # Who made the registration: the player himself (registering, or accepting an invitation). Ratings count
    # only such registrations; None is a registration from before this was recorded, made by someone else.
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    registered_at = models.DateTimeField(_("registered at"), default=timezone.now)
    dropped = models.BooleanField(_("dropped"), default=False)
    # Registered beyond the player cap: waiting for a place (promoted in registration order).
    waitlisted = models.BooleanField(_("waitlisted"), default=False)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    locked_decklist = models.TextField(blank=True)
    locked_hash = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["tournament", "registered_at", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="one_registration_per_player")]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"

    @property
    def is_locked(self) -> bool:
        return self.locked_at is not None


class Invitation(models.Model):
    """An organiser's invitation to a player; the player enters only by accepting it with his own deck."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="invitations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], condition=models.Q(status="pending"), name="one_pending_invitation"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} -> {self.tournament} ({self.status})"
