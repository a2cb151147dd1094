from django.contrib import admin

from tables.models import Entry, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ("index", "user", "invited", "bot", "joined_at")
    can_delete = False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    """Read-only: a table changes only through its services (the referee)."""

    list_display = ("pk", "system", "seats", "status", "steps", "created_by", "created_at")
    list_filter = ("system", "status")
    inlines = [SeatInline]
    readonly_fields = [f.name for f in Table._meta.fields]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("table", "n", "actor")
    readonly_fields = ("table", "n", "actor", "action", "steps", "created_at")

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False
