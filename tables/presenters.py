"""What the table pages, the API and the pushed messages show: one seat's view, built from that seat's
observation only (``engines.observation``), narrated in the reader's language."""

from __future__ import annotations

import json
from typing import Any

from django.template.loader import select_template
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tables import access, engines
from tables.models import Entry, Seat, Table
from tables.services import peek_state

FEED_LINES = 60
"""The feed shows the newest this many lines."""
BUTTONS_UP_TO = 10
"""Up to this many legal actions are buttons; more are one list to choose from."""


def system_name(system_id: str, language: str) -> str:
    return engines.system(system_id).display_name(language)


def seats_view(table: Table, user: Any, to_act: Any) -> list[dict[str, Any]]:
    out = []
    for s in Seat.objects.filter(table=table).select_related("user", "invited").order_by("index"):
        if s.user is not None:
            who = s.user.username
        elif s.bot:
            who = _("%(bot)s bot") % {"bot": s.bot}
        elif s.invited is not None:
            who = _("invited: %(name)s") % {"name": s.invited.username}
        else:
            who = _("open seat")
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
    return f"{table.status}.{table.steps}.{filled}"


def controls(system_id: str, options: list[dict[str, Any]]) -> dict[str, Any]:
    items = [
        {"json": json.dumps(o, ensure_ascii=False, sort_keys=True), "label": engines.label(system_id, o)}
        for o in options
    ]
    return {"items": items, "buttons": len(items) <= BUTTONS_UP_TO}


def grouped(obs: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """Every observation field that says where pieces are (piece → place, or piece → [place, ...]) turned
    round: place → pieces (for the board templates)."""
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
            out[key] = inverted
    return out


def feed(table: Table) -> list[dict[str, Any]]:
    """The newest lines of the game's narration, newest first: the engine's noted steps and the players'
    choices (a pass is not told: an offer that was declined stays unsaid)."""
    lines: list[dict[str, Any]] = []
    rows = Entry.objects.filter(table=table).order_by("-n").values_list("n", "actor", "action", "steps")
    for n, actor, action, steps in rows.iterator():
        for step in reversed(steps or []):
            lines.append(
                {
                    "n": n,
                    "rule": step.get("rule", ""),
                    "text": engines.say(table.system, step["code"], step.get("params")),
                }
            )
        if actor != engines.CHANCE and action.get("type") != "pass":
            who = engines.seat_label(table.system, int(actor))
            lines.append({"n": n, "rule": "", "text": f"{who}: {engines.label(table.system, action)}"})
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
    """How a finished game ended, when a seat conceded it ("" otherwise: the result says the rest)."""
    out = table.outcome or {}
    if (table.result or {}).get("termination") != engines.CONCESSION:
        return ""
    by = out.get("conceded_by")
    sides = engines.system(table.system).sides
    seat = sides.index(by) if isinstance(by, str) and by in sides else by
    who = engines.seat_label(table.system, int(seat)) if isinstance(seat, int) else "?"
    return _("%(seat)s conceded the game.") % {"seat": who}


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
    }


def _game(table: Table, view: dict[str, Any], seat: int | None) -> tuple[dict[str, Any], int | None]:
    """The game as ``seat`` sees it (None: a spectator, the public observation) put into ``view``: the board,
    the feed, the result; returns the observation and the seat to act (None once the game is over: a
    conceded game stops where it was)."""
    state = peek_state(table)
    actor = engines.actor(state) if table.status == Table.Status.PLAYING else None
    obs = engines.observation(table.system, state, seat)
    if table.status != Table.Status.PLAYING:
        obs.pop("pending", None)
    elif seat is None and isinstance(obs.get("pending"), dict):  # a spectator: whose turn it is, no more
        obs["pending"] = {"player": obs["pending"]["player"]} if "player" in obs["pending"] else {}
    view["observation"] = obs
    view["board_template"] = board_template(table.system)
    view["grouped"] = grouped(obs)
    view["feed"] = feed(table)
    view["result"] = result_view(table)
    if table.result:
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
        if to_act == seat and table.status == Table.Status.PLAYING:
            view["prompt"] = engines.prompt(table.system, pending)
            view["controls"] = controls(table.system, list(pending.get("options") or []))
    view["seats"] = seats_view(table, user, to_act)
    view["to_act"] = None if to_act is None else engines.seat_label(table.system, to_act)
    return view


def watch_view(table: Table, user: Any, language: str) -> dict[str, Any]:
    """A spectator's view: the public observation only (``engines.observation`` of no seat: no hand, no
    hidden pool or draw order; of a pending decision only whose it is), the seats, the feed (the same for
    every seat) and the result; never a form. The seed only once the game is over, as for the players."""
    view = _head(table, language) | {"spectator": True, "you": None, "pending_rule": ""}
    _obs, to_act = _game(table, view, None)
    view["seats"] = seats_view(table, None, to_act)
    view["to_act"] = None if to_act is None else engines.seat_label(table.system, to_act)
    return view


def watch_api_view(table: Table, user: Any, language: str) -> dict[str, Any]:
    """The spectator's API answer: the same view as JSON."""
    view = watch_view(table, user, language)
    view.pop("grouped", None)
    view.pop("board_template", None)
    return view


def api_view(table: Table, user: Any, language: str) -> dict[str, Any]:
    """The API's answer: the same view, as JSON (the observation as the engine gave it to this seat)."""
    view = table_view(table, user, language)
    view.pop("grouped", None)
    view.pop("board_template", None)
    if "controls" in view:
        view["legal_actions"] = [
            {"action": json.loads(i["json"]), "label": i["label"]} for i in view["controls"]["items"]
        ]
        view.pop("controls")
    return view


def list_context(user: Any, language: str) -> dict[str, Any]:
    tables = list(access.visible_tables(user)[:100])
    rows = [
        {
            "pk": t.pk,
            "system_name": system_name(t.system, language),
            "seats": t.seats,
            "status": t.get_status_display(),
            "created_by": t.created_by.username,
        }
        for t in tables
    ]
    watched = [
        {
            "pk": t.pk,
            "system_name": system_name(t.system, language),
            "seats": t.seats,
            "status": t.get_status_display(),
            "public": t.public,
        }
        for t in access.spectatable_tables(user).order_by("-created_at", "-pk")[:50]
    ]
    return {"tables": rows, "watched": watched, "can_judge": access.can_judge(user)}


def no_such_table() -> str:
    return _("There is no started table with this number.")


def verdict_view(verdict: Any) -> dict[str, Any]:
    """A judge's verdict in words: how far the log stood, the first illegal entry with its rule."""
    problems = {
        "chain": _("The hash chain is broken: the log was changed after it was written."),
        "signature": _("The signature does not match: this site did not write this log as it is."),
        "commitment": _("The revealed seed does not match the commitment in the header."),
        "no_seed": _("The seed is not revealed: chance entries are taken as they are."),
    }
    return {
        **verdict.to_json(),
        "system_name": engines.system(verdict.system).display_name(get_language() or "zh-hans"),
        "problem_texts": [problems.get(p, p) for p in verdict.problems],
        "ok": verdict.first_illegal is None,
    }


def judged_rows(user: Any, language: str) -> list[dict[str, Any]]:
    return [
        {"pk": t.pk, "system_name": system_name(t.system, language), "status": t.get_status_display(), "steps": t.steps}
        for t in access.judged_tables(user)[:50]
    ]
