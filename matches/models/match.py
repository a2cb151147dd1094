"""A match, its games and its players' result reports.

A Match with no round is a casual match (or a match against a bot); a tournament's match belongs
to a Round. Rounds and game logs are named by string so that this module imports neither.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .tournaments import Registration, Tournament


class Match(models.Model):
    """Two players (or a player and a bot, or a bye) playing best of 1 or 3 games."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        PLAYING = "playing", _("Playing")
        REPORTED = "reported", _("Reported by one player")
        DISPUTED = "disputed", _("Disputed")
        FINISHED = "finished", _("Finished")

    class Bot(models.TextChoices):
        NONE = "", _("No bot")
        RANDOM = "random", _("Random bot")
        GREEDY = "greedy", _("Greedy bot")

    class Source(models.TextChoices):
        NONE = "", _("Not finished")
        REFEREED = "refereed", _("Refereed by the server")
        REPORTED = "reported", _("Reported by both players")
        ORGANISER = "organiser", _("Entered by an organiser")
        JUDGE = "judge", _("Decided by a judge")
        BYE = "bye", _("Bye")
        MISSED = "missed", _("Missed round (late entry)")

    round = models.ForeignKey("matches.Round", null=True, blank=True, on_delete=models.CASCADE, related_name="matches")
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="matches")
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches_as_a")
    player_b = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="matches_as_b"
    )
    bot = models.CharField(max_length=16, choices=Bot.choices, default=Bot.NONE, blank=True)
    registration_a = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches_as_a"
    )
    registration_b = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches_as_b"
    )
    table = models.PositiveIntegerField(_("table"), default=0)
    best_of = models.PositiveSmallIntegerField(_("best of"), choices=[(1, "1"), (3, "3")], default=3)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    games_won_a = models.PositiveSmallIntegerField(default=0)
    games_won_b = models.PositiveSmallIntegerField(default=0)
    games_drawn = models.PositiveSmallIntegerField(default=0)
    # Extra minutes a judge gave this table (a long ruling, a late start): added to the round's clock.
    extra_minutes = models.PositiveSmallIntegerField(_("extra minutes"), default=0)
    is_bye = models.BooleanField(default=False)
    # A two-sided wargame (engine.systems.System.sides): the side player A plays (B plays the other), each
    # player's victory points, and the VP each gave up by winning the bid for his side (issue 15).
    side_a = models.CharField(_("side of player A"), max_length=16, blank=True)
    vp_a = models.PositiveSmallIntegerField(null=True, blank=True)
    vp_b = models.PositiveSmallIntegerField(null=True, blank=True)
    bid_a = models.PositiveSmallIntegerField(default=0)
    bid_b = models.PositiveSmallIntegerField(default=0)
    # Sealed bids (issue 26): the side the balance gave A before the bids, and whose due side the bid took
    # ("a", "b" or ""): the player who lost his due side to the other's higher bid.
    paired_side_a = models.CharField(max_length=16, blank=True)
    bid_took_side_of = models.CharField(max_length=1, blank=True)
    # A tournament's feature table: anyone may watch it (matches.access.can_spectate).
    featured = models.BooleanField(_("feature table"), default=False)
    result_source = models.CharField(max_length=16, choices=Source.choices, default=Source.NONE, blank=True)
    # A wargame round played on the site: the refereed board-game table of this pairing (its end reports).
    board_table = models.OneToOneField(
        "tables.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="event_match"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table", "id"]
        indexes = [
            models.Index(fields=["tournament", "status"]),
            models.Index(fields=["round", "table"]),
        ]

    def __str__(self) -> str:
        opponent = self.player_b or (self.bot and f"bot:{self.bot}") or "bye"
        return f"{self.player_a} vs {opponent}"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def involves(self, user: object) -> bool:
        pk = getattr(user, "pk", None)
        return pk is not None and pk in (self.player_a_id, self.player_b_id)


class MatchGame(models.Model):
    """One game of a match; its log, if kept, is a GameLog."""

    class Winner(models.TextChoices):
        A = "a", _("Player A")
        B = "b", _("Player B")
        DRAW = "draw", _("Draw")
        NONE = "none", _("Not decided")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    winner = models.CharField(max_length=8, choices=Winner.choices, default=Winner.NONE)
    reason = models.CharField(max_length=200, blank=True)
    said = models.JSONField(
        null=True,
        blank=True,
        help_text="Why the game ended as the engine says it ({code, params}), shown in the reader's language; "
        "reason is its English text (or a judge's own words, and then this is empty).",
    )
    log = models.ForeignKey("matches.GameLog", null=True, blank=True, on_delete=models.SET_NULL, related_name="games")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_game_per_number")]

    def __str__(self) -> str:
        return f"{self.match} game {self.number}"


class ResultReport(models.Model):
    """A player's report of a match result; both players agreeing finishes the match."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="result_reports")
    games_won_a = models.PositiveSmallIntegerField(default=0)
    games_won_b = models.PositiveSmallIntegerField(default=0)
    games_drawn = models.PositiveSmallIntegerField(default=0)
    # A wargame's report: [VP of A, VP of B, bid of A, bid of B, side of A]; two reports agree only if these do.
    vp = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["match", "reporter"], name="one_report_per_player")]

    def __str__(self) -> str:
        return f"{self.reporter}: {self.games_won_a}-{self.games_won_b}-{self.games_drawn}"

    def same_result(self, other: ResultReport) -> bool:
        return (self.games_won_a, self.games_won_b, self.games_drawn) == (
            other.games_won_a,
            other.games_won_b,
            other.games_drawn,
        )


class SealedBid(models.Model):
    """A player's sealed bid for a side at a wargame table (issue 26): the side he wants and the VP he will
    give up for it. Entered before the game by the player (or by an organiser for a paper table); neither
    player sees the other's until both are in, then ``services.wargame.do_enter_bid`` resolves them."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sealed_bids")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sealed_bids")
    side = models.CharField(max_length=32)
    vp = models.PositiveSmallIntegerField(default=0)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "entered_at", "id"]
        constraints = [models.UniqueConstraint(fields=["match", "player"], name="one_sealed_bid_per_player")]

    def __str__(self) -> str:
        return f"{self.match}: {self.player} bids {self.vp} for {self.side}"
