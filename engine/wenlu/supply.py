"""§6 supply lines (ruling W6): judged at the start of an activation for every non-Korean general on the map,
both sides, and held for the whole activation (ruling W3)."""

from __future__ import annotations

from engine.wenlu.board import Board
from engine.wenlu.terms import SIDE_OF


def judge(b: Board) -> None:
    """§6.1①, §6.3: generals without a line get FA −1 and 战意 +1 (``Board.cut``); Korean ones need none
    (§6.2②), nor do besieged counters (§13.33(4))."""
    b.cut = set()
    reach = {s: b.reachable(s) for s in ("japan", "allies")}
    for nation, side in SIDE_OF.items():
        if nation == "korea":
            continue
        for cid in b.data.generals(nation):
            if b.on_map(cid) and cid not in b.castle and b.loc[cid] not in reach[side]:
                b.cut.add(cid)
    if b.cut:
        b.note("wenlu.step.supply_cut", "§6.3, ruling W6", generals=", ".join(sorted(b.cut)))
