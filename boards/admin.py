from django.contrib import admin

from boards.models import BattleLog, GameData, GameMap

admin.site.register(GameMap, list_display=["system", "name", "version", "content_hash", "created_at"])
admin.site.register(GameData, list_display=["system", "name", "version", "content_hash", "created_at"])
admin.site.register(BattleLog, list_display=["system", "token", "site_rolled", "created_at"])
