"""Who may see and do what at a board-game table: the tables app's one access module.

- A table's players (its seated users) see their own seat's table; nobody else sees a game in play.
- An open table is listed to every signed-in player, who may join an open seat; an invited seat only its
  invited player.
- The signed log: the players once the game is over, and judges (a judge of some tournament, or staff: the
  events' answer, :class:`EventPolicy`).
- A judge's replay (a stored table's log or an uploaded one): the same judges.
- Spectators (public information only): a public table, by anyone; an event's feature pairing's table, by
  anyone; an event's table, by its organisers and judges; every table, by staff. Only started tables are
  watched.
- A concession: only the seat's own user, for his own seat, while the game is played (never for another seat,
  nor a bot's).
- A claim on time: a seated player, while the game is played, of another seat whose clock ran out.
- The tables page is read by anyone: the public tables (live and finished); signed in, also the open ones and
  his own. Setting up, joining, acting need a login.
- A spectator's delay: an event's table runs as late as its organiser's ``spectator_delay`` for spectators who
  do not oversee the event; 0 otherwise.

What an event says of its tables (its judges, feature tables, overseers, delay) is the events app's answer
(``matches.access.BoardTableEvents``): the tables app sits below it (``docs/architecture.md``), so it asks
through :class:`EventPolicy`, which the events app installs when it is loaded (``use_event_policy``).
Without it no table belongs to an event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from junling.access import is_staff
from junling.errors import NotAllowed
from junling.parsers import parse_id
from tables.models import Seat, Table


class EventPolicy(Protocol):
    """What the events app says of board-game tables (``matches.access.BoardTableEvents``)."""

    def event_of(self, table: Any) -> Any:
        """The event's pod or pairing played at ``table`` (``tournament``, ``table``, ``featured``), or None."""
        ...

    def may_judge(self, user: Any) -> bool:
        """A judge of some event (or staff): replays logs."""
        ...

    def watched_by(self, user: Any) -> Q:
        """The filter over tables of events' tables ``user`` may watch (feature tables, those he oversees)."""
        ...

    def overseen_by(self, user: Any) -> Q:
        """The filter over tables of the tables of events ``user`` organises or judges."""
        ...

    def spectator_delay(self, table: Any, user: Any) -> int:
        """Seconds behind the game ``user`` watches an event's ``table`` (0 for a table of no event)."""
        ...


class NoEvents:
    """No events app: no table belongs to an event; staff judge."""

    def event_of(self, table: Any) -> Any:
        return None

    def may_judge(self, user: Any) -> bool:
        return is_staff(user)

    def watched_by(self, user: Any) -> Q:
        return Q(pk__in=[])

    def overseen_by(self, user: Any) -> Q:
        return Q(pk__in=[])

    def spectator_delay(self, table: Any, user: Any) -> int:
        return 0


_events: list[EventPolicy] = [NoEvents()]


def use_event_policy(policy: EventPolicy) -> None:
    """Install the events app's answers (``matches.apps``, once, when Django loads the apps)."""
    _events[0] = policy


def event_of_board_table(table: Any) -> Any:
    """The event's pod or pairing played at ``table``, or None."""
    return _events[0].event_of(table)


def _authenticated(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def seat_of(table: Table, user: Any) -> int | None:
    """The seat ``user`` plays at ``table``, or None."""
    if not _authenticated(user):
        return None
    return Seat.objects.filter(table=table, user=user).values_list("index", flat=True).first()


def can_judge(user: Any) -> bool:
    """Judges and staff replay board-game logs (the matches app's judge rule)."""
    return _events[0].may_judge(user)


def visible_tables(user: Any) -> QuerySet[Table]:
    """The tables listed to ``user``: the open ones, and every table he sits at or is invited to (nothing to
    an anonymous reader: joining needs a login)."""
    if not _authenticated(user):
        return Table.objects.none()
    mine = Q(seat_rows__user=user) | Q(seat_rows__invited=user)
    return Table.objects.filter(Q(status=Table.Status.OPEN) | mine).distinct()


def invitations_waiting(user: Any) -> QuerySet[Seat]:
    """The seats kept for ``user`` at tables still waiting for players (his invitations not yet taken up)."""
    if not _authenticated(user):
        return Seat.objects.none()
    return Seat.objects.filter(invited=user, user__isnull=True, bot="", table__status=Table.Status.OPEN)


def can_create(user: Any) -> bool:
    """Setting up a table needs a login (the page shows the form to signed-in readers only)."""
    return _authenticated(user)


def can_view(table: Table, user: Any) -> bool:
    if not _authenticated(user):
        return False
    if table.status == Table.Status.OPEN:
        return True
    return seat_of(table, user) is not None


def access_table(user: Any, pk: Any) -> Table:
    """The table for one who may see it, else 404 (a game in play is not shown to strangers at all)."""
    return _table_or_404(user, pk, can_view)


def _table_or_404(user: Any, pk: Any, may: Callable[[Table, Any], bool]) -> Table:
    """Table ``pk`` if ``may(table, user)``; a 404 both for no such table and for one he may not see."""
    try:
        table = Table.objects.get(pk=int(pk))
    except (Table.DoesNotExist, TypeError, ValueError):
        raise Http404 from None
    if not may(table, user):
        raise Http404
    return table


def access_seat(table: Table, user: Any) -> int:
    """``user``'s seat at ``table``, else NotAllowed."""
    seat = seat_of(table, user)
    if seat is None:
        raise NotAllowed(_("You do not play at this table."), code="play.not_seated")
    return seat


WATCHED = (Table.Status.PLAYING, Table.Status.FINISHED)
"""A table is watched once it has started."""


def spectatable_tables(user: Any) -> QuerySet[Table]:
    """The started tables ``user`` may watch as a spectator: the public ones, his events' ones (organisers
    and judges), all of them for staff."""
    started = Table.objects.filter(status__in=WATCHED)
    if is_staff(user):
        return started
    return started.filter(Q(public=True) | _events[0].watched_by(user)).distinct()


def overseen_among(user: Any, pks: list[int]) -> set[int]:
    """Which of these tables belong to an event ``user`` organises or judges (his events' tables: "your event's";
    another's feature table is only "an event's", and an anonymous visitor oversees none)."""
    return set(Table.objects.filter(pk__in=pks).filter(_events[0].overseen_by(user)).values_list("pk", flat=True))


def can_spectate(table: Table, user: Any) -> bool:
    if table.status not in WATCHED:
        return False
    return table.public or spectatable_tables(user).filter(pk=table.pk).exists()


def spectator_delay(table: Table, user: Any) -> int:
    """Seconds behind the game ``user`` watches ``table``: its event's delay (set by the organiser), except
    for those who oversee the event and staff (0); 0 for a table of no event."""
    if is_staff(user):
        return 0
    return _events[0].spectator_delay(table, user)


def access_spectated_table(user: Any, pk: Any) -> Table:
    """A table ``user`` may watch (404 otherwise, as if it did not exist)."""
    return _table_or_404(user, pk, can_spectate)


def can_join(table: Table, user: Any, seat: Seat) -> bool:
    if not _authenticated(user) or table.status != Table.Status.OPEN or seat.filled:
        return False
    return seat.invited_id in (None, user.pk)


def can_cancel(table: Table, user: Any) -> bool:
    return _authenticated(user) and table.status == Table.Status.OPEN and table.created_by_id == user.pk


def access_cancel(table: Table, user: Any) -> Table:
    if not can_cancel(table, user):
        raise NotAllowed(_("Only the table's creator may cancel it, before it starts."), code="tables.not_creator")
    return table


def can_concede(table: Table, user: Any) -> bool:
    return table.status == Table.Status.PLAYING and seat_of(table, user) is not None


def access_concede(table: Table, user: Any, seat: Any = None) -> int:
    """``user``'s own seat, which he may concede (``seat``, if given, must be it), else NotAllowed."""
    own = seat_of(table, user)
    if own is None:
        raise NotAllowed(
            _("You do not play at this table: only a seat's player may concede it."), code="play.not_seated"
        )
    if seat not in (None, "") and str(seat) != str(own):
        raise NotAllowed(_("You may concede only your own seat."), code="tables.not_your_seat")
    if table.status != Table.Status.PLAYING:
        raise NotAllowed(_("This game is not being played."), code="tables.not_playing")
    return own


def can_claim(table: Table, user: Any) -> bool:
    return table.status == Table.Status.PLAYING and seat_of(table, user) is not None


def access_claim(table: Table, user: Any) -> int:
    """``user``'s seat, from which he may claim the game on time, else NotAllowed."""
    own = seat_of(table, user)
    if own is None:
        raise NotAllowed(_("You do not play at this table: only a seated player may claim it."), code="play.not_seated")
    if table.status != Table.Status.PLAYING:
        raise NotAllowed(_("This game is not being played."), code="tables.not_playing")
    return own


def can_download_log(table: Table, user: Any) -> bool:
    """The players once the game is over, and judges."""
    if table.status != Table.Status.FINISHED or not table.log:
        return False
    return seat_of(table, user) is not None or can_judge(user)


def access_log(user: Any, pk: Any) -> Table:
    table = Table.objects.filter(pk=number).first() if (number := parse_id(pk)) is not None else None
    if table is None or not can_download_log(table, user):
        raise Http404
    return table


def access_judging(user: Any) -> Any:
    if not can_judge(user):
        raise NotAllowed(_("Only judges and staff may replay board-game logs."), code="tables.not_judge")
    return user


def judged_tables(user: Any) -> QuerySet[Table]:
    """The stored games a judge may replay: every started table (all of them are refereed here)."""
    if not can_judge(user):
        return Table.objects.none()
    return Table.objects.exclude(status__in=[Table.Status.OPEN, Table.Status.CANCELLED])
