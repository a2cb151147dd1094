"""§3 set-up (country picks, homes, pieces) and §4-1 turn order by drawn markers (rulings L1–L4)."""

from __future__ import annotations

from engine.boardgame.procedure import Chance, Proc, ask, picked, roll
from engine.longhu.actions import Pick
from engine.longhu.board import PLAYER_MARKERS, TRAITOR_MARKERS, Board

PICK_ORDER = {
    2: (0, 1, 1, 0, 0, 1),  # §3-1(2)(3): 1,4,5 / 2,3,6
    3: (0, 1, 2, 2, 1, 0, 0, 1, 2),  # §12-2-1: 1,6,7 / 2,5,8 / 3,4,9
    4: (0, 1, 2, 3, 3, 2, 1, 0),  # ruling L4: 1&8, 2&7, 3&6, 4&5
}


def place_pieces(b: Board) -> None:
    """§3-3: every country's pieces from the map's set-up; free retainers in the cup, the rest in reserve."""
    data = b.data
    for c in data.countries:
        b.supply[c.id] = c.supply
        b.warlord[c.id] = c.warlord
    for ch in data.characters:
        b.loc[ch.name] = "cup" if ch.country is None else "reserve"
        b.allegiance[ch.name] = ch.country
    for row in data.map.setup(data.setup):
        if row.piece == "army":
            b.add(row.at, row.owner, row.count)
        else:
            b.allegiance[row.piece] = row.owner
            b.move_char(row.piece, row.at)
    b.emperor = data.emperor_start
    b.emperor_ctrl = b.control.get(b.emperor) if b.emperor else None
    b.fate = data.fate_start


def choose_countries(b: Board) -> Proc:
    """§3-1, §12-2, ruling L4: a roll for the order (ties reroll), snake picks, then homes."""
    players = list(range(b.players))
    while True:
        dice = []
        for p in players:
            die = yield from roll(b, "chance_order_roll", "§3-1(2)", player=p)
            dice.append(die)
        if len(set(dice)) == len(dice):
            break
    ranked = sorted(players, key=lambda p: -dice[p])
    free = list(b.data.majors)
    for rank in PICK_ORDER[b.players]:
        p = ranked[rank]
        action = yield from ask(b, p, "ask_choose_country", [Pick(c) for c in free], "§3-1(1), ruling L4")
        country = picked(action)
        free.remove(country)
        b.owner[country] = p
    for c in free:
        b.owner[c] = None  # §3-1(4): neutral
    for c in b.data.traitors:
        b.owner[c] = None
    b.home = [None] * b.players
    for p in ranked:
        mine = b.countries_of(p)
        action = yield from ask(b, p, "ask_home_country", [Pick(c) for c in mine], "§3-2, ruling L4")
        b.home[p] = picked(action)


def fill_cup(b: Board) -> None:
    """§3-4(1), §4-1(1), ruling L2: player markers, the players' countries, two traitor markers."""
    b.cup = sorted([*PLAYER_MARKERS[: b.players], *(c for c in b.data.majors if b.owner.get(c) is not None)])
    b.cup += list(TRAITOR_MARKERS)
    b.cup = [m for m in sorted(b.cup) if m not in b.destroyed]
    b.drawn = []


def _traitor_runner(b: Board) -> int:
    """§4-1(3), §12-3, ruling L3: the opponent (2 players) or the player to the right of whoever ran the
    previous turn; seats go round in player order."""
    prev = b.prev_runner if b.prev_runner is not None else 0
    n = b.players
    nxt = (prev + 1) % n
    while nxt in b.out and nxt != prev:
        nxt = (nxt + 1) % n
    return nxt


def draw_turn(b: Board) -> Proc:
    """Draw order markers until one gives a turn (ruling L2); returns (country, player, by player marker)."""
    first_of_game = b.round == 1 and b.prev_runner is None
    while True:
        if not b.cup:
            b.cup = sorted(b.drawn)  # ruling L1: every valid drawn marker goes back in
            b.drawn = []
            if not b.cup:
                return None
        action = yield Chance("order", "chance_order_marker", "§4-1(1)")
        marker = action.piece  # type: ignore[attr-defined]
        b.cup.remove(marker)
        if marker in TRAITOR_MARKERS:
            traitors = [
                c for c in b.data.traitors if b.alive(c) and b.data.char(b.warlord[c]) and b.on_map(b.warlord[c])
            ]
            if first_of_game:
                b.cup.append(marker)  # §4-1(3): round 1 never opens with a traitor
                b.cup.sort()
                continue
            if not traitors:
                continue  # ruling L2: void
            b.drawn.append(marker)
            runner = _traitor_runner(b)
            b.turn_player = runner
            act = yield from ask(b, runner, "ask_traitor_acts", [Pick(c) for c in traitors], "§8(1), ruling L3")
            return picked(act), runner, False
        if marker in PLAYER_MARKERS:
            p = PLAYER_MARKERS.index(marker)
            mine = b.countries_of(p)
            if p in b.out or not mine:
                continue
            b.drawn.append(marker)
            act = yield from ask(b, p, "ask_country_acts", [Pick(c) for c in mine], "§4-1(2), ruling L2")
            return picked(act), p, True
        owner = b.owner.get(marker)
        if owner is None or not b.alive(marker):
            continue  # ruling L2: a neutral's or destroyed country's marker is void
        b.drawn.append(marker)
        return marker, owner, False
