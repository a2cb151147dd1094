"""§4-5 movement (ruling L11), §4-5-1/§4-5-2 attrition crossing mountains and rivers (ruling L12),
§4-5-3 a player marker's turn moving allies along, §9(4) the emperor with its controller; then §4-6 the
battles, in the acting player's order (ruling L13)."""

from __future__ import annotations

from engine.boardgame.procedure import Mark, Proc, ask, picked
from engine.longhu.actions import Go, Lead, Leave, Pass, Pick, Take
from engine.longhu.board import Board, Hooks, losses

EMPEROR = "献帝"


def _friendly(b: Board, region: str, country: str) -> bool:
    holder = b.control.get(region)
    return holder is not None and b.allied(holder, country)


def _left(b: Board, region: str, c: str, stack: list[str], taken: dict[str, int]) -> int:
    """Pieces of ``c`` that would stay in ``region`` (ruling L11: at least one of each country moving out)."""
    return b.str_of(region, c) - taken.get(c, 0) + sum(1 for n in b.chars_in(region, c) if n not in stack)


def _unmoved(b: Board, region: str, c: str) -> int:
    return b.str_of(region, c) - b.moved_strength.get((region, c), 0)


def _leaders(b: Board, country: str) -> list[str]:
    out = []
    for n, c in b.allegiance.items():
        if c != country or not b.on_map(n) or n in b.moved_chars or b.data.char(n).command < 1:
            continue
        region = b.loc[n]
        if _unmoved(b, region, country) >= 1 and _left(b, region, country, [n], {country: 1}) >= 1:
            out.append(n)
    return out


def _fight(b: Board, region: str, country: str) -> bool:
    """Whether ``region`` holds a country allied with ``country`` and one hostile to it (§4-6)."""
    armies = b.strength.get(region)
    if (not armies or len(armies) < 2) and not b.loc.occupied(region, b.data.character_order):
        return False  # fewer than two countries: most regions, told without listing them
    here = b.countries_in(region)
    return len(here) > 1 and any(b.allied(c, country) for c in here) and any(b.hostile(c, country) for c in here)


def _stack_options(
    b: Board, country: str, region: str, stack: list[str], taken: dict[str, int], emperor: bool
) -> list[Take | Go]:
    owner = b.owner.get(country)
    mine = b.countries_of(owner) if b.player_marker and owner is not None else [country]
    led = {country} | {
        b.allegiance[n] for n in stack if n != EMPEROR and b.data.char(n).command >= 1 and b.allegiance.get(n)
    }
    opts: list[Take | Go] = []
    for n in b.chars_in(region):
        c = b.allegiance[n]
        if n in stack or n in b.moved_chars or c not in mine or c is None:
            continue
        if _left(b, region, c, [*stack, n], taken) >= 1:
            opts.append(Take(n))
    for c in mine:
        if c in taken or c not in led:
            continue
        top = min(_unmoved(b, region, c), _left(b, region, c, stack, taken) - 1)
        opts.extend(Take(c, k) for k in range(1, top + 1))
    if (
        b.emperor == region
        and not emperor
        and b.emperor_ctrl in led
        and any(b.allegiance.get(n) == b.emperor_ctrl for n in stack if n != EMPEROR)
    ):
        opts.append(Take(EMPEROR))
    if sum(taken.values()) >= 1:
        opts.extend(Go(r) for r in b.data.map.neighbours(region))
    return opts


def _step(
    b: Board, country: str, player: int, src: str, dst: str, stack: list[str], taken: dict[str, int], start: str
) -> Proc:
    """Move the stack one region; attrition if crossing a mountain or river into a region not own or allied."""
    friendly = _friendly(b, dst, country)
    for c, k in taken.items():
        b.shift(src, dst, c, k)
        if src != start:
            b.moved_strength[(src, c)] = max(0, b.moved_strength.get((src, c), 0) - k)
        b.moved_strength[(dst, c)] = b.moved_strength.get((dst, c), 0) + k
    for n in stack:
        b.move_char(n, dst)
    if b.emperor == src and EMPEROR in stack:
        b.emperor = dst
    b.entered_from.setdefault(dst, set()).add(src)
    border = b.data.map.border(src, dst)
    if border is not None and border.terrain != "plain" and not friendly:
        navy = border.terrain == "river" and any(b.data.char(n).navy for n in stack if n != EMPEROR)
        total = sum(taken.values())
        loss = b.data.attrition_loss(total, navy)
        rule = "§4-5-1, ruling L12" if border.terrain == "mountain" else "§4-5-2, ruling L12"
        before = {c: b.str_of(dst, c) for c in taken}
        yield from losses(b, dst, [c for c in taken if b.str_of(dst, c)], loss, rule)
        for c in taken:
            gone = before[c] - b.str_of(dst, c)
            taken[c] -= gone
            b.moved_strength[(dst, c)] = max(0, b.moved_strength.get((dst, c), 0) - gone)
    return friendly


def movement_phase(
    b: Board, country: str, player: int, hooks: Hooks, *, mark: Mark | None = None, resume: bool = False
) -> Proc:
    """Moves, one stack at a time, then every battle they started (ruling L13). Before each stack's move all
    the phase goes on from is on the board: ``mark(b, "lead")`` is called there, ``resume`` goes on from it
    (``rules.play``)."""
    b.phase = "movement"
    while True:
        if mark is not None and not resume:
            mark(b, "lead")
        resume = False
        leaders = _leaders(b, country)
        act = yield from ask(b, player, "ask_lead", [Pass(), *(Lead(n) for n in leaders)], "§4-5")
        if not isinstance(act, Lead):
            break
        start = b.loc[act.character]
        stack = [act.character]
        b.moved_chars.add(act.character)
        taken: dict[str, int] = {}
        emperor = False
        here = start
        steps = 0
        while True:
            if steps == 0:
                opts: list = _stack_options(b, country, here, stack, taken, emperor)
                what = "ask_take"
            else:
                opts = [Pass(), *(Go(r) for r in b.data.map.neighbours(here))]
                opts += [Leave(n) for n in stack[1:] if n != EMPEROR]  # §4-5(4): drop pieces on the way
                total = sum(taken.values())
                opts += [Leave(c, k) for c, n in taken.items() for k in range(1, min(n, total - 1) + 1)]
                what = "ask_go_on"
            act = yield from ask(b, player, what, opts, "§4-5, ruling L11")
            if isinstance(act, Leave):
                if act.strength:
                    taken[act.piece] -= act.strength
                    if not taken[act.piece]:
                        del taken[act.piece]
                else:
                    stack.remove(act.piece)
                continue
            if isinstance(act, Take):
                if act.piece == EMPEROR:
                    emperor = True
                    stack.append(EMPEROR)
                elif act.strength:
                    taken[act.piece] = act.strength
                else:
                    stack.append(act.piece)
                    b.moved_chars.add(act.piece)
                continue
            if not isinstance(act, Go):
                break
            chars = [n for n in stack if n != EMPEROR]
            moving = ", ".join(f"{c} {k}" for c, k in taken.items())
            b.note("step_move", "§4-5, ruling L11", leader=stack[0], src=here, dst=act.region, moving=moving)
            friendly = yield from _step(b, country, player, here, act.region, chars, taken, start)
            if emperor:
                b.emperor = act.region
            here = act.region
            steps += 1
            if steps >= 2 or not friendly or not sum(taken.values()):
                break  # §4-5: two regions at most; §4-5(2): entering a region not own or allied stops
    # §4-6: battles, in the acting player's order
    while b.outcome is None:  # ruling L23: a conquest ends the game at once
        fights = [r for r in b.data.map.region_ids if _fight(b, r, country)]
        if not fights:
            return
        act = yield from ask(b, player, "ask_next_battle", map(Pick, fights), "§4-6, ruling L13")
        region = picked(act)
        attacker = next(c for c in b.side(region, country) if c in b.countries_in(region))
        if attacker not in b.countries_in(region):
            attacker = next(c for c in b.countries_in(region) if b.allied(c, country))
        yield from hooks.battle(b, region, attacker)
