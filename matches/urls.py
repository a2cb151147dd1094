"""Every URL of the matches app (namespace "matches"): tournament pages, running a tournament, adjudication,
ratings, and the REST API; refereed play's routes live beside its views for now."""

from django.urls import path, re_path

from matches import (
    api,
    api_adjudication,
    api_ending,
    api_play,
    api_tournaments,
    views,
    views_adjudication,
    views_lobby,
    views_play,
    views_pods,
    views_tournaments,
    views_watch,
)

app_name = "matches"

ID = r"(?P<pk>[0-9]{1,18})"
NUMBER = r"(?P<number>[0-9]{1,5})"

urlpatterns = [
    # Tournaments and registration: views.py.
    path("tournaments/", views.tournament_list, name="tournament-list"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament-detail"),
    path("tournaments/<int:pk>/register", views.tournament_register, name="tournament-register"),
    path("tournaments/<int:pk>/open", views.tournament_open, name="tournament-open"),
    path("tournaments/<int:pk>/withdraw", views.tournament_withdraw, name="tournament-withdraw"),
    path("invitations/<int:pk>/accept", views.invitation_accept, name="invitation-accept"),
    path("invitations/<int:pk>/decline", views.invitation_decline, name="invitation-decline"),
    path("tournaments/<int:pk>/start", views.tournament_start, name="tournament-start"),
    path("tournaments/<int:pk>/publish", views.tournament_publish, name="tournament-publish"),
    # Running a tournament: views_tournaments.py.
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
    path(
        "tournaments/<int:pk>/rounds/<int:number>/print/<slug:by>",
        views_tournaments.round_print,
        name="round-print",
    ),
    path("tournaments/<int:pk>/bracket", views_tournaments.bracket, name="bracket"),
    path("tournaments/<int:pk>/roster", views_tournaments.roster, name="tournament-roster"),
    path("tournaments/<int:pk>/check-in", views_tournaments.my_check_in, name="my-check-in"),
    path("matches/<int:match_id>/extra-time", views_tournaments.match_extra_time, name="match-extra-time"),
    path("tournaments/<int:pk>/standings/", views_tournaments.standings, name="standings"),
    path("tournaments/<int:pk>/standings.<str:fmt>", views_tournaments.standings_export, name="standings-export"),
    path("tournaments/<int:pk>/my-match", views_tournaments.my_match, name="my-match"),
    path("tournaments/<int:pk>/drop", views_tournaments.my_drop, name="my-drop"),
    path("tournaments/<int:pk>/judge", views_tournaments.judge_page, name="tournament-judge"),
    path("pods/<int:pod_id>/report", views_pods.pod_report, name="pod-report"),
    path("matches/<int:match_id>/vp", views_pods.match_vp, name="match-vp"),
    path("matches/<int:match_id>/bid", views_pods.match_bid, name="match-bid"),
    path("matches/<int:match_id>/override", views_tournaments.match_override, name="match-override"),
    path("matches/<int:match_id>/resolve", views_tournaments.match_resolve, name="match-resolve"),
    path("matches/<int:match_id>/replay", views_tournaments.match_replay, name="match-replay"),
    path("ratings/", views_tournaments.ratings, name="ratings"),
    path("ratings/<str:username>/", views_tournaments.rating_player, name="rating-player"),
    # Adjudication: views_adjudication.py.
    path("adjudications/", views_adjudication.adjudication_index, name="adjudication-index"),
    path("adjudications/upload", views_adjudication.adjudication_upload, name="adjudication-upload"),
    path("adjudications/game/<int:game_id>", views_adjudication.adjudication_game, name="adjudication-game"),
    path(
        "adjudications/tournament/<int:pk>",
        views_adjudication.adjudication_tournament,
        name="adjudication-tournament",
    ),
    path("adjudications/<int:pk>/", views_adjudication.adjudication_detail, name="adjudication-detail"),
    path("adjudications/<int:pk>/progress", views_adjudication.adjudication_progress, name="adjudication-progress"),
    path("adjudications/<int:pk>/step", views_adjudication.adjudication_step, name="adjudication-step"),
    path("adjudications/<int:pk>/attach", views_adjudication.adjudication_attach, name="adjudication-attach"),
    path("adjudications/<int:pk>/ruling", views_adjudication.adjudication_ruling, name="adjudication-ruling"),
    # REST API: api.py (tournaments, registration) and api_tournaments.py (rounds, results, ratings).
    re_path(r"^api/tournaments/?$", api.TournamentListAPI.as_view(), name="api-tournament-list"),
    re_path(rf"^api/tournaments/{ID}/?$", api.TournamentDetailAPI.as_view(), name="api-tournament"),
    re_path(rf"^api/tournaments/{ID}/register/?$", api.RegisterAPI.as_view(), name="api-tournament-register"),
    re_path(rf"^api/tournaments/{ID}/invite/?$", api.InviteAPI.as_view(), name="api-tournament-invite"),
    re_path(r"^api/invitations/?$", api.MyInvitationsAPI.as_view(), name="api-invitations"),
    re_path(rf"^api/invitations/{ID}/accept/?$", api.AcceptInvitationAPI.as_view(), name="api-invitation-accept"),
    re_path(rf"^api/invitations/{ID}/decline/?$", api.DeclineInvitationAPI.as_view(), name="api-invitation-decline"),
    re_path(rf"^api/tournaments/{ID}/rounds/?$", api_tournaments.RoundListAPI.as_view(), name="api-rounds"),
    re_path(
        rf"^api/tournaments/{ID}/rounds/{NUMBER}/pairings/?$",
        api_tournaments.PairingsAPI.as_view(),
        name="api-pairings",
    ),
    re_path(
        rf"^api/tournaments/{ID}/rounds/{NUMBER}/publish/?$",
        api_tournaments.PublishRoundAPI.as_view(),
        name="api-publish",
    ),
    re_path(rf"^api/tournaments/{ID}/pair/?$", api_tournaments.PairNextRoundAPI.as_view(), name="api-pair"),
    re_path(rf"^api/tournaments/{ID}/spectators/?$", api_tournaments.SpectatorsAPI.as_view(), name="api-spectators"),
    re_path(rf"^api/tournaments/{ID}/standings/?$", api_tournaments.StandingsAPI.as_view(), name="api-standings"),
    re_path(
        r"^api/matches/(?P<match_id>[0-9]{1,18})/report/?$", api_tournaments.ReportAPI.as_view(), name="api-report"
    ),
    re_path(r"^api/ratings/?$", api_tournaments.LeaderboardAPI.as_view(), name="api-ratings"),
    # Spectators (live games pushed over websockets: matches.routing)
    path("watch/", views_watch.watch_list, name="watch-list"),
    path("watch/matches/<int:pk>/", views_watch.watch_match, name="watch-match"),
    path("watch/matches/<int:pk>/table", views_watch.watch_table, name="watch-table"),
    path("tournaments/<int:pk>/spectators", views_watch.tournament_spectators, name="tournament-spectators"),
    path(
        "tournaments/<int:pk>/spectators/delay",
        views_watch.tournament_spectator_delay,
        name="tournament-spectator-delay",
    ),
    path(
        "tournaments/<int:pk>/spectators/feature/<int:match_pk>",
        views_watch.tournament_feature_table,
        name="tournament-feature-table",
    ),
    path(
        "tournaments/<int:pk>/spectators/feature-pod/<int:pod_pk>",
        views_watch.tournament_feature_pod,
        name="tournament-feature-pod",
    ),
    # Adjudication API: api_adjudication.py.
    re_path(r"^api/adjudications/?$", api_adjudication.AdjudicationUploadAPI.as_view(), name="api-adjudication-upload"),
    re_path(rf"^api/adjudications/{ID}/?$", api_adjudication.AdjudicationDetailAPI.as_view(), name="api-adjudication"),
    # Refereed matches played in the browser
    path("play/", views_play.play_home, name="play-home"),
    path("play/bot", views_play.play_bot, name="play-bot"),
    path("play/challenge", views_play.play_challenge, name="play-challenge"),
    path("play/matches/", views_play.my_matches, name="play-my-matches"),
    path("play/matches/<int:pk>/", views_play.match_page, name="play-match"),
    path("play/matches/<int:pk>/table", views_play.match_table, name="play-table"),
    path("play/matches/<int:pk>/act", views_play.match_act, name="play-act"),
    path("play/matches/<int:pk>/settle", views_play.match_settle, name="play-settle"),
    path("play/matches/<int:pk>/concede", views_play.match_concede, name="play-concede"),
    path("play/matches/<int:pk>/accept", views_play.match_accept, name="play-accept"),
    path("play/matches/<int:pk>/start", views_play.match_start, name="play-start"),
    path("play/matches/<int:pk>/withdraw", views_play.match_withdraw, name="play-withdraw"),
    path("play/matches/<int:pk>/games/<int:number>/log", views_play.game_log, name="play-log"),
    path("play/matches/<int:pk>/games/<int:number>/replay", views_play.game_replay, name="play-replay"),
    # The lobby, and the ends of a game (matches.views_lobby)
    path("play/lobby/", views_lobby.lobby_page, name="lobby"),
    path("play/lobby/open", views_lobby.lobby_open, name="lobby-open"),
    path("play/lobby/challenge", views_lobby.lobby_challenge, name="lobby-challenge"),
    path("play/lobby/<int:pk>/take", views_lobby.lobby_take, name="lobby-take"),
    path("play/matches/<int:pk>/draw/<str:verb>", views_lobby.match_draw, name="play-draw"),
    path("play/matches/<int:pk>/claim", views_lobby.match_claim, name="play-claim"),
    path("play/matches/<int:pk>/present", views_lobby.match_present, name="play-present"),
    re_path(r"^api/play/bot/?$", api_play.PlayBotAPI.as_view(), name="api-play-bot"),
    re_path(rf"^api/play/matches/{ID}/?$", api_play.PlayStateAPI.as_view(), name="api-play-state"),
    re_path(rf"^api/play/matches/{ID}/act/?$", api_play.PlayActAPI.as_view(), name="api-play-act"),
    re_path(rf"^api/play/matches/{ID}/settle/?$", api_play.PlaySettleAPI.as_view(), name="api-play-settle"),
    re_path(rf"^api/play/matches/{ID}/concede/?$", api_play.PlayConcedeAPI.as_view(), name="api-play-concede"),
    re_path(rf"^api/play/matches/{ID}/draw/?$", api_ending.PlayDrawAPI.as_view(), name="api-play-draw"),
    re_path(rf"^api/play/matches/{ID}/claim/?$", api_ending.PlayClaimAPI.as_view(), name="api-play-claim"),
    re_path(rf"^api/play/matches/{ID}/present/?$", api_ending.PlayPresentAPI.as_view(), name="api-play-present"),
    re_path(
        rf"^api/play/matches/{ID}/games/{NUMBER}/log/?$",
        api_play.PlayLogAPI.as_view(),
        name="api-play-log",
    ),
]
