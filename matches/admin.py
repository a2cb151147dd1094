from django.contrib import admin

from matches.models import Registration, Tournament


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    fields = ["player", "deck_version", "registered_at", "dropped", "locked_at", "locked_hash"]
    readonly_fields = ["locked_at", "locked_hash"]
    raw_id_fields = ["player", "deck_version"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "format", "status", "registration_opens", "registration_closes", "decklists_published"]
    list_filter = ["status", "format", "decklists_published"]
    search_fields = ["name"]
    filter_horizontal = ["organisers", "judges"]
    readonly_fields = ["created_at", "started_at"]
    inlines = [RegistrationInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["tournament", "player", "deck_version", "registered_at", "dropped", "locked_at"]
    list_filter = ["tournament", "dropped"]
    search_fields = ["player__username", "tournament__name", "locked_hash"]
    raw_id_fields = ["player", "deck_version"]
    readonly_fields = ["locked_at", "locked_decklist", "locked_hash"]
