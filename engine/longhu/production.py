"""§4-4 production (ruling L10): points per group of connected controlled regions, characters'
administration, 丰收; placed as the player likes within each pool."""

from __future__ import annotations

from engine.boardgame.procedure import Proc, ask
from engine.longhu.actions import Pass, Place
from engine.longhu.board import Board


def pools(b: Board, country: str) -> list[tuple[frozenset[str], int]]:
    """(regions where the points may go, points), ruling L10."""
    own = set(b.controlled(country))
    out: list[tuple[frozenset[str], int]] = []
    seen: set[str] = set()
    chars = [n for n, c in b.allegiance.items() if c == country and b.on_map(n)]
    for r in sorted(own):
        if r in seen:
            continue
        group = {r}
        todo = [r]
        while todo:
            x = todo.pop()
            for y in b.data.map.neighbours(x):
                if y in own and y not in group:
                    group.add(y)
                    todo.append(y)
        seen |= group
        pts = sum(b.data.map.region(x).production for x in group)
        pts += sum(b.data.char(n).admin for n in chars if b.loc[n] in group)
        out.append((frozenset(group), pts))
    for n in chars:
        where = b.loc[n]
        if where not in own and b.data.char(n).admin:
            out.append((frozenset({where}), b.data.char(n).admin))
    wl = b.warlord[country]
    if not own and b.on_map(wl):
        out.append((frozenset({b.loc[wl]}), b.data.map.region(b.loc[wl]).production))  # §4-4(2)
    if b.harvest:
        out.append((frozenset(own or ({b.loc[wl]} if b.on_map(wl) else set())), b.harvest))
    return [(g, p) for g, p in out if p > 0 and g]


def production_phase(b: Board, country: str, player: int) -> Proc:
    """Optional; unused points are lost (ruling L10); strength only while the country has counters left."""
    b.phase = "production"
    left = pools(b, country)
    while True:
        room: dict[str, int] = {}
        for group, pts in left:
            for r in group:
                room[r] = room.get(r, 0) + pts
        cap = b.supply[country]
        options = [Place(r, n) for r in sorted(room) for n in range(1, min(room[r], cap) + 1)]
        if not options:
            return
        act = yield from ask(b, player, "ask_production", [Pass(), *options], "§4-4")
        if not isinstance(act, Place):
            return
        need = b.add(act.region, country, act.strength)
        b.note("step_produce", "§4-4, ruling L10", country=country, strength=need, region=act.region)
        new = []
        for group, pts in left:
            if need and act.region in group:
                use = min(pts, need)
                need -= use
                pts -= use
            new.append((group, pts))
        left = [(g, p) for g, p in new if p > 0]
