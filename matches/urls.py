"""Tournament pages and the tournament REST API (namespace "matches")."""

from django.urls import include, path, re_path

from matches import api, views

app_name = "matches"

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournament-list"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament-detail"),
    path("tournaments/<int:pk>/register", views.tournament_register, name="tournament-register"),
    path("tournaments/<int:pk>/open", views.tournament_open, name="tournament-open"),
    path("tournaments/<int:pk>/start", views.tournament_start, name="tournament-start"),
    path("tournaments/<int:pk>/publish", views.tournament_publish, name="tournament-publish"),
    re_path(r"^api/tournaments/?$", api.TournamentListAPI.as_view(), name="api-tournament-list"),
    re_path(r"^api/tournaments/(?P<pk>[0-9]{1,18})/?$", api.TournamentDetailAPI.as_view(), name="api-tournament"),
    re_path(
        r"^api/tournaments/(?P<pk>[0-9]{1,18})/register/?$", api.RegisterAPI.as_view(), name="api-tournament-register"
    ),
    path("", include("matches.urls_adjudication")),
]
