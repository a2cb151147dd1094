"""§4-3 diplomacy (ruling L7, L8) and §9 the emperor's edict (ruling L9)."""

from __future__ import annotations

from engine.boardgame.procedure import Proc, ask, picked, roll
from engine.longhu.actions import Diplomacy, Pass, Pick
from engine.longhu.board import Board, Hooks


def can_edict(b: Board, country: str) -> bool:
    """Ruling L9: once per turn, in its controller's turn, the emperor in an edict region, 5 own strength."""
    return (
        not b.edict_used
        and b.emperor_ctrl == country == b.turn_country
        and b.emperor in b.data.edict_regions
        and sum(here.get(country, 0) for here in b.strength.values()) >= 5
    )


def edict(b: Board, country: str) -> Proc:
    """§9(3), ruling L9: offered after a failed test; True if used (5 own strength removed, reroll)."""
    if not can_edict(b, country):
        return False
    player = b.runner(country)
    act = yield from ask(b, player, "ask_edict_reroll", [Pass(), Pick("edict")], "§9(3), ruling L9")
    if not picked(act):
        return False
    b.edict_used = True
    left = 5
    while left:
        regions = sorted(r for r, here in b.strength.items() if here.get(country))
        act = yield from ask(b, player, "ask_edict_pay", map(Pick, regions), "§9(3)")
        left -= b.remove(picked(act), country, left)
    return True


def _targets(b: Board, player: int) -> list[str]:
    out = []
    for c in b.data.majors:
        if not b.alive(c):
            continue
        owner = b.owner.get(c)
        if owner is None or (owner != player and b.home[owner] != c):
            out.append(c)
    return out


def diplomacy_phase(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    """Each character of the acting country with diplomacy ≥1 may try once (ruling L7)."""
    b.phase = "diplomacy"
    if b.is_traitor(country):
        return  # ruling L7: traitor turns have no diplomacy
    used: set[str] = set()
    while b.outcome is None:
        chars = [
            n
            for n, c in b.allegiance.items()
            if c == country and b.on_map(n) and b.data.char(n).diplomacy >= 1 and n not in used
        ]
        options = [Diplomacy(n, t) for n in chars for t in _targets(b, player)]
        if not options:
            return
        act = yield from ask(b, player, "ask_diplomacy", [Pass(), *options], "§4-3")
        if not isinstance(act, Diplomacy):
            return
        used.add(act.character)
        dip = b.data.char(act.character).diplomacy
        target = act.country
        plus = 1 if b.owner.get(target) is not None else 0
        while True:
            die = yield from roll(b, "chance_diplomacy", "§4-3", character=act.character, target=target)
            ok = die + plus <= dip
            b.note(
                "step_diplomacy",
                "§4-3(2), ruling L7" if plus else "§4-3(1), ruling L7",
                character=act.character,
                target=target,
                die=die,
                plus=" +1" if plus else "",
                dip=dip,
                result="success" if ok else "failure",
            )
            if ok:
                break
            if not (yield from edict(b, country)):
                die = 0
                break
        if not die:
            continue
        if plus:
            b.owner[target] = None  # §4-3(2): neutralised; its marker is void (ruling L2)
            b.turned.append(target)
        else:
            b.owner[target] = player  # §4-3(1): ally, marker into the cup
            if target not in b.cup and target not in b.drawn:
                b.cup.append(target)
                b.cup.sort()
        yield from hooks.aftermath(b)
