"""The counters on the table and the questions every rule area asks of them (sides, control §9.0, field
ability with its modifiers), plus the requests a rule procedure yields
(a decision or a chance event, ``engine.boardgame.procedure``).

Rule areas are generator functions (``Proc``): they ``yield`` a :class:`Decision` or a :class:`Chance`
and receive the action that answers it. They share this module and ``terms``; they never import each
other (``rules.py`` wires them through :class:`Hooks`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.boardgame.pieces import Locations
from engine.boardgame.procedure import Proc, Step
from engine.wenlu.data import Counter, GameData
from engine.wenlu.terms import OFF_MAP


class Hooks(Protocol):
    """What the battle asks of the cards (奇袭, 伏兵), wired in ``rules.py``; the calculator passes none."""

    def battle_start(self, b: Board, region: str, active: str) -> Proc: ...

    def before_attack(self, b: Board, region: str, active: str, attackers: list[str]) -> Proc: ...


@dataclass
class Board:
    """Everything on the table. Mutated only by rule procedures driven by ``State.apply``."""

    data: GameData
    loc: Locations = field(default_factory=Locations)
    reduced: set[str] = field(default_factory=set)
    castle: set[str] = field(default_factory=set)
    """Korean counters inside their region's castle (§13.31, ruling W16)."""
    markers: set[str] = field(default_factory=set)
    """Regions holding a castle marker 守城标识 (§13.31(1))."""
    turn: int = 1
    peace: int = 16
    phase: str = "setup"
    active: str | None = None
    """The nation whose marker was drawn (ruling W1)."""
    cup: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    die: int = 0
    points: int = 0
    origin: dict[str, str] = field(default_factory=dict)
    """Counter → the region it last marched from in this activation (retreat, §8.2(4)②③, ruling W15)."""
    marched: set[str] = field(default_factory=set)
    mountain: set[str] = field(default_factory=set)
    """Generals that crossed a 山路 in this activation (§8.1(4)②)."""
    cut: set[str] = field(default_factory=set)
    """Generals whose supply is cut in this activation (§6.3, ruling W6)."""
    fresh: set[str] = field(default_factory=set)
    """Counters placed or restored this activation: they do not march (§7.3(4))."""
    spent: list[str] = field(default_factory=list)
    """Every card played in the game, in order (§11.2: a played card never returns)."""
    played: list[str] = field(default_factory=list)
    """Cards played in this activation."""
    all_points: bool = False
    """A card took all this activation's march points (义兵蜂起, 李舜臣出击, 讲和交涉 ⑥)."""
    letter: bool = False
    """秀吉的书信 played in this activation (every Japanese 战意 1)."""
    yi_sun_sin: bool = False
    ambush: bool = False
    surprise: bool = False
    hands: dict[str, list[str]] = field(default_factory=lambda: {"japan": [], "allies": []})
    decks: dict[str, list[str]] = field(default_factory=lambda: {"japan": [], "allies": []})
    promoted: set[str] = field(default_factory=set)
    """Korean generals made 总大将 by 官位晋升 (the counter flipped, ruling W19)."""
    scored: list[str] = field(default_factory=list)
    """What gave the Japanese a card (§11.1(1), ruling W21): a province, ``king``, ``prince``."""
    steps: list[dict[str, Any]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    rolls: list[int] = field(default_factory=list)

    def copy(self) -> Board:
        """A board of its own with the same counters (what a searching bot copies): the map and game data
        shared (never changed), every container the rules change copied, the narration's list copied (its
        steps cannot be changed, ``Step``); the index of :meth:`here` shared until either board
        moves a counter (``Locations``).

        >>> from engine.wenlu.state import Game
        >>> b = Game.default().new_initial_state(1).board
        >>> c = b.copy()
        >>> c.hands["japan"].append("x")
        >>> "x" in b.hands["japan"], c.data is b.data
        (False, True)
        """
        new = Board.__new__(Board)
        new.__dict__.update(self.__dict__)
        new.loc = self.loc.copy()
        for name in _SETS:
            setattr(new, name, set(getattr(self, name)))
        for name in _LISTS:
            setattr(new, name, list(getattr(self, name)))
        new.origin = dict(self.origin)
        new.hands = {s: list(v) for s, v in self.hands.items()}
        new.decks = {s: list(v) for s, v in self.decks.items()}
        new.outcome = copy.deepcopy(self.outcome) if self.outcome is not None else None
        return new

    # --- counters ---------------------------------------------------------------------------

    def c(self, cid: str) -> Counter:
        return self.data.counter(cid)

    def rank(self, cid: str) -> int:
        """2 for a 总大将 (printed, or promoted by 官位晋升), 1 for a general, 0 for the others (ruling W24)."""
        return 2 if cid in self.promoted else RANK.get(self.c(cid).rank, 0)

    def command(self, cid: str) -> int:
        """§7.2(2), §8.1(3)②: counters a general leads, itself included: 8 for a 总大将, 4 otherwise."""
        return (0, 4, 8)[self.rank(cid)]

    def on_map(self, cid: str) -> bool:
        return self.loc.get(cid, "out") not in OFF_MAP

    def here(self, region: str, side: str | None = None) -> list[str]:
        """Counters in ``region`` (castle included), of ``side`` if given, in data order."""
        key = region if side is None else (region, side)
        return self.loc.pieces(key, self.data.counter_order, self.data.side_of)

    def occupied(self, region: str, side: str) -> bool:
        """Whether any counter of ``side`` is in ``region`` (castle included): :meth:`here` without the list."""
        return self.loc.occupied((region, side), self.data.counter_order, self.data.side_of)

    def field(self, region: str, side: str) -> list[str]:
        """Counters of ``side`` in ``region`` outside the castle (§13.31(4))."""
        return [cid for cid in self.here(region, side) if cid not in self.castle]

    def garrison(self, region: str) -> list[str]:
        return [cid for cid in self.here(region, "allies") if cid in self.castle]

    def fa(self, cid: str) -> int:
        """§8.1(4), ruling W11: field ability after −1 cut supply, −1 mountain road, −1 李舜臣出击, +1 伏兵."""
        c = self.c(cid)
        v = c.fa - (cid in self.cut) - (cid in self.mountain)
        if c.nation == "japan":
            v += (1 if self.ambush else 0) - (1 if self.yi_sun_sin else 0)
        return v

    def morale(self, cid: str) -> int:
        """§7.1(2)①, ruling W4: 战意 +1 with cut supply, +1 李舜臣出击 (Japanese)."""
        c = self.c(cid)
        return c.morale + (cid in self.cut) + (1 if self.yi_sun_sin and c.nation == "japan" else 0)

    def remove(self, cid: str) -> str:
        """A loss on ``cid`` (§8.1(5), ruling W12): flip, or out of the game; Korean units to 补充区."""
        c = self.c(cid)
        self.castle.discard(cid)
        if c.nation == "korea":
            self.loc[cid] = "replacement" if c.kind == "unit" else "out"
            self.reduced.discard(cid)
            return "replacement" if c.kind == "unit" else "removed"
        if cid in self.reduced:
            self.loc[cid] = "out"
            self.reduced.discard(cid)
            return "removed"
        self.reduced.add(cid)
        return "reduced"

    def reachable(self, side: str) -> set[str]:
        """Regions a supply line reaches from ``side``'s home box along roads, never through a region the enemy
        controls (§6.1②③, §9.0, ruling W6); empty, shared and besieged regions are open."""
        box = self.data.japan_box if side == "japan" else self.data.ming_box
        enemy = "allies" if side == "japan" else "japan"
        m = self.data.map
        seen = {box}
        todo = [box]
        while todo:
            r = todo.pop()
            for n in m.road_neighbours(r):
                if n not in seen and m.has_region(n) and self.controller(n) != enemy:
                    seen.add(n)
                    todo.append(n)
        return seen

    def controller(self, region: str) -> str | None:
        """§9.0, ruling W18: the side whose counters alone are there; a besieged region is nobody's."""
        loc, order, side_of = self.loc, self.data.counter_order, self.data.side_of
        allies = loc.occupied((region, "allies"), order, side_of)
        if loc.occupied((region, "japan"), order, side_of):
            return None if allies else "japan"
        return "allies" if allies else None

    def note(self, code: str, rule: str, **params: Any) -> None:
        """A step of the narration (battle calculator, logs): message code, rule, parameters."""
        self.steps.append(Step(code=code, rule=rule, params=Step(params)))


RANK = {"cic": 2, "general": 1}
_SETS = ("reduced", "castle", "markers", "marched", "mountain", "cut", "fresh", "promoted")
_LISTS = ("cup", "drawn", "spent", "played", "scored", "steps", "rolls")


def _take_units(b: Board, grp: list[str], left: list[str], houses: set[str]) -> None:
    """Move units of ``houses`` (the leader's nation) from ``left`` into ``grp`` while the leader has room."""
    cap, nation = b.command(grp[0]), b.c(grp[0]).nation
    for u in list(left):
        if len(grp) < cap and not b.c(u).general and b.c(u).nation == nation and b.c(u).faction in houses:
            grp.append(u)
            left.remove(u)


def command_groups(b: Board, counters: list[str], *, only: str | None = None) -> list[list[str]]:
    """Ruling W5/W15: groups under generals (command as §7.2): the leader and its house's units (加藤: 锅岛
    too, §13.2), then lower-rank generals of its nation (§7.2(1)①), each with its own house's units
    (§7.2(1)②), 8 counters for a 总大将, 4 otherwise (§7.2(2)). Leaders by rank, then FA; ``only`` forms the
    one group of that leader. A march and a retreat let the player choose (``groups.choose_group``, rulings W5, W25)."""
    gens = sorted((g for g in counters if b.c(g).general), key=lambda g: (-b.rank(g), -b.c(g).fa, g))
    if only is not None:
        gens = [only] + [g for g in gens if g != only]
    left = list(counters)
    out = []
    for g in gens:
        if g not in left:
            continue
        c = b.c(g)
        grp = [g]
        left.remove(g)
        _take_units(b, grp, left, {c.faction, *c.also_commands})  # its own house's units first
        for h in gens:  # then lower-rank generals, each with its house's units, while there is room
            if h in left and len(grp) < b.command(g) and b.c(h).nation == c.nation and b.rank(h) < b.rank(g):
                grp.append(h)
                left.remove(h)
                _take_units(b, grp, left, {b.c(h).faction})
        out.append(grp)
        if only is not None:
            break
    return out
