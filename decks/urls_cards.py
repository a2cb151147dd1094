"""Card pages under /cards/ and the card API under /api/."""

from django.urls import include, path, re_path
from rest_framework.routers import SimpleRouter

from decks.api import cards as api
from decks.views import cards as views

router = SimpleRouter(trailing_slash=True)
router.register("cards", api.CardViewSet, basename="api-card")
router.register("card-databases", api.CardDatabaseViewSet, basename="api-card-database")
router.register("card-database-versions", api.CardDatabaseVersionViewSet, basename="api-card-database-version")

app_name = "cards"

urlpatterns = [
    path("cards/", views.card_list, name="list"),
    path("cards/databases/", views.database_list, name="databases"),
    path("cards/databases/import/", views.database_import, name="import"),
    path("cards/databases/<int:version_id>/export.<str:fmt>", views.database_export, name="export"),
    path("cards/<int:version_id>/<path:name>/", views.card_detail, name="detail"),
    re_path(r"^api/card-databases/import/?$", api.CardDatabaseImportView.as_view(), name="api-card-database-import"),
    path(
        "api/card-database-versions/<int:pk>/export/<str:fmt>/",
        api.CardDatabaseExportView.as_view(),
        name="api-card-database-export",
    ),
    path("api/", include(router.urls)),
]
