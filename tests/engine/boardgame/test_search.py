"""The board games' searching bots (``engine.boardgame.search``, ``engine.<game>.bots_search``) through the one
game interface: legal, deterministic by seed, blind to what the seat cannot see, and stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import interface
from engine.boardgame.bots import RandomBot
from engine.wenlu.bots_search import determinize

SEARCH_LEVELS = ("search-1",)


def _game(system: str) -> Any:
    return interface.default_game(system, seats=2)


def _to_decision(state: Any, steps: int, seed: int) -> Any:
    """``state`` after about ``steps`` actions by random bots, stopped at a decision with several options."""
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    done = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        if done >= steps and len(state.legal_actions()) > 1:
            return state
        state.apply(bots[state.current_player()].choose(state))
        done += 1
    raise AssertionError("the game ended before the decision looked for")


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_the_board_games_offer_random_and_the_search_levels_weakest_first(system: str) -> None:
    assert _game(system).bots()[0] == "random"
    assert set(_game(system).bots()) <= {"random", *SEARCH_LEVELS}
    assert len(_game(system).bots()) >= 2


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_every_level_chooses_only_offered_actions_along_a_game(system: str) -> None:
    game = _game(system)
    for name in game.bots()[1:]:
        state = _to_decision(game.new_initial_state(5), 0, 5)
        bot = game.bot(name, 11)
        for _ in range(12):
            state = _to_decision(state, 25, 17)
            action = bot.choose(state)
            assert action in state.legal_actions(), (name, action)
            state.apply(action)


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_a_level_with_the_same_seed_makes_the_same_choices(system: str) -> None:
    game = _game(system)
    top = game.bots()[-1]
    picks = []
    for _ in range(2):
        state = _to_decision(game.new_initial_state(9), 30, 2)
        bot = game.bot(top, 4)
        picks.append([bot.choose(_to_decision(state, 20 * i, 3)).to_json() for i in range(5)])
    assert picks[0] == picks[1]


def _same_position_other_seed(game: Any, state: Any, seed: int) -> Any:
    """The same actions (chance outcomes included) applied from another seed: the same board, other dice ahead."""
    other = game.new_initial_state(seed)
    for action in state.history:
        other.apply(action)
    return other


@pytest.mark.parametrize("system", ["longhu", "wenlu"])
def test_the_search_never_reads_the_seed_the_same_observation_gives_the_same_choice(system: str) -> None:
    # the referee's dice follow from the seed (committed); a bot reading them would know the future
    game = _game(system)
    top = game.bots()[-1]
    for start in (40, 90):
        state = _to_decision(game.new_initial_state(3), start, 8)
        other = _same_position_other_seed(game, state, 1234)
        player = state.current_player()
        assert other.observation(player) == state.observation(player)
        assert game.bot(top, 6).choose(state) == game.bot(top, 6).choose(other)


def _swap_hidden_card(state: Any, side: str) -> Any:
    """A clone in which one card of ``side``'s hand and one of its deck change places (board and mark, so the
    clone's rebuild keeps the swap): another hidden hand behind the same observation of the other seat."""
    twin = state.clone()
    twin._rebuild(len(twin.history))
    mark_board = twin._mark[0]
    held = [c for c in twin.board.hands[side] if c in mark_board.hands[side]]
    waiting = [c for c in twin.board.decks[side] if c in mark_board.decks[side]]
    if not held or not waiting:
        return None
    for b in (twin.board, mark_board):
        b.hands[side][b.hands[side].index(held[0])] = waiting[0]
        b.decks[side][b.decks[side].index(waiting[0])] = held[0]
    return twin


def test_a_wenlu_determinization_deals_the_other_sides_hand_from_the_observation_alone() -> None:
    # §2.4(5) and the hidden hands: which cards the Allies hold must not steer the Japanese seat's search
    game = _game("wenlu")
    state = game.new_initial_state(21)
    found = None
    for steps in range(0, 400, 10):
        state = _to_decision(state, 10, steps)
        if state.current_player() == 0:
            found = _swap_hidden_card(state, "allies")
            if found is not None:
                break
    assert found is not None, "no position with an Allied hand to swap"
    assert found.observation(0) == state.observation(0)
    assert found.board.hands["allies"] != state.board.hands["allies"]
    dealt = [determinize(s, 0, random.Random(5)).board for s in (state, found)]
    assert dealt[0].hands["allies"] == dealt[1].hands["allies"]
    assert sorted(dealt[0].hands["allies"] + dealt[0].decks["allies"]) == sorted(
        state.board.hands["allies"] + state.board.decks["allies"]
    )
    top = game.bots()[-1]
    assert game.bot(top, 2).choose(state) == game.bot(top, 2).choose(found)


def test_a_wenlu_determinization_leaves_the_real_state_as_it_was() -> None:
    game = _game("wenlu")
    state = _to_decision(game.new_initial_state(4), 60, 1)
    before = state.to_json()
    determinize(state, state.current_player(), random.Random(1))
    game.bot(game.bots()[-1], 1).choose(state)
    assert state.to_json() == before


@pytest.mark.parametrize(("system", "games", "needed"), [("longhu", 10, 7), ("wenlu", 10, 7)])
def test_the_search_beats_random_in_most_seeded_games_seats_rotated(system: str, games: int, needed: int) -> None:
    # random against random wins about half with the seats rotated (文禄朝鲜之役: the Allies 95.5 %, so
    # seven of ten needs wins as the Japanese)
    game = _game(system)
    level = game.bots()[1]
    won = 0.0
    for g in range(games):
        seat = g % 2
        bots: list[Any] = [RandomBot(100 + g), RandomBot(200 + g)]
        bots[seat] = game.bot(level, g)
        won += interface.play(game.new_initial_state(500 + g), bots).returns()[seat]
    assert won >= needed, won
