"""A searching bot: information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012; the shape of OpenSpiel's ``ismcts.py``) over states drawn from its own information.

Each iteration draws a determinization (``determinize.py``: the hidden cards sampled from the cards not
seen), walks down one tree whose nodes are what the bot has seen since its decision (its own actions,
the opponent's actions without the cards he hid, its own draws), choosing by UCT among the actions legal
in that determinization (a child's prior is the number of times it was available), adds one node, plays
on with a quick policy for a few turns and scores the position with the greedy bot's evaluation. The
action played is the most visited one at the root. The bot never reads the real state beyond its
information set (``determinize.information_set``) and the actions the referee offers it.

Levels by search budget: ``ismcts-1`` … ``ismcts-3`` (iterations, so a game is a function of the seeds);
``max_time`` caps the seconds a move for play against people, measured by ``clock`` (the wall clock;
tests inject a fake one, the bench may pass CPU time). ``level("ismcts-3")`` has a one-second cap
(``BUDGETS``); ``level(name, max_time=None)`` plays by iterations only.

    >>> from engine.cards import Card, CardDatabase
    >>> from engine.game import Game
    >>> db = CardDatabase([Card("关羽", "人", factions=("蜀",), cost=2, might=5, wit=3),
    ...                    Card("粮草", "事", subtype="事件", cost=0)])
    >>> deck = (["关羽"] * 3 + ["粮草"] * 7, [], ["蜀"])
    >>> state = Game(db).new_initial_state(deck, deck, seed=7)
    >>> while state.is_chance_node():
    ...     state.apply(state.sample_chance())
    >>> bot = ISMCTSBot(seed=1, iterations=30)
    >>> state.validate(bot.choose(state)) is None
    True
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.game.actions import (
    Action,
    Choose,
    Discard,
    EndTurn,
    Melee,
    NameCards,
    Pass,
    PaymentChoice,
    Recruit,
    Reveal,
    Siege,
)
from engine.game.bots import evaluate
from engine.game.determinize import determinize, information_set
from engine.game.terms import CHANCE, TERMINAL, Area, Phase

if TYPE_CHECKING:
    from engine.game.state import State

LEVELS: dict[str, int] = {"ismcts-1": 25, "ismcts-2": 120, "ismcts-3": 500}
"""Iterations a move at each level."""

BUDGETS: dict[str, float] = {"ismcts-3": 1.0}
"""Seconds a move a level stops at even with iterations left (``max_time``, by the bot's wall clock): the
top level's 500 iterations take about half a second, over a second on a loaded machine (docs/bots.md)."""

_DEFAULT: Any = object()

_SCALE = 6.0
"""The evaluation difference worth about 73% (logistic): a general and a few RESOURCE cards."""


class _Node:
    """A node of the tree: statistics of the actions tried here, keyed by what the bot sees of them."""

    __slots__ = ("kids", "stats")

    def __init__(self) -> None:
        self.kids: dict[Any, _Node] = {}
        self.stats: dict[Any, list[float]] = {}  # token -> [visits, total reward of the actor, availability]


class ISMCTSBot:
    """Information-set MCTS from the bot's own observation; ``iterations`` a move (``max_time`` caps it)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        *,
        max_time: float | None = None,
        uct_c: float = 0.7,
        rollout_turns: int = 2,
        rollout: str = "greedy",
        name: str | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.max_time = max_time
        self.clock = clock
        """Seconds of a wall clock (``time.perf_counter``; tests inject a fake one) for ``max_time``."""
        self.uct_c = uct_c
        self.rollout_turns = rollout_turns
        self.rollout = rollout
        if name is not None:
            self.name = name
        self._worth: list[tuple[int, int]] | None = None
        self.last_iterations = 0

    # --- the interface of engine.game.bots.Bot -----------------------------------------------------

    def choose(self, state: State) -> Action:
        """The most visited legal action after the search (at once when only one is offered)."""
        me = state.current_player()
        if me not in (0, 1):
            raise ValueError(f"no player is to act ({me})")
        self._worth = None
        offered = self.options(state, state.legal_actions())
        self.last_iterations = 0
        if len(offered) == 1:
            return offered[0]
        info = information_set(state, me)
        root_tokens = {self.token(state, a, me): a for a in offered}
        root = _Node()
        deadline = None if self.max_time is None else self.clock() + self.max_time
        for i in range(self.iterations):
            if deadline is not None and i and self.clock() >= deadline:
                break
            if not self._iterate(state.game, info, root, root_tokens, me):
                break  # no state fits the information (never seen in tests): the first action offered
            self.last_iterations = i + 1
        best = max(root_tokens, key=lambda t: (root.stats.get(t, (0, 0.0))[0], root.stats.get(t, (0, 0.0))[1]))
        return root_tokens[best]

    # --- one iteration -----------------------------------------------------------------------------

    def _iterate(self, game: Any, info: dict[str, Any], root: _Node, root_tokens: dict[Any, Action], me: int) -> bool:
        rng = self.rng
        try:
            s = determinize(game, info, rng)
        except ValueError:
            return False
        node = root
        path: list[tuple[_Node, Any, int]] = []
        expanded = False
        while True:
            actor = s.current_player()
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                a = s.sample_chance(rng)
                t = self._chance_token(s, a, me)
                s.apply(a)
                kid = node.kids.get(t)
                if kid is None:
                    kid = node.kids[t] = _Node()
                node = kid
                continue
            if node is root:
                moves = {t: a for t, a in root_tokens.items()}
            else:
                moves = {}
                for a in self.options(s, s.legal_actions()):
                    moves.setdefault(self.token(s, a, me), a)
            stats = node.stats
            untried = []
            for t in moves:
                st = stats.get(t)
                if st is None:
                    untried.append(t)
                else:
                    st[2] += 1
            if untried:
                t = untried[rng.randrange(len(untried))]
                stats[t] = [0, 0.0, 1]
                path.append((node, t, actor))
                s.apply(moves[t])
                expanded = True
                break
            c = self.uct_c
            best_t, best_u = None, -1.0
            for t in moves:
                n, w, avail = stats[t]
                u = w / n + c * math.sqrt(math.log(avail) / n) if n else 1e9
                if u > best_u:
                    best_t, best_u = t, u
            path.append((node, best_t, actor))
            s.apply(moves[best_t])
            kid = node.kids.get(best_t)
            if kid is None:
                kid = node.kids[best_t] = _Node()
            node = kid
        if expanded:
            self._rollout(s)
        value = self._value(s, me)
        for parent, t, actor in path:
            st = parent.stats[t]
            st[0] += 1
            st[1] += value if actor == me else 1.0 - value
        return True

    def _rollout(self, s: State) -> None:
        """Play on with the quick policy until ``rollout_turns`` turns have begun (or the game ends)."""
        rng = self.rng
        stop = s.turn + self.rollout_turns
        for _ in range(400):
            actor = s.current_player()
            if actor == TERMINAL or s.turn >= stop:
                return
            if actor == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            s.apply(self.greedy(s) if self.rollout == "greedy" else self.policy(s))

    def policy(self, s: State) -> Action:
        """The quick policy: attacks and recruits more often than the rest, a turn ending now and then."""
        rng = self.rng
        legal = s.legal_actions()
        weights = []
        for a in legal:
            kind = a.template if isinstance(a, PaymentChoice) else a
            if isinstance(kind, Siege | Melee):
                weights.append(4.0)
            elif isinstance(kind, Recruit):
                weights.append(3.0)
            elif isinstance(kind, EndTurn):
                weights.append(1.5)
            else:
                weights.append(1.0)
        pick = rng.choices(legal, weights)[0]
        if isinstance(pick, PaymentChoice):
            return (
                self._cheapest(s, pick)
                if isinstance(pick.template, Action) and pick.field == "payment"
                else pick.sample(rng)
            )
        return pick

    def greedy(self, s: State) -> Action:
        """The greedy bot's choice (one action ahead, the enemy passing) among :meth:`options`."""
        player = s.current_player()
        best: Action | None = None
        best_score = -math.inf
        rng = self.rng
        for a in self.options(s, s.legal_actions()):
            trial = s.clone()
            trial.apply(a)
            for _ in range(200):  # the enemy passes, chance happens, until the player decides again
                actor = trial.current_player()
                if actor == CHANCE:
                    trial.apply(trial.sample_chance(rng))
                elif actor == 1 - player and trial.phase is Phase.RESPONSE:
                    trial.apply(Pass())
                else:
                    break
            score = evaluate(trial, player)
            if score > best_score:
                best, best_score = a, score
        assert best is not None
        return best

    def _value(self, s: State, me: int) -> float:
        """1 for a win, 0 for a loss, else the evaluation squashed into (0, 1)."""
        if s.outcome is not None:
            return 1.0 if s.outcome.winner == me else 0.0
        x = evaluate(s, me) / _SCALE
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))

    # --- actions as the bot considers them -----------------------------------------------------------

    def options(self, s: State, legal: list[Any]) -> list[Action]:
        """Concrete actions for ``legal``: payments with the cards worth least, every option of a choice
        of one card, the others sampled."""
        out: list[Action] = []
        for a in legal:
            if not isinstance(a, PaymentChoice):
                out.append(a)
            elif isinstance(a.template, Choose) and a.count == 1:
                out.extend(a.complete((c,)) for c in a.choices)
            elif isinstance(a.template, Choose | NameCards):
                out.append(a.complete(a.choices[: a.count]))
                out.append(a.sample(self.rng))
            else:
                out.append(self._cheapest(s, a))
        return out

    def _cheapest(self, s: State, a: PaymentChoice) -> Action:
        worth = self._worth
        if worth is None:
            worth = self._worth = [(1 if card.is_general else 0, card.cost or 0) for card in s.cards]
        return a.complete(sorted(a.choices, key=worth.__getitem__)[: a.count])

    @staticmethod
    def token(s: State, a: Action, me: int) -> Any:
        """What ``me`` sees of ``a`` played by the player to act in ``s``: all of his own actions; of the
        enemy's, the cards he hid (payment, discarded or chosen hand cards) only as a count."""
        if s.current_player() == me:
            return a
        if isinstance(a, Discard | Choose):
            return (a.kind, len(a.cards))
        payment = getattr(a, "payment", None)
        if payment:
            return (a.kind, *(getattr(a, f.name) for f in dataclasses.fields(a) if f.name != "payment"), len(payment))  # type: ignore[arg-type]
        return a

    @staticmethod
    def _chance_token(s: State, a: Action, me: int) -> Any:
        """A card ``me`` draws into his hand (or looks at) is seen; the others only happen."""
        if isinstance(a, Reveal):
            chance = s.chance
            if chance is not None and chance[0] == me and len(chance) == 4 and chance[2] in (Area.HAND, Area.RESOURCE):
                return a
            return "reveal"
        return a


def level(name: str, seed: int = 0, *, max_time: float | None = _DEFAULT, **options: Any) -> ISMCTSBot:
    """The bot of a level (``ismcts-1`` … ``ismcts-3``), named after it, with the level's time budget
    (``BUDGETS``) unless ``max_time`` says otherwise (None: iterations only, reproducible)."""
    budget = BUDGETS.get(name) if max_time is _DEFAULT else max_time
    return ISMCTSBot(seed, LEVELS[name], name=name, max_time=budget, **options)
