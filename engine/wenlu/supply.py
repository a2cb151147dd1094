"""§6 supply lines (ruling W6): judged at the start of an activation for every non-Korean general on the map,
both sides, and held for the whole activation (ruling W3)."""

from __future__ import annotations

from engine.wenlu.board import Board
from engine.wenlu.terms import other


def reachable(b: Board, side: str) -> set[str]:
    """Regions a supply line reaches from ``side``'s home box along roads, never through a region the enemy
    controls (§6.1②③, §9.0); empty, shared and besieged regions are open."""
    box = b.data.japan_box if side == "japan" else b.data.ming_box
    enemy = other(side)
    seen = {box}
    todo = [box]
    m = b.data.map
    while todo:
        r = todo.pop()
        for n in m.road_neighbours(r):
            if n in seen or not m.has_region(n) or b.controller(n) == enemy:
                continue
            seen.add(n)
            todo.append(n)
    return seen


def judge(b: Board) -> None:
    """§6.1①, §6.3: generals without a line get FA −1 and 战意 +1 (``Board.cut``); Korean ones need none
    (§6.2②), nor do besieged counters (§13.33(4))."""
    b.cut = set()
    reach = {s: reachable(b, s) for s in ("japan", "allies")}
    for c in b.data.counters:
        if not c.general or c.nation == "korea" or not b.on_map(c.id) or c.id in b.castle:
            continue
        if b.loc[c.id] not in reach[c.side]:
            b.cut.add(c.id)
    if b.cut:
        b.note("wenlu.step.supply_cut", "§6.3, ruling W6", generals=", ".join(sorted(b.cut)))
