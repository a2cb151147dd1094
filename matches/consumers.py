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
30 s while its socket is open (no answer). A socket refused (not logged in, not seated, no such
match) is closed with code 4403.

An open seat socket is the player's presence (abandonment claims, ``matches.services.play.ending``):
its opening and every message it sends note him as here (``ending.do_mark_present``, a write, as the
page's presence POST is; a websocket message is not a GET).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.db import DatabaseSyncToAsync, database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils import translation
from django.utils.translation import trans_real

from matches import access, push
from matches.models import Match
from matches.presenters import fragments, watch
from matches.presenters import play as presenter
from matches.services.play import ending

logger = logging.getLogger(__name__)

REFUSED = 4403
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


class TableConsumer(AsyncJsonWebsocketConsumer):
    """One socket's table of one match; subclasses say who may open it and what it shows."""

    match_id: int
    sent: str | None = None
    group: str = ""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        self.user = self.scope.get("user")
        self.language = scope_language(self.scope)
        allowed = await database_sync_to_async(self.allowed)()
        if not allowed:
            await self.close(code=REFUSED)
            return
        self.csrf_token = scope_csrf_token(self.scope)
        self.group = self.group_for()
        await self.heard()  # before accepting: once the socket is open, its player is noted as here
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def heard(self) -> None:
        """The client showed it is there (it opened the socket or sent a message); a seat notes presence."""

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind not in ("sync", "present"):
            await self.send_json({"type": "error", "code": "push.unknown_message"})
            return
        await self.heard()
        if kind == "present":
            return
        known = content.get("version")
        await self.send_table(str(known) if known is not None else None, answer=True)

    async def match_changed(self, event: dict[str, Any]) -> None:
        await self.send_table(self.sent)

    async def send_table(self, known: str | None, *, answer: bool = False) -> None:
        # Off the one thread the sync views share: a push is not queued behind another request's page.
        message = await DatabaseSyncToAsync(self.message, thread_sensitive=False)(known)
        if message is None:
            if answer:
                await self.send_json({"type": "current", "version": known})
            return
        self.sent = message["version"]
        await self.send_json(message)

    def group_for(self) -> str:
        """The channel layer group this socket listens to (a match's, by default)."""
        return push.group_name(self.match_id)

    def allowed(self) -> bool:
        raise NotImplementedError

    def message(self, known: str | None) -> dict[str, Any] | None:
        """The table as a message, or None when ``known`` is its version already (sync code: it queries)."""
        raise NotImplementedError


class SeatConsumer(TableConsumer):
    """A player's own table: exactly what the polling endpoint (``views_play.match_table``) gives him."""

    async def heard(self) -> None:
        try:
            await database_sync_to_async(self.mark_present)()
        except Exception:  # presence is a side line: the table is still pushed (the page's POST is the fallback)
            logger.warning("live play: could not note presence on match %s", self.match_id, exc_info=True)

    def mark_present(self) -> None:
        ending.do_mark_present(Match.objects.get(pk=self.match_id), self.user)

    def allowed(self) -> bool:
        match = Match.objects.filter(pk=self.match_id).first()
        return match is not None and access.seat_of(match, self.user) is not None and access.can_watch(match, self.user)

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
        self.pending: set[asyncio.Future[None]] = set()
        return True

    async def match_changed(self, event: dict[str, Any]) -> None:
        if getattr(self, "delay", 0) > 0:
            # The change shows once it is older than the delay: look again then (the event carries no state).
            asyncio.get_running_loop().call_later(self.delay, self._later)
            return
        await self.send_table(self.sent)

    def _later(self) -> None:
        task = asyncio.ensure_future(self.send_table(self.sent))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    def message(self, known: str | None) -> dict[str, Any] | None:
        match, row = presenter.current_of(self.match_id)
        if known is not None and self.delay <= 0 and known == watch.undelayed_version(match, row):
            return None
        fragment = fragments.spectator_table(match, row, self.user, self.language, self.delay)
        if known is not None and known == fragment.version:
            return None
        return table_message(fragment, fragment.for_socket(""))


def table_message(fragment: fragments.Fragment, html: str) -> dict[str, Any]:
    """The message that carries a table to a socket."""
    return {"type": "table", "version": fragment.version, "game": fragment.game, "step": fragment.step, "html": html}
