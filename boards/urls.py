"""Every URL of the boards app (namespace "boards"): /games/, maps and game data, battle calculators, API."""

from django.urls import path, re_path

from boards import api
from boards.views import battles, games, maps

app_name = "boards"

urlpatterns = [
    path("games/", games.game_list, name="games"),
    path("games/<str:system_id>/maps/", maps.map_list, name="maps"),
    path("games/<str:system_id>/maps/import", maps.map_import, name="map-import"),
    path("games/<str:system_id>/maps/<int:pk>/", maps.map_detail, name="map"),
    path("games/<str:system_id>/maps/<int:pk>/layout", maps.map_layout, name="map-layout"),
    path("games/<str:system_id>/maps/<int:pk>/download", maps.map_download, name="map-download"),
    path("games/<str:system_id>/data/import", maps.data_import, name="data-import"),
    path("games/<str:system_id>/data/<int:pk>/", maps.data_detail, name="data"),
    path("games/<str:system_id>/data/<int:pk>/download", maps.data_download, name="data-download"),
    path("games/imports/<int:pk>/", maps.import_job, name="import-job"),
    path("games/<str:system_id>/how-to-play/", games.how_to_play, name="how-to-play"),
    path("games/<str:system_id>/battle/", battles.battle, name="battle"),
    path("games/<str:system_id>/battle/logs/<str:token>/", battles.battle_log, name="battle-log"),
    path("games/<str:system_id>/battle/logs/<str:token>/json", battles.battle_log_json, name="battle-log-json"),
    re_path(r"^api/games/?$", api.GameSystemList.as_view(), name="api-games"),
    re_path(r"^api/maps/?$", api.GameMapList.as_view(), name="api-maps"),
    re_path(r"^api/maps/import/?$", api.GameMapImport.as_view(), name="api-map-import"),
    re_path(r"^api/imports/(?P<pk>[0-9]{1,18})/?$", api.ImportJobDetail.as_view(), name="api-import-job"),
    re_path(r"^api/maps/(?P<pk>[0-9]{1,18})/?$", api.GameMapDetail.as_view(), name="api-map"),
    re_path(r"^api/game-data/?$", api.GameDataList.as_view(), name="api-game-data"),
    re_path(r"^api/game-data/import/?$", api.GameDataImport.as_view(), name="api-game-data-import"),
    re_path(r"^api/game-data/(?P<pk>[0-9]{1,18})/?$", api.GameDataDetail.as_view(), name="api-game-data-detail"),
]
