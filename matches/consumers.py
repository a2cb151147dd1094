"""Live play's websockets: a seat's table and a spectator's, pushed when the match changes.

Every socket of a match joins its group (``matches.push.group_name``). The event the referee sends
after each committed change says only which match changed; each socket then reads the match and its
current game (one query) and takes its table from ``matches.presenters.fragments``, which renders it
once per seat kind and version with the presenters the pages use and hands every reader of that
kind the same text (the actor's HTTP answer has usually drawn his seat's already):

- a seat (``/ws/play/matches/<pk>/``, its two players only): the same ``_table.html`` fragment the
  polling endpoint gives that player (``matches.presenters.play.table_context``), so what a seat is
  pushed is its own observation and nothing more;
- a spectator (``/ws/watch/matches/<pk>/``, whoever ``matches.access.can_spectate`` lets in): the
  public table (``matches.presenters.watch``), delayed if the tournament says so.

Messages are JSON: the server sends ``{"type": "table", "version", "game", "step", "html"}`` (or
``{"type": "current", "version"}`` when the client is up to date); the client sends ``{"type": "sync",
"version"}`` with the version (game, entry index, ...) it last drew, on every (re)connect, and gets
the whole table again if anything is missing, and a seat's page sends ``{"type": "present"}`` every
30 s while its socket is open (no answer), and its actions (``{"type": "act", "form": [[name, value],
...]}``: ``SeatConsumer``, answered ``table`` or ``refused``). A message a socket does not take is
answered ``{"type": "error", "code"}``. A socket refused (not logged in, not seated, no such match) is
closed with code 4403.

An open seat socket is the player's presence (abandonment claims, ``matches.services.play.ending``):
its opening and every message it sends note him as here (``ending.do_mark_present``, a write, as the
page's presence POST is; a websocket message is not a GET).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from channels.consumer import get_handler_name
from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.http import Http404, HttpRequest, QueryDict
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import trans_real

from matches import access, push, views_play
from matches.models import Match
from matches.presenters import fragments, watch
from matches.presenters import play as presenter
from matches.services.play import ending

logger = logging.getLogger(__name__)

REFUSED = 4403
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


"""The close code of a socket that may not see this match."""


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


class SeatConsumer(TableConsumer):
    """A player's own table: exactly what the polling endpoint (``views_play.match_table``) gives him; and
    his actions, sent over the socket instead of the act view's POST (``{"type": "act", "form": [[name,
    value], ...]}``, the control's form fields): read and applied by the view's own ``views_play.act_from``
    (``ActForm``, ``acting.do_act``: his seat, his turn, the step), answered on this socket with his table
    (``table``) or the table with the refusal said in his language (``refused``, its ``code``). The
    socket is his alone: the session cookie, his seat checked when it opened and again by ``do_act``,
    and the Origin header (``AllowedHostsOriginValidator``: another site's page cannot open it, which is
    what a CSRF token proves for a POST). The push this action causes finds his socket already holding
    the answered version and sends him nothing."""

    kinds = ("sync", "present", "act")

    notes_presence = True

    def mark_present(self) -> None:
        ending.do_mark_present(Match.objects.get(pk=self.match_id), self.user)

    def allowed(self) -> bool:
        match = Match.objects.filter(pk=self.match_id).first()
        return match is not None and access.seat_of(match, self.user) is not None and access.can_watch(match, self.user)

    async def act(self, content: dict[str, Any]) -> None:
        # Off the thread the sync views share, as a push (the referee serializes a match's actions itself).
        message = await off_loop(self.acted)(content.get("form"))
        if message["type"] == "table":
            self.sent = message["version"]
        await self.send_json(message)

    def acted(self, form: Any) -> dict[str, Any]:
        """Apply the action in ``form`` (pairs of field name and value) as the act view does; the answer."""
        with translation.override(self.language):
            try:
                match = access.access_refereed_match(self.user, self.match_id)
            except Http404:
                return {"type": "error", "code": "play.not_seated"}
            acting = push.ACTING.set(self.channel_name)  # the pushes it commits skip this socket
            try:
                error = views_play.act_from(match, self.user, form_data(form))
            finally:
                push.ACTING.reset(acting)
            if error is None:
                return self.message(None) or {}
            try:  # a refused action is no presence in do_act: the message still is
                self.mark_present()
            except Exception:
                logger.warning("live play: could not note presence on match %s", self.match_id, exc_info=True)
            match.refresh_from_db()
            context = {**presenter.table_context(match, self.user, self.language, error), "live": True}
            html = render_to_string("matches/play/_table.html", {**context, "csrf_token": self.csrf_token})
            return {"type": "refused", "code": error.code, "version": context["view"]["version"], "html": html}

    def message(self, known: str | None) -> dict[str, Any] | None:
        match, row = presenter.current_of(self.match_id)
        version = presenter.version_of(match.status, row)
        if known == version:
            return None
        fragment = fragments.seat_table(match, row, self.user, self.language, version)
        return table_message(fragment, fragment.for_socket(self.csrf_token))


class WatchConsumer(TableConsumer):
    """A spectator's table: public information only, as late as the tournament's delay says."""

    def allowed(self) -> bool:
        match = Match.objects.select_related("tournament").filter(pk=self.match_id, refereed__isnull=False).first()
        if match is None or not access.can_spectate(match, self.user):
            return False
        self.delay = access.spectator_delay(match, self.user)
        return True

    def message(self, known: str | None) -> dict[str, Any] | None:
        match, row = presenter.current_of(self.match_id)
        if known is not None and self.delay <= 0 and known == watch.undelayed_version(match, row):
            return None
        fragment = fragments.spectator_table(match, row, self.user, self.language, self.delay)
        if known is not None and known == fragment.version:
            return None
        return table_message(fragment, fragment.for_socket(""))


def form_data(form: Any) -> QueryDict:
    """A socket action's form fields (``[[name, value], ...]``) as a POST's data; anything else is left out
    (``ActForm`` then refuses what is missing)."""
    data = QueryDict(mutable=True)
    if isinstance(form, list):
        for pair in form[:256]:
            if isinstance(pair, list) and len(pair) == 2 and all(isinstance(part, str) for part in pair):
                data.appendlist(pair[0], pair[1])
    return data


def table_message(fragment: fragments.Fragment, html: str) -> dict[str, Any]:
    """The message that carries a table to a socket."""
    return {"type": "table", "version": fragment.version, "game": fragment.game, "step": fragment.step, "html": html}
