"""The pieces on the table and the questions every rule area asks of them (control §6, sides §5(1),
who decides for a country), plus the requests a rule procedure yields
(a decision or a chance event, ``engine.boardgame.procedure``).

Rule areas are generator functions (``Proc``): they ``yield`` a :class:`Decision` or a :class:`Chance`
and receive the action that answers it. They share this module and ``terms``; they never import each
other (``rules.py`` wires them through :class:`Hooks`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Protocol

from engine.boardgame.pieces import Locations
from engine.boardgame.procedure import Proc, Step, ask
from engine.longhu.actions import Split
from engine.longhu.data import GameData

PLAYER_MARKERS = ("青龙", "白虎", "朱雀", "玄武")
"""§3-1, §12-1: the players' order markers, player 0 first."""
TRAITOR_MARKERS = ("奸贼1", "奸贼2")
"""§4-1(1): two traitor markers."""
OFF_MAP = ("cup", "dead", "reserve", "gone", "held")
"""Where a character can be besides a region: the retainer cup, the dead pool (§10-9), not yet entered,
out of the game (its country destroyed, ruling L21), or held off the map (左慈, §11-6(3))."""


class Hooks(Protocol):
    """What one rule area may ask of another, wired in ``rules.py``."""

    def battle(self, b: Board, region: str, attacker: str, *, no_retreat: bool = False) -> Proc: ...

    def edict(self, b: Board, country: str) -> Proc: ...

    def aftermath(self, b: Board) -> Proc: ...


@dataclass
class Board:
    """Everything on the table. Mutated only by rule procedures driven by ``State.apply``."""

    data: GameData
    players: int
    strength: dict[str, dict[str, int]] = field(default_factory=dict)
    loc: Locations = field(default_factory=Locations)
    allegiance: dict[str, str | None] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)
    owner: dict[str, int | None] = field(default_factory=dict)
    home: list[str | None] = field(default_factory=list)
    warlord: dict[str, str] = field(default_factory=dict)
    destroyed: dict[str, int] = field(default_factory=dict)
    """Destroyed country → round of its destruction (ruling L21, L26)."""
    destroyed_in_battle: set[str] = field(default_factory=set)
    supply: dict[str, int] = field(default_factory=dict)
    cup: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    round: int = 1
    fate: tuple[int, int] = (0, 0)
    emperor: str | None = None
    emperor_ctrl: str | None = None
    phase: str = "setup"
    turn_country: str | None = None
    turn_player: int | None = None
    prev_runner: int | None = None
    trigger: int = 0
    """The player whose turn starts the round end (§4-8): the last turn's runner."""
    player_marker: bool = False
    harvest: int = 0
    moved_chars: set[str] = field(default_factory=set)
    moved_strength: dict[tuple[str, str], int] = field(default_factory=dict)
    entered_from: dict[str, set[str]] = field(default_factory=dict)
    turned: list[str] = field(default_factory=list)
    edict_used: bool = False
    out: set[int] = field(default_factory=set)
    steps: list[dict[str, Any]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    rolls: list[int] = field(default_factory=list)

    def copy(self) -> Board:
        """A board of its own with the same pieces (what a searching bot copies): the map and game data
        shared (never changed), every container the rules change copied, the narration's list copied (its
        steps cannot be changed, ``Step``).

        >>> from engine.longhu.state import Game
        >>> b = Game.default().new_initial_state(1).board
        >>> c = b.copy()
        >>> c.strength.setdefault("r", {})["x"] = 1
        >>> "r" in b.strength, c.data is b.data
        (False, True)
        """
        new = Board.__new__(Board)
        new.__dict__.update(self.__dict__)
        new.strength = {r: dict(here) for r, here in self.strength.items()}
        new.loc = self.loc.copy()
        new.allegiance = dict(self.allegiance)
        new.control = dict(self.control)
        new.owner = dict(self.owner)
        new.home = list(self.home)
        new.warlord = dict(self.warlord)
        new.destroyed = dict(self.destroyed)
        new.destroyed_in_battle = set(self.destroyed_in_battle)
        new.supply = dict(self.supply)
        new.cup = list(self.cup)
        new.drawn = list(self.drawn)
        new.moved_chars = set(self.moved_chars)
        new.moved_strength = dict(self.moved_strength)
        new.entered_from = {k: set(v) for k, v in self.entered_from.items()}
        new.turned = list(self.turned)
        new.out = set(self.out)
        new.steps = list(self.steps)
        new.outcome = copy.deepcopy(self.outcome) if self.outcome is not None else None
        new.rolls = list(self.rolls)
        return new

    # --- pieces ------------------------------------------------------------------------------

    def armies(self, region: str) -> dict[str, int]:
        return self.strength.get(region, {})

    def str_of(self, region: str, country: str) -> int:
        return self.strength.get(region, {}).get(country, 0)

    def add(self, region: str, country: str, n: int) -> int:
        """Put up to ``n`` of the country's unused strength on ``region`` (§4-4(6)); returns what was put."""
        n = min(n, self.supply[country])
        if n > 0:
            here = self.strength.setdefault(region, {})
            here[country] = here.get(country, 0) + n
            self.supply[country] -= n
            if region not in self.control:
                self.control[region] = country
        return n

    def remove(self, region: str, country: str, n: int) -> int:
        """Take up to ``n`` strength of ``country`` off ``region`` back to its supply; returns what was taken."""
        here = self.strength.get(region, {})
        n = min(n, here.get(country, 0))
        if n > 0:
            here[country] -= n
            self.supply[country] += n
            if not here[country]:
                del here[country]
                if not here:
                    del self.strength[region]
            key = (region, country)
            if key in self.moved_strength:
                self.moved_strength[key] = min(self.moved_strength[key], self.str_of(region, country))
            self.fix_control(region)
        return n

    def shift(self, src: str, dst: str, country: str, n: int) -> None:
        """Move ``n`` strength of ``country`` from ``src`` to ``dst`` (movement, retreat, round end)."""
        self.remove(src, country, n)
        self.add(dst, country, n)

    def chars_in(self, region: str, country: str | None = None) -> list[str]:
        """The characters in ``region`` (of ``country`` if given), in data order."""
        found = self.loc.pieces(region, self.data.character_order)
        if country is None:
            return found
        allegiance = self.allegiance
        return [name for name in found if allegiance.get(name) == country]

    def countries_in(self, region: str) -> list[str]:
        """Countries with strength or a character in ``region``, the control box's holder first."""
        found = set(self.strength.get(region, ()))
        order = self.data.character_order
        if self.loc.occupied(region, order):
            allegiance = self.allegiance
            found.update(a for c in self.loc.pieces(region, order) if (a := allegiance.get(c)))
        if len(found) < 2:
            return list(found)  # most regions: no sort to pay for
        first = self.control.get(region)
        index = self.data.country_index
        return sorted(found, key=lambda c: (c != first, index(c)))

    def country_index(self, country: str) -> int:
        return self.data.country_index(country)

    def move_char(self, name: str, to: str) -> None:
        src = self.loc.get(name)
        self.loc[name] = to
        if src and src not in OFF_MAP:
            self.fix_control(src)
        if to not in OFF_MAP and to not in self.control and self.allegiance.get(name):
            self.control[to] = self.allegiance[name]  # type: ignore[assignment]

    def fix_control(self, region: str) -> None:
        """§6(2), ruling L22: the holder keeps the box till all its pieces leave; then a country still there."""
        holder = self.control.get(region)
        if holder is not None and (self.str_of(region, holder) or self.chars_in(region, holder)):
            return
        present = self.countries_in(region)
        if present:
            self.control[region] = present[0]
        else:
            self.control.pop(region, None)

    def controlled(self, country: str) -> list[str]:
        return [r for r in self.data.map.region_ids if self.control.get(r) == country]

    def on_map(self, name: str) -> bool:
        return self.loc.get(name, "gone") not in OFF_MAP

    # --- sides -------------------------------------------------------------------------------

    def is_traitor(self, country: str) -> bool:
        return self.data.country(country).traitor

    def allied(self, a: str, b: str) -> bool:
        """Same country, or two countries of one player (§5(1))."""
        if a == b:
            return True
        oa = self.owner.get(a)
        return oa is not None and oa == self.owner.get(b)

    def hostile(self, a: str, b: str) -> bool:
        """Countries that fight when they meet: not allied; two neutrals never fight each other (§8: traitors
        fight everyone, one another included since each is its own force, §8(1))."""
        if self.allied(a, b):
            return False
        if self.owner.get(a) is None and self.owner.get(b) is None:
            return self.is_traitor(a) or self.is_traitor(b)
        return True

    def side(self, region: str, country: str) -> list[str]:
        """The countries in ``region`` allied with ``country`` (itself first): one army (§5(1))."""
        return [country] + [c for c in self.countries_in(region) if c != country and self.allied(c, country)]

    def runner(self, country: str) -> int | None:
        """The player deciding for ``country``: its owner; a traitor in its own turn, the player running the
        turn (§4-1(3)); else nobody: the rules decide (ruling L14)."""
        owner = self.owner.get(country)
        if owner is not None:
            return owner
        if country == self.turn_country:
            return self.turn_player
        return None

    def countries_of(self, player: int) -> list[str]:
        return [c for c in self.data.majors if self.owner.get(c) == player and c not in self.destroyed]

    def alive(self, country: str) -> bool:
        return country not in self.destroyed

    def note(self, code: str, rule: str, **params: Any) -> None:
        """A step of the narration (battle calculator, logs): message code, rule, parameters."""
        self.steps.append(Step(code=code, rule=rule, **params))


def losses(b: Board, region: str, side: list[str], n: int, rule: str, result: dict[str, Any] | None = None) -> Proc:
    """Take ``n`` strength from ``side`` in ``region``; its player splits them among allies (§5-4(3),
    ruling L17); excess is lost."""
    holders = [c for c in side if b.str_of(region, c)]
    total = sum(b.str_of(region, c) for c in holders)
    n = min(n, total)
    if n <= 0:
        return
    if len(holders) == 1:
        split: tuple[int, ...] = (n,)
    else:
        options = [
            Split(combo)
            for combo in product(*(range(min(n, b.str_of(region, c)) + 1) for c in holders))
            if sum(combo) == n
        ]
        action = yield from ask(
            b, b.runner(holders[0]), "ask_split", options, rule, params={"losses": n, "countries": list(holders)}
        )
        split = action.losses if isinstance(action, Split) else (n,)
    for c, k in zip(holders, split):
        b.remove(region, c, k)
        if result is not None:
            result["losses"][c] = result["losses"].get(c, 0) + k
    b.note(
        "step_losses", rule, side="+".join(side), amount=n, detail=", ".join(f"{c} {k}" for c, k in zip(holders, split))
    )
