"""The composition root of the 文禄朝鲜之役 rules: the game's course (§5) wired from the rule areas.

Rule areas (``turn``, ``supply``, ``march``, ``cards``, ``battle``, ``victory``) never import one another;
this module calls them in the order of §5.1(2) and ruling W3.
"""

from __future__ import annotations

import engine.wenlu.battle as battle
import engine.wenlu.cards as cards
import engine.wenlu.march as march
import engine.wenlu.supply as supply
import engine.wenlu.turn as turn
import engine.wenlu.victory as victory
from engine.boardgame.procedure import Mark, Proc, ask, picked, roll
from engine.wenlu.actions import Pick
from engine.wenlu.board import Board
from engine.wenlu.terms import SIDE_OF, other, player_of


class Hooks:
    """The cards a field battle offers (奇袭 at its start, 伏兵 before the attack dice)."""

    def battle_start(self, b: Board, region: str, active: str) -> Proc:
        yield from cards.surprise(b, region, active)

    def before_attack(self, b: Board, region: str, active: str, attackers: list[str]) -> Proc:
        yield from cards.ambush(b, region, active, attackers)


HOOKS = Hooks()


def play(b: Board, *, mark: Mark | None = None, resume: str | None = None) -> Proc:
    """The whole game: game turns of drawn activations (§5.1) until the peace turn ends (§12.1) or a sudden
    victory (§12.2).

    Before each activation's draw everything the procedure goes on from is on the board: ``mark(b, "draw")`` is
    called there (a state keeps a copy to rebuild its paused procedure from, ``BoardState.clone``), and ``resume``
    goes on from such a board (the next marker's draw) instead of starting the game."""
    while b.outcome is None:
        if resume is None:
            turn.arrivals(b)
            b.note("wenlu.step.turn", "§5.1", turn=b.turn)
            b.yi_sun_sin = False
        resume = None
        while b.cup and b.outcome is None:
            if mark is not None:
                mark(b, "draw")
            nation = yield from turn.draw_marker(b)
            yield from activation(b, nation)
        if b.outcome is not None:
            break
        if b.turn >= b.peace:
            victory.finish(b)
            break
        yield from victory.draw_card(b, "allies", "§5.3①, §11.1(2)")
        yield from turn.pool_draw(b)
        turn.refill_cup(b)
        b.turn += 1
    b.phase = "over"
    b.active = None


def activation(b: Board, nation: str) -> Proc:
    """One drawn marker (ruling W1, W3): cards before the die, the die and its modifiers, cards after it,
    supply, replacement, marches (each followed by the conquest check, ruling W21), battles; the Allies'
    any-time window between steps (ruling W23)."""
    b.active, b.phase = nation, "activation"
    b.marched, b.origin, b.mountain, b.fresh = set(), {}, set(), set()
    b.played, b.all_points, b.letter, b.points, b.die = [], False, False, 0, 0
    b.note("wenlu.step.activation", "§5.1(1), ruling W1", nation=nation)
    yield from cards.window(b, nation, "before")
    if not b.all_points:
        b.die = yield from roll(b, "wenlu.chance.march", "§7.1(1)")
        mods = march.modifiers(b, nation)
        b.points = max(0, b.die + sum(v for v, _ in mods))
        b.note(
            "wenlu.step.march_points",
            "§7.1(1), ruling W3",
            die=b.die,
            mods=", ".join(f"{v:+d} {why}" for v, why in mods) or "—",
            points=b.points,
        )
        yield from cards.window(b, nation, "after")
    supply.judge(b)
    yield from march.replacement(b, nation)
    yield from march.marches(b, nation, victory.conquests)
    yield from victory.conquests(b)
    yield from between_steps(b)
    if b.outcome is None:
        yield from battles(b, SIDE_OF[nation])
        yield from between_steps(b)
    b.points = 0


def between_steps(b: Board) -> Proc:
    """Ruling W23: the Allies' dissolution of Korean units and 流行性疾病, "at any time" between steps: offered in
    every activation between the marches and the battles and after the battles (the end of one activation is
    the eve of the next); the conquest check follows the removals (ruling W21)."""
    if b.outcome is None:
        yield from cards.any_time(b)
        yield from victory.conquests(b)


def battles(b: Board, active: str) -> Proc:
    """Step ④ (ruling W8): every region where both sides are in the field, in the order the non-active player
    chooses (§8.3); a siege battle follows in the besieger's activation (ruling W17)."""
    done: set[str] = set()
    while b.outcome is None:
        due = []
        for r in b.data.map.region_ids:
            if r in done:
                continue
            if b.field(r, "japan") and b.field(r, "allies"):
                due.append(r)
            elif active == "japan" and b.garrison(r) and any(c not in b.marched for c in b.field(r, "japan")):
                due.append(r)
        if not due:
            return
        action = yield from ask(
            b, player_of(other(active)), "wenlu.ask.next_battle", [Pick(r) for r in due], "§8.3, ruling W8"
        )
        r = picked(action) or due[0]
        done.add(r)
        if b.field(r, "japan") and b.field(r, "allies"):
            yield from battle.man_castle(b, r)
            if b.field(r, "allies"):
                fought = [c for c in b.field(r, "allies") if b.c(c).general and b.c(c).nation == "korea"]
                yield from battle.battle(b, r, active, hooks=HOOKS)
                b.surprise = b.ambush = False
                yield from cards.promotion(b, r, fought)
        if active == "japan" and b.garrison(r) and not b.field(r, "allies") and b.field(r, "japan"):
            yield from battle.siege(b, r)
        yield from victory.conquests(b)
