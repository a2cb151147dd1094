"""§6 supply lines (ruling W6): judged at the start of an activation for every non-Korean general on the map,
both sides, and held for the whole activation (ruling W3)."""

from __future__ import annotations

from engine.wenlu.board import Board


def judge(b: Board) -> None:
    """§6.1①, §6.3: generals without a line get FA −1 and 战意 +1 (``Board.cut``); Korean ones need none
    (§6.2②), nor do besieged counters (§13.33(4))."""
    b.cut = set()
    reach = {s: b.reachable(s) for s in ("japan", "allies")}
    for c in b.data.counters:
        if not c.general or c.nation == "korea" or not b.on_map(c.id) or c.id in b.castle:
            continue
        if b.loc[c.id] not in reach[c.side]:
            b.cut.add(c.id)
    if b.cut:
        b.note("wenlu.step.supply_cut", "§6.3, ruling W6", generals=", ".join(sorted(b.cut)))
