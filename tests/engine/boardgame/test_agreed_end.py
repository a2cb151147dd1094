"""The agreed ends of the board games through the interface (``engine.interface.agreed_end``): ruling L29 for
龙虎三国志 (every player still in the game, any time between two actions, scored as the last round's end) and
ruling W26 for 文禄朝鲜之役 (both players, between two activations, a draw with margin 0)."""

from __future__ import annotations

import random
from typing import Any

from engine.boardgame import default_game
from engine.interface import agreed_end
from engine.longhu.victory import score


def _play(system: str, seats: int, steps: int, seed: int = 3) -> Any:
    s = default_game(system, seats).new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal() and len(s.history) < steps:
        s.apply(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


def test_ruling_l29_every_player_in_the_game_may_agree_and_it_is_scored_by_regions_then_production() -> None:
    s = _play("longhu", 3, 400)
    seats, out, rule = agreed_end(s)
    assert rule == "ruling L29" and seats == [p for p in range(3) if p not in s.board.out]
    assert out is not None and out["termination"] in ("agreed", "traitors") and out["agreed_by"] == seats
    regions, prod, _ = score(s.board)
    best = max((regions[p], prod[p]) for p in seats)
    if out["termination"] == "agreed":
        assert out["winners"] == [p for p in seats if (regions[p], prod[p]) == best]
    assert not s.is_terminal()  # the agreement is the table's end: the state is not changed


def test_ruling_l29_no_agreed_end_once_the_game_is_over() -> None:
    s = _play("longhu", 2, 100_000)
    assert s.is_terminal() and agreed_end(s) == ([], None, "")


def test_ruling_w26_both_players_may_agree_a_draw_between_two_activations_with_margin_0() -> None:
    s = _play("wenlu", 2, 200)
    while not (s.is_chance_node() and s.pending.kind == "cup"):
        s.apply(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    seats, out, rule = agreed_end(s)
    assert (seats, rule) == ([0, 1], "ruling W26")
    assert out is not None and out["termination"] == "agreed" and out["winner"] is None and out["margin"] == 0


def test_ruling_w26_no_agreed_draw_in_the_middle_of_an_activation() -> None:
    s = _play("wenlu", 2, 200)
    while not s.to_act():
        s.apply(s.sample_chance())
    assert agreed_end(s) == ([], None, "")


def test_the_card_game_has_no_agreed_end_of_the_engine() -> None:
    game = default_game("generals-order")
    assert agreed_end(game.new_initial_state(1)) == ([], None, "")
