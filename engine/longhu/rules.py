"""The composition root of the 龙虎三国志 rules: the game's course (§4) wired from the rule areas.

Rule areas never import one another; what one needs of another (a battle during diplomacy, the edict
during a betrayal test, destruction checks after losses) goes through :class:`Hooks`, built here.
"""

from __future__ import annotations

import engine.longhu.battle as battle
import engine.longhu.diplomacy as diplomacy
import engine.longhu.fate as fate
import engine.longhu.movement as movement
import engine.longhu.order as order
import engine.longhu.production as production
import engine.longhu.roundend as roundend
import engine.longhu.victory as victory
from engine.boardgame.procedure import Mark, Proc
from engine.longhu.board import Board


class Hooks:
    """The cross-area calls of a refereed game."""

    def battle(self, b: Board, region: str, attacker: str, *, no_retreat: bool = False) -> Proc:
        result = yield from battle.battle(b, region, attacker, self, no_retreat=no_retreat)
        return result

    def edict(self, b: Board, country: str) -> Proc:
        used = yield from diplomacy.edict(b, country)
        return used

    def aftermath(self, b: Board) -> Proc:
        """Destruction (ruling L21), out players and conquest (L23), then the battles of countries that
        changed side (ruling L8), the control box's holder defending."""
        victory.check_destroyed(b)
        yield from victory.after_destruction(b)
        while b.turned and b.outcome is None:
            country = b.turned.pop(0)
            for region in b.data.map.region_ids:
                here = b.countries_in(region)
                if country not in here or not b.alive(country):
                    continue
                hostile = [c for c in here if b.hostile(c, country)]
                if not hostile or not any(b.str_of(region, c) for c in here):
                    continue
                holder = b.control.get(region, country)
                attacker = country if holder != country and b.hostile(holder, country) else hostile[0]
                yield from self.battle(b, region, attacker)
                if b.outcome is not None:
                    return


def play(b: Board, hooks: Hooks, *, mark: Mark | None = None, resume: str | None = None) -> Proc:
    """The whole game (§3, §4): set-up, then rounds of drawn turns, then the final scoring (§7).

    Between two turns (``"turn"``) and before each stack's move (``"lead"``) everything the procedure goes on
    from is on the board: ``mark(b, point)`` is called there (a state keeps a copy to rebuild its paused
    procedure from, ``BoardState.clone``), and ``resume=point`` goes on from such a board instead of starting
    the game."""
    if resume is None:
        yield from order.choose_countries(b)
    while b.round <= b.data.rounds:
        if resume is None:
            order.fill_cup(b)
            b.fate = b.data.fate_start
            b.trigger = b.prev_runner if b.prev_runner is not None else 0
        lead, resume = resume == "lead", None
        while b.outcome is None:
            if lead:  # in the movement phase of the turn on the board
                country, player, moving = b.turn_country or "", b.turn_player or 0, True
            else:
                if mark is not None:
                    mark(b, "turn")
                got = yield from order.draw_turn(b)
                if got is None:
                    break
                country, player, by_marker = got
                b.turn_country, b.turn_player, b.player_marker = country, player, by_marker
                b.note("step_turn", "§4-1", round=b.round, country=country, player=player)
                b.harvest, b.edict_used = 0, False
                b.moved_chars, b.moved_strength, b.entered_from = set(), {}, {}
                result = yield from fate.fate_phase(b, country, player, hooks)
                b.trigger = player
                if result == "off" or b.outcome is not None:
                    b.prev_runner = player
                    break  # §4-8: the round ends at once
                moving = False
                if result != "famine" and b.alive(country):
                    yield from diplomacy.diplomacy_phase(b, country, player, hooks)
                    if b.outcome is None and b.alive(country):
                        yield from production.production_phase(b, country, player)
                        moving = True
            if moving:
                yield from movement.movement_phase(b, country, player, hooks, mark=mark, resume=lead)
            lead = False
            b.prev_runner = player
        if b.outcome is not None:
            break
        b.turn_country = None
        b.note("step_round_end", "§4-8", round=b.round)
        yield from roundend.round_end(b, b.trigger, hooks)
        if b.outcome is not None:
            break
        b.round += 1
    if b.outcome is None:
        b.round = min(b.round, b.data.rounds)
        b.outcome = victory.outcome(b, "rounds")
    b.phase = "over"


class BattleOnlyHooks(Hooks):
    """The battle calculator's wiring: one battle, no edict, nothing after it (no game around it)."""

    def edict(self, b: Board, country: str) -> Proc:
        return False
        yield  # pragma: no cover

    def aftermath(self, b: Board) -> Proc:
        return
        yield  # pragma: no cover
