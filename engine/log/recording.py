"""Writing a log while a game is played: :class:`Recorder` (header, one entry per applied action, the end
entry that reveals the seed) and :func:`record_game` (a game between bots, recorded)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.game import Action, Game, State
from engine.game.errors import LogError
from engine.game.state import STATE_FORMAT
from engine.game.terms import CHANCE, TERMINAL
from engine.log.format import CHANCE_ACTOR, END, LOG_FORMAT, MAX_ENTRIES, MAX_SEED, REFEREE_ACTOR
from engine.log.names import entry_action
from engine.log.sealing import commitment, dumps_log, entry_hash, header_hash, sign, state_hash
from engine.messages import Message


def _actor(state: State) -> int | str:
    player = state.current_player()
    return CHANCE_ACTOR if player == CHANCE else player


class Recorder:
    """Follows one game and writes its log: header from the state's decks, one entry per applied action.

    Apply every action through :meth:`apply` (it applies to the state and records), then call
    :meth:`finish` to reveal the seed, and :meth:`dumps` or :meth:`write_log`.

    For a committed log (the default) the chance events must be the state's own
    (``state.sample_chance()`` without a generator): the replay checks each against the seed.
    ``transcribed=True`` writes a log whose chance entries are taken as they are (a game on paper).
    ``key`` (bytes) signs the log; ``state_hash_every=N`` adds the state hash to every N-th entry;
    ``created`` (timezone-aware) is when the game began (default: now); ``meta`` any JSON object.
    """

    def __init__(
        self,
        state: State,
        *,
        players: Sequence[str] = ("player 0", "player 1"),
        key: bytes | None = None,
        transcribed: bool = False,
        salt: str | None = None,
        state_hash_every: int = 0,
        first_player: int | None = None,
        meta: dict[str, Any] | None = None,
        created: datetime | None = None,
    ) -> None:
        if state.history:
            raise LogError(Message("log.recorder_not_new"))
        if not transcribed and not 0 <= state.seed <= MAX_SEED:
            raise LogError(Message("log.bad_seed", {"seed": state.seed}))
        self.state = state
        self.key = key
        self.transcribed = transcribed
        self.salt = salt if salt is not None else secrets.token_hex(16)
        self.state_hash_every = state_hash_every
        db = state.game.db
        randomness: dict[str, Any] = (
            {"kind": "transcribed"}
            if transcribed
            else {"kind": "committed", "commitment": commitment(state.seed, self.salt)}
        )
        self.header: dict[str, Any] = {
            "format": LOG_FORMAT,
            "ruleset": {"name": db.game, "version": ruleset_version()},
            "database": {"hash": db.content_hash, "name": db.name, "version": db.version},
            "players": [{"seat": i, "name": str(n)} for i, n in enumerate(players)],
            "decks": [d.to_json() for d in state.decks],
            "first_player": first_player,
            "randomness": randomness,
            "signed": key is not None,
            "created": (created or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds"),
        }
        if meta:
            self.header["meta"] = dict(meta)
        self.entries: list[dict[str, Any]] = []
        self.last_hash = header_hash(self.header)
        self.finished = False

    def _append(self, entry: dict[str, Any]) -> None:
        entry["hash"] = self.last_hash = entry_hash(self.last_hash, entry)
        self.entries.append(entry)

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the game and record it; an illegal action raises and is not recorded."""
        if self.finished:
            raise LogError(Message("log.finished"))
        state = self.state
        entry: dict[str, Any] = {"n": len(self.entries), "actor": _actor(state), "action": entry_action(state, action)}
        state.apply(action)
        every = self.state_hash_every
        if every and (entry["n"] + 1) % every == 0:
            entry["state"] = state_hash(state)
        self._append(entry)

    def finish(self) -> None:
        """Write the last entry: the seed and its salt (a committed log), the result, the final state hash."""
        if self.finished:
            return
        state = self.state
        action: dict[str, Any] = {"type": END}
        if not self.transcribed:
            action["seed"] = state.seed
            action["salt"] = self.salt
        action["result"] = None if state.outcome is None else state.outcome.to_json()
        self._append({"n": len(self.entries), "actor": REFEREE_ACTOR, "action": action, "state": state_hash(state)})
        self.finished = True

    def to_dict(self) -> dict[str, Any]:
        """The log as a dict (not finished: no end entry yet, the seed stays secret)."""
        out: dict[str, Any] = {"header": self.header, "entries": self.entries}
        if self.key is not None:
            out["signature"] = sign(self.key, self.last_hash)
        return out

    def dumps(self) -> bytes:
        """The log as UTF-8 JSON, one entry a line."""
        return dumps_log(self.to_dict())

    def write_log(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`dumps` to ``path``."""
        Path(path).write_bytes(self.dumps())


def ruleset_version() -> str:
    """The version of the rules the engine plays: its serialised-state format (changes with the rules' data)."""

    return STATE_FORMAT


def record_game(
    game: Game,
    deck_a: Any,
    deck_b: Any,
    seed: int,
    bots: Sequence[Any],
    *,
    players: Sequence[str] | None = None,
    key: bytes | None = None,
    state_hash_every: int = 0,
    on_action: Callable[[State, Action], None] | None = None,
    max_actions: int = MAX_ENTRIES - 1,
    path: str | os.PathLike[str] | None = None,
    meta: dict[str, Any] | None = None,
) -> Recorder:
    """Play a game between ``bots`` (bots[p] plays player p; chance from the seed) and record it, finished.

    ``on_action(state_before, action)`` is called before each action (the play CLI prints with it).
    A game longer than ``max_actions`` is cut there (the log is finished, the result unfinished).
    With ``path``, the log is also written there; ``meta`` goes into the header (match, game). The game
    is the one ``engine.game.bots.play`` plays with the same bots and no generator: ``rec.state`` is its final state.
    """
    state = game.new_initial_state(deck_a, deck_b, seed=seed)
    names = players or [getattr(b, "name", "bot") + " bot" for b in bots]
    rec = Recorder(state, players=names, key=key, state_hash_every=state_hash_every, meta=meta)
    for _ in range(max_actions):
        current = state.current_player()
        if current == TERMINAL:
            break
        action = state.sample_chance() if current == CHANCE else bots[current].choose(state)
        if on_action is not None:
            on_action(state, action)
        rec.apply(action)
    rec.finish()
    if path is not None:
        rec.write_log(path)
    return rec


def write_log(rec: Recorder, path: str | os.PathLike[str]) -> None:
    """Write a recorder's log to ``path`` (the same as ``rec.write_log(path)``)."""
    rec.write_log(path)
