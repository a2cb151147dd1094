"""Groups under a general (ruling W5, §7.2), formed by the player one counter at a time: a march's group
(``march.marches``) and a retreat's (``battle.retreat``, ruling W25: a retreat forms its groups as a march does).
Shared by both rule areas, importing neither."""

from __future__ import annotations

from engine.boardgame.procedure import Proc, ask, picked
from engine.wenlu.actions import Pass, Pick
from engine.wenlu.board import Board


def distinct(b: Board, counters: list[str]) -> list[str]:
    """``counters`` with identical units (the same name, reduced or not) once: one option each."""
    out, seen = [], set()
    for c in counters:
        key = c if b.c(c).general else (b.c(c).name, c in b.reduced)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


TAKE = "take:"
"""``Pick("take:<counter>")``: add a counter to the group a general is forming (ruling W5)."""


def choose_group(b: Board, g: str, free: list[str], player: int) -> Proc:
    """Ruling W5, §7.2: the player forms the group at the start, one counter at a time (identical units once):
    lower-rank generals of the nation, units of the house of a general already in the group (加藤: 锅岛, §13.2),
    up to 8 for a 总大将, 4 otherwise; ``Pass`` marches with what is taken."""
    c = b.c(g)
    counter, rank = b.data.counter, b.rank(g)
    group = [g]
    while len(group) < b.command(g):
        houses = {counter(x).faction for x in group} | set(c.also_commands)
        can = []
        for x in free:
            if x in group:
                continue
            cx = counter(x)
            if cx.nation == c.nation and (b.rank(x) < rank if cx.general else cx.faction in houses):
                can.append(x)
        options = [Pick(TAKE + x) for x in distinct(b, can)]
        if not options:
            break
        action = yield from ask(
            b, player, "wenlu.ask.group", [Pass(), *options], "§7.2, ruling W5", params={"general": g}
        )
        x = picked(action)
        if not x:
            break
        group.append(x[len(TAKE) :])
    return group
