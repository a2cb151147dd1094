"""Bots: a random bot (uniform over the legal actions, payment cards at random) and a greedy bot
(one move ahead, a simple evaluation). ``play(state, bots)`` plays a game to its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from engine.game.actions import Action, Pass, PaymentChoice
from engine.game.state import State
from engine.game.terms import CHANCE, TERMINAL, Zone


class Bot(Protocol):
    """Anything that picks an action for the player to act."""

    name: str

    def choose(self, state: State) -> Action:
        """A legal action for ``state.current_player()``."""
        ...


class RandomBot:
    """Uniform over ``legal_actions()``; a payment choice is completed with cards drawn at random."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """A random legal action."""
        pick = self.rng.choice(state.legal_actions())
        if isinstance(pick, PaymentChoice):
            return pick.sample(self.rng)
        return pick


def evaluate(state: State, player: int) -> float:
    """A simple score of ``state`` for ``player``: RESOURCE cards (running out loses, G10), generals worth
    their strength less their upkeep, more when they stand unopposed in 敌城外 (a siege next turn), hand cards."""
    if state.outcome is not None:
        return 1e6 if state.outcome.winner == player else -1e6
    score = 0.0
    zone = state.zone
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        field = state.field[p]
        guarded = any(zone[g] is Zone.BORDER for g in state.field[1 - p])
        for g in field:
            m = state.rules.might(state, g)
            value = 0.6 * m + 0.2 * state.rules.wit(state, g) - 1.0
            if zone[g] is Zone.ENEMY_BORDER and not guarded:
                value += 0.5 * m
            score += sign * value
        resource = len(state.resource[p])
        score += sign * (resource + 0.4 * len(state.hand[p]))
        turns_left = resource / (1 + len(field))
        if turns_left < 4:
            score -= sign * 3.0 * (4 - turns_left)
    return score


class GreedyBot:
    """Tries every legal action (payments: the cheapest-looking cards) and keeps the best evaluation
    once the opponent's window and chance events have been settled (the opponent passing)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """The action with the best one-move-ahead evaluation (ties: the first)."""
        player = state.current_player()
        best: Action | None = None
        best_score = float("-inf")
        for legal in state.legal_actions():
            action = self._concrete(state, legal)
            trial = state.clone()
            trial.apply(action)
            _settle(trial, player, self.rng)
            score = evaluate(trial, player)
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best

    @staticmethod
    def _concrete(state: State, legal: Action | PaymentChoice) -> Action:
        if not isinstance(legal, PaymentChoice):
            return legal
        # pay with the cards worth least: non-generals first, then the cheapest generals
        cards = state.cards

        def worth(c: int) -> tuple[int, int]:
            card = cards[c]
            return (1 if card.is_general else 0, card.cost or 0)

        return legal.complete(sorted(legal.choices, key=worth)[: legal.count])


def _settle(state: State, player: int, rng: random.Random) -> None:
    """Let the opponent pass and chance happen until ``player`` decides again (or the game ends)."""
    for _ in range(200):
        current = state.current_player()
        if current == TERMINAL or current == player:
            return
        if current == CHANCE:
            state.apply(state.sample_chance(rng))
        elif state.phase.value == "response":
            state.apply(Pass())
        else:
            return


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def play(
    state: State,
    bots: Sequence[Bot],
    *,
    rng: random.Random | None = None,
    on_action: Callable[[State, Action], None] | None = None,
    max_actions: int = 100_000,
) -> State:
    """Play ``state`` to its end: bots[p] acts for player p; chance from ``rng`` (default: the state's seed).

    ``on_action(state_before, action)`` is called before each action is applied.
    """
    for _ in range(max_actions):
        current = state.current_player()
        if current == TERMINAL:
            return state
        action = state.sample_chance(rng) if current == CHANCE else bots[current].choose(state)
        if on_action is not None:
            on_action(state, action)
        state.apply(action)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
