"""What the table pages, the API and the pushed messages show: one seat's view, built from that seat's
observation only (``engines.observation``), narrated in the reader's language."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from django.template.loader import select_template
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from accounts.names import display_name
from boards.presenters.systems import SIDES
from junling import clocks
from junling.bots import bot_label
from tables import access, board, engines
from tables.models import Entry, Seat, Table
from tables.services import gone_seat, peek_state, peek_state_at

FEED_LINES = 60
"""The feed shows the newest this many lines."""
BUTTONS_UP_TO = 10
"""Up to this many legal actions are buttons; more are one list to choose from."""


def system_name(system_id: str, language: str) -> str:
    return engines.system(system_id).display_name(language)


def seat_name(seat: Seat) -> str:
    """Who sits at ``seat``: the player's display name, the bot, or an open seat."""
    if seat.user is not None:
        return display_name(seat.user)
    if seat.bot:
        return bot_label(seat.bot)
    return _("open seat")


def seats_view(table: Table, user: Any, to_act: Any) -> list[dict[str, Any]]:
    out = []
    seats = Seat.objects.filter(table=table).select_related("user__profile", "invited__profile").order_by("index")
    for s in seats:
        who = seat_name(s)
        if s.user is None and not s.bot and s.invited is not None:
            who = _("invited: %(name)s") % {"name": display_name(s.invited)}
        out.append(
            {
                "index": s.index,
                "label": engines.seat_label(table.system, s.index),
                "who": who,
                "you": s.user_id is not None and s.user_id == getattr(user, "pk", None),
                "to_act": to_act == s.index,
                "joinable": access.can_join(table, user, s),
            }
        )
    return out


def version(table: Table) -> str:
    """The table's version for polling and pushes: it changes whenever anything on it does."""
    filled = Seat.objects.filter(table=table, user__isnull=False).count()
    # A clock that ran out, or a seat to act gone long enough, changes what the page shows (the claim) before
    # anything is written: a poll sees it.
    out = ""
    if table.status == Table.Status.PLAYING:
        out = ".out" if clocks.out_of_time(table) is not None else ".gone" if gone_seat(table) is not None else ""
    return f"{table.status}.{table.steps}.{filled}{out}"


def controls(system_id: str, options: list[dict[str, Any]], names: dict[str, str] | None = None) -> dict[str, Any]:
    items = [
        {"json": json.dumps(o, ensure_ascii=False, sort_keys=True), "label": engines.label(system_id, o, names)}
        for o in options
    ]
    return {"items": items, "buttons": len(items) <= BUTTONS_UP_TO}


def piece_order(piece: str) -> tuple[str, int, str]:
    """How pieces sort on a board: by name, then by the number that ends it (明军4 before 明军10)."""
    m = re.fullmatch(r"(.*?)(\d+)", piece)
    return (m.group(1), int(m.group(2)), piece) if m else (piece, -1, piece)


def grouped(obs: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """Every observation field that says where pieces are (piece → place, or piece → [place, ...]) turned
    round: place → pieces (for the board templates), each place's pieces in :func:`piece_order`."""
    out: dict[str, dict[str, list[str]]] = {}
    for key, value in obs.items():
        if not isinstance(value, dict) or not value:
            continue
        places = {}
        for piece, where in value.items():
            if isinstance(where, str):
                places[piece] = where
            elif isinstance(where, list) and where and isinstance(where[0], str):
                places[piece] = where[0]
            else:
                break
        else:
            inverted: dict[str, list[str]] = {}
            for piece, where in places.items():
                inverted.setdefault(where, []).append(piece)
            out[key] = {where: sorted(pieces, key=piece_order) for where, pieces in inverted.items()}
    return out


def feed(table: Table, upto: int | None = None, names: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The newest lines of the game's narration, newest first: the engine's noted steps and the players'
    choices (a pass is not told: an offer that was declined stays unsaid); only the first ``upto`` entries
    when given (a delayed spectator). Names as ``names`` says them (``engines.names``), seats counted from 1;
    ``n`` is the entry's index (0-based, as the log counts; pages show it counted from 1)."""
    lines: list[dict[str, Any]] = []
    entries = Entry.objects.filter(table=table)
    if upto is not None:
        entries = entries.filter(n__lt=upto)
    rows = entries.order_by("-n").values_list("n", "actor", "action", "steps")
    for n, actor, action, steps in rows.iterator():
        for step in reversed(steps or []):
            lines.append(
                {
                    "n": n,
                    "rule": step.get("rule", ""),
                    "text": engines.say(table.system, step["code"], step.get("params"), names),
                }
            )
        if actor != engines.CHANCE and action.get("type") != "pass":
            who = engines.seat_label(table.system, int(actor))
            lines.append({"n": n, "rule": "", "text": f"{who}: {engines.label(table.system, action, names)}"})
        if len(lines) >= FEED_LINES:
            break
    return lines[:FEED_LINES]


def result_view(table: Table) -> list[dict[str, Any]] | None:
    if not table.result:
        return None
    r = table.result
    rows = []
    for seat in range(table.seats):
        rows.append(
            {
                "label": engines.seat_label(table.system, seat),
                "place": r["places"][seat],
                "score": r["scores"][seat],
                "winner": seat in r["winners"],
            }
        )
    return sorted(rows, key=lambda row: row["place"])


def ending(table: Table) -> str:
    """How a finished game ended, when a seat conceded it or ran out of time ("" otherwise: the result says
    the rest)."""
    out = table.outcome or {}
    termination = (table.result or {}).get("termination")
    if termination not in engines.SEAT_LOSSES:
        return ""
    by = out.get(engines.LOSER_KEYS[termination])
    sides = engines.system(table.system).sides
    seat = sides.index(by) if isinstance(by, str) and by in sides else by
    who = engines.seat_label(table.system, int(seat)) if isinstance(seat, int) else "?"
    if termination == engines.TIME:
        return _("%(seat)s ran out of time: the game was lost on time, scored as a concession.") % {"seat": who}
    if termination == engines.ABANDONMENT:
        return _("%(seat)s was gone: the game was claimed as abandoned, scored as a concession.") % {"seat": who}
    return _("%(seat)s conceded the game.") % {"seat": who}


def clock_view(table: Table, user: Any, seat: int | None, *, delayed: bool = False) -> dict[str, Any] | None:
    """The table's clocks now (``junling.clocks``, computed on read: nothing is written): the time control,
    each seat's time left and whose runs, the seat whose clock ran out and whether ``user`` may claim it.
    A delayed spectator sees the time control only (the figures would tell the present)."""
    if table.clock_total is None:
        return None
    view: dict[str, Any] = {
        "control": clocks.control_text(table.clock_total, table.clock_increment),
        "seats": [],
        "delayed": delayed,
        "flagged": None,
        "can_claim": False,
    }
    left = clocks.remaining(table)
    if delayed or left is None:
        return view
    playing = table.status == Table.Status.PLAYING
    out = clocks.out_of_time(table) if playing else None
    for i, seconds in enumerate(left):
        view["seats"].append(
            {
                "index": i,
                "label": engines.seat_label(table.system, i),
                "seconds": int(seconds),
                "text": clocks.clock_text(seconds),
                "running": playing and table.clock_running == i and out is None,
                "you": seat == i,
            }
        )
    if out is not None:
        view["flagged"] = engines.seat_label(table.system, out)
        view["can_claim"] = seat is not None and seat != out and access.can_claim(table, user)
    return view


def concession_consequences(table: Table) -> list[str]:
    """What the confirmation page of a concession says will happen (the system's scoring)."""
    scoring = engines.system(table.system).scoring
    lines = [_("The game ends now for every seat; the signed log records your concession.")]
    if scoring == "placement":
        lines.append(_("You are placed last; the other seats are placed by regions held now."))
    elif scoring == "vp-margin":
        lines.append(_("The other side wins, by its victory points or by one point, whichever is more."))
    else:
        lines.append(_("You lose the game."))
    lines.append(_("An event's result is reported as for any finished table."))
    return lines


def board_template(system_id: str) -> str:
    """The system's own board template (``tables/boards/<system>.html``), else the generic one."""
    return select_template([f"tables/boards/{system_id}.html", "tables/boards/_generic.html"]).template.name


def _head(table: Table, language: str) -> dict[str, Any]:
    """What every reader's view of a table starts with."""
    return {
        "pk": table.pk,
        "version": version(table),
        "status": table.status,
        "status_label": table.get_status_display(),
        "system": table.system,
        "system_name": system_name(table.system, language),
        "seat_count": table.seats,
        "step": table.steps,
        "commitment": table.commitment,
        "scoring": engines.system(table.system).scoring,
        "how_to_play": bool(engines.system(table.system).how_to_play),
    }


def _game(
    table: Table, view: dict[str, Any], seat: int | None, upto: int | None = None
) -> tuple[dict[str, Any], int | None]:
    """The game as ``seat`` sees it (None: a spectator, the public observation) put into ``view``: the board,
    the feed, the result; returns the observation and the seat to act (None once the game is over: a
    conceded game stops where it was). ``upto``: a delayed spectator's view, the game after its first
    ``upto`` entries, still being played (no result, no seed)."""
    state = peek_state(table) if upto is None else peek_state_at(table, upto)
    playing = table.status == Table.Status.PLAYING or upto is not None
    actor = engines.actor(state) if playing else None
    table_names = engines.names(table.system, table.map_hash, table.data_hash)
    obs = engines.observation(table.system, state, seat, table_names)
    if not playing:
        obs.pop("pending", None)
    elif seat is None and isinstance(obs.get("pending"), dict):  # a spectator: whose turn it is, no more
        obs["pending"] = {"player": obs["pending"]["player"]} if "player" in obs["pending"] else {}
    view["observation"] = obs
    view["board_template"] = board_template(table.system)
    view["grouped"] = grouped(obs)
    view["names"] = table_names
    view["feed"] = feed(table, upto, view["names"])
    view["result"] = None if upto is not None else result_view(table)
    if table.result and upto is None:
        view["margin"] = table.result.get("margin")
        view["seed"] = table.seed
        view["ending"] = ending(table)
    return obs, actor if isinstance(actor, int) else None


def table_view(table: Table, user: Any, language: str) -> dict[str, Any]:
    """One reader's view of a table (his seat's observation, if he plays there; else the seats only)."""
    seat = access.seat_of(table, user)
    view = _head(table, language) | {
        "you": seat,
        "can_cancel": access.can_cancel(table, user),
        "can_download": access.can_download_log(table, user),
        "can_concede": access.can_concede(table, user),
    }
    to_act = None
    if table.status in (Table.Status.PLAYING, Table.Status.FINISHED) and seat is not None:
        obs, to_act = _game(table, view, seat)
        pending = obs.get("pending") or {}
        view["pending_rule"] = pending.get("rule", "")
        options: list[dict[str, Any]] = []
        if to_act == seat and table.status == Table.Status.PLAYING:
            options = list(pending.get("options") or [])
            view["prompt"] = engines.prompt(table.system, pending, view.get("names"))
            view["controls"] = controls(table.system, options, view.get("names"))
        view["board"] = board.for_table(table, obs, options, view.get("names"))
    view["seats"] = seats_view(table, user, to_act)
    view["to_act"] = None if to_act is None else engines.seat_label(table.system, to_act)
    view["clock"] = clock_view(table, user, seat)
    view["claim"] = claim(table, user, seat, view["clock"])
    view["present"] = seat is not None and table.status == Table.Status.PLAYING
    return view


def claim(table: Table, user: Any, seat: int | None, clock: dict[str, Any] | None) -> str | None:
    """What ``user`` may claim now (computed on read): ``time`` (another seat's clock ran out), ``abandonment``
    (the seat to act has been gone ``clocks.ABANDON_SECONDS``), else None."""
    if seat is None or not access.can_claim(table, user):
        return None
    if clock and clock["can_claim"]:
        return "time"
    gone = gone_seat(table)
    return "abandonment" if gone is not None and gone != seat else None


def delayed_steps(table: Table, delay: int) -> int | None:
    """How many of ``table``'s entries a spectator ``delay`` seconds behind sees (None: all of them, and the
    end: no delay, or the game ended longer ago than the delay)."""
    if delay <= 0:
        return None
    cutoff = clocks.now() - datetime.timedelta(seconds=delay)
    if table.finished_at is not None and table.finished_at <= cutoff:
        return None
    return Entry.objects.filter(table=table, created_at__lte=cutoff).count()


def watch_view(table: Table, user: Any, language: str) -> dict[str, Any]:
    """A spectator's view: the public observation only (``engines.observation`` of no seat: no hand, no
    hidden pool or draw order; of a pending decision only whose it is), the seats, the feed (the same for
    every seat) and the result; never a form. The seed only once the game is over, as for the players.
    An event's table runs ``access.spectator_delay`` seconds behind: only the entries older than that, the
    game still being played until its end is older too."""
    delay = access.spectator_delay(table, user)
    upto = delayed_steps(table, delay)
    view = _head(table, language) | {"spectator": True, "you": None, "pending_rule": "", "delay": delay}
    if upto is not None:
        view["version"] = f"{Table.Status.PLAYING}.{upto}.delayed"
        view["status"], view["status_label"] = str(Table.Status.PLAYING), str(Table.Status.PLAYING.label)
        view["step"] = upto
    obs, to_act = _game(table, view, None, upto)
    view["board"] = board.for_table(table, obs, [], view.get("names"))
    view["seats"] = seats_view(table, None, to_act)
    view["to_act"] = None if to_act is None else engines.seat_label(table.system, to_act)
    view["clock"] = clock_view(table, None, None, delayed=delay > 0)
    return view


def watch_api_view(table: Table, user: Any, language: str) -> dict[str, Any]:
    """The spectator's API answer: the same view as JSON."""
    view = watch_view(table, user, language)
    view.pop("board", None)
    view.pop("grouped", None)
    view.pop("board_template", None)
    view.pop("names", None)
    return view


def api_view(table: Table, user: Any, language: str) -> dict[str, Any]:
    """The API's answer: the same view, as JSON (the observation as the engine gave it to this seat)."""
    view = table_view(table, user, language)
    view.pop("board", None)
    view.pop("grouped", None)
    view.pop("board_template", None)
    view.pop("names", None)
    if "controls" in view:
        view["legal_actions"] = [
            {"action": json.loads(i["json"]), "label": i["label"]} for i in view["controls"]["items"]
        ]
        view.pop("controls")
    return view


def invitations_waiting(user: Any) -> int:
    """How many tables wait for ``user`` to take the seat kept for him (the badge on every page)."""
    return access.invitations_waiting(user).count()


def invitation_rows(user: Any, language: str) -> list[dict[str, Any]]:
    """The tables keeping a seat for ``user`` (newest first): table, game, his seat (1-based), who set it up."""
    seats = access.invitations_waiting(user).select_related("table__created_by__profile").order_by("-table__created_at")
    return [
        {
            "pk": s.table_id,
            "system_name": system_name(s.table.system, language),
            "seat": s.index + 1,
            "seats": s.table.seats,
            "created_by": display_name(s.table.created_by),
        }
        for s in seats[:100]
    ]


def list_context(user: Any, language: str) -> dict[str, Any]:
    tables = list(access.visible_tables(user).select_related("created_by__profile")[:100])
    rows = [
        {
            "pk": t.pk,
            "system_name": system_name(t.system, language),
            "seats": t.seats,
            "status": t.get_status_display(),
            "created_by": display_name(t.created_by),
        }
        for t in tables
    ]
    spectated = list(access.spectatable_tables(user).order_by("-created_at", "-pk")[:50])
    overseen = access.overseen_among(user, [t.pk for t in spectated if not t.public])
    watched = [
        {
            "pk": t.pk,
            "system_name": system_name(t.system, language),
            "seats": t.seats,
            "status": t.get_status_display(),
            "public": t.public,
            "yours": t.pk in overseen,
            "control": clocks.control_text(t.clock_total, t.clock_increment),
        }
        for t in spectated
    ]
    return {
        "tables": rows,
        "invitations": invitation_rows(user, language),
        "watched": watched,
        "can_judge": access.can_judge(user),
        "can_create": access.can_create(user),
    }


def live_to_watch(user: Any, language: str, limit: int = 100) -> list[dict[str, Any]]:
    """The board-game tables being played that ``user`` may watch (``access.spectatable_tables``: public tables,
    an event's feature tables, every table of the events he oversees), newest first: the game, who sits where,
    the event and its table number, and whether it is a feature table."""
    live = (
        access.spectatable_tables(user)
        .filter(status=Table.Status.PLAYING)
        .select_related("event_pod__tournament", "event_match__tournament")
        .prefetch_related("seat_rows__user__profile")
        .order_by("-started_at", "-pk")[:limit]
    )
    rows = []
    for t in live:
        event = access.event_of_board_table(t)
        seats = sorted(t.seat_rows.all(), key=lambda seat: seat.index)
        rows.append(
            {
                "pk": t.pk,
                "system_name": system_name(t.system, language),
                "players": [seat_name(seat) for seat in seats],
                "tournament": event.tournament if event is not None else None,
                "table": event.table if event is not None else None,
                "featured": bool(event is not None and event.featured),
            }
        )
    return rows


def no_such_table() -> str:
    return _("There is no started table with this number.")


def verdict_view(verdict: Any) -> dict[str, Any]:
    """A judge's verdict in words: how far the log stood, the first illegal entry with its rule."""
    problems = {
        "chain": _("The hash chain is broken: the log was changed after it was written."),
        "signature": _("The signature does not match: this site did not write this log as it is."),
        "commitment": _("The revealed seed does not match the commitment in the header."),
        "no_seed": _("The seed is not revealed: chance entries are taken as they are."),
        "entry_without_hash": _("An entry has no hash: the chain does not hold, so the log may have been changed."),
        "signature_missing": _("The header says the log is signed, but it has no signature: it was removed."),
        "signature_unexpected": _("The header says the log is unsigned, but it carries a signature."),
        "state": _("The end entry's final state is not the one the replay reaches: the log was changed."),
        "result": _("The result the end entry claims is not the one the replay gives."),
    }
    return {
        **verdict.to_json(),
        "system_name": engines.system(verdict.system).display_name(get_language() or "zh-hans"),
        "problem_texts": [problems.get(p, p) for p in verdict.problems],
        "bid_text": bid_text(verdict.bids),
    }


def bid_text(bids: Any) -> str:
    """The sealed bids a log's header keeps (``meta.bids``, issue 26) in words; "" without bids, and a plain
    sentence for bids not in the site's form (an uploaded log says what it likes)."""
    if bids is None:
        return ""
    try:
        (side_a, vp_a), (side_b, vp_b) = bids["bids"]["a"], bids["bids"]["b"]
        give_a, give_b = bids["gives"]
        side = bids["side_a"]
        figures = [vp_a, vp_b, give_a, give_b]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in figures):
            raise TypeError
    except (KeyError, TypeError, ValueError):
        return _("The log's header names sealed bids that are not in this site's form.")
    said = _(
        "Sealed bids: player A wanted %(side_a)s for %(vp_a)s VP, player B %(side_b)s for %(vp_b)s VP; player A"
        " played %(side)s; VP given up: player A %(give_a)s, player B %(give_b)s."
    )
    if bids.get("refused_twice_in_a_row") is True:
        said += " " + _("The bid was void: it would have taken a player's due side twice in a row.")
    return said % {
        "side_a": _side(side_a),
        "side_b": _side(side_b),
        "side": _side(side),
        "vp_a": vp_a,
        "vp_b": vp_b,
        "give_a": give_a,
        "give_b": give_b,
    }


def _side(code: Any) -> str:
    return str(SIDES.get(code, "?")) if isinstance(code, str) else "?"


def judged_rows(user: Any, language: str) -> list[dict[str, Any]]:
    return [
        {"pk": t.pk, "system_name": system_name(t.system, language), "status": t.get_status_display(), "steps": t.steps}
        for t in access.judged_tables(user)[:50]
    ]
