"""The drawn map (``templates/boards/_board.html``, ``static/js/board.js``), one component for every page that shows
a board game's map: the map pages, the tables (``tables/board.py`` puts the pieces, control and the reader's
actions on it), the spectators' page. Every place where the map's positions put it (``engine.maps.layout``: the
file's own, else computed from the adjacency), borders and roads drawn by terrain and class (a line style each,
named in the legend: never colour alone), sized by a viewBox so that it scales to a phone's width."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from engine.maps import MapData
from engine.maps.layout import drawn_places

PALETTE = ("#f4c7c3", "#c6dbf7", "#cfe8c4", "#f9e3a6", "#e3cff2", "#f7d2b0")
"""Light fills by seat (or side): dark labels stay readable on every one."""
PATTERNS = ("stripes", "dots", "cross", "waves", "grid", "diagonal")
"""A pattern by seat over the fill, so that control is not told by colour alone."""
NEUTRAL = "#eeeeee"
SHOWN_PIECES = {"zh": 2, "en": 1}
"""Pieces named on the drawing itself, by the reader's language; the place's panel names them all."""
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
    facts: list[str] = field(default_factory=list)
    """What the map itself says of the place (capital, castle, production), shown in its panel."""

    @property
    def panel(self) -> str:
        return f"board-panel-{self.index}"

    @property
    def shown_pieces(self) -> str:
        """The first pieces by name, and how many more (the drawing's room; the panel lists them all)."""
        if not self.pieces:
            return ""
        shown = SHOWN_PIECES[_lang()]  # an English name is about three times a Chinese one's width
        more = len(self.pieces) - shown
        head = joined(self.pieces[:shown])
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
    a: str = ""
    b: str = ""


@dataclass
class Board:
    """Everything the board fragment draws (``act_url`` and ``step``: where a place's actions are posted)."""

    view_box: str
    radius: float
    font: float
    spots: list[Spot]
    links: list[Link]
    line_kinds: list[dict[str, str]]
    legend: list[dict[str, str]] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    off_map: list[dict[str, Any]] = field(default_factory=list)
    interactive: bool = False
    act_url: str = ""
    step: int = 0
    game: bool = False
    """A game's board (control and pieces are shown), not the map alone."""


def joined(items: list[str]) -> str:
    """Words listed as the reader's language lists them ("—" for none)."""
    return ("、" if (get_language() or "").startswith("zh") else ", ").join(items) or "—"


def natural(text: str) -> tuple[Any, ...]:
    """A sort key that orders numbers by value ("明军4" before "明军10")."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def _line_kinds() -> list[dict[str, str]]:
    return [
        {"kind": "plain", "text": _("border")},
        {"kind": "river", "text": _("river border")},
        {"kind": "mountain", "text": _("mountain border")},
        {"kind": "primary", "text": _("primary road")},
        {"kind": "secondary", "text": _("secondary road")},
        {"kind": "mountain-road", "text": _("mountain road")},
    ]


def draw(game_map: MapData) -> Board:
    """The map alone: every drawn place named and placed, every border and road, the legend of line kinds."""
    positions = drawn_places(game_map)
    names = game_map.names(_lang())
    spots = []
    for i, (pid, (x, y)) in enumerate(positions.items()):
        pos = game_map.position(pid)
        spots.append(
            Spot(
                index=i,
                id=pid,
                name=names.get(pid, pid),
                x=x,
                y=y,
                outline=" ".join(f"{px},{py}" for px, py in pos.outline) if pos else "",
            )
        )
    links = []
    for b in game_map.borders:
        if b.a in positions and b.b in positions:
            links.append(_link(positions, b.a, b.b, b.terrain, _terrain_word(b.terrain), names))
    for r in game_map.roads:
        if r.a in positions and r.b in positions:
            kind = "mountain-road" if r.mountain else r.road_class
            links.append(_link(positions, r.a, r.b, kind, _road_word(r.road_class, r.mountain), names))
    xs, ys = [x for x, _ in positions.values()], [y for _, y in positions.values()]
    radius = max(18.0, min(56.0, _closest(list(positions.values())) * 0.46))
    left, top = min(xs) - MARGIN - radius, min(ys) - MARGIN - radius
    width, height = max(xs) - min(xs) + 2 * (MARGIN + radius), max(ys) - min(ys) + 2 * (MARGIN + radius)
    kinds = {link.kind for link in links}
    return Board(
        view_box=f"{left:.0f} {top:.0f} {width:.0f} {height:.0f}",
        radius=round(radius, 1),
        font=round(radius * 0.62, 1),
        spots=spots,
        links=links,
        line_kinds=[k for k in _line_kinds() if k["kind"] in kinds],
    )


def _closest(points: list[tuple[float, float]]) -> float:
    if len(points) < 2:
        return 100.0
    return min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1 :])


def _lang() -> str:
    """The reader's language as the map's names take it (``zh`` or ``en``)."""
    return "zh" if (get_language() or "zh").startswith("zh") else "en"


def _link(
    positions: dict[str, tuple[float, float]], a: str, b: str, kind: str, word: str, names: dict[str, str]
) -> Link:
    (x1, y1), (x2, y2) = positions[a], positions[b]
    return Link(x1, y1, x2, y2, kind, f"{names.get(a, a)} – {names.get(b, b)}: {word}", a, b)


def _terrain_word(terrain: str) -> str:
    return {"river": _("river border"), "mountain": _("mountain border")}.get(terrain, _("border"))


def _road_word(road_class: str, mountain: bool) -> str:
    word = _("primary road") if road_class == "primary" else _("secondary road")
    return f"{word}, {_('mountain road')}" if mountain else word


def box_name(game_map: MapData, place: str) -> str:
    """A box's (or any place's) name in the reader's language; an unknown id as it is written."""
    return game_map.name_of(place, _lang())
