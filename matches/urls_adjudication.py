"""Adjudication pages (namespace "matches", included from matches/urls.py)."""

from django.urls import path

from matches import views_adjudication as views

urlpatterns = [
    path("adjudications/", views.adjudication_index, name="adjudication-index"),
    path("adjudications/upload", views.adjudication_upload, name="adjudication-upload"),
    path("adjudications/game/<int:game_id>", views.adjudication_game, name="adjudication-game"),
    path("adjudications/tournament/<int:pk>", views.adjudication_tournament, name="adjudication-tournament"),
    path("adjudications/<int:pk>/", views.adjudication_detail, name="adjudication-detail"),
    path("adjudications/<int:pk>/progress", views.adjudication_progress, name="adjudication-progress"),
    path("adjudications/<int:pk>/step", views.adjudication_step, name="adjudication-step"),
    path("adjudications/<int:pk>/ruling", views.adjudication_ruling, name="adjudication-ruling"),
]
