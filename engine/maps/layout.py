"""Where to draw each place of a map: the file's own ``layout`` (``docs/maps.md``), else positions computed
from its adjacency (borders and roads) by a small deterministic force layout, so that a map imported
without positions still draws readably. Pure Python; the same map always gets the same drawing.

>>> from engine.maps import parse_map, MAP_FORMAT
>>> m = parse_map({"format": MAP_FORMAT, "id": "t", "game": "longhu", "name": "T",
...     "regions": [{"id": "A"}, {"id": "B"}, {"id": "C"}], "borders": [{"a": "A", "b": "B"}]})
>>> sorted(drawn_places(m)) == ["A", "B", "C"] and all(0 <= x <= SIZE for x, _ in drawn_places(m).values())
True
"""

from __future__ import annotations

import math

from engine.maps.schema import MAX_COORD, MapData

SIZE = 1000.0
"""Computed positions lie in a square of this side (the file's own keep their units)."""
GRAVITY = 0.05
"""How strongly every free place is pulled to the centre, against the repulsion."""
ROUNDS = 300
"""Steps of the force layout (a few hundred places settle well within this)."""


def graph_places(m: MapData) -> list[str]:
    """The places a drawing shows on the map: every region, and the boxes a road reaches (home boxes); the
    other boxes (pools, turn-track slots) are listed beside the map instead."""
    on_roads = {p for r in m.roads for p in (r.a, r.b)}
    return [r.id for r in m.regions] + [b.id for b in m.boxes if b.id in on_roads]


def edges(m: MapData) -> list[tuple[str, str]]:
    """Every pair of places a border or a road joins (each once)."""
    seen: set[frozenset[str]] = set()
    out: list[tuple[str, str]] = []
    for a, b in [(x.a, x.b) for x in m.borders] + [(x.a, x.b) for x in m.roads]:
        if frozenset((a, b)) not in seen:
            seen.add(frozenset((a, b)))
            out.append((a, b))
    return out


def drawn_places(m: MapData) -> dict[str, tuple[float, float]]:
    """Place id → (x, y) for every place of :func:`graph_places`: the file's position where it gives one,
    else the force layout's (places the file does place stay fixed while the rest settle around them)."""
    places = graph_places(m)
    given = {p.place: (float(p.x), float(p.y)) for p in m.layout}
    if all(p in given for p in places):
        return {p: given[p] for p in places}
    return force_layout(places, edges(m), fixed={p: xy for p, xy in given.items() if p in set(places)})


def force_layout(
    places: list[str], links: list[tuple[str, str]], fixed: dict[str, tuple[float, float]] | None = None
) -> dict[str, tuple[float, float]]:
    """Fruchterman–Reingold in a :data:`SIZE` square from a circle in file order (no randomness): linked
    places pull together, all places push apart; ``fixed`` places do not move."""
    fixed = fixed or {}
    n = len(places)
    if n == 0:
        return {}
    centre = SIZE / 2
    pos = {
        p: fixed.get(
            p,
            (centre + 0.4 * SIZE * math.cos(2 * math.pi * i / n), centre + 0.4 * SIZE * math.sin(2 * math.pi * i / n)),
        )
        for i, p in enumerate(places)
    }
    k = 0.8 * math.sqrt(SIZE * SIZE / n)
    temperature = SIZE / 10
    for _ in range(ROUNDS):
        move = {p: [0.0, 0.0] for p in places}
        for i, a in enumerate(places):
            ax, ay = pos[a]
            for b in places[i + 1 :]:
                dx, dy = ax - pos[b][0], ay - pos[b][1]
                d = math.hypot(dx, dy) or 0.01
                f = k * k / d
                move[a][0] += dx / d * f
                move[a][1] += dy / d * f
                move[b][0] -= dx / d * f
                move[b][1] -= dy / d * f
        for a, b in links:
            if a not in pos or b not in pos:
                continue
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = math.hypot(dx, dy) or 0.01
            f = d * d / k
            move[a][0] -= dx / d * f
            move[a][1] -= dy / d * f
            move[b][0] += dx / d * f
            move[b][1] += dy / d * f
        for p in places:
            if p in fixed:
                continue
            # a weak pull to the centre keeps places no link holds (islands) from drifting away
            move[p][0] -= (pos[p][0] - centre) * GRAVITY
            move[p][1] -= (pos[p][1] - centre) * GRAVITY
            dx, dy = move[p]
            d = math.hypot(dx, dy) or 0.01
            step = min(d, temperature)
            pos[p] = (pos[p][0] + dx / d * step, pos[p][1] + dy / d * step)
        temperature = max(temperature * 0.98, 1.0)
    # spread the result over the square (a force layout leaves margins unevenly); places the file fixed keep theirs
    pos = (
        _fit(pos)
        if not fixed
        else {p: (min(MAX_COORD, max(0.0, x)), min(MAX_COORD, max(0.0, y))) for p, (x, y) in pos.items()}
    )
    return {p: (round(x, 1), round(y, 1)) for p, (x, y) in pos.items()}


def _fit(pos: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    xs, ys = [x for x, _ in pos.values()], [y for _, y in pos.values()]
    w, h = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    margin = SIZE * 0.05
    scale = (SIZE - 2 * margin) / max(w, h)
    return {p: (margin + (x - min(xs)) * scale, margin + (y - min(ys)) * scale) for p, (x, y) in pos.items()}
