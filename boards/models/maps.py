"""Maps and game data as data (issue 15): an organiser imports a file, the site keeps it as one immutable
version named by its content hash, as it keeps card databases (``decks.models.cards``).

``document`` is the engine's canonical JSON of the map (``MapData.to_json()``) or the data file as
imported; the engine value is rebuilt from it (``boards.services.maps.map_data``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine.systems import all_systems


def system_choices() -> list[tuple[str, str]]:
    """The game systems that have a map (engine.systems)."""
    return [(s.id, s.name) for s in all_systems() if s.has_map]


class GameMap(models.Model):
    """One immutable version of a map (``junling-map/1``); logs, game data and events name it by ``content_hash``."""

    system = models.CharField(_("game"), max_length=32, choices=system_choices)
    name = models.CharField(_("name"), max_length=100, help_text="The map's id in the file (what game data names).")
    title = models.CharField(_("title"), max_length=200, blank=True)
    version = models.CharField(_("version"), max_length=50)
    content_hash = models.CharField(_("content hash"), max_length=80, unique=True)
    document = models.JSONField(help_text="The map in the engine's canonical JSON form (MapData.to_json()).")
    note = models.TextField(blank=True)
    source_filename = models.CharField(max_length=255, blank=True)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["system", "name", "-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["system", "name", "version"], name="unique_map_version")]

    def __str__(self) -> str:
        return f"{self.name} {self.version} ({self.content_hash[:19]})"


class GameData(models.Model):
    """One immutable version of a game's data file (countries, characters, counters, the attrition,
    strategy and fate tables...), checked against the map version it names."""

    system = models.CharField(_("game"), max_length=32, choices=system_choices)
    name = models.CharField(_("name"), max_length=100, help_text="The data file's id.")
    version = models.CharField(_("version"), max_length=50)
    content_hash = models.CharField(_("content hash"), max_length=80, unique=True)
    game_map = models.ForeignKey(GameMap, on_delete=models.PROTECT, related_name="game_data")
    document = models.JSONField(help_text="The data file as imported.")
    note = models.TextField(blank=True)
    source_filename = models.CharField(max_length=255, blank=True)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["system", "name", "-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["system", "name", "version"], name="unique_game_data_version")]

    def __str__(self) -> str:
        return f"{self.name} {self.version} ({self.content_hash[:19]})"


class ImportJob(models.Model):
    """A large map or game-data import (``boards.services.imports``) waiting for, or checked by, its task: the
    uploaded text, who sent it, where the check is (rows checked of the file's rows) and how it ended."""

    class Kind(models.TextChoices):
        MAP = "map", _("map")
        DATA = "data", _("game data")

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        VALIDATING = "validating", _("validating")
        DONE = "done", _("done")
        REFUSED = "refused", _("refused")

    system = models.CharField(_("game"), max_length=32, choices=system_choices)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    text = models.TextField(help_text="The uploaded file as sent (UTF-8).")
    filename = models.CharField(max_length=255, blank=True)
    version = models.CharField(max_length=50, blank=True)
    game_map = models.ForeignKey(GameMap, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    stored_map = models.ForeignKey(GameMap, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    stored_data = models.ForeignKey(GameData, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    problems = models.JSONField(default=list, blank=True, help_text="[{where, message_en}] if refused.")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} import {self.pk} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.REFUSED)

    @property
    def stored(self) -> GameMap | GameData | None:
        return self.stored_map if self.kind == self.Kind.MAP else self.stored_data
