"""The accounts app's pages (namespace "accounts"); sign-up, login, e-mail and passwords are allauth's,
under /accounts/ (junling/urls.py)."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("me/profile", views.profile_edit, name="profile-edit"),
]
