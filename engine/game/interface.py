"""The card game as the one game interface (``engine.interface.Game``): a game of 将军令 is a card database
and the two players' decks (OpenSpiel's game parameters), fixed when the game is made; ``new_initial_state``
then needs only a seed, as every game's does.

    >>> from engine.interface import Game
    >>> game = CardGame.default()
    >>> isinstance(game, Game), game.system, game.players
    (True, 'generals-order', 2)
    >>> game.text("refusal.game_over", {"reason": "the end"}, "en")
    'the game is over: the end'
    >>> game.label({"kind": "end_turn"}, "zh")
    '结束回合'
    >>> game.bot("nobody", 1)
    Traceback (most recent call last):
    ...
    KeyError: "no bot 'nobody' (known: random, greedy, ismcts-1, ismcts-2, ismcts-3)"
"""

from __future__ import annotations

from typing import Any

from engine import interface
from engine.cards import GENERALS_ORDER, CardDatabase, starter_database
from engine.decklist import parse_decklist
from engine.game import actions, players
from engine.game.cli import DECKS_DIR, DEFAULT_DECKS
from engine.game.rules import Game as RulesGame
from engine.game.state import State
from engine.messages import MESSAGES, Message, Reader


class CardGame:
    """A game of 将军令 between two decks on one card database (``decks``: each ``(resources, pool, factions)``
    or an ``engine.decklist.Decklist``)."""

    system = GENERALS_ORDER
    players = 2

    def __init__(self, db: CardDatabase, decks: tuple[Any, Any]) -> None:
        self.rules_game = RulesGame(db)
        self.decks = decks

    @classmethod
    def from_data(cls, map_data: Any, data: dict[str, Any], seats: int) -> CardGame:
        """The game of ``data`` (``{"database": CardDatabase, "decks": [deck, deck]}``); the card game has no map
        and two players (``ValueError`` otherwise)."""
        if seats != 2:
            raise ValueError(f"将军令 has 2 players (§1.1), not {seats}")
        decks = tuple(data["decks"])
        if len(decks) != 2:
            raise ValueError(f"a game of 将军令 needs two decks, not {len(decks)}")
        return cls(data["database"], (decks[0], decks[1]))

    @classmethod
    def default(cls, seats: int = 2) -> CardGame:
        """The starter database with the bundled starter decks (``python -m engine play``'s default)."""
        decks = [parse_decklist((DECKS_DIR / f"{name}.txt").read_bytes()) for name in DEFAULT_DECKS]
        return cls.from_data(None, {"database": starter_database(), "decks": decks}, seats)

    def new_initial_state(self, seed: int = 0) -> State:
        return self.rules_game.new_initial_state(self.decks[0], self.decks[1], seed=seed)

    def state_from_json(self, data: dict[str, Any]) -> State:
        return self.rules_game.state_from_json(data)

    def action_from_json(self, data: Any) -> actions.Action:
        """An action read back from its JSON (card ids); ``LogError`` says what is wrong."""
        return actions.action_from_json(data)

    def log_from_json(self, entries: list[Any]) -> list[actions.Action]:
        return [self.action_from_json(e) for e in entries]

    def replay(self, seed: int, entries: list[Any]) -> dict[str, Any]:
        """:func:`engine.interface.replay_log` of this game (a signed match log is judged by ``engine.replay``)."""
        return interface.replay_log(self, seed, entries)

    def metadata(self) -> dict[str, Any]:
        """What a match records: the game system, the players, the card database's hash."""
        return {"game": self.system, "players": 2, "database": self.rules_game.db.content_hash}

    @classmethod
    def bots(cls) -> tuple[str, ...]:
        return tuple(players.INTERACTIVE)

    def bot(self, name: str, seed: int) -> Any:
        if name not in players.INTERACTIVE:
            raise KeyError(f"no bot {name!r} (known: {', '.join(players.INTERACTIVE)})")
        return players.make(name, seed)

    @staticmethod
    def text(code: str, params: dict[str, Any] | None = None, lang: str = "en") -> str:
        """The catalogue's message ``code`` with ``params`` (``engine.messages``) in ``lang``."""
        return Reader(lang).render(Message(code, params or {}))

    @staticmethod
    def step_text(step: dict[str, Any], lang: str = "en") -> str:
        return CardGame.text(str(step["code"]), dict(step.get("params") or {}), lang)

    @staticmethod
    def label(action: dict[str, Any], lang: str = "en") -> str:
        """An action's kind in words (its cards are named by the state's controls, ``engine.game.narrate``)."""
        kind = str(action.get("kind", ""))
        code = f"control.{kind}"
        if code in MESSAGES and "{" not in MESSAGES[code]:
            return CardGame.text(code, {}, lang)
        return CardGame.text("control.other", {"kind": {"term": f"action.{kind}"}}, lang)
