"""Websocket routes of board-game tables (served by ``junling.asgi`` beside live play's)."""

from __future__ import annotations

from django.urls import URLPattern, path

from junling.consumers import on_layer
from tables import consumers


def websocket_routes(layer: str = "default") -> list[URLPattern]:
    return [
        path("ws/tables/<int:pk>/", on_layer(consumers.TableSeatConsumer, layer)),
        path("ws/tables/<int:pk>/watch/", on_layer(consumers.TableWatchConsumer, layer)),
    ]
