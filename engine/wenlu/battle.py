"""§8 field battle (主将, initiative, attack dice, losses, retreat) and §13.32 the siege battle (rulings
W8–W15, W17). One procedure each, used by the game and by the battle calculator alike; every step is noted
with its rule (``Board.note``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.boardgame.procedure import Proc, ask, picked, roll
from engine.wenlu.actions import Pass, Pick
from engine.wenlu.board import Board, Hooks
from engine.wenlu.groups import choose_group
from engine.wenlu.terms import other, player_of


def new_result(region: str, active: str) -> dict[str, Any]:
    return {
        "region": region,
        "active": active,
        "winner": None,
        "rounds": 0,
        "stalemate": False,
        "losses": {"japan": [], "allies": []},
        "retreats": [],
        "captures": [],
        "siege": None,
    }


# --- 主将 ---------------------------------------------------------------------------------------


def leader(b: Board, counters: list[str], side: str) -> Proc:
    """§8.1(1), ruling W9: highest rank; then the faction with most counters in the battle; then the player."""
    gens = [g for g in counters if b.c(g).general]
    if not gens:
        return None
    top = max(b.rank(g) for g in gens)
    cands = [g for g in gens if b.rank(g) == top]
    rule = "§8.1(1)①, ruling W9"
    if len(cands) > 1:
        count = {f: sum(1 for x in counters if b.c(x).faction == f) for f in {b.c(g).faction for g in cands}}
        most = max(count.values())
        cands = [g for g in cands if count[b.c(g).faction] == most]
        rule = "§8.1(1)②, ruling W9"
        if len(cands) > 1:
            rule = "§8.1(1)③"
            action = yield from ask(
                b, player_of(side), "wenlu.ask.commander", [Pick(g) for g in cands], rule, params={"side": side}
            )
            cands = [picked(action) or cands[0]]
    b.note("wenlu.step.leader", rule, side=side, general=cands[0], fa=b.fa(cands[0]))
    return cands[0]


# --- attack dice ----------------------------------------------------------------------------------


def dice_groups(b: Board, counters: list[str], *, march: bool = False) -> list[tuple[str, int, int, list[str]]]:
    """§8.1(3), ruling W11: (general, dice, FA, units it leads). Each general rolls for itself unless reduced
    (Q6) plus one die per unreduced unit of its own faction, within 8/4 counting itself; units go to the
    best generals first (the choice that never hurts their owner); 加藤 leads 锅岛 units only on a march."""
    gens = sorted((g for g in counters if b.c(g).general), key=lambda g: (-b.fa(g), -b.rank(g), g))
    free = [u for u in counters if not b.c(u).general and u not in b.reduced]
    out = []
    for g in gens:
        c = b.c(g)
        factions = {c.faction, *(c.also_commands if march else ())}
        mine = [u for u in free if b.c(u).faction in factions][: b.command(g) - 1]
        free = [u for u in free if u not in mine]
        dice = (0 if g in b.reduced else 1) + len(mine)
        if dice:
            out.append((g, dice, b.fa(g), mine))
    return out


def _mods(b: Board, cid: str) -> str:
    c, out = b.c(cid), []
    if cid in b.cut:
        out.append("-1 §6.3")
    if cid in b.mountain:
        out.append("-1 §8.1(4)②")
    if c.nation == "japan" and b.yi_sun_sin:
        out.append("-1 李舜臣出击")
    if c.nation == "japan" and b.ambush:
        out.append("+1 伏兵")
    return ", ".join(out) or "—"


def can_hit(groups: list[tuple[str, int, int, list[str]]]) -> bool:
    return any(fa >= 1 for _g, _n, fa, _u in groups)


def attack(b: Board, side: str, groups: list[tuple[str, int, int, list[str]]], rule: str) -> Proc:
    """Roll each general's dice; a die hits if ≤ its FA (§8.1(4)). Returns the hits."""
    hits = 0
    for g, n, fa, units in groups:
        rolls = []
        for _ in range(n):
            rolls.append((yield from roll(b, "wenlu.chance.attack", rule, general=g)))
        h = sum(1 for d in rolls if d <= fa)
        hits += h
        b.note(
            "wenlu.step.attack",
            rule,
            side=side,
            general=g,
            base=b.c(g).fa,
            mods=_mods(b, g),
            fa=fa,
            dice=n,
            units=len(units),
            rolls=" ".join(map(str, rolls)),
            hits=h,
        )
    return hits


# --- losses --------------------------------------------------------------------------------------


def _loss_order(b: Board, cid: str) -> tuple[int, int, str]:
    c = b.c(cid)
    kind = {"unit": 0, "general": 1, "prince": 2, "king": 3}[c.kind]
    return (kind, c.fa + 10 * b.rank(cid), cid)


def losses(b: Board, side: str, n: int, among: Callable[[], list[str]], rule: str, result: dict[str, Any]) -> Proc:
    """§8.1(5), ruling W12: the owner puts each loss point on a counter, unreduced ones first; Japanese and
    Ming flip, or a reduced one leaves the game; Korean units go to 补充区, the rest out. Extra points are lost.
    The options list one counter of each kind (identical units are one option)."""
    for i in range(n):
        cands = among()
        if not cands:
            b.note("wenlu.step.loss_excess", rule, side=side, points=n - i)
            return
        fresh = [c for c in cands if c not in b.reduced]
        pool = sorted(fresh or cands, key=lambda c: _loss_order(b, c))
        options, kinds = [], set()
        for c in pool:
            key = c if b.c(c).kind != "unit" else (b.c(c).name, c in b.reduced)
            if key not in kinds:
                kinds.add(key)
                options.append(Pick(c))
        action = yield from ask(
            b, player_of(side), "wenlu.ask.loss", options, rule, params={"side": side, "i": i + 1, "n": n}
        )
        cid = picked(action) or pool[0]
        res = b.remove(cid)
        result["losses"][side].append({"counter": cid, "result": res})
        b.note("wenlu.step.loss." + res, rule, side=side, counter=cid)
        if b.c(cid).kind in ("king", "prince") and res == "removed":
            result["captures"].append({"counter": cid, "kind": b.c(cid).kind})


# --- retreat -------------------------------------------------------------------------------------


def retreat_places(b: Board, region: str, side: str, grp: list[str], active: bool) -> tuple[list[str], bool]:
    """§8.2(4)(5), ruling W15: where ``grp`` may go now, and whether a secondary road held it back."""
    m = b.data.map
    enemy = other(side)
    came = sorted({b.origin[c] for c in grp if c in b.origin})
    attacker_origins = {b.origin[c] for c in b.field(region, enemy) if c in b.origin}
    out, held = [], False
    for r in m.road_neighbours(region):
        if not m.has_region(r):
            continue
        home = m.region(r).home_box
        if home is not None and home != ("japan" if side == "japan" else "ming"):
            continue  # §2.4(4): never into the enemy's home box
        if b.here(r, enemy):
            continue  # §8.2(4)①
        if active and came and r not in came:
            continue  # §8.2(4)②
        if not active and r in attacker_origins:
            continue  # §8.2(4)③
        road = m.road(region, r)
        if road is not None and road.road_class == "secondary" and len(grp) >= 5:
            held = True  # §8.2(5): 2 points, not this round
            continue
        out.append(r)
    return out, held


def retreat(b: Board, region: str, side: str, active: bool, result: dict[str, Any]) -> Proc:
    """§8.2(5) "其他遵从行军规则", ruling W25: the retreating player forms his groups as a march does (ruling W5:
    a general he names, with the counters he takes, ``groups.choose_group``), each group one road (W15); a group
    with no region to go to now stays (a smaller group formed from the same counters may still go); counters
    left without a general stay and fight on (§8.2 note)."""
    player = player_of(side)
    tried: set[str] = set()
    while True:
        here = b.field(region, side)
        leaders = [c for c in here if b.c(c).general and c not in tried]
        if not leaders:
            break
        action = yield from ask(
            b, player, "wenlu.ask.retreat_leader", [Pick(g) for g in leaders], "§8.2(5), ruling W25"
        )
        g = picked(action) or leaders[0]
        tried.add(g)
        grp = yield from choose_group(b, g, [c for c in here if c != g], player)
        places, held = retreat_places(b, region, side, grp, active)
        if not places:
            b.note("wenlu.step.retreat_blocked", "§8.2(4)(5), ruling W15", side=side, general=g, held=int(held))
            continue
        action = yield from ask(
            b,
            player,
            "wenlu.ask.retreat_to",
            [Pick(r) for r in places],
            "§8.2(4), ruling W15, ruling W25",
            params={"general": g},
        )
        to = picked(action) or places[0]
        for c in grp:
            b.loc[c] = to
        result["retreats"].append({"side": side, "general": g, "counters": list(grp), "to": to})
        b.note("wenlu.step.retreat", "§8.2(3)(4), ruling W15, ruling W25", side=side, general=g, n=len(grp), to=to)
    unled = b.field(region, side)
    if unled and not any(b.c(c).general for c in unled):
        b.note("wenlu.step.retreat_unled", "§8.2(5) 注, ruling W13", side=side, n=len(unled))


# --- the field battle ----------------------------------------------------------------------------------


def battle(
    b: Board, region: str, active: str, result: dict[str, Any] | None = None, hooks: Hooks | None = None
) -> Proc:
    """Fight the field battle in ``region`` in ``active``'s activation (§8.1, §8.2). Returns the result."""
    res = result if result is not None else new_result(region, active)
    prev = b.phase
    b.phase = "battle"
    b.note("wenlu.step.battle", "§8.1, ruling W8", region=region, active=active)
    if hooks is not None:
        yield from hooks.battle_start(b, region, active)
    chief: dict[str, str | None] = {"japan": None, "allies": None}
    rnd = 0
    while b.field(region, "japan") and b.field(region, "allies"):
        rnd += 1
        res["rounds"] = rnd
        b.note("wenlu.step.round", "§8.1(6)(7)", round=rnd)
        for side in (active, other(active)):
            if chief[side] not in b.field(region, side):
                chief[side] = yield from leader(b, b.field(region, side), side)
        groups = {s: dice_groups(b, b.field(region, s)) for s in ("japan", "allies")}
        if not can_hit(groups["japan"]) and not can_hit(groups["allies"]):
            b.note("wenlu.step.stalemate", "ruling W13")
            res["stalemate"] = True
            break
        declared = []
        for side in (active, other(active)):
            if b.surprise and rnd == 1 and side == "allies":
                continue  # 奇袭: the Allies cannot retreat in round 1
            if not any(b.c(c).general for c in b.field(region, side)):
                continue  # §8.2(5) 注: no general, no retreat
            action = yield from ask(
                b,
                player_of(side),
                "wenlu.ask.declare_retreat",
                [Pass(), Pick("retreat")],
                "§8.2(1), ruling W14",
                params={"side": side},
            )
            if picked(action) == "retreat":
                declared.append(side)
                b.note("wenlu.step.declare", "§8.2(1)(2), ruling W14", side=side)
        if len(declared) == 2:
            attackers: list[str] = []
            b.note("wenlu.step.no_attack", "§8.2(2), ruling W14")
        elif declared:
            attackers = [other(declared[0])]
            b.note("wenlu.step.alone", "§8.2(2), ruling W14", side=attackers[0])
        elif b.surprise and rnd == 1:
            attackers = ["japan"]
            b.note("wenlu.step.surprise", "奇袭, ruling W14")
        else:
            attackers = yield from initiative(b, active, chief)
        if hooks is not None and attackers:
            yield from hooks.before_attack(b, region, active, attackers)
            groups = {s: dice_groups(b, b.field(region, s)) for s in ("japan", "allies")}  # 伏兵 changes FA
        hits = {}
        for side in attackers:
            hits[side] = yield from attack(b, side, groups[side], "§8.1(3)(4), ruling W11")
        for side in attackers:
            foe = other(side)
            if hits[side]:
                yield from losses(b, foe, hits[side], _field_of(b, region, foe), "§8.1(5), ruling W12", res)
        for side in declared:
            yield from retreat(b, region, side, side == active, res)
    jp, al = b.field(region, "japan"), b.field(region, "allies")
    if not res["stalemate"]:
        res["winner"] = "japan" if jp and not al else "allies" if al and not jp else None
    b.note("wenlu.step.result." + (res["winner"] or "none"), "§8.1(7), ruling W13", region=region)
    b.phase = prev
    return res


def _field_of(b: Board, region: str, side: str) -> Callable[[], list[str]]:
    return lambda: b.field(region, side)


def initiative(b: Board, active: str, chief: dict[str, str | None]) -> Proc:
    """§8.1(2), ruling W10: each side 1d6, +1 for the 主将 with the higher FA; higher attacks alone, tie both."""
    dice = {}
    for side in (active, other(active)):
        dice[side] = yield from roll(b, "wenlu.chance.initiative", "§8.1(2)", side=side)
    bonus = {"japan": 0, "allies": 0}
    j, a = chief["japan"], chief["allies"]
    if j and a:
        if b.fa(j) != b.fa(a):
            bonus["japan" if b.fa(j) > b.fa(a) else "allies"] = 1
    elif j or a:
        bonus["japan" if j else "allies"] = 1
    total = {s: dice[s] + bonus[s] for s in dice}
    if total["japan"] == total["allies"]:
        attackers = ["japan", "allies"]
    else:
        attackers = [max(total, key=lambda s: total[s])]
    b.note(
        "wenlu.step.initiative",
        "§8.1(2), ruling W10",
        japan=dice["japan"],
        japan_bonus=bonus["japan"],
        allies=dice["allies"],
        allies_bonus=bonus["allies"],
        attackers=" + ".join(attackers),
    )
    return attackers


def man_castle(b: Board, region: str) -> Proc:
    """§13.31(2)(3), ruling W16: before a battle in a marked region whose castle is empty, the Allies may put up
    to 2 Korean counters in it; the rest fight in the field."""
    if region not in b.markers or b.garrison(region):
        return
    for _ in range(2):
        options = [Pick(c) for c in b.field(region, "allies") if b.c(c).nation == "korea"]
        action = yield from ask(
            b, 1, "wenlu.ask.man_castle", [Pass(), *options], "§13.31(2)(3), ruling W16", params={"region": region}
        )
        cid = picked(action)
        if not cid:
            return
        b.castle.add(cid)


# --- the siege battle ----------------------------------------------------------------------------------


def siege(b: Board, region: str, result: dict[str, Any] | None = None) -> Proc:
    """§13.32, ruling W17: one exchange, no initiative. The garrison rolls first (hit on ≤ FA), the besiegers
    take the losses; then the besiegers that did not march this activation roll, their hits halved (round
    down), at most 1 loss. No survivor: the besieger controls the region."""
    res = result if result is not None else new_result(region, "japan")
    garrison = b.garrison(region)
    if not garrison or b.field(region, "allies"):
        return res
    besiegers = [c for c in b.field(region, "japan") if c not in b.marched]
    if not besiegers:
        b.note("wenlu.step.siege_none", "§13.31(6), ruling W17", region=region)
        return res
    b.note("wenlu.step.siege", "§13.32, ruling W17", region=region, garrison=len(garrison), besiegers=len(besiegers))
    hits = yield from attack(b, "allies", dice_groups(b, garrison), "§13.32(1)(2), ruling W17")
    if hits:
        yield from losses(
            b, "japan", hits, lambda: [c for c in besiegers if b.loc.get(c) == region], "§13.32(2), ruling W17", res
        )
    left = [c for c in besiegers if b.loc.get(c) == region]
    raw = yield from attack(b, "japan", dice_groups(b, left), "§13.32(1)(2), ruling W17")
    dealt = min(1, raw // 2)
    b.note("wenlu.step.siege_halved", "§13.32(2), ruling W17", hits=raw, dealt=dealt)
    if dealt:
        yield from losses(b, "allies", dealt, lambda: b.garrison(region), "§13.32(2), ruling W17", res)
    kept = b.garrison(region)
    res["siege"] = {
        "garrison_hits": hits,
        "besieger_hits": raw,
        "garrison_losses": dealt,
        "garrison_left": len(kept),
        "taken": not kept,
    }
    if kept:
        b.note("wenlu.step.siege_held", "§13.33(1), ruling W18", region=region, left=len(kept))
    else:
        b.note("wenlu.step.siege_taken", "§13.32(3), ruling W17", region=region)
    return res
