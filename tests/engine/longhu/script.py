"""Driving one rule procedure on a hand-built board: scripted dice, draws and answers."""

from __future__ import annotations

from engine.boardgame.procedure import Chance
from engine.longhu.actions import Draw, Pass, Roll
from engine.longhu.board import Board
from engine.longhu.order import place_pieces

P0 = ("曹操", "刘备", "公孙瓒")
P1 = ("袁绍", "袁术", "孙坚")


def new_board(game, p0=P0, p1=P1) -> Board:
    """The standard set-up, player 0 with ``p0`` (home first), player 1 with ``p1``; the rest neutral."""
    b = Board(game.data, game.players)
    place_pieces(b)
    for c in game.data.countries:
        b.owner[c.id] = 0 if c.id in p0 else 1 if c.id in p1 else None
    b.home = [p0[0], p1[0]]
    return b


class Script:
    """Runs ``proc``: dice from ``dice`` (then 1, 2, …, 6 over and over), draws from ``draws``, answers from
    ``answers`` (then a pass if offered, else the first option). ``asked`` keeps every decision."""

    def __init__(self, dice=(), draws=(), answers=()):
        self.dice = list(dice)
        self.draws = list(draws)
        self.answers = list(answers)
        self.asked = []
        self.cycle = 0

    def run(self, proc):
        action = None
        try:
            while True:
                req = proc.send(action) if action is not None else next(proc)
                if isinstance(req, Chance):
                    if req.kind == "d6":
                        if self.dice:
                            action = Roll(self.dice.pop(0))
                        else:
                            self.cycle = self.cycle % 6 + 1
                            action = Roll(self.cycle)
                    else:
                        action = Draw(self.draws.pop(0))
                    continue
                self.asked.append(req)
                if self.answers:
                    action = self.answers.pop(0)
                    assert action in req.options, (action, req)
                else:
                    action = next((o for o in req.options if isinstance(o, Pass)), req.options[0])
        except StopIteration as stop:
            return stop.value
