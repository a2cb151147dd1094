"""Deck pages and the deck REST API (namespace "decks")."""

from django.urls import path, re_path

from decks.api import decks as api
from decks.views import decks as views

app_name = "decks"

urlpatterns = [
    path("decks/", views.deck_list, name="list"),
    path("decks/new", views.deck_new, name="new"),
    path("decks/check", views.deck_check, name="check"),
    path("decks/<int:pk>/", views.deck_detail, name="detail"),
    path("decks/<int:pk>/edit", views.deck_edit, name="edit"),
    path("decks/<int:pk>/delete", views.deck_delete, name="delete"),
    path("decks/versions/<int:pk>/", views.version_detail, name="version"),
    path("decks/versions/<int:pk>/export", views.version_export, name="export"),
    path("api/decks/check", api.DeckCheckAPI.as_view(), name="api-check"),
    re_path(r"^api/decks/?$", api.DeckListAPI.as_view(), name="api-list"),
    re_path(r"^api/decks/(?P<pk>[0-9]{1,18})/?$", api.DeckDetailAPI.as_view(), name="api-detail"),
]
