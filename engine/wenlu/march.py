"""§7 march: march points (§7.1(1)), who may march (§7.1(2), ruling W4), replacement (§7.3, ruling W7) and
the marches of groups under generals (§7.1(3), §7.2, rulings W5, W18)."""

from __future__ import annotations

from collections.abc import Callable

from engine.boardgame.procedure import Proc, ask, picked
from engine.wenlu.actions import Pass, Pick
from engine.wenlu.board import Board
from engine.wenlu.groups import choose_group, distinct
from engine.wenlu.terms import SIDE_OF, other, player_of


def korea_has_king(b: Board) -> bool:
    """Ruling W4: the King is in Korea when on a region that is not a home box."""
    for c in b.data.counters:
        if c.kind == "king":
            where = b.loc.get(c.id, "out")
            return b.data.map.has_region(where) and b.data.map.region(where).home_box is None
    return False


def modifiers(b: Board, nation: str) -> list[tuple[int, str]]:
    """§7.1(1): the march die's modifiers of ``nation`` (value, reason: a word of ``messages.WORDS``)."""
    out: list[tuple[int, str]] = []
    if nation == "japan" and b.turn <= 8:
        out.append((2, "mod.early_turns"))
    if nation == "korea":
        if b.controller(b.data.hanseong) == "allies":
            out.append((1, "mod.hanseong"))
        king = next((c.id for c in b.data.counters if c.kind == "king"), None)
        if king and b.loc.get(king) == b.data.hanseong:
            out.append((1, "mod.king_in_hanseong"))
        if not korea_has_king(b):
            out.append((-1, "mod.king_abroad"))
    return out


def eligible(b: Board, nation: str, letter: bool) -> list[str]:
    """§7.1(2), ruling W4: generals of ``nation`` on the map whose 战意 (modified) ≤ the unmodified die;
    秀吉的书信 makes every Japanese 战意 1. Each leads one march per activation (ruling W1)."""
    out = []
    for cid in b.data.generals(nation):
        if not b.on_map(cid) or cid in b.marched or cid in b.fresh:
            continue
        morale = 1 if letter and nation == "japan" else b.morale(cid)
        if morale <= b.die:
            out.append(cid)
    return out


def replacement(b: Board, nation: str) -> Proc:
    """§7.3, ruling W7: Korean units from 补充区 (1 point each, 2 where a Korean 总大将 stands, else 1, no
    enemy there); Ming: 1 point restores a reduced Ming counter. New or restored counters do not march."""
    player = player_of(SIDE_OF[nation])
    if nation == "korea":
        placed: dict[str, int] = {}
        while b.points > 0:
            pool = b.here("replacement")
            if not pool:
                return
            options = []
            spots = {b.loc.get(g) for g in b.data.generals("korea")}  # the regions with a Korean general
            for r in b.data.map.region_ids:
                if r not in spots:
                    continue
                gens = [g for g in b.here(r, "allies") if b.c(g).general and b.c(g).nation == "korea"]
                if not gens or b.here(r, "japan"):
                    continue
                cap = 2 if any(b.rank(g) == 2 for g in gens) else 1
                if placed.get(r, 0) < cap:
                    options.append(Pick(r))
            if not options:
                return
            action = yield from ask(b, player, "wenlu.ask.replacement", [Pass(), *options], "§7.3(2), ruling W7")
            r = picked(action)
            if not r:
                return
            units = [c for c in pool if not b.c(c).general] or pool
            cid = units[0]
            b.loc[cid] = r
            b.fresh.add(cid)
            b.points -= 1
            placed[r] = placed.get(r, 0) + 1
            b.note("wenlu.step.replace", "§7.3(2), ruling W7", counter=cid, region=r)
    elif nation == "ming":
        while b.points > 0:
            reduced = sorted(c for c in b.reduced if b.c(c).nation == "ming" and b.on_map(c))
            if not reduced:
                return
            action = yield from ask(
                b, player, "wenlu.ask.restore_ming", [Pass(), *(Pick(c) for c in reduced)], "§7.3(3), ruling W7"
            )
            cid = picked(action)
            if not cid:
                return
            b.reduced.discard(cid)
            b.fresh.add(cid)
            b.points -= 1
            b.note("wenlu.step.restore", "§7.3(3), ruling W7", counter=cid)


def _cost(b: Board, src: str, dst: str, n: int) -> int:
    road = b.data.map.road(src, dst)
    return 2 if road is not None and road.road_class == "secondary" and n >= 5 else 1


def destinations(b: Board, side: str, where: str, group: list[str]) -> list[str]:
    """Regions one road away that the group can pay for; never the enemy's home box (§2.4(4))."""
    n, points = len(group), b.points
    return [r for r, secondary in _roads_out(b, side, where) if (2 if secondary and n >= 5 else 1) <= points]


_ROADS_OUT: dict[tuple[str, str, str], list[tuple[str, bool]]] = {}


def _roads_out(b: Board, side: str, where: str) -> list[tuple[str, bool]]:
    """The regions one road from ``where`` that ``side`` may enter (not the enemy's home box), each with
    whether its road is secondary (§7.2: 2 points for 5 or more counters): the map's, read once a map."""
    key = (b.data.map.hash, side, where)
    found = _ROADS_OUT.get(key)
    if found is None:
        m = b.data.map
        found = []
        for r in m.road_neighbours(where):
            if not m.has_region(r):
                continue
            home = m.region(r).home_box
            if home is not None and home != ("japan" if side == "japan" else "ming"):
                continue
            road = m.road(where, r)
            found.append((r, road is not None and road.road_class == "secondary"))
        _ROADS_OUT[key] = found
    return found


LEAVE = "leave:"
"""``Pick("leave:<counter>")``: drop a counter of the marching group where it stands (§7.1(3)③)."""


def _leavable(b: Board, group: list[str]) -> list[str]:
    """The group's counters but its leader, identical units (house, state) once."""
    return distinct(b, group[1:])


def marches(b: Board, nation: str, after: Callable[[Board], Proc] | None = None) -> Proc:
    """§7.1(3), ruling W5: while points remain, a general leads its group (formed at the start, counters not
    yet marched nor new) one road per point; entering enemy field counters ends the march (§7.1(3)④),
    besieged ones do not (§13.33(2)); a 山路 crossed marks its generals (§8.1(4)②). A besieged garrison may
    march out into its own region's field without a point (ruling W18). ``after`` runs after each march
    (the conquest check of ruling W21, wired by ``rules.py``)."""
    side = SIDE_OF[nation]
    player = player_of(side)
    while b.outcome is None:
        ready = eligible(b, nation, b.letter)
        gens = [g for g in ready if b.points > 0 and destinations(b, side, b.loc[g], [g])]
        out = sorties(b, ready)
        if not gens and not out:
            return
        action = yield from ask(
            b,
            player,
            "wenlu.ask.general",
            [Pass(), *(Pick(g) for g in gens), *(Pick(SORTIE + r) for r in out)],
            "§7.1(2), ruling W5" + (", ruling W18" if out else ""),
        )
        g = picked(action)
        if not g:
            return
        if g.startswith(SORTIE):
            sortie(b, g[len(SORTIE) :])
            if after is not None:
                yield from after(b)
            continue
        where = b.loc[g]
        free = [c for c in b.here(where, side) if c not in b.marched and c not in b.fresh and b.c(c).nation == nation]
        group = yield from choose_group(b, g, free, player)
        b.marched.update(group)
        while b.points > 0:
            options = destinations(b, side, where, group)
            if not options:
                break
            action = yield from ask(
                b,
                player,
                "wenlu.ask.march_on",
                [Pass(), *(Pick(r) for r in options), *(Pick(LEAVE + c) for c in _leavable(b, group))],
                "§7.1(3), ruling W5",
                params={"general": g},
            )
            dst = picked(action)
            if not dst:
                break
            if dst.startswith(LEAVE):
                group.remove(dst[len(LEAVE) :])  # §7.1(3)③: left here, it marches no more this activation
                b.note("wenlu.step.leave", "§7.1(3)③, ruling W5", general=g, counter=dst[len(LEAVE) :], region=where)
                continue
            for c in group:
                b.castle.discard(c)  # ruling W18: the garrison may march out
            cost = _cost(b, where, dst, len(group))
            road = b.data.map.road(where, dst)
            b.points -= cost
            for c in group:
                b.loc[c] = dst
                b.origin[c] = where
            if road is not None and road.mountain:
                b.mountain.update(c for c in group if b.c(c).general)
            b.note(
                "wenlu.step.march", "§7.1(3), §7.2, ruling W5", general=g, n=len(group), src=where, dst=dst, cost=cost
            )
            where = dst
            if b.field(dst, other(side)):
                break  # §7.1(3)④
        if after is not None:
            yield from after(b)  # ruling W21: after each march, not while the group passes


SORTIE = "sortie:"
"""``Pick("sortie:<region>")``: the besieged garrison there marches out into the region's field (ruling W18)."""


def sorties(b: Board, ready: list[str]) -> list[str]:
    """Ruling W18, §13.33: regions whose besieged castle (Japanese counters in the field) holds a general that
    may march now (``ready``, §7.1(2)); it needs no point to reach its own field."""
    out = []
    for r in sorted(b.markers):
        garrison = b.garrison(r)
        if garrison and b.field(r, "japan") and any(g in ready for g in garrison):
            out.append(r)
    return out


def sortie(b: Board, region: str) -> None:
    """Ruling W18: the garrison of ``region`` leaves the castle for the field, where it fights in step ④; it has
    marched for this activation (§7.1(3)④: enemy counters there end its march)."""
    garrison = b.garrison(region)
    for c in garrison:
        b.castle.discard(c)
        b.marched.add(c)
    b.note("wenlu.step.sortie", "§13.33, ruling W18", region=region, n=len(garrison))
