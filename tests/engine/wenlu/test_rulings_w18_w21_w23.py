"""文禄朝鲜之役 rulings W18 (a besieged garrison marches out), W21 (the conquest check after each march, battle
or removal) and W23 (dissolution and 流行性疾病 at any time between steps)."""

from __future__ import annotations

import engine.wenlu.cards as cards
import engine.wenlu.march as march
import engine.wenlu.rules as rules
import engine.wenlu.victory as victory
from engine.boardgame import RandomBot
from engine.boardgame.procedure import Chance, Decision
from engine.wenlu.actions import Draw, Pass, Pick, Roll
from engine.wenlu.board import Board
from engine.wenlu.state import check_pieces


def _run(proc, answer):
    """Run a rule procedure, each request answered by ``answer(request)``; returns the requests seen."""
    seen, action = [], None
    try:
        while True:
            request = proc.send(action) if action is not None else next(proc)
            seen.append(request)
            action = answer(request)
            if isinstance(request, Decision):
                assert action in request.options, (action, request)
    except StopIteration:
        return seen


def _clear(b: Board, *regions: str) -> None:
    for r in regions:
        for cid in b.here(r):
            b.loc[cid] = "replacement" if b.c(cid).kind == "unit" else "out"
        b.castle -= set(b.here(r))


def _besieged(new_board) -> Board:
    """李镒 and a unit in the castle of 尚州, 小西军1 besieging it, a Korean activation with no points left."""
    b = new_board()
    _clear(b, "尚州")
    b.markers.add("尚州")
    b.loc["李镒"], b.loc["朝鲜军24"], b.loc["小西军1"] = "尚州", "尚州", "尚州"
    b.castle |= {"李镒", "朝鲜军24"}
    b.active, b.die, b.points = "korea", 6, 0
    return b


def test_ruling_w18_a_besieged_garrison_marches_out_into_its_field_without_a_point(new_board):
    b = _besieged(new_board)
    assert b.controller("尚州") is None  # besieged: nobody's
    seen = _run(march.marches(b, "korea"), lambda r: Pick("sortie:尚州") if len(b.castle) else Pass())
    assert Pick("sortie:尚州") in seen[0].options and "ruling W18" in seen[0].rule
    assert b.garrison("尚州") == [] and set(b.field("尚州", "allies")) == {"李镒", "朝鲜军24"}
    assert b.points == 0 and {"李镒", "朝鲜军24"} <= b.marched
    assert b.steps[-1]["code"] == "wenlu.step.sortie" and check_pieces(b) == []


def test_ruling_w18_then_the_garrison_fights_the_besiegers_in_step_4(new_board):
    b = _besieged(new_board)
    march.sortie(b, "尚州")
    seen = _run(rules.battles(b, "allies"), lambda r: Roll(1) if isinstance(r, Chance) else r.options[0])
    assert seen and b.steps[1]["code"] == "wenlu.step.battle"  # a field battle, the garrison in it
    assert b.steps[-1]["code"] == "wenlu.step.result.allies" and b.controller("尚州") == "allies"


def test_ruling_w18_no_sortie_without_besiegers_or_without_a_general_that_may_march(new_board):
    b = _besieged(new_board)
    b.loc["小西军1"] = "釜山"
    assert march.sorties(b, march.eligible(b, "korea", False)) == []  # not besieged
    b = _besieged(new_board)
    b.die = 1  # 李镒's 战意 3 is above the die (§7.1(2))
    assert march.sorties(b, march.eligible(b, "korea", False)) == []
    assert list(march.marches(b, "korea")) == []


def test_ruling_w18_the_japanese_cannot_march_a_korean_garrison_out(new_board):
    b = _besieged(new_board)
    b.active = "japan"
    assert march.sorties(b, march.eligible(b, "japan", False)) == []


def test_ruling_w21_the_conquest_card_comes_after_each_march_not_after_the_march_step(game, new_board):
    b = new_board()
    _clear(b, "庆州", "尚州")
    b.loc["小西军1"] = "庆州"
    b.active, b.die, b.points = "japan", 6, 3

    def answer(request):
        if isinstance(request, Chance):
            return Draw(b.decks["japan"][0])
        if request.what == "wenlu.ask.general":
            return Pick("小西行长") if "小西行长" not in b.marched else Pass()
        if request.what == "wenlu.ask.group":
            return Pass()
        return Pick("尚州") if b.loc["小西行长"] == "釜山" else Pass()

    seen = _run(march.marches(b, "japan", victory.conquests), answer)
    kinds = [r.kind if isinstance(r, Chance) else r.what for r in seen]
    assert kinds.index("deck:japan") < len(kinds) - 1 and kinds[kinds.index("deck:japan") + 1] == "wenlu.ask.general"
    assert b.scored == ["庆尚道"] and len(b.hands["japan"]) == 1


def test_ruling_w21_and_w23_a_dissolution_that_leaves_a_capital_japanese_gives_the_card(game, new_board):
    b = new_board()
    _clear(b, "庆州")
    b.loc["小西军1"], b.loc["小西军2"] = "庆州", "尚州"  # 尚州 shared with 朝鲜军24
    b.active = "japan"
    seen = _run(
        rules.between_steps(b),
        lambda r: (
            Draw(b.decks["japan"][0])
            if isinstance(r, Chance)
            else Pick("dissolve:尚州")
            if b.here("尚州", "allies")
            else Pass()
        ),
    )
    assert isinstance(seen[0], Decision) and seen[0].player == 1 and seen[0].rule == "ruling W23"
    assert b.loc["朝鲜军24"] == "replacement" and b.scored == ["庆尚道"]


def test_ruling_w23_the_epidemic_may_be_played_between_steps_of_a_japanese_activation(game, new_board):
    b = new_board()
    b.active = "japan"
    b.hands["allies"] = ["流行性疾病"]
    b.reduced |= {"小西军1", "小西军2"}
    dice = [1, 4]
    seen = _run(
        cards.any_time(b),
        lambda r: (
            Roll(dice.pop(0))
            if isinstance(r, Chance)
            else Pick("流行性疾病")
            if "流行性疾病" in b.hands["allies"]
            else Pass()
        ),
    )
    assert Pick("流行性疾病") in seen[0].options
    assert b.loc["小西军1"] == "out" and b.loc["小西军2"] == "釜山" and b.spent == ["流行性疾病"]


def test_ruling_w23_the_allies_are_asked_between_marches_and_battles_in_every_activation(game):
    asked = set()
    for seed in range(3):
        s = game.new_initial_state(seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while not s.is_terminal() and len(asked) < 2:
            p = s.pending
            if isinstance(p, Decision) and p.what == "wenlu.ask.card_any_time":
                assert p.player == 1 and s.board.phase != "battle"
                asked.add(s.board.active)
            s.apply(s.sample_chance() if s.is_chance_node() else bots[s.current_player()].choose(s))
    assert {"japan", "korea"} <= asked  # in the Japanese activations too, not only the Allies'
