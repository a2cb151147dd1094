"""Where a log's game starts: a new game from the header's decks, or the header's ``position``
(``docs/positions.md``), checked like any position."""

from __future__ import annotations

from typing import Any

from engine.cards import CardDatabase
from engine.game import Game, State
from engine.game.position import PositionError, state_from_position
from engine.log.names import resolve_action


def initial_state(db: CardDatabase, header: dict[str, Any], seed: int) -> State:
    """The state before the log's first entry.

    Raises ``GameSetupError`` or ``ValueError`` for decks the engine cannot set up, and
    :class:`PositionError` for a ``position`` that is impossible or disagrees with the header's decks.
    """
    specs = [(d["resource"], d["pool"], d["factions"]) for d in header["decks"]]
    position = header.get("position")
    if position is None:
        return game_for(db).new_initial_state(specs[0], specs[1], seed=seed)
    if not isinstance(position, dict):
        raise PositionError("position.shape", {"where": "header.position", "expected": "a JSON object"})
    decks = position.get("decks")
    if decks is None:
        position = {**position, "decks": header["decks"]}
    elif decks != header["decks"]:
        raise PositionError("position.other_decks", {}, "ruling D1", "decks")
    state = state_from_position(game_for(db), position, resolve_action)
    state.seed = seed
    return state


_GAMES: dict[str, Game] = {}
GAME_CACHE_SIZE = 8
"""How many card databases keep their ``Game`` (and its per-card caches) between verdicts."""


def game_for(db: CardDatabase) -> Game:
    """The ``Game`` of ``db``, one per card database content (a small cache, the oldest dropped first).

    A ``Game`` keeps what it learns about cards and decks (``text_info``, the text indexes of a pair of
    decks); a database is immutable and named by its content hash, so equal hashes may share it.
    """
    key = db.content_hash
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) >= GAME_CACHE_SIZE:
            del _GAMES[next(iter(_GAMES))]
        game = _GAMES[key] = Game(db)
    return game
