"""The drawn board of a board-game table (``templates/tables/_board.html``, ``static/js/board.js``): every place of
the map where its positions put it (``engine.maps.layout``), borders and roads drawn by terrain and class, who
holds each region (colour, a pattern and the holder's name: never colour alone), the pieces there, and the
legal actions of the reader's seat attached to the place each one names, so that a click (or Tab and Enter) on a
place shows what may be done there and a button confirms it.

Built from what the reader may see only: the observation ``engines.observation`` gave his seat (or the
spectators), and the options of his own pending decision. Pass is never attached to a place.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from engine.maps import MapData
from engine.maps.layout import drawn_places
from tables import engines, gamedata

PALETTE = ("#f4c7c3", "#c6dbf7", "#cfe8c4", "#f9e3a6", "#e3cff2", "#f7d2b0")
"""Light fills by seat (or side): dark labels stay readable on every one."""
PATTERNS = ("stripes", "dots", "cross", "waves", "grid", "diagonal")
"""A pattern by seat over the fill, so that control is not told by colour alone."""
NEUTRAL = "#eeeeee"
SHOWN_PIECES = 2
"""Pieces named on the drawing itself; the place's panel names them all."""
MARGIN = 60.0
"""Room round the outermost places, in the map's units."""


@dataclass
class Option:
    """A legal action as the board offers it: the act form's JSON value and its words."""

    json: str
    label: str


@dataclass
class Spot:
    """One place drawn on the board."""

    index: int
    id: str
    name: str
    x: float
    y: float
    outline: str = ""
    holder: str = ""
    fill: str = NEUTRAL
    pattern: str = ""
    pieces: list[str] = field(default_factory=list)
    strength: str = ""
    marks: list[str] = field(default_factory=list)
    options: list[Option] = field(default_factory=list)
    target: bool = False

    @property
    def panel(self) -> str:
        return f"board-panel-{self.index}"

    @property
    def shown_pieces(self) -> str:
        """The first pieces by name, and how many more (the drawing's room; the panel lists them all)."""
        if not self.pieces:
            return ""
        more = len(self.pieces) - SHOWN_PIECES
        head = _join(self.pieces[:SHOWN_PIECES])
        return head if more <= 0 else _("%(names)s +%(n)s") % {"names": head, "n": more}

    @property
    def summary(self) -> str:
        """What a screen reader hears on the place: its name, holder, strength, pieces and how many actions."""
        parts = [self.name]
        if self.holder:
            parts.append(_("held by %(holder)s") % {"holder": self.holder})
        if self.strength:
            parts.append(self.strength)
        if self.pieces:
            parts.append(ngettext("%(n)s piece", "%(n)s pieces", len(self.pieces)) % {"n": len(self.pieces)})
        parts += self.marks
        if self.options:
            parts.append(ngettext("%(n)s action", "%(n)s actions", len(self.options)) % {"n": len(self.options)})
        return " · ".join(parts)


@dataclass
class Link:
    """A border or road between two drawn places: ``kind`` is the CSS class (terrain or road class)."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: str
    title: str


@dataclass
class Board:
    """Everything the board fragment draws."""

    view_box: str
    radius: float
    font: float
    spots: list[Spot]
    links: list[Link]
    legend: list[dict[str, str]]
    status: list[str]
    off_map: list[dict[str, Any]]
    line_kinds: list[dict[str, str]]
    interactive: bool


def _join(items: list[str]) -> str:
    return ("、" if (get_language() or "").startswith("zh") else ", ").join(items) or "—"


def for_table(table: Any, obs: dict[str, Any], options: list[dict[str, Any]]) -> Board | None:
    """The board of ``table`` (a ``tables.models.Table``) as ``obs`` shows it; None when its map is not stored."""
    try:
        data = gamedata.data_for(table.system, table.map_hash, table.data_hash)
    except gamedata.UnknownMap:
        return None
    return build(table.system, data.map, obs, options, engines.piece_sides(data))


def natural(text: str) -> tuple[Any, ...]:
    """A sort key that orders numbers by value ("明军4" before "明军10")."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


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


def _line_kinds() -> list[dict[str, str]]:
    return [
        {"kind": "plain", "text": _("border")},
        {"kind": "river", "text": _("river border")},
        {"kind": "mountain", "text": _("mountain border")},
        {"kind": "primary", "text": _("primary road")},
        {"kind": "secondary", "text": _("secondary road")},
        {"kind": "mountain-road", "text": _("mountain road")},
    ]


def build(
    system_id: str,
    game_map: MapData,
    obs: dict[str, Any],
    options: list[dict[str, Any]],
    sides: dict[str, str] | None = None,
) -> Board:
    """The board of ``game_map`` as ``obs`` shows it; ``options`` are the reader's legal actions (empty when
    it is not his turn); ``sides`` says each piece's side where the observation does not (文禄朝鲜之役)."""
    positions = drawn_places(game_map)
    places = set(positions)
    pieces = _pieces(obs)
    where = {piece: place for place, names in pieces.items() for piece in names}
    spots: dict[str, Spot] = {}
    for i, (pid, (x, y)) in enumerate(positions.items()):
        pos = game_map.position(pid)
        region = game_map.region(pid) if game_map.has_region(pid) else None
        spots[pid] = Spot(
            index=i,
            id=pid,
            name=region.name if region else _box_name(game_map, pid),
            x=x,
            y=y,
            outline=" ".join(f"{px},{py}" for px, py in pos.outline) if pos else "",
            pieces=sorted(pieces.get(pid, []), key=natural),
        )
    legend = _control(system_id, obs, spots, sides or {})
    for option in options:
        place, target = _option_place(option, places, where)
        if place is None:
            continue
        spot = spots[place]
        spot.options.append(
            Option(json.dumps(option, ensure_ascii=False, sort_keys=True), engines.label(system_id, option))
        )
        spot.target = spot.target or target
    links = []
    for b in game_map.borders:
        if b.a in positions and b.b in positions:
            links.append(_link(positions, b.a, b.b, b.terrain, _terrain_word(b.terrain)))
    for r in game_map.roads:
        if r.a in positions and r.b in positions:
            kind = "mountain-road" if r.mountain else r.road_class
            links.append(_link(positions, r.a, r.b, kind, _road_word(r.road_class, r.mountain)))
    xs, ys = [x for x, _ in positions.values()], [y for _, y in positions.values()]
    gap = _closest(list(positions.values()))
    radius = max(18.0, min(56.0, gap * 0.46))
    left, top = min(xs) - MARGIN - radius, min(ys) - MARGIN - radius
    width, height = max(xs) - min(xs) + 2 * (MARGIN + radius), max(ys) - min(ys) + 2 * (MARGIN + radius)
    off_map = [
        {"name": _off_map_name(system_id, game_map, place), "pieces": sorted(names, key=natural)}
        for place, names in sorted(pieces.items())
        if place not in places and names
    ]
    kinds = {link.kind for link in links}
    return Board(
        view_box=f"{left:.0f} {top:.0f} {width:.0f} {height:.0f}",
        radius=round(radius, 1),
        font=round(radius * 0.62, 1),
        spots=list(spots.values()),
        links=links,
        legend=legend,
        status=_status(system_id, obs),
        off_map=off_map,
        line_kinds=[k for k in _line_kinds() if k["kind"] in kinds],
        interactive=any(s.options for s in spots.values()),
    )


def _closest(points: list[tuple[float, float]]) -> float:
    if len(points) < 2:
        return 100.0
    return min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1 :])


def _link(positions: dict[str, tuple[float, float]], a: str, b: str, kind: str, word: str) -> Link:
    (x1, y1), (x2, y2) = positions[a], positions[b]
    return Link(x1, y1, x2, y2, kind, f"{a} – {b}: {word}")


def _terrain_word(terrain: str) -> str:
    return {"river": _("river border"), "mountain": _("mountain border")}.get(terrain, _("border"))


def _road_word(road_class: str, mountain: bool) -> str:
    word = _("primary road") if road_class == "primary" else _("secondary road")
    return f"{word}, {_('mountain road')}" if mountain else word


def _box_name(game_map: MapData, place: str) -> str:
    for b in game_map.boxes:
        if b.id == place:
            return b.name
    return place


def _off_map_name(system_id: str, game_map: MapData, place: str) -> str:
    """An off-map place in words: the pools, the turn track, the reserve, the game's end."""
    names = {
        "reserve": _("Reserve"),
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
    return _box_name(game_map, place)


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
    system_id: str, obs: dict[str, Any], spots: dict[str, Spot], sides: dict[str, str]
) -> list[dict[str, str]]:
    """Colour, pattern and holder of each spot; returns the legend (who has which colour and pattern)."""
    legend: list[dict[str, str]] = []
    if "control" in obs:  # 龙虎三国志: a country holds a region; a seat owns countries
        owner = obs.get("owner") or {}
        seats = sorted({s for s in owner.values() if isinstance(s, int)})
        colours = dict(zip(seats, _seat_colours(len(seats))))
        for place, country in (obs.get("control") or {}).items():
            if place in spots and country:
                spot = spots[place]
                seat = owner.get(country)
                spot.holder = str(country)
                if seat in colours:
                    spot.fill, spot.pattern = colours[seat]
        for place, armies in (obs.get("strength") or {}).items():
            if place in spots and isinstance(armies, dict):
                spot = spots[place]
                spot.strength = " ".join(f"{c} {n}" for c, n in sorted(armies.items()))
        emperor = obs.get("emperor") or []
        if emperor and isinstance(emperor[0], str) and emperor[0] in spots:
            spots[emperor[0]].marks.append(_("the emperor"))
        for seat, (fill, pattern) in colours.items():
            countries = sorted(c for c, s in owner.items() if s == seat)
            legend.append(
                {
                    "fill": fill,
                    "pattern": pattern,
                    "text": f"{engines.seat_label(system_id, seat)}: {_join(countries)}",
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


def _status(system_id: str, obs: dict[str, Any]) -> list[str]:
    """Whose turn and what is in the cup, in words (the board's caption)."""
    out: list[str] = []
    turn = obs.get("turn")
    if isinstance(turn, dict) and turn.get("country"):
        out.append(_("%(c)s acts") % {"c": turn["country"]})
    if isinstance(obs.get("active"), str):
        out.append(_("Active: %(n)s") % {"n": engines.word(system_id, obs["active"])})
    cup = obs.get("order_cup")
    if isinstance(cup, list):
        out.append(_("In the order cup: %(what)s") % {"what": _join([str(c) for c in cup])})
    if isinstance(obs.get("retainer_cup"), int):
        out.append(_("Free retainers face down in the cup: %(n)s") % {"n": obs["retainer_cup"]})
    cup = obs.get("cup")
    if isinstance(cup, list):
        words = [str(engines.word(system_id, c)) for c in cup]
        out.append(_("In the activation cup: %(what)s") % {"what": _join(words)})
    return out
