"""Game logs (``junling-log/1``): write them while a game is played, read them back for a replay.

The package: ``format`` (constants, :class:`LogFormatError`), ``sealing`` (canonical JSON, hashes, the hash
chain, the seed commitment, the signature), ``names`` (card references: ids to names and back),
``recording`` (:class:`Recorder`, :func:`record_game`) and ``reading`` (:func:`load_log`). Everything
public is importable from ``engine.log``.

A log is one JSON object: a ``header`` (format, ruleset, card database, players, decks, first
player, randomness), the ``entries`` in order (each an action in the game's own terms: card *names*,
zones, generals) and, for a log Junling wrote, a ``signature``. ``docs/log-format.md`` is the full
description, ``engine/data/log-schema.json`` the JSON Schema; ``engine.replay`` gives the verdict.

Recording a game between two bots and reading the log back::

    >>> from engine.game.bots import RandomBot
    >>> from engine.game.cli import load_deck
    >>> from engine.cards import starter_database
    >>> from engine.game import Game
    >>> db = starter_database()
    >>> decks = load_deck("shu_starter"), load_deck("wei_starter")
    >>> rec = record_game(Game(db), *decks, seed=3, bots=[RandomBot(1), RandomBot(2)], key=b"site key")
    >>> log = load_log(rec.dumps())
    >>> log["header"]["format"], log["entries"][0]["action"]["type"], log["entries"][-1]["action"]["type"]
    ('junling-log/1', 'choose_commandment', 'end')

Card references: the engine names cards by id (fixed at setup: player 0's RESOURCE deck in list
order, then his command pool, then player 1's); a log names them by name. :func:`resolve_action`
turns an entry's action into the engine's action and :func:`entry_action` does the reverse, both by
the rule of ``docs/log-format.md`` ("Card references"), so that a judge can write a log by hand.
"""

from __future__ import annotations

from engine.game.actions import (  # the places a log looks a card up, declared with the action kinds
    ANY_GENERAL,
    CHOICE,
    ENEMY_GENERAL,
    HAND,
    LIST_PLACES,
    OWN_GENERAL,
    PAY,
    POOL,
    TABLE,
)
from engine.log.format import (
    CHANCE_ACTOR,
    END,
    LOG_FORMAT,
    MAX_ENTRIES,
    MAX_LOG_BYTES,
    MAX_SEED,
    REFEREE_ACTOR,
    LogFormatError,
)
from engine.log.names import ACTION_CLASSES, CARD_FIELDS, NO, entry_action, resolve_action
from engine.log.reading import database_matches, load_log, read_log_bytes
from engine.log.recording import Recorder, record_game, ruleset_version, write_log
from engine.log.sealing import canonical, commitment, dumps_log, entry_hash, header_hash, seal_log, sign, state_hash

__all__ = [
    "ACTION_CLASSES",
    "ANY_GENERAL",
    "CARD_FIELDS",
    "CHANCE_ACTOR",
    "CHOICE",
    "END",
    "ENEMY_GENERAL",
    "HAND",
    "LIST_PLACES",
    "LOG_FORMAT",
    "MAX_ENTRIES",
    "MAX_LOG_BYTES",
    "MAX_SEED",
    "NO",
    "OWN_GENERAL",
    "PAY",
    "POOL",
    "REFEREE_ACTOR",
    "TABLE",
    "LogFormatError",
    "Recorder",
    "canonical",
    "commitment",
    "database_matches",
    "dumps_log",
    "entry_action",
    "entry_hash",
    "header_hash",
    "load_log",
    "read_log_bytes",
    "record_game",
    "resolve_action",
    "ruleset_version",
    "seal_log",
    "sign",
    "state_hash",
    "write_log",
]
