from django.contrib import admin

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "display_name_traditional", "club", "region")
    search_fields = ("user__username", "display_name", "display_name_traditional", "club", "region")
