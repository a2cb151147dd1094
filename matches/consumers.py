"""Live play's websockets: a seat's table and a spectator's, pushed when the match changes.

Every socket of a match joins its group (``junling.push.group_name``). The event the referee sends
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

import logging
from typing import Any

from django.http import Http404, QueryDict
from django.template.loader import render_to_string
from django.utils import translation

from junling import push
from junling.consumers import TableConsumer, off_loop
from matches import access, views_play
from matches.models import Match
from matches.presenters import fragments, watch
from matches.presenters import play as presenter
from matches.services.play import ending

logger = logging.getLogger(__name__)


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
