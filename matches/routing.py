"""Websocket routes of live play (served by ``junling.asgi``): a seat's table and a spectator's."""

from __future__ import annotations

from typing import Any, cast

from django.urls import URLPattern, path

from matches import consumers


def _on_layer(consumer: type[consumers.TableConsumer], alias: str) -> Any:
    """``consumer`` as an ASGI app on the channel layer ``alias`` (settings.CHANNEL_LAYERS)."""
    if alias == "default":
        return consumer.as_asgi()
    layered = cast(type[consumers.TableConsumer], type(consumer.__name__, (consumer,), {"channel_layer_alias": alias}))
    return layered.as_asgi()


def websocket_routes(layer: str = "default") -> list[URLPattern]:
    """The routes, their consumers on channel layer ``layer`` (a test stands two processes up this way)."""
    return [
        path("ws/play/matches/<int:pk>/", _on_layer(consumers.SeatConsumer, layer)),
        path("ws/watch/matches/<int:pk>/", _on_layer(consumers.WatchConsumer, layer)),
    ]


websocket_urlpatterns = websocket_routes()
