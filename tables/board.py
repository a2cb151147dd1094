"""The drawn board of a board-game table: the map (``boards.presenters.board.draw``, ``templates/boards/_board.html``,
``static/js/board.js``) with who holds each region (colour, a pattern and the holder's name: never colour alone), the
pieces there sorted by number, markers, whose turn and the cups, and the legal actions of the reader's seat attached
to the place each one names, so that a click (or Tab and Enter) on a place shows what may be done there and a button
confirms it.

Built from what the reader may see only: the observation ``engines.observation`` gave his seat (or the
spectators), and the options of his own pending decision. Pass is never attached to a place.
"""

from __future__ import annotations

import json
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from boards.presenters.board import PALETTE, PATTERNS, Board, Option, Spot, box_name, draw, joined, natural
from engine.maps import MapData
from tables import engines, gamedata


def for_table(
    table: Any, obs: dict[str, Any], options: list[dict[str, Any]], names: dict[str, str] | None = None
) -> Board | None:
    """The board of ``table`` (a ``tables.models.Table``) as ``obs`` shows it, its pieces and actions named as
    ``names`` (``engines.names``: the reader's language) says; None when its map is not stored."""
    try:
        data = gamedata.data_for(table.system, table.map_hash, table.data_hash)
    except gamedata.UnknownMap:
        return None
    drawn = build(table.system, data.map, obs, options, engines.piece_sides(data), names)
    drawn.act_url = reverse("tables:act", args=[table.pk])
    drawn.step = table.steps
    return drawn


def build(
    system_id: str,
    game_map: MapData,
    obs: dict[str, Any],
    options: list[dict[str, Any]],
    sides: dict[str, str] | None = None,
    names: dict[str, str] | None = None,
) -> Board:
    """The board of ``game_map`` as ``obs`` shows it; ``options`` are the reader's legal actions (empty when
    it is not his turn); ``sides`` says each piece's side where the observation does not (文禄朝鲜之役)."""
    drawn = draw(game_map)
    drawn.game = True
    shown = names or {}
    spots = {s.id: s for s in drawn.spots}
    pieces = _pieces(obs)
    where = {piece: place for place, names in pieces.items() if place in spots for piece in names}
    for pid, spot in spots.items():
        spot.pieces = sorted(pieces.get(pid, []), key=natural)
    drawn.legend = _control(system_id, obs, spots, sides or {}, shown)
    for option in options:
        place, target = _option_place(option, set(spots), where)
        if place is None:
            continue
        spot = spots[place]
        spot.options.append(
            Option(json.dumps(option, ensure_ascii=False, sort_keys=True), engines.label(system_id, option, names))
        )
        spot.target = spot.target or target
    drawn.off_map = [
        {"name": _off_map_name(game_map, place), "pieces": [shown.get(p, p) for p in sorted(held, key=natural)]}
        for place, held in sorted(pieces.items())
        if place not in spots and held
    ]
    drawn.status = _status(system_id, obs, shown)
    drawn.interactive = any(s.options for s in spots.values())
    for spot in spots.values():  # named for the reader last: the legend above counts the pieces by id
        spot.pieces = [shown.get(p, p) for p in spot.pieces]
    return drawn


def _option_place(option: dict[str, Any], places: set[str], where: dict[str, str]) -> tuple[str | None, bool]:
    """The place an option names (a region, or a piece standing there; ``dissolve:汉城`` names 汉城) and whether
    it names the place itself (a target: march there) rather than a piece on it. A pass names none."""
    if option.get("type") == "pass":
        return None, False
    values = [v for k, v in option.items() if k != "type" and isinstance(v, str)]
    for v in values:
        name = v.split(":", 1)[1] if ":" in v else v
        if name in places:
            return name, True
    for v in values:
        name = v.split(":", 1)[1] if ":" in v else v
        if name in where:
            return where[name], False
    return None, False


def _off_map_name(game_map: MapData, place: str) -> str:
    """An off-map place in words: the pools, the turn track, the reserve, the game's end."""
    names = {
        "reserve": _("Reserve"),
        "dead": _("The dead pool"),
        "gone": _("Out of the game"),
        "held": _("Held aside"),
        "cup": _("In the cup, face down"),
        "righteous": _("Righteous generals not yet risen (hidden)"),
        "pool": _("Pool of righteous generals"),
        "standby": _("Righteous generals on standby"),
        "replacement": _("Replacement pool"),
        "out": _("Out of the game"),
    }
    if place in names:
        return names[place]
    if place.startswith("turn-"):
        return _("Arrives on turn %(t)s") % {"t": place[5:]}
    return box_name(game_map, place)


def _pieces(obs: dict[str, Any]) -> dict[str, list[str]]:
    """Place → the pieces the observation puts there (characters of 龙虎三国志, counters of 文禄朝鲜之役)."""
    out: dict[str, list[str]] = {}
    for piece, at in (obs.get("characters") or {}).items():
        place = at[0] if isinstance(at, list) and at else at
        if isinstance(place, str):
            out.setdefault(place, []).append(piece)
    for piece, place in (obs.get("loc") or {}).items():
        if isinstance(place, str):
            out.setdefault(place, []).append(piece)
    return out


def _seat_colours(n: int) -> list[tuple[str, str]]:
    return [(PALETTE[i % len(PALETTE)], PATTERNS[i % len(PATTERNS)]) for i in range(n)]


def _control(
    system_id: str, obs: dict[str, Any], spots: dict[str, Spot], sides: dict[str, str], shown: dict[str, str]
) -> list[dict[str, str]]:
    """Colour, pattern and holder of each spot; returns the legend (who has which colour and pattern), the
    countries named as ``shown`` says (the reader's language)."""
    legend: list[dict[str, str]] = []
    if "control" in obs:  # 龙虎三国志: a country holds a region; a seat owns countries
        owner = obs.get("owner") or {}
        seats = sorted({s for s in owner.values() if isinstance(s, int)})
        colours = dict(zip(seats, _seat_colours(len(seats))))
        for place, country in (obs.get("control") or {}).items():
            if place in spots and country:
                spot = spots[place]
                seat = owner.get(country)
                spot.holder = shown.get(str(country), str(country))
                if seat in colours:
                    spot.fill, spot.pattern = colours[seat]
        for place, armies in (obs.get("strength") or {}).items():
            if place in spots and isinstance(armies, dict):
                spot = spots[place]
                spot.strength = " ".join(f"{shown.get(c, c)} {n}" for c, n in sorted(armies.items()))
        emperor = obs.get("emperor") or []
        if emperor and isinstance(emperor[0], str) and emperor[0] in spots:
            spots[emperor[0]].marks.append(_("the emperor"))
        for seat, (fill, pattern) in colours.items():
            countries = [shown.get(c, c) for c in sorted(c for c, s in owner.items() if s == seat)]
            legend.append(
                {
                    "fill": fill,
                    "pattern": pattern,
                    "text": f"{engines.seat_label(system_id, seat)}: {joined(countries)}",
                }
            )
        return legend
    if "loc" in obs:  # 文禄朝鲜之役: a side holds a region by standing on it (both: contested)
        side_names = sorted({s for s in sides.values()})
        side_colours = dict(zip(side_names, _seat_colours(len(side_names))))
        for spot in spots.values():
            present = sorted({sides[p] for p in spot.pieces if p in sides})
            if len(present) == 1:
                spot.holder = str(engines.word(system_id, present[0]))
                spot.fill, spot.pattern = side_colours[present[0]]
            elif present:
                spot.holder = _("contested")
            if spot.pieces:
                n = len(spot.pieces)
                spot.strength = ngettext("%(n)s counter", "%(n)s counters", n) % {"n": n}
        for place in obs.get("markers") or []:
            if isinstance(place, str) and place in spots:
                spots[place].marks.append(_("castle marker"))
        for side, (fill, pattern) in side_colours.items():
            legend.append({"fill": fill, "pattern": pattern, "text": str(engines.word(system_id, side))})
    return legend


def _status(system_id: str, obs: dict[str, Any], shown: dict[str, str]) -> list[str]:
    """Whose turn and what is in the cup, in words (the board's caption)."""
    out: list[str] = []
    turn = obs.get("turn")
    if isinstance(turn, dict) and turn.get("country"):
        out.append(_("%(c)s acts") % {"c": shown.get(str(turn["country"]), turn["country"])})
    if isinstance(obs.get("active"), str):
        out.append(_("Active: %(n)s") % {"n": engines.word(system_id, obs["active"])})
    cup = obs.get("order_cup")
    if isinstance(cup, list):  # the markers' names are the game's own words, not yet in both languages: a count
        out.append(
            ngettext("%(n)s marker in the order cup", "%(n)s markers in the order cup", len(cup)) % {"n": len(cup)}
        )
    if isinstance(obs.get("retainer_cup"), int):
        out.append(_("Free retainers face down in the cup: %(n)s") % {"n": obs["retainer_cup"]})
    cup = obs.get("cup")
    if isinstance(cup, list):
        words = [str(engines.word(system_id, c)) for c in cup]
        out.append(_("In the activation cup: %(what)s") % {"what": joined(words)})
    return out
