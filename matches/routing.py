"""Websocket routes of live play (served by ``junling.asgi``): a seat's table and a spectator's."""

from __future__ import annotations

from django.urls import URLPattern, path

from junling.consumers import on_layer
from matches import consumers


def websocket_routes(layer: str = "default") -> list[URLPattern]:
    """The routes, their consumers on channel layer ``layer`` (a test stands two processes up this way)."""
    return [
        path("ws/play/matches/<int:pk>/", on_layer(consumers.SeatConsumer, layer)),
        path("ws/watch/matches/<int:pk>/", on_layer(consumers.WatchConsumer, layer)),
    ]


websocket_urlpatterns = websocket_routes()
