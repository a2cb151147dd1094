"""The home app's pages (namespace "home"): a player's profile, the dashboard and his games."""

from django.urls import path

from home import views

app_name = "home"

urlpatterns = [
    path("me/", views.dashboard, name="dashboard"),
    path("me/games/", views.my_games, name="my-games"),
    path("players/<str:username>/", views.profile, name="profile"),
]
