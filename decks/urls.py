"""Every URL of the decks app: card pages and API (namespace "cards"), deck pages and API (namespace "decks")."""

from django.urls import URLPattern, URLResolver, include, path, re_path
from rest_framework.routers import SimpleRouter

from decks.api import cards as cards_api
from decks.api import decks as decks_api
from decks.views import cards as cards_views
from decks.views import decks as decks_views

router = SimpleRouter(trailing_slash=True)
router.register("cards", cards_api.CardViewSet, basename="api-card")
router.register("card-databases", cards_api.CardDatabaseViewSet, basename="api-card-database")
router.register("card-database-versions", cards_api.CardDatabaseVersionViewSet, basename="api-card-database-version")

cards_patterns: list[URLPattern | URLResolver] = [
    path("cards/", cards_views.card_list, name="list"),
    path("cards/databases/", cards_views.database_list, name="databases"),
    path("cards/databases/import/", cards_views.database_import, name="import"),
    path("cards/databases/<int:version_id>/export.<str:fmt>", cards_views.database_export, name="export"),
    path("cards/<int:version_id>/<path:name>/", cards_views.card_detail, name="detail"),
    re_path(
        r"^api/card-databases/import/?$", cards_api.CardDatabaseImportView.as_view(), name="api-card-database-import"
    ),
    path(
        "api/card-database-versions/<int:pk>/export/<str:fmt>/",
        cards_api.CardDatabaseExportView.as_view(),
        name="api-card-database-export",
    ),
    path("api/", include(router.urls)),
]

decks_patterns = [
    path("decks/", decks_views.deck_list, name="list"),
    path("decks/new", decks_views.deck_new, name="new"),
    path("decks/check", decks_views.deck_check, name="check"),
    path("decks/builder/cards", decks_views.deck_builder_cards, name="builder-cards"),
    path("decks/<int:pk>/", decks_views.deck_detail, name="detail"),
    path("decks/<int:pk>/edit", decks_views.deck_edit, name="edit"),
    path("decks/<int:pk>/opening", decks_views.deck_opening, name="opening"),
    path("decks/<int:pk>/delete", decks_views.deck_delete, name="delete"),
    path("decks/<int:pk>/sharing", decks_views.deck_sharing, name="sharing"),
    path("decks/shared/<str:token>/", decks_views.deck_shared, name="shared"),
    path("decks/versions/<int:pk>/", decks_views.version_detail, name="version"),
    path("decks/versions/<int:pk>/export", decks_views.version_export, name="export"),
    path("api/decks/check", decks_api.DeckCheckAPI.as_view(), name="api-check"),
    re_path(r"^api/decks/?$", decks_api.DeckListAPI.as_view(), name="api-list"),
    re_path(r"^api/decks/(?P<pk>[0-9]{1,18})/?$", decks_api.DeckDetailAPI.as_view(), name="api-detail"),
    re_path(
        r"^api/decks/shared/(?P<token>[A-Za-z0-9_-]{1,64})/?$", decks_api.DeckSharedAPI.as_view(), name="api-shared"
    ),
]

urlpatterns = [
    path("", include((cards_patterns, "cards"))),
    path("", include((decks_patterns, "decks"))),
]
