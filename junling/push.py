"""Live play: telling a refereed match's open websockets (``matches.consumers``) that it changed.

The referee calls :func:`announce` whenever it saves a game row (an action, a bot's reply, a window's
pass, a concession, a game's start or end). Once the transaction commits, one event goes to the
match's group on the channel layer. The event names the match and nothing else: no card, no
observation (and, for an action sent over a socket, that socket's channel name, ``by``, so that it is
not sent the table its answer carried). Each socket then builds its own message from the stored game,
with the same presenter the polling endpoint uses (a seat: its own table; a spectator: public
information only), so nothing pushed can hold more than what that reader may fetch.

A push that cannot be sent (the channel layer is down) never fails the action: the clients resync
from the stored entries when they reconnect, and poll while they cannot.
"""

from __future__ import annotations

import logging
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)

CHANGED = "match.changed"
"""The event type (``match.changed``: the consumers' ``match_changed`` handler)."""


ACTING: ContextVar[str] = ContextVar("push_acting", default="")
"""The channel of the socket whose action is being applied (``SeatConsumer.act``), "" otherwise: the events
the action commits name it (``by``), and that socket skips them: its answer, drawn after the commit, is
already as new."""


def group_name(match_id: int) -> str:
    """The channel layer group of a match's sockets (both seats and every spectator)."""
    return f"match.{int(match_id)}"


def announce(match_id: int) -> None:
    """Push "match ``match_id`` changed" to its sockets once the current transaction commits."""
    transaction.on_commit(lambda: send_changed(match_id))


def send_changed(match_id: int) -> None:
    """Send the event now (``announce`` calls it on commit)."""
    event: dict[str, object] = {"type": CHANGED, "match": int(match_id)}
    by = ACTING.get()
    if by:
        event["by"] = by
    send_event(group_name(match_id), event)


def announce_to(group: str, event: dict[str, object]) -> None:
    """Send ``event`` to ``group`` once the current transaction commits (another app's tables use it)."""
    transaction.on_commit(lambda: send_event(group, event))


def send_event(group: str, event: dict[str, object]) -> None:
    """Send ``event`` to ``group`` now; a layer that is down is logged, never raised."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, event)
    except Exception:  # the layer is down: clients resync when they reconnect
        logger.warning("live play: could not push to %s", group, exc_info=True)
