"""§4-2 fate, §10 the fate table's events, §11 start-of-fate abilities (rulings L5, L6, L25–L28)."""

from __future__ import annotations

from engine.boardgame.procedure import Chance, Proc, ask, picked, roll
from engine.longhu.actions import Pass, Pick
from engine.longhu.board import Board, Hooks


def _retainers(b: Board, country: str) -> list[str]:
    return [
        n
        for n, c in b.allegiance.items()
        if c == country and not b.data.char(n).warlord and (b.on_map(n) or b.loc[n] == "held")
    ]


def _hostile_player_regions(b: Board, player: int) -> list[str]:
    return [
        r
        for r, c in sorted(b.control.items())
        if b.owner.get(c) is not None and b.owner[c] != player and b.str_of(r, c)
    ]


def _damage_die(b: Board, what: str, rule: str, region: str) -> Proc:
    """Ruling L6: a 6 is replaced by a reroll (``what`` + ``_reroll``); a second 6 counts 6."""
    die = yield from roll(b, what, rule, region=region)
    if die == 6:
        die = yield from roll(b, what + "_reroll", rule, region=region)
    return die


def _strike(b: Board, region: str, n: int, rule: str) -> None:
    """Remove ``n`` strength in ``region``, its controller's first (ruling L6: losses stop at what is there)."""
    total = 0
    for c in b.countries_in(region):
        gone = b.remove(region, c, n)
        n -= gone
        total += gone
    b.note("step_strike", rule, region=region, strength=total)


def draw_retainer(b: Board, country: str, rule: str) -> Proc:
    """§10-2, ruling L25: a free retainer from the cup (the dead pool refills an empty cup) joins ``country``
    where it has armies, else with its warlord; 左慈 is held off the map (§11-6(3))."""
    if not any(v == "cup" for v in b.loc.values()):
        for n, where in b.loc.items():
            if where == "dead":
                b.loc[n] = "cup"
                b.allegiance[n] = None
    if not any(v == "cup" for v in b.loc.values()):
        return
    action = yield Chance("retainer", "chance_free_retainer", rule)
    name = action.piece  # type: ignore[attr-defined]
    b.allegiance[name] = country
    if b.data.char(name).ability == "sorcery":
        b.move_char(name, "held")
        return
    places = sorted(r for r, here in b.strength.items() if country in here)
    if not places:
        wl = b.warlord[country]
        places = [b.loc[wl]] if b.on_map(wl) else []
    if not places:
        b.loc[name] = "cup"
        b.allegiance[name] = None
        return
    act = yield from ask(
        b, b.runner(country), "ask_joins_where", [Pick(r) for r in places], "§10-2(2)", params={"character": name}
    )
    where = picked(act) or places[0]
    b.move_char(name, where)
    b.note("step_joins", rule, character=name, country=country, region=where)


def _uprising(b: Board, player: int, rule: str) -> Proc:
    """§10-7 (and §11-5 through ruling L6): the player picks an enemy player's region; a die of strength goes."""
    targets = _hostile_player_regions(b, player)
    if not targets:
        return
    act = yield from ask(b, player, "ask_uprising_region", [Pick(r) for r in targets], rule)
    region = picked(act)
    die = yield from _damage_die(b, "chance_uprising", rule, region)
    _strike(b, region, die, rule)


def start_of_fate(b: Board, country: str, player: int) -> Proc:
    """Ruling L5: §11-1 曹操, §11-2 刘备, §11-5 张鲁 before the fate die."""
    wl = b.warlord[country]
    ability = b.data.char(wl).ability if b.on_map(wl) else None
    if ability == "seek_talent" and len(_retainers(b, country)) < 3:
        die = yield from roll(b, "chance_seek_talent", "§11-1(1)")
        if die <= 2:
            yield from draw_retainer(b, country, "§11-1(1)")
    elif ability == "three_visits":
        for ch in b.data.characters:
            if ch.country == country and ch.enters and b.round >= ch.enters and b.loc[ch.name] == "reserve":
                region = b.loc[wl]
                if b.data.map.has_region(region) and "three_visits" in b.data.map.region(region).tags:
                    act = yield from ask(
                        b, player, "ask_three_visits", [Pick(ch.name), Pass()], "§11-2", params={"character": ch.name}
                    )
                    if picked(act):
                        b.move_char(ch.name, region)
    elif ability == "five_pecks":
        yield from _uprising(b, player, "§11-5, ruling L6")


def fate_phase(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    """§4-2: abilities, the fate die (左慈: two dice, keep one), move; off the table ends the round ("off"),
    饥荒 ends the turn ("famine"), else "ok"."""
    b.phase = "fate"
    yield from start_of_fate(b, country, player)
    die = yield from roll(b, "chance_fate", "§4-2")
    if b.chars_in("held", country):
        second = yield from roll(b, "chance_second_fate", "§11-6(1)")
        if second != die:
            act = yield from ask(
                b, player, "ask_sorcery_die", [Pick(str(die)), Pick(str(second))], "§11-6(1), ruling L5"
            )
            die = int(picked(act))
    dr, dc = b.data.fate_moves[die - 1]
    r, c = b.fate[0] + dr, b.fate[1] + dc
    grid = b.data.fate_grid
    if not (0 <= r < len(grid) and 0 <= c < len(grid[r])):
        b.note("step_fate", "§4-2, §4-8", die=die, event="off the table: the round ends")
        return "off"
    b.fate = (r, c)
    event = grid[r][c]
    b.note("step_fate", "§4-2, §10", die=die, event=event or "nothing")
    if event is None:
        return "ok"
    return (yield from EVENTS[event](b, country, player, hooks))


def _retainer_death(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    die = yield from roll(b, "chance_warlords_table", "§10-1(1)")
    target = b.data.warlord_table[die - 1]
    if not b.alive(target):
        return "ok"
    options = _retainers(b, target)
    if not options:
        return "ok"  # ruling L25
    chooser = b.owner.get(target)
    act = yield from ask(b, player if chooser is None else chooser, "ask_retainer_dies", map(Pick, options), "§10-1(2)")
    name = picked(act)
    if b.data.char(name).ability == "sorcery":
        b.move_char(name, "cup")
        b.allegiance[name] = None
    else:
        b.move_char(name, "dead")
    b.note("step_dies", "§10-1", character=name)
    return "ok"


def _recruit(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    yield from draw_retainer(b, country, "§10-2")
    return "ok"


def _harvest(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    b.harvest = 3
    return "ok"
    yield  # pragma: no cover


def _emperor_flees(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    """§10-4, ruling L28: the emperor's controller gives it to another player, who puts it with a warlord."""
    ctrl = b.emperor_ctrl
    giver = b.owner.get(ctrl) if ctrl else None
    if giver is None:
        giver = player
    others = [p for p in range(b.players) if p != giver and p not in b.out and b.countries_of(p)]
    if not others:
        return "ok"
    act = yield from ask(b, giver, "ask_emperor_receiver", [Pick(str(p)) for p in others], "§10-4(1)")
    taker = int(picked(act) or others[0])
    hosts = [c for c in b.countries_of(taker) if b.on_map(b.warlord[c])]
    if not hosts:
        return "ok"
    act = yield from ask(b, taker, "ask_emperor_host", map(Pick, hosts), "§10-4(1)")
    host = picked(act)
    b.emperor = b.loc[b.warlord[host]]
    b.emperor_ctrl = host
    b.note("step_emperor", "§10-4, ruling L28", region=b.emperor, country=host)
    return "ok"


def _revival(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    """§10-5, §11-3, §12-2-3, ruling L26."""
    cands = [
        c
        for c, rnd in sorted(b.destroyed.items())
        if rnd < b.round and not (b.is_traitor(c) and b.warlord[c] == "董卓")  # 董卓 never returns, 李傕 may
    ]
    if not cands:
        return "ok"
    act = yield from ask(b, player, "ask_revive_country", map(Pick, cands), "§10-5(3)")
    revived = picked(act)
    owner = b.owner.get(revived)
    if b.players > 2 and not b.is_traitor(revived):
        while True:
            dice = []
            for p in range(b.players):
                die = yield from roll(b, "chance_revival", "§12-2-3", player=p)
                dice.append(die)
            if dice.count(max(dice)) == 1:
                owner = dice.index(max(dice))
                break
    act = yield from ask(b, player, "ask_revival_region", map(Pick, b.data.map.region_ids), "§10-5(1)")
    region = picked(act)
    del b.destroyed[revived]
    b.destroyed_in_battle.discard(revived)
    b.owner[revived] = owner
    wl = b.warlord[revived]
    b.allegiance[wl] = revived
    b.move_char(wl, region)
    own = [ch.name for ch in b.data.characters if b.allegiance.get(ch.name) == revived and not ch.warlord]
    pool = [n for n in own if b.data.char(n).ability == "peach_garden"]  # §11-3: even if dead
    if not pool:
        living = [n for n in own if b.loc[n] == "gone"]
        if living:
            act = yield from ask(b, player, "ask_retainer_returns", map(Pick, living), "§10-5(1), ruling L26")
            pool = [picked(act) or living[0]]
    for n in pool:
        b.allegiance[n] = revived
        b.move_char(n, region)
    b.add(region, revived, 10)
    b.note("step_revival", "§10-5, ruling L26", country=revived, region=region)
    if revived not in b.cup and owner is not None:
        b.cup.append(revived)
        b.cup.sort()
    if any(b.hostile(c, revived) for c in b.countries_in(region)):
        yield from hooks.battle(b, region, revived, no_retreat=True)
    return "ok"


def _famine(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    """§10-6, ruling L28."""
    own = {r: here[country] for r, here in b.strength.items() if country in here}
    if own:
        top = max(own.values())
        regions = sorted(r for r, n in own.items() if n == top)
        act = yield from ask(b, player, "ask_famine_region", map(Pick, regions), "§10-6(2)")
        region = picked(act)
        for c in list(b.armies(region)):
            if c == country or b.allied(c, country):
                half = b.remove(region, c, (b.str_of(region, c) + 1) // 2)
                b.note("step_strike", "§10-6(1), ruling L28", region=region, strength=half)
    yield from hooks.aftermath(b)
    return "famine"


def _yellow_turbans(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    yield from _uprising(b, player, "§10-7, ruling L6")
    yield from hooks.aftermath(b)
    return "ok"


def _barbarians(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    die = yield from roll(b, "chance_barbarian_table", "§10-8(1)")
    region = b.data.barbarian_table[die - 1]
    n = yield from _damage_die(b, "chance_barbarians", "§10-8(2), ruling L6", region)
    _strike(b, region, n, "§10-8(2), ruling L6")
    yield from hooks.aftermath(b)
    return "ok"


def _assassination(b: Board, country: str, player: int, hooks: Hooks) -> Proc:
    """§10-9, ruling L25: any retainer on the map not of the acting country."""
    targets = [
        ch.name
        for ch in b.data.characters
        if not ch.warlord and b.on_map(ch.name) and b.allegiance.get(ch.name) != country
    ]
    if not targets:
        return "ok"
    act = yield from ask(b, player, "ask_assassinate", map(Pick, targets), "§10-9(1)")
    name = picked(act)
    die = yield from roll(b, "chance_assassination", "§10-9(2)", character=name)
    if die <= 2:
        b.move_char(name, "dead")
    b.note("step_assassination", "§10-9(2)", character=name, die=die, result="killed" if die <= 2 else "fails")
    return "ok"


EVENTS = {
    "retainer_death": _retainer_death,
    "recruit": _recruit,
    "harvest": _harvest,
    "emperor_flees": _emperor_flees,
    "revival": _revival,
    "famine": _famine,
    "yellow_turbans": _yellow_turbans,
    "barbarians": _barbarians,
    "assassination": _assassination,
}
