"""§4-8 the end of a round: new warlords and deaths from the data (§4-8-1, §4-8-2), allies regrouped
(§4-8-3, ruling L22), homes changed (§4-8-4), the next round prepared (§4-8-5)."""

from __future__ import annotations

from engine.boardgame.procedure import Proc, ask, picked
from engine.longhu.actions import Pass, Pick
from engine.longhu.board import Board, Hooks


def _changes(b: Board, hooks: Hooks) -> Proc:
    for step in b.data.round_end:
        if step.round != b.round:
            continue
        name = step.character
        if step.kind in ("flip", "succeed"):
            if not (b.on_map(name) or b.loc.get(name) == "held"):
                continue
            to = step.to or name
            where = b.loc[name]
            country = b.allegiance[name]
            b.allegiance[to] = country
            b.loc[name] = "gone"
            b.loc[to] = where
            if country is not None and b.warlord.get(country) == name:
                if step.kind == "flip":
                    b.warlord[country] = to
                elif step.warlord:
                    b.warlord[country] = step.warlord
                    b.allegiance[step.warlord] = country
                    b.loc[step.warlord] = where
        elif step.kind == "restore" and step.country and step.region:
            country = step.country
            if b.alive(country) or country not in b.destroyed_in_battle:
                continue  # §11-4(1), ruling L27: only a country destroyed in battle comes back
            del b.destroyed[country]
            b.destroyed_in_battle.discard(country)
            b.warlord[country] = name
            for n in (name, step.to):
                if n:
                    b.allegiance[n] = country
                    b.move_char(n, step.region)
            b.add(step.region, country, step.strength)
            if b.owner.get(country) is not None and country not in b.cup:
                b.cup.append(country)
                b.cup.sort()
            if any(b.hostile(c, country) for c in b.countries_in(step.region)):
                yield from hooks.battle(b, step.region, country, no_retreat=True)  # as §10-5(5)
        elif step.kind == "arrive" and step.country and step.region:
            country = step.country
            if not b.alive(country):
                continue
            if step.to and b.on_map(step.to):
                b.move_char(step.to, "gone")
            elif step.to and b.loc.get(step.to) != "reserve" and name == b.warlord[country]:
                continue  # the counter it replaces is dead: no arrival (§4-8-1(2))
            b.allegiance[name] = country
            b.move_char(name, step.region)
            if step.strength:
                b.add(step.region, country, step.strength)
            if any(b.hostile(c, country) for c in b.countries_in(step.region)):
                yield from hooks.battle(b, step.region, country)  # ruling L13: at once


def round_end(b: Board, trigger: int, hooks: Hooks) -> Proc:
    """Ruling L22: the trigger player first, then the others in seat order."""
    b.phase = "round_end"
    yield from _changes(b, hooks)
    if b.outcome is not None:
        return
    for name, where in b.loc.items():
        if where == "held":  # §11-6(4): 左慈 goes back to the cup at the round's end
            b.loc[name] = "cup"
            b.allegiance[name] = None
    order = [(trigger + i) % b.players for i in range(b.players)]
    for p in order:
        if p in b.out:
            continue
        for region in b.data.map.region_ids:
            mine = [c for c in b.armies(region) if b.owner.get(c) == p]
            if len(mine) < 2:
                continue
            act = yield from ask(b, p, "ask_keeps", map(Pick, mine), "§4-8-3, ruling L22", params={"region": region})
            keep = picked(act) or mine[0]
            for c in mine:
                if c == keep:
                    continue
                dest = [r for r in b.controlled(c) if r != region]
                if not dest:
                    dest = [r for r in b.data.map.region_ids if not b.countries_in(r)]
                if not dest:
                    continue
                act = yield from ask(
                    b, p, "ask_armies_go", map(Pick, dest), "§4-8-3, ruling L22", params={"country": c}
                )
                where = picked(act) or dest[0]
                b.shift(region, where, c, b.str_of(region, c))
                for n in b.chars_in(region, c):
                    b.move_char(n, where)
    for p in order:
        if p in b.out:
            continue
        others = [c for c in b.countries_of(p) if c != b.home[p]]
        if others:
            act = yield from ask(b, p, "ask_change_home", [Pass(), *map(Pick, others)], "§4-8-4")
            if picked(act):
                b.home[p] = picked(act)
    yield from hooks.aftermath(b)
