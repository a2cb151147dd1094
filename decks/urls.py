from django.urls import include, path

urlpatterns: list = [
    path("", include("decks.urls_cards")),
    path("", include("decks.urls_decks")),
]
_ = (include, path)
