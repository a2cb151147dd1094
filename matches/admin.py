from django.contrib import admin

from matches.models import Invitation, Registration, Tournament


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    fields = ["player", "deck_version", "registered_by", "registered_at", "dropped", "locked_at", "locked_hash"]
    # Who registered is a fact the ratings rely on: never edited by hand.
    readonly_fields = ["registered_by", "locked_at", "locked_hash"]
    raw_id_fields = ["player", "deck_version"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "format", "status", "rated", "registration_opens", "registration_closes"]
    list_filter = ["status", "rated", "format", "decklists_published"]
    search_fields = ["name"]
    filter_horizontal = ["organisers", "judges"]
    readonly_fields = ["created_at", "started_at", "pod_choices"]  # set by the organiser's form, validated there
    inlines = [RegistrationInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["tournament", "player", "deck_version", "registered_at", "dropped", "locked_at"]
    list_filter = ["tournament", "dropped"]
    search_fields = ["player__username", "tournament__name", "locked_hash"]
    raw_id_fields = ["player", "deck_version"]
    readonly_fields = ["registered_by", "locked_at", "locked_decklist", "locked_hash"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    """Read only: an invitation is answered by its player on the site, never here."""

    list_display = ["tournament", "player", "invited_by", "status", "created_at", "answered_at"]
    list_filter = ["status"]
    search_fields = ["player__username", "tournament__name"]
    readonly_fields = ["tournament", "player", "invited_by", "status", "created_at", "answered_at"]

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


# Rounds, matches, logs and ratings: read-mostly views for staff; changes go through the services' pages.
from matches.models import (  # noqa: E402
    Adjudication,
    GameLog,
    Match,
    MatchGame,
    Rating,
    RatingChange,
    RefereedGame,
    RefereedMatch,
    ResultReport,
    Round,
    Ruling,
    StandingsSnapshot,
)


class MatchGameInline(admin.TabularInline):
    model = MatchGame
    extra = 0
    raw_id_fields = ["log"]


class ResultReportInline(admin.TabularInline):
    model = ResultReport
    extra = 0
    raw_id_fields = ["reporter"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "kind", "status", "published_at", "finished_at"]
    list_filter = ["kind", "status"]
    search_fields = ["tournament__name"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "tournament", "round", "table", "player_a", "player_b", "bot", "status", "result_source"]
    list_filter = ["status", "result_source", "is_bye"]
    search_fields = ["player_a__username", "player_b__username", "tournament__name"]
    raw_id_fields = ["round", "tournament", "player_a", "player_b", "registration_a", "registration_b"]
    inlines = [MatchGameInline, ResultReportInline]


@admin.register(GameLog)
class GameLogAdmin(admin.ModelAdmin):
    list_display = ["sha256", "source", "signed", "size", "uploaded_by", "created_at"]
    list_filter = ["source", "signed"]
    search_fields = ["sha256"]
    readonly_fields = ["sha256", "content", "size", "signed", "source", "uploaded_by", "created_at"]


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(admin.ModelAdmin):
    list_display = ["tournament", "round_number", "computed_at", "results_key"]
    readonly_fields = ["tournament", "round_number", "results_key", "computed_at", "rows"]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["player", "mu", "sigma", "ordinal", "matches", "updated_at"]
    search_fields = ["player__username"]


admin.site.register(RatingChange)
admin.site.register(Adjudication)
admin.site.register(Ruling)
admin.site.register(RefereedMatch)
admin.site.register(RefereedGame)
