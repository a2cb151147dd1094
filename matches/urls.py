"""Tournament pages and the tournament REST API (namespace "matches")."""

from django.urls import include, path, re_path

from matches import api, api_tournaments, views, views_tournaments

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
    # Running a tournament: views_tournaments.py and api_tournaments.py.
    path("tournaments/new", views_tournaments.tournament_new, name="tournament-new"),
    path("tournaments/<int:pk>/admin", views_tournaments.tournament_admin, name="tournament-admin"),
    path(
        "tournaments/<int:pk>/admin/<slug:action>",
        views_tournaments.tournament_admin_action,
        name="tournament-admin-action",
    ),
    path("tournaments/<int:pk>/rounds/<int:number>/", views_tournaments.round_pairings, name="round-pairings"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/pairings.<str:fmt>",
        views_tournaments.pairings_export,
        name="pairings-export",
    ),
    path("tournaments/<int:pk>/standings/", views_tournaments.standings, name="standings"),
    path("tournaments/<int:pk>/standings.<str:fmt>", views_tournaments.standings_export, name="standings-export"),
    path("tournaments/<int:pk>/my-match", views_tournaments.my_match, name="my-match"),
    path("tournaments/<int:pk>/drop", views_tournaments.my_drop, name="my-drop"),
    path("tournaments/<int:pk>/judge", views_tournaments.judge_page, name="tournament-judge"),
    path("matches/<int:match_id>/override", views_tournaments.match_override, name="match-override"),
    path("matches/<int:match_id>/resolve", views_tournaments.match_resolve, name="match-resolve"),
    path("ratings/", views_tournaments.ratings, name="ratings"),
    path("ratings/<str:username>/", views_tournaments.rating_player, name="rating-player"),
    *api_tournaments.urlpatterns,
    # Refereed matches played in the browser: views_play.py and api_play.py.
    path("", include("matches.views_play")),
    path("", include("matches.api_play")),
]
