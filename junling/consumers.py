"""The websocket base every live table shares (a card match's seat and spectators, a board-game table's):
sync on (re)connect by version, presence, a delayed spectator, actions over the socket; and the routes'
helper :func:`on_layer`. The apps subclass :class:`TableConsumer` (``matches.consumers``, ``tables.consumers``)
to say who may open a socket and what it shows; the event that wakes a socket names only what changed
(``junling.push``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

from channels.consumer import get_handler_name
from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils import translation
from django.utils.translation import trans_real

from junling import push

logger = logging.getLogger(__name__)

REFUSED = 4403
"""The close code of a socket that may not see this match."""
UNAVAILABLE = 4503
"""The close code of a socket whose channel layer cannot be reached: the page polls (``static/js/live.js``)."""
CHANNEL_ERRORS: tuple[type[BaseException], ...] = (ConnectionError, OSError, asyncio.TimeoutError)
"""What a channel layer raises when its Redis is gone or restarted (a stale pooled connection: ConnectionResetError)."""


async def retry_once(call: Callable[[], Awaitable[Any]], what: str) -> Any:
    """``call()``, again once if the channel layer's connection failed (issue 29 point 6: after a restart of the
    Redis behind the channel layer, a pooled connection is stale and the first call on it fails; the next one
    reconnects). A second failure is raised."""
    try:
        return await call()
    except CHANNEL_ERRORS as exc:
        logger.warning("live play: %s failed (%s: %s); retrying once", what, type(exc).__name__, exc)
        return await call()


def scope_language(scope: dict[str, Any]) -> str:
    """The reader's language as LocaleMiddleware would pick it: the language cookie, then Accept-Language."""
    candidates = []
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME)
    if cookie:
        candidates.append(cookie)
    headers = dict(scope.get("headers", []))
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    candidates += [code for code, _q in trans_real.parse_accept_lang_header(accept)]
    for code in candidates:
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


def scope_csrf_token(scope: dict[str, Any]) -> str:
    """A CSRF token for the forms of a pushed fragment, from the socket's CSRF cookie ("" without one)."""
    secret = scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME)
    if not secret:
        return ""
    request = HttpRequest()
    request.META["CSRF_COOKIE"] = secret
    return get_token(request)


def off_loop(func: Any) -> Any:
    """``func`` (sync code that queries) as a coroutine run on a thread of the event loop's pool, its
    database connection checked before and given back after (``DatabaseSyncToAsync``). Not on the one
    thread that thread-sensitive sync code shares (``database_sync_to_async``'s default): a thousand
    sockets' reads queued behind each other there, and behind every other socket's."""
    return DatabaseSyncToAsync(func, thread_sensitive=False)


class TableConsumer(AsyncJsonWebsocketConsumer):
    """One socket's table of one match; subclasses say who may open it and what it shows."""

    match_id: int
    sent: str | None = None
    group: str = ""
    delay: int = 0
    """Seconds a spectator's table lags the game (0: live); a spectator socket's ``allowed`` sets it."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        """channels' dispatch without its ``close_old_connections`` before every message (a hop to the one
        shared sync thread for each message of each socket: at 500 live matches a queue of them): every
        query here runs in ``off_loop``, which does it on its own thread."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        self.user = self.scope.get("user")
        self.language = scope_language(self.scope)
        self.pending: set[asyncio.Future[None]] = set()
        allowed = await off_loop(self.allowed)()
        if not allowed:
            await self.close(code=REFUSED)
            return
        self.csrf_token = scope_csrf_token(self.scope)
        self.group = self.group_for()
        await self.heard()  # before accepting: once the socket is open, its player is noted as here
        try:
            await retry_once(lambda: self.channel_layer.group_add(self.group, self.channel_name), "group_add")
        except CHANNEL_ERRORS:
            # no push without the layer: the handshake is refused, never a 500, and the page polls
            logger.warning("live play: the channel layer is unreachable; %s polls", self.group, exc_info=True)
            self.group = ""
            await self.close(code=UNAVAILABLE)
            return
        await self.accept()

    notes_presence = False
    """A seat's socket notes its player as here (abandonment claims); a spectator's does not."""

    async def heard(self) -> None:
        """The client showed it is there (it opened the socket or sent a message); a seat notes presence."""
        if not self.notes_presence:
            return
        try:
            await off_loop(self.mark_present)()
        except Exception:  # presence is a side line: the table is still pushed (the page's POST is the fallback)
            logger.warning("live play: could not note presence on %s", self.group_for(), exc_info=True)

    def mark_present(self) -> None:
        """Note the socket's player as here (a write: a websocket message is not a GET)."""
        raise NotImplementedError

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", ""):
            try:
                await retry_once(lambda: self.channel_layer.group_discard(self.group, self.channel_name), "discard")
            except CHANNEL_ERRORS:  # the group's membership expires on its own
                logger.warning("live play: could not leave %s", self.group, exc_info=True)

    kinds: tuple[str, ...] = ("sync", "present")
    """The messages a client of this socket may send."""

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind not in self.kinds:
            await self.send_json({"type": "error", "code": "push.unknown_message"})
            return
        if kind == "act":
            await self.act(content)
            return
        await self.heard()
        if kind == "present":
            return
        known = content.get("version")
        await self.send_table(str(known) if known is not None else None, answer=True)

    async def match_changed(self, event: dict[str, Any]) -> None:
        if event.get("by") == self.channel_name:  # its own action: the answer it was sent is as new
            return
        await self.push_changed()

    async def push_changed(self) -> None:
        """Send the table a change made: now, or, for a delayed spectator, once the change is older than the
        delay (look again then: the event carries no state)."""
        if self.delay > 0:
            asyncio.get_running_loop().call_later(self.delay, self._later)
            return
        await self.send_table(self.sent)

    def _later(self) -> None:
        task = asyncio.ensure_future(self.send_table(self.sent))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def send_table(self, known: str | None, *, answer: bool = False) -> None:
        message = await off_loop(self.message)(known)
        if message is None:
            if answer:
                await self.send_json({"type": "current", "version": known})
            return
        self.sent = message["version"]
        await self.send_json(message)

    def group_for(self) -> str:
        """The channel layer group this socket listens to (a match's, by default)."""
        return push.group_name(self.match_id)

    async def act(self, content: dict[str, Any]) -> None:
        raise NotImplementedError

    def allowed(self) -> bool:
        raise NotImplementedError

    def message(self, known: str | None) -> dict[str, Any] | None:
        """The table as a message, or None when ``known`` is its version already (sync code: it queries)."""
        raise NotImplementedError


def on_layer(consumer: type[TableConsumer], alias: str) -> Any:
    """``consumer`` as an ASGI app on the channel layer ``alias`` (settings.CHANNEL_LAYERS)."""
    if alias == "default":
        return consumer.as_asgi()
    layered = cast(type[TableConsumer], type(consumer.__name__, (consumer,), {"channel_layer_alias": alias}))
    return layered.as_asgi()
