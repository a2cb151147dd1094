"""Refereed matches played in the browser: the decks, the secret seed and every action, stored as the game goes.

A game's state is never kept only in memory: it is rebuilt by replaying its entries (the engine's
actions, in order) on a new state made from the stored decks and seed. The seed and the log stay
server-side until the match is over.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from decks.models import CardDatabaseVersion, DeckVersion

from .rounds import GameLog, Match, MatchGame


class RefereedMatch(models.Model):
    """A match refereed by the engine: both decks (one card database) and who opened it.

    ``deck_b`` is empty while a challenge waits for the opponent's deck; against a bot it is the bot's deck.
    """

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="refereed")
    database_version = models.ForeignKey(CardDatabaseVersion, on_delete=models.PROTECT, related_name="+")
    deck_a = models.ForeignKey(DeckVersion, on_delete=models.PROTECT, related_name="+")
    deck_b = models.ForeignKey(DeckVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Time control (matches.services.play.clock): a total per player and a Fischer increment a turn.
    clock_total = models.PositiveIntegerField(
        null=True, blank=True, help_text="Seconds each player has for a game (empty: no clock)."
    )
    clock_increment = models.PositiveIntegerField(default=0, help_text="Seconds added to a player's clock a turn.")
    # The lobby (matches.services.lobby): an open challenge anyone may accept, in the challenger's format.
    is_open = models.BooleanField(default=False, help_text="An open challenge in the lobby, not accepted yet.")
    format = models.ForeignKey("decks.Format", null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"refereed {self.match}"

    @property
    def has_clock(self) -> bool:
        return self.clock_total is not None


class RefereedGame(models.Model):
    """One refereed game: the engine decks of seat 0 (player A) and seat 1, the secret seed, the entries."""

    refereed_match = models.ForeignKey(RefereedMatch, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    # Set when the match ends: the tournament services create the MatchGame rows then (record_refereed_result).
    match_game = models.OneToOneField(
        MatchGame, null=True, blank=True, on_delete=models.SET_NULL, related_name="refereed"
    )
    log = models.ForeignKey(GameLog, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    seed = models.BigIntegerField(help_text="Secret until the match is over (the log reveals it).")
    salt = models.CharField(max_length=64)
    decks = models.JSONField(help_text="The engine decks of seat 0 and seat 1 (Deck.to_json()).")
    steps = models.PositiveIntegerField(default=0, help_text="How many entries are stored.")
    conceded_by = models.SmallIntegerField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    # The clocks (matches.services.play.clock): each seat's remaining seconds when its clock last
    # stopped, which seat's clock runs and since when (timezone-aware), the turn the increments reached.
    clock_remaining = models.JSONField(null=True, blank=True, help_text="[seconds of seat 0, of seat 1] or empty.")
    clock_running = models.SmallIntegerField(null=True, blank=True)
    clock_since = models.DateTimeField(null=True, blank=True)
    clock_turn = models.PositiveIntegerField(default=0)
    # A draw offered by a seat (matches.services.play.draws); it lapses when that seat acts.
    draw_offered_by = models.SmallIntegerField(null=True, blank=True)
    # When each seat last showed it was there (an action or a presence POST), for abandonment claims.
    seen_a = models.DateTimeField(null=True, blank=True)
    seen_b = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["refereed_match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["refereed_match", "number"], name="one_refereed_game_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.refereed_match} game {self.number}"

    @property
    def is_over(self) -> bool:
        return self.finished_at is not None


class RefereedEntry(models.Model):
    """One applied action (player, bot or chance) in the engine's JSON form, and how each seat hears it."""

    game = models.ForeignKey(RefereedGame, on_delete=models.CASCADE, related_name="entries")
    n = models.PositiveIntegerField()
    actor = models.SmallIntegerField(help_text="0 or 1 (a seat), -1 for chance.")
    action = models.JSONField()
    feed = models.JSONField(default=list, help_text="[line for seat 0, line for seat 1]: [msgid, params].")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "n"]
        constraints = [models.UniqueConstraint(fields=["game", "n"], name="one_refereed_entry_per_step")]

    def __str__(self) -> str:
        return f"{self.game} #{self.n}"
