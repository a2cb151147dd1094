"""The rules engine of 将军令 Generals' Order: a game makes states, states take actions.

    >>> from engine.cards import Card, CardDatabase
    >>> db = CardDatabase([
    ...     Card("关羽", "人", factions=("蜀",), cost=2, might=5, wit=3),
    ...     Card("粮草", "事", subtype="事件", cost=0),
    ... ])
    >>> game = Game(db)
    >>> deck = (["关羽"] * 3 + ["粮草"] * 7, [], ["蜀"])
    >>> state = game.new_initial_state(deck, deck, seed=7)
    >>> while state.is_chance_node():          # coin flip and the two opening hands
    ...     state.apply(state.sample_chance())
    >>> state.phase, len(state.hand[0]), len(state.hand[1])
    (<Phase.MAIN: 'main'>, 5, 5)
    >>> state.apply(Move(general=0, to=Zone.BORDER))
    Traceback (most recent call last):
    ...
    engine.game.errors.IllegalAction: §3.6.5: 关羽 (#0) is not one of your generals on the battlefield

See ``docs/engine.md`` for the design and how to read it against the rulebook.
"""

from engine.game.actions import (
    Action,
    ActivateEffect,
    ChanceOutcome,
    Choose,
    ChooseCommandment,
    CoinFlip,
    Discard,
    EndTurn,
    Equip,
    LegalAction,
    Melee,
    Move,
    NameCards,
    Pass,
    PaymentChoice,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Reveal,
    Siege,
    action_from_json,
)
from engine.game.decks import Deck
from engine.game.errors import GameSetupError, IllegalAction, LogError
from engine.game.rules import Game
from engine.game.state import State
from engine.game.terms import CHANCE, TERMINAL, Area, Outcome, Phase, Termination, Zone, hand_limit

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActivateEffect",
    "Area",
    "ChanceOutcome",
    "Choose",
    "ChooseCommandment",
    "CoinFlip",
    "Deck",
    "Discard",
    "EndTurn",
    "Equip",
    "Game",
    "GameSetupError",
    "IllegalAction",
    "LegalAction",
    "LogError",
    "Melee",
    "Move",
    "NameCards",
    "Outcome",
    "Pass",
    "PaymentChoice",
    "Phase",
    "PlayAdvantage",
    "PlayCounter",
    "PlayEvent",
    "PlayTactic",
    "Recruit",
    "Reveal",
    "Siege",
    "State",
    "Termination",
    "Zone",
    "action_from_json",
    "hand_limit",
]
