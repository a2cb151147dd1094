"""A seat's table of a board-game table over a websocket (``/ws/tables/<pk>/``), pushed when it changes.

The machinery is live play's (``junling.consumers.TableConsumer``: sync on (re)connect, version check,
refusal code 4403); the event says only which table changed, and each socket builds its own message from
the stored game with the presenter the page uses: the seat's own observation and nothing more."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from junling.consumers import TableConsumer
from tables import access, presenters, services
from tables.models import Table


class TableSeatConsumer(TableConsumer):
    """One player's seat at a board-game table."""

    def group_for(self) -> str:
        return services.group_name(self.match_id)

    notes_presence = True  # the socket's opening and each message say the seat's player is here (abandonment)

    def mark_present(self) -> None:
        table = Table.objects.filter(pk=self.match_id).first()
        if table is not None:
            services.do_mark_present(self.user, table)

    async def table_changed(self, event: dict[str, Any]) -> None:
        await self.push_changed()

    def allowed(self) -> bool:
        table = Table.objects.filter(pk=self.match_id).first()
        return table is not None and access.seat_of(table, self.user) is not None

    def message(self, known: str | None) -> dict[str, Any] | None:
        table = Table.objects.get(pk=self.match_id)
        if known is not None and known == presenters.version(table):
            return None
        with translation.override(self.language):
            view = presenters.table_view(table, self.user, self.language)
            html = render_to_string(
                "tables/_table.html",
                {"table": table, "view": view, "live": True, "csrf_token": self.csrf_token},
            )
        return {"type": "table", "version": view["version"], "step": view["step"], "html": html}


class TableWatchConsumer(TableSeatConsumer):
    """A spectator of a board-game table (``/ws/tables/<pk>/watch/``, ``access.can_spectate``): the public
    table only, built by the spectator page's presenter, as late as the event's delay says
    (``access.spectator_delay``: a delayed socket looks again when the change is old enough)."""

    notes_presence = False  # a spectator is nobody's presence

    def allowed(self) -> bool:
        table = Table.objects.filter(pk=self.match_id).first()
        if table is None or not access.can_spectate(table, self.user):
            return False
        self.delay = access.spectator_delay(table, self.user)
        return True

    def message(self, known: str | None) -> dict[str, Any] | None:
        table = Table.objects.get(pk=self.match_id)
        if known is not None and self.delay <= 0 and known == presenters.version(table):
            return None
        with translation.override(self.language):
            view = presenters.watch_view(table, self.user, self.language)
            if known is not None and known == view["version"]:
                return None
            html = render_to_string("tables/_table.html", {"table": table, "view": view, "live": True})
        return {"type": "table", "version": view["version"], "step": view["step"], "html": html}
