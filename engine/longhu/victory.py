"""§7 victory, §8(3) the traitors' win, ruling L21 (destruction), L23 (conquest), L24 (after round 8)."""

from __future__ import annotations

from typing import Any

from engine.boardgame.procedure import Proc, ask, picked
from engine.longhu.actions import Pick
from engine.longhu.board import Board


def in_play(b: Board, country: str) -> bool:
    return b.alive(country) and b.loc.get(b.warlord[country]) != "reserve"


def destroy(b: Board, country: str, *, in_battle: bool) -> None:
    """Ruling L21: the country, its marker and its pieces go; 左慈 back to the cup."""
    b.destroyed[country] = b.round
    if in_battle:
        b.destroyed_in_battle.add(country)
    for name, c in list(b.allegiance.items()):
        if c != country:
            continue
        if b.data.char(name).ability == "sorcery":
            b.move_char(name, "cup")
            b.allegiance[name] = None
        elif b.on_map(name):
            b.move_char(name, "gone")
    for region in list(b.strength):
        b.remove(region, country, b.str_of(region, country))
    if country in b.cup:
        b.cup.remove(country)
    if b.emperor_ctrl == country:
        b.emperor_ctrl = b.control.get(b.emperor or "")


def check_destroyed(b: Board) -> list[str]:
    """Countries whose warlord is off the map, or with neither region nor army (ruling L21)."""
    out = []
    for c in b.data.countries:
        if not in_play(b, c.id):
            continue
        gone = not b.on_map(b.warlord[c.id])
        # the pass over every region last: most countries have an army somewhere
        if gone or (not any(c.id in here for here in b.strength.values()) and not b.controlled(c.id)):
            destroy(b, c.id, in_battle=b.phase == "battle")
            out.append(c.id)
    return out


def after_destruction(b: Board) -> Proc:
    """Ruling L21: a destroyed home is replaced by an ally; ruling L23: players with no country are out."""
    for p in range(b.players):
        if p in b.out:
            continue
        mine = b.countries_of(p)
        if not mine:
            b.out.add(p)
            continue
        if b.home[p] not in mine:
            act = yield from ask(b, p, "ask_new_home", map(Pick, mine), "§3-2(3), ruling L21")
            b.home[p] = picked(act)
    left = [p for p in range(b.players) if p not in b.out]
    if len(left) <= 1 and b.outcome is None:
        b.outcome = outcome(b, "conquest", left)


def score(b: Board) -> tuple[list[int], list[int], int]:
    """Regions and their production per player, and the traitors' regions (§7②③, §8(3))."""
    regions = [0] * b.players
    prod = [0] * b.players
    traitors = 0
    for r, c in b.control.items():
        owner = b.owner.get(c)
        if owner is not None:
            regions[owner] += 1
            prod[owner] += b.data.map.region(r).production
        elif b.is_traitor(c):
            traitors += 1
    return regions, prod, traitors


def conceded(b: Board, player: int) -> dict[str, Any]:
    """The result if ``player`` concedes now: he is placed last (as a player out of the game); the others by
    §7's order, regions then production, the best of them winning (a tie is a draw)."""
    regions, prod, traitors = score(b)
    out = set(b.out) | {player}
    alive = [p for p in range(b.players) if p not in out]
    best = max(((regions[p], prod[p]) for p in alive), default=(0, 0))
    winners = [p for p in alive if (regions[p], prod[p]) == best]
    key = [(p not in out, regions[p], prod[p]) for p in range(b.players)]
    placement = [1 + sum(1 for q in range(b.players) if key[q] > key[p]) for p in range(b.players)]
    return {
        "winners": winners,
        "termination": "concession",
        "conceded_by": player,
        "regions": regions,
        "production": prod,
        "traitor_regions": traitors,
        "placement": placement,
        "round": b.round,
    }


def outcome(b: Board, termination: str, winners: list[int] | None = None) -> dict[str, Any]:
    """The result: winners, how it ended, regions and production held, placement (1 = first)."""
    regions, prod, traitors = score(b)
    if winners is None:
        alive = [p for p in range(b.players) if p not in b.out]
        if alive and all(traitors > regions[p] for p in alive):
            termination, winners = "traitors", []
        else:
            best = max(((regions[p], prod[p]) for p in alive), default=(0, 0))
            winners = [p for p in alive if (regions[p], prod[p]) == best]
            if len(winners) > 1:
                termination = "draw"
    key = [(p not in b.out, regions[p], prod[p]) for p in range(b.players)]
    placement = [1 + sum(1 for q in range(b.players) if key[q] > key[p]) for p in range(b.players)]
    return {
        "winners": sorted(winners),
        "termination": termination,
        "regions": regions,
        "production": prod,
        "traitor_regions": traitors,
        "placement": placement,
        "round": b.round,
    }
