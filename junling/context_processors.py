from typing import Any

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

# (url name, label) for the top navigation; a page whose app is not there yet is left out.
NAV = [
    ("cards:list", "Cards"),
    ("decks:list", "Decks"),
    ("matches:tournament-list", "Tournaments"),
    ("matches:ratings", "Ratings"),
]


def navigation(request: HttpRequest) -> dict[str, Any]:
    items = []
    for name, label in NAV:
        try:
            items.append({"url": reverse(name), "label": _(label)})
        except NoReverseMatch:
            continue
    return {"nav_items": items}
