"""The services of board-game tables: create (by a player, or seated for an event's pod or pairing), join,
cancel, act (the referee applies chance), the bots' moves (a task, ``tables.play_bot_move``, never inside a
person's request), finish with the signed log (``signals.table_finished`` in the same transaction: an event
reports the result), and a judge's replay. Each runs in one transaction with an audit record; changes are
pushed to the table's sockets once committed (``junling.push``).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import secrets
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import junling.outbox as outbox
from engine.log.format import MAX_SEED
from engine.log.sealing import commitment
from engine.replay.compare import compare_logs, quoted
from engine.replay.verdict import MAX_PROBLEMS, trust_of
from junling import clocks, engine_text, push
from junling.errors import Refused
from junling.models import record
from tables import engines, gamedata, logs, signals
from tables.access import (
    access_cancel,
    access_claim,
    access_concede,
    access_judging,
    access_seat,
    can_join,
    judged_tables,
)
from tables.models import Entry, Seat, Table

MAX_AUTOMATIC = 20_000
"""A guard on chance events applied after one action."""
CHANGED = "table.changed"
SWEEP_BOTS = "tables.sweep_bots"
PLAY_BOT_MOVE = "tables.play_bot_move"
"""The task that plays a bot seat's move (``tables.tasks``), enqueued through the outbox on commit."""
PLAYED, STALE = "played", "stale"
STALL_SECONDS = 60
"""A table that has waited this long for its bot's task gets the task again (``do_sweep_table_bots``)."""
SWEEP_CLOCKS = "tables.sweep_clocks"
FLAG_TABLE = "tables.flag_table"
"""The task that ends a table on time (``do_flag_table``), enqueued by the periodic ``tables.sweep_clocks``."""
FLAGGED, NOT_DUE, OVER = "flagged", "not_due", "over"
CLOCK_FIELDS = ["clock_remaining", "clock_running", "clock_since"]


class TableRefused(Refused):
    """An act at a table the site will not do (the code says which)."""

    code = "tables.refused"


def check_control(total: int | None, increment: int) -> None:
    """Refuse a time control out of bounds (``tables.clock``)."""
    if not clocks.control_ok(total, increment):
        raise TableRefused(
            _("A time control is 1 to 180 minutes a seat and 0 to 600 seconds a turn."), code="play.clock"
        )


def group_name(table_id: int) -> str:
    """The channel layer group of a table's sockets."""
    return f"table.{int(table_id)}"


def announce(table: Table) -> None:
    push.announce_to(group_name(table.pk), {"type": CHANGED, "table": table.pk})


# --- setting a table up -------------------------------------------------------------------------------------------


def do_create_table(
    user: Any,
    system_id: str,
    seats: int,
    *,
    map_hash: str | None = None,
    my_seat: int = 0,
    invited: Sequence[Any] = (),
    bots: int = 0,
    bot: str = "",
    public: bool = False,
    clock_total: int | None = None,
    clock_increment: int = 0,
) -> Table:
    """A new table of ``seats`` seats: ``user`` at ``my_seat``, the last ``bots`` other seats for the engine's
    bot ``bot``, the next ones kept for the ``invited`` players, the rest open, on a time control if
    ``clock_total`` (seconds a seat, ``clock_increment`` added a turn). It starts once every seat is filled."""
    systems = {s.id: s for s in engines.board_systems()}
    if system_id not in systems:
        raise TableRefused(_("No board game %(id)s can be played at a table.") % {"id": system_id})
    low, high = systems[system_id].seats
    if not low <= seats <= high:
        raise TableRefused(_("This game has %(low)s to %(high)s seats.") % {"low": low, "high": high})
    if not 0 <= my_seat < seats:
        raise TableRefused(_("Choose one of the table's seats."))
    others = [s for s in range(seats) if s != my_seat]
    invited = [u for u in invited if u.pk != user.pk]
    if len({u.pk for u in invited}) != len(invited) or len(invited) + bots > len(others):
        raise TableRefused(_("More invited players and bots than free seats."))
    if bots and bot not in engines.bots(system_id):
        raise TableRefused(_("This game has no such bot."))
    choice = next((c for c in gamedata.choices(system_id) if map_hash in (None, "", c.map_hash)), None)
    if choice is None:
        raise TableRefused(_("No such map for this game."))
    check_control(clock_total, clock_increment)
    with transaction.atomic():
        table = Table.objects.create(
            system=system_id,
            seats=seats,
            map_hash=choice.map_hash,
            data_hash=choice.data_hash,
            created_by=user,
            public=public,
            clock_total=clock_total,
            clock_increment=clock_increment if clock_total is not None else 0,
        )
        now = timezone.now()
        Seat.objects.create(table=table, index=my_seat, user=user, joined_at=now)
        bot_seats = set(others[len(others) - bots :]) if bots else set()
        for index in others:
            if index in bot_seats:
                Seat.objects.create(table=table, index=index, bot=bot, joined_at=now)
            elif invited:
                Seat.objects.create(table=table, index=index, invited=invited.pop(0))
            else:
                Seat.objects.create(table=table, index=index)
        record(
            user,
            "tables.create",
            table,
            system=system_id,
            seats=seats,
            map=choice.map_hash,
            public=public,
            clock=[table.clock_total, table.clock_increment],
        )
        _start_if_full(table)
    return table


def do_create_event_table(
    created_by: Any,
    system_id: str,
    players: Sequence[Any],
    *,
    map_hash: str,
    data_hash: str,
    event: str,
    clock_total: int | None = None,
    clock_increment: int = 0,
    log_meta: dict[str, Any] | None = None,
) -> Table:
    """A table of an event's round: ``players`` seated in order (seat 0 first), on the event's map and game
    data by hash, on the event's time control (if any); it starts at once. Called inside the round's
    transaction (``event`` names the pod or the match in the audit record; ``log_meta`` goes into the signed
    log's header ``meta``, e.g. the sealed bids that decided the sides)."""
    check_control(clock_total, clock_increment)
    table = Table.objects.create(
        log_meta=log_meta or {},
        system=system_id,
        seats=len(players),
        map_hash=map_hash,
        data_hash=data_hash,
        created_by=created_by,
        clock_total=clock_total,
        clock_increment=clock_increment if clock_total is not None else 0,
    )
    now = timezone.now()
    Seat.objects.bulk_create([Seat(table=table, index=i, user=u, joined_at=now) for i, u in enumerate(players)])
    record(
        created_by,
        "tables.create",
        table,
        system=system_id,
        seats=len(players),
        map=map_hash,
        event=event,
        clock=[table.clock_total, table.clock_increment],
    )
    _start_if_full(table)
    return table


def do_join_table(user: Any, table: Table, seat: int | None = None) -> Table:
    """``user`` takes seat ``seat`` (or the one kept for him, or the first open one); the last seat starts it."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if Seat.objects.filter(table=table, user=user).exists():
            raise TableRefused(_("You already sit at this table."), code="tables.already_seated")
        rows = list(Seat.objects.select_for_update().filter(table=table).order_by("index"))
        free = [s for s in rows if can_join(table, user, s) and (seat is None or s.index == seat)]
        free.sort(key=lambda s: s.invited_id != user.pk)
        if not free:
            raise TableRefused(_("There is no seat for you at this table."), code="tables.no_seat")
        row = free[0]
        row.user, row.invited, row.joined_at = user, None, timezone.now()
        row.save(update_fields=["user", "invited", "joined_at"])
        record(user, "tables.join", table, seat=row.index)
        _start_if_full(table)
        announce(table)
    return table


def do_cancel_table(user: Any, table: Table) -> Table:
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        access_cancel(table, user)
        table.status = Table.Status.CANCELLED
        table.save(update_fields=["status"])
        record(user, "tables.cancel", table)
        announce(table)
    return table


def _start_if_full(table: Table) -> None:
    if table.status != Table.Status.OPEN or not all(s.filled for s in Seat.objects.filter(table=table)):
        return
    table.seed = secrets.randbelow(MAX_SEED)
    table.salt = secrets.token_hex(16)
    table.commitment = commitment(table.seed, table.salt)
    table.status = Table.Status.PLAYING
    table.started_at = clocks.now()  # the clocks' and presence's time (tests set it)
    clocks.start(table, table.clock_total, table.seats)
    table.save(update_fields=["seed", "salt", "commitment", "status", "started_at", *CLOCK_FIELDS])
    record(None, "tables.start", table, commitment=table.commitment)
    state = load_state(table)
    _advance(table, state)
    _store(table, state)


# --- playing --------------------------------------------------------------------------------------------------------


_STATES: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
CACHED_STATES = 64
"""States this process keeps for reading (pages, pushes, the API), by table, salt, seed and step."""


def _key(table: Table) -> tuple[Any, ...]:
    # The salt is drawn afresh for every table: a reused primary key (a test database rolled back) with the
    # same seed never finds another table's state.
    return (table.pk, table.salt, table.seed, table.steps)


def peek_state(table: Table) -> Any:
    """The table's game now, for reading only (never apply to it): kept per process by table, seed and step,
    so the pages and pushes after a move do not each replay the game."""
    key = _key(table)
    state = _STATES.get(key)
    if state is None:
        state = load_state(table)
        _remember(key, state)
    return state


def peek_state_at(table: Table, steps: int) -> Any:
    """The table's game after its first ``steps`` entries, for reading only (a delayed spectator's), kept per
    process like :func:`peek_state`."""
    if steps >= table.steps:
        return peek_state(table)
    key = (table.pk, table.salt, table.seed, steps)
    state = _STATES.get(key)
    if state is None:
        state = load_state(table, steps)
        _remember(key, state)
    return state


def _remember(key: tuple[Any, ...], state: Any) -> None:
    _STATES[key] = state
    _STATES.move_to_end(key)
    while len(_STATES) > CACHED_STATES:
        _STATES.popitem(last=False)


def load_state(table: Table, steps: int | None = None) -> Any:
    """The table's game now (or after its first ``steps`` entries): its stored entries applied from the seed
    (a fresh state, to apply to)."""
    game = engines.new_game(table.system, table.seats, table.map_hash, table.data_hash)
    state = engines.initial_state(game, table.seed or 0)
    entries = Entry.objects.filter(table=table)
    if steps is not None:
        entries = entries.filter(n__lt=steps)
    for data in entries.order_by("n").values_list("action", flat=True):
        state.apply(engines.action_from_json(game, data))
    return state


def _apply(table: Table, state: Any, action: Any) -> None:
    actor = engines.actor(state)
    steps = engines.apply(state, action)
    Entry.objects.create(table=table, n=table.steps, actor=str(actor), action=action.to_json(), steps=steps)
    table.steps += 1


def _advance(table: Table, state: Any) -> None:
    """Chance events until a seat is to act or the game is over (a bot seat's move is a task's)."""
    for _i in range(MAX_AUTOMATIC):
        if engines.actor(state) != engines.CHANCE:
            break
        _apply(table, state, engines.chance(state))


def _bot_to_act(table: Table, state: Any) -> str:
    """The bot of the seat to act ("" when a person is to act, or nobody)."""
    actor = engines.actor(state)
    if table.status != Table.Status.PLAYING or not isinstance(actor, int):
        return ""
    return Seat.objects.filter(table=table, index=actor).values_list("bot", flat=True).first() or ""


def _finish(table: Table, state: Any, out: dict[str, Any], fields: list[str]) -> None:
    """The end: the outcome scored by the system, the signed log (its end entry holds the outcome, and so how
    the game ended: a concession names the seat), the audit record and ``table_finished``."""
    table.outcome = out
    table.result = engines.result(table.system, table.seats, out).to_json()
    table.status = Table.Status.FINISHED
    table.finished_at = timezone.now()
    clocks.stop(table)
    table.save(update_fields=[*fields, "outcome", "result", "status", "finished_at", *CLOCK_FIELDS])
    content = logs.build_log(table, state)
    table.log = content.decode("utf-8")
    table.log_sha256 = hashlib.sha256(content).hexdigest()
    record(None, "tables.finish", table, result=table.result, log=table.log_sha256)
    table.save(update_fields=["log", "log_sha256"])
    signals.table_finished.send(sender=Table, table=table)  # an event's pod or match reports it


def _clock_seat(table: Table, actor: Any) -> int | None:
    """Whose clock runs: the seat to act while the game is played (none at a chance event or the end)."""
    return actor if isinstance(actor, int) and table.status == Table.Status.PLAYING else None


def _store(table: Table, state: Any) -> None:
    fields = ["steps"]
    out = engines.outcome(state)
    if out is not None and table.status == Table.Status.PLAYING:
        _finish(table, state, out, fields)
    else:
        # The clock of the seat to act runs (a bot's too); a seat whose run of decisions ended gains the increment.
        clocks.hand_over(table, _clock_seat(table, engines.actor(state)), table.clock_increment)
        table.save(update_fields=[*fields, *CLOCK_FIELDS])
        if _bot_to_act(table, state):
            outbox.enqueue(PLAY_BOT_MOVE, [table.pk, table.steps])
    transaction.on_commit(lambda: _remember(_key(table), state))
    announce(table)


def do_play_bot_move(table_id: int, step: int) -> str:
    """The bot's move at table ``table_id`` if the table is still at ``step`` with a bot seat to act
    (``played``), else nothing (``stale``: the table moved on, was cancelled, or the same task came twice).
    The bot thinks outside the lock; its move is applied, followed by chance, stored and pushed in one
    transaction holding the table's row, and the next bot's task is enqueued if a bot is to act again."""
    table = Table.objects.filter(pk=table_id, steps=step, status=Table.Status.PLAYING).first()
    if table is None:
        return STALE
    if flag_if_out(table):  # the bot's clock ran out while its task waited: it lost on time
        return STALE
    state = load_state(table)  # a private copy: the move is applied to it under the lock below
    bot = _bot_to_act(table, state)
    if not bot:
        return STALE
    seat = engines.actor(state)
    game = engines.new_game(table.system, table.seats, table.map_hash, table.data_hash)
    action = engines.bot_action(game, bot, (table.seed or 0) ^ table.steps, state)
    try:
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=table_id)
            if table.steps != step or table.status != Table.Status.PLAYING:
                return STALE
            record(None, "tables.bot_move", table, seat=seat, bot=bot, step=step, action=action.to_json())
            _apply(table, state, action)
            _advance(table, state)
            _store(table, state)
    except (IntegrityError, OperationalError) as exc:
        if isinstance(exc, IntegrityError) or "locked" in str(exc):
            return STALE  # the same task ran twice at once (SQLite has no row lock): the other one moved
        raise
    return PLAYED


def do_sweep_table_bots(*, at: datetime.datetime | None = None) -> list[int]:
    """Enqueue the bot's task again at each table that has waited ``STALL_SECONDS`` for it (a task lost to a
    crashed worker); the periodic task ``tables.sweep_bots``. A task that was only slow then finds its twin
    stale: the step decides which one moves."""
    moment = at or timezone.now()
    waiting = (
        Table.objects.filter(status=Table.Status.PLAYING, seat_rows__bot__gt="")
        .distinct()
        .annotate(last=Max("entries__created_at"))
        .filter(last__lt=moment - datetime.timedelta(seconds=STALL_SECONDS))
    )
    due = []
    with transaction.atomic():
        for table in waiting:
            if _bot_to_act(table, peek_state(table)):
                due.append(table.pk)
                outbox.enqueue(PLAY_BOT_MOVE, [table.pk, table.steps])
    return due


def do_act(user: Any, table: Table, data: Any, step: Any) -> Table:
    """Apply ``user``'s action (the engine's JSON form) at ``table``'s current step ``step``.

    Refused when it is not his turn, when ``step`` is not the table's current step (a page drawn before
    another action, or the same form sent twice: nothing is applied), or when the engine refuses it. A clock
    that has run out ends the game on time first (in its own transaction), and the action is refused.
    """
    if flag_if_out(table):
        raise TableRefused(_("A clock ran out: the game ended on time."), code="tables.flagged", status=409)
    try:
        with transaction.atomic():
            return _act_locked(user, table, data, step)
    except (IntegrityError, OperationalError) as exc:
        if not isinstance(exc, IntegrityError) and "locked" not in str(exc):
            raise
        raise TableRefused(
            _("Another action was applied at the same moment: nothing of yours was applied; look again."),
            code="play.raced",
        ) from None


def _act_locked(user: Any, table: Table, data: Any, step: Any) -> Table:
    table = Table.objects.select_for_update().get(pk=table.pk)
    seat = access_seat(table, user)
    if table.status != Table.Status.PLAYING:
        raise TableRefused(_("This game is not being played."), code="tables.not_playing")
    if str(step) != str(table.steps):
        raise TableRefused(
            _("The game moved on since your page was drawn (step %(yours)s, now %(now)s): nothing was applied.")
            % {"yours": step, "now": table.steps},
            code="play.stale",
        )
    if clocks.out_of_time(table) is not None:  # ran out since flag_if_out looked: the next request ends it
        raise TableRefused(_("A clock ran out: the game ended on time."), code="tables.flagged", status=409)
    state = load_state(table)
    if engines.actor(state) != seat:
        raise TableRefused(_("It is not your turn to act."), code="play.not_your_turn")
    try:
        if isinstance(data, str):
            data = json.loads(data)
        game = engines.new_game(table.system, table.seats, table.map_hash, table.data_hash)
        action = engines.action_from_json(game, data)
    except (ValueError, TypeError) as exc:
        raise TableRefused(
            _("That is not an action of this game: %(why)s") % {"why": exc}, code="play.malformed"
        ) from None
    if action.is_chance:
        raise TableRefused(_("Chance events are the referee's: a player cannot send one."), code="play.chance")
    error = engines.refusal(state, action)
    if error is not None:
        raise TableRefused(
            engines.say(table.system, error.code, error.params),
            code="play.illegal",
            params={"rule": error.rule},
        )
    record(user, "tables.act", table, seat=seat, step=table.steps, action=action.to_json())
    Seat.objects.filter(table=table, index=seat).update(seen_at=clocks.now())  # he is here
    _apply(table, state, action)
    _advance(table, state)
    _store(table, state)
    return table


def do_concede(user: Any, table: Table, seat: Any = None) -> Table:
    """``user`` concedes his seat (``seat``, if given, must be his own): the game ends at once, scored by the
    system with the conceding seat last (the engine's ``conceded``: placement, or the other side wins by its
    victory points, at least one), in the log's end entry (``termination`` ``concession``, ``conceded_by``),
    audited (``tables.concede``) and reported to an event as any end."""
    flag_if_out(table)  # a clock that ran out ended the game first: the concession is then refused
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        own = access_concede(table, user, seat)
        state = load_state(table)
        record(user, "tables.concede", table, seat=own, step=table.steps)
        _finish(table, state, engines.conceded(state, own), [])
        announce(table)
    return table


# --- clocks: a loss on time --------------------------------------------------------------------------------------


def _flag_locked(table: Table, at: datetime.datetime | None = None) -> int | None:
    """End the locked ``table`` on time if its running clock has run out at ``at``: that seat loses as if it
    conceded (the system's scoring), ``termination`` ``time`` in the outcome and the signed log's end entry,
    audited (``tables.flagged``). Returns the seat, or None when no clock ran out."""
    if table.status != Table.Status.PLAYING:
        return None
    seat = clocks.out_of_time(table, at)
    if seat is None:
        return None
    state = load_state(table)
    record(None, "tables.flagged", table, seat=seat, step=table.steps)
    _finish(table, state, engines.lost_on_time(state, seat), [])
    announce(table)
    return seat


def do_flag_table(table_id: int, *, at: datetime.datetime | None = None) -> str:
    """End table ``table_id`` on time if its running clock has run out (``flagged``), else ``not_due`` or
    ``over``. Idempotent: the task ``tables.flag_table`` and every state-changing request call it."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None or table.status != Table.Status.PLAYING:
            return OVER
        return FLAGGED if _flag_locked(table, at) is not None else NOT_DUE


def flag_if_out(table: Table) -> bool:
    """Before a state-changing request: end the table on time if a clock ran out (its own transaction, so the
    loss stands whatever the request does next); whether it ended."""
    if table.status != Table.Status.PLAYING or table.clock_running is None:
        return False
    if clocks.out_of_time(table) is None:
        return False
    return do_flag_table(table.pk) == FLAGGED


def gone_seat(table: Table, at: datetime.datetime | None = None) -> int | None:
    """The seat to act, if a person sits there and has been gone (no action, no presence signal) for
    ``clocks.ABANDON_SECONDS``: another seat may claim the game (abandonment). None otherwise (a bot never
    leaves). Read only."""
    if table.status != Table.Status.PLAYING or table.started_at is None:
        return None
    actor = engines.actor(peek_state(table))
    if not isinstance(actor, int):
        return None
    seat = Seat.objects.filter(table=table, index=actor, user__isnull=False).values_list("seen_at", flat=True)
    if not seat.exists():
        return None
    gone = clocks.gone_for(seat.first(), table.started_at, at)
    return actor if gone >= clocks.ABANDON_SECONDS else None


def do_mark_present(user: Any, table: Table) -> None:
    """``user``'s table (its presence POST every 30 s, or his seat's socket) says he is here: the game cannot be
    claimed as abandoned by him. Nothing for one who does not play there or a game not being played."""
    with transaction.atomic():
        Seat.objects.filter(table=table, user=user, table__status=Table.Status.PLAYING).update(seen_at=clocks.now())


def do_claim(user: Any, table: Table) -> Table:
    """A seated player claims the game: another seat's clock ran out (that seat loses on time, as
    ``do_flag_table``), or the seat to act has been gone for ``clocks.ABANDON_SECONDS`` (it loses as abandoned:
    ``termination`` ``abandonment``, ``abandoned_by``). Either is scored as that seat's concession, audited
    (``tables.claim_time`` or ``tables.claim_abandonment``) and in the signed log. Refused
    (``tables.nothing_to_claim``) otherwise."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        own = access_claim(table, user)
        out = clocks.out_of_time(table)
        if out is not None and out != own:
            record(user, "tables.claim_time", table, seat=own, flagged=out, step=table.steps)
            _flag_locked(table)
            return table
        gone = gone_seat(table)
        if gone is None or gone == own:
            raise TableRefused(
                _(
                    "No other seat's clock has run out, and the seat to act has not been gone for %(limit)s "
                    "seconds: there is nothing to claim."
                )
                % {"limit": clocks.ABANDON_SECONDS},
                code="play.nothing_to_claim",
            )
        record(user, "tables.claim_abandonment", table, seat=own, gone=gone, step=table.steps)
        state = load_state(table)
        _finish(table, state, engines.abandoned(state, gone), [])
        announce(table)
    return table


def do_sweep_table_clocks(*, at: datetime.datetime | None = None) -> list[int]:
    """Enqueue ``tables.flag_table`` for every table whose running clock has run out (the periodic task
    ``tables.sweep_clocks``), so a game everyone left still ends."""
    moment = at or clocks.now()
    due = []
    with transaction.atomic():
        running = Table.objects.filter(status=Table.Status.PLAYING, clock_running__isnull=False)
        for table in running.only("id", "clock_remaining", "clock_running", "clock_since", "status"):
            deadline = clocks.flag_due(table)
            if deadline is not None and deadline <= moment:
                due.append(table.pk)
                outbox.enqueue(FLAG_TABLE, [table.pk])
    return due


# --- a judge's replay -----------------------------------------------------------------------------------------------


@dataclass
class Verdict:
    """A judge's replay of a table log: how far it stood and, if it did not, the first illegal entry; and, for an
    uploaded log, the card game's checks said the same way (``engine.replay.verdict.Verdict``): ``signature``,
    ``chain``, ``seed``, the comparison with the stored table the header claims (``record``: ``status``
    ``matches``, ``differs`` or ``not compared``, ``table``, ``differences``) and ``trust``
    (``engine.replay.verdict.trust_of``: authentic, matches record, differs from record, tampered, unverified)."""

    system: str
    entries: int
    applied: int
    first_illegal: int | None
    rule: str
    reason: str
    problems: list[str]
    signature_ok: bool | None
    table: int | None = None
    signature: str = "valid"
    chain: str = "valid"
    seed: str = "matches"
    record: dict[str, Any] | None = None
    trust: str = "authentic"
    bids: dict[str, Any] | None = None
    """The sealed bids that decided the table's sides, as its log header keeps them (issue 26)."""

    @property
    def legal(self) -> bool:
        return self.first_illegal is None

    @property
    def authentic(self) -> bool:
        return self.signature == "valid" and not set(self.problems) & logs.TAMPERING

    @property
    def ok(self) -> bool:
        """Legal, authentic, its end as the replay ends, and not differing from the stored table it claims."""
        differs = self.record is not None and self.record["status"] == "differs"
        return self.legal and self.authentic and "result" not in self.problems and not differs

    def to_json(self) -> dict[str, Any]:
        return {**self.__dict__, "legal": self.legal, "authentic": self.authentic, "ok": self.ok}


def _reason(system_id: str, replayed: engines.Replay) -> str:
    if replayed.first_illegal is None:
        return ""
    if replayed.code == "tables.replay.unreadable":
        return _("The entry is not an action of this game: %(why)s") % {"why": replayed.reason}
    if replayed.code == "tables.replay.wrong_actor":
        p = replayed.params or {}
        return _("The entry says %(said)s acted, but %(due)s was to act.") % {
            "said": _actor_words(system_id, p.get("said")),
            "due": _actor_words(system_id, p.get("due")),
        }
    if replayed.code == "tables.replay.not_committed":
        return _("This chance outcome is not the one the committed seed gives.")
    return engines.say(system_id, replayed.code, replayed.params)


def _actor_words(system_id: str, actor: Any) -> str:
    if actor == engines.CHANCE:
        return _("chance")
    try:
        return engines.seat_label(system_id, int(actor))
    except (TypeError, ValueError):
        return str(actor)


UNREADABLE_WHY = {
    "too_big": gettext_lazy("it is larger than the site reads"),
    "seats": gettext_lazy("its header's seats is not a number of seats"),
    "map": gettext_lazy("its map or game data is not stored here"),
}


def judge_log(user: Any, raw: bytes) -> Verdict:
    """Replay an uploaded table log to its first illegal entry (``TableRefused`` if it is not one at all), with
    the card game's checks: signature, chain, seed commitment, the end entry against the replay, and the stored
    table its header claims compared entry by entry (``compare_with_table``)."""
    access_judging(user)
    try:
        read = logs.read_log(raw)
        game = engines.new_game(read.system, read.seats, read.map_hash, read.data_hash)
    except (logs.LogUnreadable, gamedata.UnknownMap, ValueError) as exc:
        code = "map" if isinstance(exc, gamedata.UnknownMap) else str(exc)
        why = UNREADABLE_WHY.get(code, _("it is not JSON in the format junling-table-log/1"))
        if isinstance(exc, logs.LogUnreadable) and exc.said is not None:
            why = engine_text.render(exc.said)
        raise TableRefused(
            _("This is not a board-game table log this site can replay (%(why)s).") % {"why": why},
            code="tables.unreadable_log",
        ) from None
    replayed = engines.replay(read.system, game, read.seed, read.entries, committed=read.committed)
    problems = list(read.problems)
    if replayed.first_illegal is None:
        problems.extend(_end_problems(read, replayed.state))
    record_check = compare_with_table(user, read)
    tampered = bool(set(problems) & logs.TAMPERING) or replayed.code == "tables.replay.not_committed"
    verdict = Verdict(
        system=read.system,
        entries=len(read.entries),
        applied=replayed.applied,
        first_illegal=replayed.first_illegal,
        rule=replayed.rule,
        reason=_reason(read.system, replayed),
        problems=problems,
        signature_ok=read.signature_ok,
        signature=read.signature,
        chain=read.chain,
        seed=read.seed_status,
        record=record_check,
        trust=trust_of(
            tampered=tampered,
            authentic=read.signature == "valid" and not tampered,
            record=None if record_check is None else record_check["status"],
        ),
        bids=read.bids,
    )
    with transaction.atomic():
        record(user, "tables.judge", None, sha256=hashlib.sha256(raw).hexdigest(), verdict=_audit(verdict))
    return verdict


def _end_problems(read: logs.ReadLog, state: Any) -> list[str]:
    """What the end entry claims against the replayed game: its final state's hash (``state``: altered) and its
    result (``result``): the engine's own outcome when the game ended by the rules; a seat's loss (concession,
    time, abandonment) only while the game had not."""
    if read.end is None:
        return []
    out = []
    claimed_state = read.end.get("state")
    if claimed_state is not None and claimed_state != engines.state_digest(state):
        out.append("state")
    action = read.end.get("action")
    result = action.get("result") if isinstance(action, dict) else None
    ended = engines.outcome(state)
    if ended is not None:
        if result != dict(ended):
            out.append("result")
    elif not (isinstance(result, dict) and result.get("termination") in engines.LOSER_KEYS):
        out.append("result")
    return out


def compare_with_table(user: Any, read: logs.ReadLog) -> dict[str, Any] | None:
    """The log compared with the stored log of the table its header claims (``meta.table``), entry by entry
    (``engine.replay.compare.compare_logs``), and its claimed result with the table's: None when it claims no
    table. A table the judge may not replay, or one without a finished log, is ``not compared``, saying neither
    which."""
    if read.claim is None:
        return None
    table = judged_tables(user).filter(pk=read.claim).exclude(log="").first()
    if table is None:
        said = _("This log claims table %(table)s, and there is no finished record of it here to compare it with.")
        return {
            "status": "not compared",
            "table": read.claim,
            "differences": [{"where": "header.meta.table", "message": said % {"table": read.claim}}],
        }
    stored = json.loads(table.log)
    found = [p.to_dict() for p in compare_logs(read.data, stored) if p.what.code != "record.result_differs"]
    action = read.end.get("action") if read.end is not None else None
    claimed = action.get("result") if isinstance(action, dict) else None
    if claimed != table.outcome:
        said = _("This log's end claims the result %(log)s; table %(table)s ended %(stored)s.")
        found.append(
            {
                "where": "result",
                "message": said % {"log": quoted(claimed), "table": table.pk, "stored": quoted(table.outcome)},
            }
        )
    return {
        "status": "differs" if found else "matches",
        "table": table.pk,
        "differences": found[:MAX_PROBLEMS],
        "difference_count": len(found),
    }


def judge_table(user: Any, table: Table) -> Verdict:
    """Replay a stored table's entries from its seed (every chance entry checked against it)."""
    access_judging(user)
    game = engines.new_game(table.system, table.seats, table.map_hash, table.data_hash)
    entries = [
        {"actor": logs.actor_json(a), "action": x}
        for a, x in Entry.objects.filter(table=table).order_by("n").values_list("actor", "action")
    ]
    replayed = engines.replay(table.system, game, table.seed, entries, committed=True)
    verdict = Verdict(
        system=table.system,
        entries=len(entries),
        applied=replayed.applied,
        first_illegal=replayed.first_illegal,
        rule=replayed.rule,
        reason=_reason(table.system, replayed),
        problems=[],
        signature_ok=None,
        table=table.pk,
        bids=table.log_meta.get("bids"),
    )
    with transaction.atomic():
        record(user, "tables.judge", table, verdict=_audit(verdict))
    return verdict


def _audit(v: Verdict) -> dict[str, Any]:
    return {
        "applied": v.applied,
        "first_illegal": v.first_illegal,
        "rule": v.rule,
        "problems": v.problems,
        "trust": v.trust,
        "record": None if v.record is None else v.record["status"],
    }


def judge_position(user: Any, system_id: str, data: dict[str, Any], action: Any) -> engines.PositionVerdict:
    """A judge's question on a board-game position (``docs/positions.md`` "Board games"): is it possible, and
    is ``action`` legal there (the rule it breaks if not). Reads only: nothing is stored, nothing audited.
    ``TableRefused`` when the map and data the position names are not stored."""
    access_judging(user)
    try:
        return engines.judge_position(system_id, data, action)
    except gamedata.UnknownMap:
        raise TableRefused(
            _("No stored map and game data of this game have the hashes the position names (map, data)."),
            code="tables.position_data",
        ) from None
