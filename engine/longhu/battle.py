"""§5 battle: betrayal test, strategy, valour, melee rounds and retreat, capture (§5-1 to §5-7, rulings
L13–L21). One procedure, used by the game and by the battle calculator alike.
"""

from __future__ import annotations

from typing import Any

from engine.boardgame.procedure import Proc, ask, picked, roll
from engine.longhu.actions import Pass, Pick
from engine.longhu.board import Board, Hooks, losses

_OFF = {"gone": "out of the game", "dead": "the dead pool"}


def _hostile_side(b: Board, region: str, attacker: str) -> list[str]:
    for c in b.countries_in(region):
        if b.hostile(c, attacker):
            return b.side(region, c)
    return []


def _sides(b: Board, region: str, attacker: str) -> tuple[list[str], list[str]]:
    return b.side(region, attacker), _hostile_side(b, region, attacker)


def _strength(b: Board, region: str, side: list[str]) -> int:
    return sum(b.str_of(region, c) for c in side)


def _chars(b: Board, region: str, side: list[str]) -> list[str]:
    return [n for n in b.chars_in(region) if b.allegiance.get(n) in side]


def _label(side: list[str]) -> str:
    return "+".join(side)


def _test(b: Board, region: str, tester: list[str], other: list[str], hooks: Hooks, used_by: str) -> Proc:
    """§5-1, ruling L15: one test for the side, with its highest diplomacy. Returns True if a country turned."""
    player = b.runner(tester[0])
    chars = _chars(b, region, tester)
    if player is None or not chars:
        return False  # a side the rules run does not test (docs/longhu.md)
    best = max(chars, key=lambda n: b.data.char(n).diplomacy)
    dip = b.data.char(best).diplomacy
    targets = []
    for c in other:
        owner = b.owner.get(c)
        if owner is not None and b.home[owner] == c:
            continue  # §3-2(1): a home is never tested
        if b.is_traitor(c):
            continue
        need = 2 if b.owner.get(c) is not None else 1
        if dip >= need:
            targets.append(c)
    if not targets:
        return False
    action = yield from ask(b, player, f"ask_betrayal_{used_by}", [*(Pick(t) for t in targets), Pass()], "§5-1(1)")
    target = picked(action)
    if not target:
        return False
    plus = 1 if b.owner.get(target) is not None else 0
    while True:
        die = yield from roll(b, "chance_betrayal", "§5-1(1)", target=target, character=best)
        ok = die + plus <= dip
        b.note(
            "step_betrayal",
            "§5-1(1), ruling L15",
            side=_label(tester),
            target=target,
            character=best,
            dip=dip,
            die=die,
            plus=" +1" if plus else "",
            result="success" if ok else "failure",
        )
        if ok:
            break
        again = yield from hooks.edict(b, tester[0])
        if not again:
            return False
    was_neutral = b.owner.get(target) is None
    b.owner[target] = player
    if was_neutral and target not in b.cup and target not in b.drawn:
        b.cup.append(target)
        b.cup.sort()
    b.turned.append(target)
    b.note("step_turned", "§5-1(1), ruling L15", target=target, side=_label(tester))
    return True


def _command(b: Board, chars: list[str]) -> int:
    """Ruling L17: the best commander plus the stars of one other strategist; no character: 1."""
    if not chars:
        return 1
    best = 0
    for c in chars:
        cmd = b.data.char(c).command
        extra = max(
            (b.data.char(s).command for s in chars if s != c and b.data.char(s).strategist),
            default=0,
        )
        best = max(best, cmd + extra)
    return max(1, best)


def battle(b: Board, region: str, attacker: str, hooks: Hooks, *, no_retreat: bool = False) -> Proc:
    """Fight the battle in ``region`` started by ``attacker`` (§5). Returns the result dict."""
    b.phase = "battle"
    att, dfd = _sides(b, region, attacker)
    result: dict[str, Any] = {
        "region": region,
        "attacker": list(att),
        "defender": list(dfd),
        "winner": None,
        "losses": {},
        "retreat": None,
        "captures": [],
        "escapes": [],
    }
    b.entered_from.setdefault(region, set())
    if not dfd:
        return result
    traitor = any(b.is_traitor(c) for c in att + dfd)
    loser: list[str] | None = None
    if _strength(b, region, dfd) == 0:
        b.note("step_no_army", "ruling L13", side=_label(dfd), region=region)
        loser = dfd
    else:
        # §5-1 betrayal tests, attacker first (no test at all with a traitor, §8(2), ruling L14)
        if not traitor:
            first_owner = b.owner.get(attacker)
            for first in (True, False):
                att, dfd = _sides(b, region, attacker)
                if not dfd:
                    break
                tester, other = (att, dfd) if first else (dfd, att)
                yield from _test(b, region, tester, other, hooks, "attacker" if first else "defender")
                if b.owner.get(attacker) != first_owner:
                    # the attacking country itself was turned: another of its player's leads, or the attack is over
                    attacker = next((c for c in b.countries_in(region) if b.owner.get(c) == first_owner), "")
                    if first_owner is None or not attacker:
                        b.note("step_ended", "§5-1(1), ruling L15")
                        result["winner"] = "defender"
                        return result
                att, dfd = _sides(b, region, attacker)
                if not dfd or _strength(b, region, dfd) == 0 or _strength(b, region, att) == 0:
                    break
            if not dfd or (_strength(b, region, dfd) == 0 and not _chars(b, region, dfd)):
                b.note("step_ended", "§5-1(1), ruling L15")
                result["winner"] = "attacker"
                result["attacker"], result["defender"] = list(att), list(dfd)
                return result
        # §5-2 strategy, both sides, applied at once (ruling L16)
        damage = {0: 0, 1: 0}
        for i, side in enumerate((att, dfd)):
            for c in _chars(b, region, side):
                ch = b.data.char(c)
                mult = (ch.command if ch.strategist else 0) + ch.squares
                if mult <= 0:
                    continue
                die = yield from roll(b, "chance_strategy", "§5-2(1)", character=c)
                value = b.data.strategy[die - 1]
                damage[1 - i] += value * mult
                b.note(
                    "step_strategy",
                    "§5-2, ruling L16",
                    character=c,
                    mult=mult,
                    die=die,
                    value=value,
                    damage=value * mult,
                    target=_label(dfd if i == 0 else att),
                )
        if damage[1]:
            yield from losses(b, region, dfd, damage[1], "§5-2, ruling L16", result)
        if damage[0]:
            yield from losses(b, region, att, damage[0], "§5-2, ruling L16", result)
        # §5-3 valour: only the highest valour in the region (both sides' best when tied)
        if _strength(b, region, att) and _strength(b, region, dfd):
            bests = []
            for side in (att, dfd):
                cs = _chars(b, region, side)
                bests.append(max(cs, key=lambda n: b.data.char(n).valour) if cs else None)
            vals = [b.data.char(n).valour if n else 0 for n in bests]
            top = max(vals)
            dealt = {0: 0, 1: 0}
            if top >= 1:
                for i in (0, 1):
                    name = bests[i]
                    if vals[i] != top or name is None:
                        continue
                    die = yield from roll(b, "chance_valour", "§5-3(1)", character=name)
                    hit = die <= top
                    if hit:
                        dealt[1 - i] = die
                    b.note(
                        "step_valour",
                        "§5-3, ruling L16",
                        character=name,
                        valour=top,
                        die=die,
                        result=f"{die} damage" if hit else "no damage",
                    )
            if dealt[1]:
                yield from losses(b, region, dfd, dealt[1], "§5-3(2)", result)
            if dealt[0]:
                yield from losses(b, region, att, dealt[0], "§5-3(2)", result)
        # §5-4 melee rounds, §5-5 retreat, §5-6 end
        while _strength(b, region, att) and _strength(b, region, dfd):
            hits = {}
            for i, side in enumerate((att, dfd)):
                cmd = _command(b, _chars(b, region, side))
                dice = min(_strength(b, region, side), 5)
                rolls = []
                for _ in range(dice):
                    die = yield from roll(b, "chance_melee", "§5-4(2)", side=_label(side))
                    rolls.append(die)
                hits[i] = sum(1 for d in rolls if d <= cmd)
                b.note(
                    "step_melee",
                    "§5-4, ruling L17",
                    side=_label(side),
                    command=cmd,
                    dice=dice,
                    rolls=" ".join(map(str, rolls)),
                    hits=hits[i],
                )
            if hits[0]:
                yield from losses(b, region, dfd, hits[0], "§5-4(3)", result)
            if hits[1]:
                yield from losses(b, region, att, hits[1], "§5-4(3)", result)
            if not (_strength(b, region, att) and _strength(b, region, dfd)) or no_retreat:
                continue
            for i, side in enumerate((att, dfd)):
                dest = yield from _retreat(b, region, side, attacker=i == 0)
                if dest:
                    result["retreat"] = {"side": "attacker" if i == 0 else "defender", "to": dest}
                    result["winner"] = "defender" if i == 0 else "attacker"
                    return (yield from _finish(b, region, dfd if i == 0 else att, result, hooks, None))
        a_left, d_left = _strength(b, region, att), _strength(b, region, dfd)
        if not a_left and not d_left:
            b.note("step_both_gone", "§5-6(3), ruling L19")
            loser = att
        else:
            loser = att if not a_left else dfd
            b.note("step_no_army", "§5-6(1)", side=_label(loser), region=region)
    result["winner"] = "defender" if loser is att else "attacker"
    return (yield from _finish(b, region, dfd if loser is att else att, result, hooks, loser))


def _retreat(b: Board, region: str, side: list[str], *, attacker: bool) -> Proc:
    """§5-5, ruling L18: a side with a character may retreat whole to one region; returns it or ''."""
    player = b.runner(side[0])
    chars = _chars(b, region, side)
    if player is None or not chars:
        return ""

    def safe(r: str) -> bool:
        return not any(b.hostile(c, side[0]) for c in b.countries_in(r))

    def defender_ok(r: str) -> bool:
        return safe(r) and (b.control.get(r) is None or b.allied(b.control[r], side[0]))

    options: list[str] = []
    if attacker:
        options = sorted(r for r in b.entered_from.get(region, set()) if safe(r))
    if not options:
        options = [r for r in b.data.map.neighbours(region) if defender_ok(r)]
    if not options:
        return ""
    action = yield from ask(
        b,
        player,
        "ask_retreat_attacker" if attacker else "ask_retreat_defender",
        [Pass(), *(Pick(r) for r in options)],
        "§5-5, ruling L18",
        params={"region": region},
    )
    dest = picked(action)
    if not dest:
        return ""
    for c in side:
        k = b.str_of(region, c)
        if k:
            b.shift(region, dest, c, k)
    for name in chars:
        b.move_char(name, dest)
    b.note("step_retreat", "§5-5, ruling L18", side=_label(side), region=region, to=dest)
    return dest


def _finish(
    b: Board,
    region: str,
    winner: list[str],
    result: dict[str, Any],
    hooks: Hooks,
    loser: list[str] | None,
) -> Proc:
    """§5-6, §5-7, §9(5): captures of the side left without an army, where the others go, the emperor."""
    if loser is not None:
        win_player = b.runner(winner[0])
        captives = []
        for name in _chars(b, region, loser):
            if b.data.char(name).warlord:
                continue
            die = yield from roll(b, "chance_capture", "§5-7(2)", character=name)
            taken = die <= 2
            if taken:
                captives.append(name)
            result_text = "captured" if taken else "not captured"
            b.note("step_capture", "§5-7(2), ruling L20", character=name, die=die, result=result_text)
        for name in captives:  # ruling L20: every capture roll first, then each captive's loyalty
            ch = b.data.char(name)
            die = yield from roll(b, "chance_loyalty", "§5-7(3)", character=name)
            if die > ch.loyalty:
                options = [Pick(c) for c in winner if c in b.owner and b.alive(c)]
                action = yield from ask(
                    b, win_player, "ask_captive_joins", options, "§5-7(4), ruling L20", params={"character": name}
                )
                new = picked(action) or winner[0]
                b.allegiance[name] = new
                b.note("step_loyalty", "§5-7(3)", character=name, loyalty=ch.loyalty, die=die, result=f"joins {new}")
                result["captures"].append({"character": name, "result": "defected", "to": new})
            else:
                b.move_char(name, "dead")
                b.note("step_loyalty", "§5-7(3)", character=name, loyalty=ch.loyalty, die=die, result="beheaded")
                result["captures"].append({"character": name, "result": "beheaded", "to": None})
        for name in _chars(b, region, loser):
            own = b.allegiance[name]
            places = sorted(r for r, here in b.strength.items() if own in here and r != region)
            if places:
                action = yield from ask(
                    b,
                    b.runner(own or ""),
                    "ask_escape_to",
                    [Pick(r) for r in places],
                    "§5-7(1), ruling L20",
                    params={"character": name},
                )
                dest = picked(action) or places[0]
            else:
                dest = "gone" if b.data.char(name).warlord else "dead"
            b.move_char(name, dest)
            b.note(
                "step_escape",
                "§5-7(1)",
                character=name,
                to=dest if b.data.map.has_region(dest) else _OFF[dest],
            )
            result["escapes"].append({"character": name, "to": dest})
    if b.emperor == region and winner:
        b.emperor_ctrl = winner[0]
    b.fix_control(region)
    holders = [c for c in winner if c in b.countries_in(region)]
    if len(holders) > 1 and b.control.get(region) in holders:
        action = yield from ask(
            b,
            b.runner(holders[0]),
            "ask_controls",
            map(Pick, holders),
            "§6(3), ruling L22",
            params={"region": region},
        )
        b.control[region] = picked(action) or holders[0]
    b.note("step_result", "§5-6", winner=_label(winner), region=region)
    yield from hooks.aftermath(b)
    return result
