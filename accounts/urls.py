"""The accounts app's pages (namespace "accounts"); sign-up, login, e-mail and passwords are allauth's,
under /accounts/ (junling/urls.py)."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("me/", views.dashboard, name="dashboard"),
    path("me/games/", views.my_games, name="my-games"),
    path("me/profile", views.profile_edit, name="profile-edit"),
    path("players/<str:username>/", views.profile, name="profile"),
]
