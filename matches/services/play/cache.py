"""A game's state, rebuilt from the database, and a per-process cache that only saves the replay.

The cache is keyed by the game's pk, its random salt (so a reused pk never matches an old entry) and
its number of stored entries; a state is put in only once its transaction has committed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, OperationalError, transaction

from engine.game import Game, State, action_from_json
from engine.game.setup import Deck
from junling.prepared import Prepared
from matches.models import Match, RefereedEntry, RefereedGame

# game pk -> (salt, steps, state)
_STATES: dict[int, tuple[str, int, State]] = {}
MAX_CACHED_STATES = 512
"""Oldest cached states are dropped beyond this many (a state is a few kilobytes)."""


def _cache(pk: int, salt: str, steps: int, state: State) -> None:
    _STATES.pop(pk, None)
    _STATES[pk] = (salt, steps, state)
    while len(_STATES) > MAX_CACHED_STATES:
        _STATES.pop(next(iter(_STATES)))


def forget_states() -> None:
    """Drop every cached state (what a server restart does); the next load replays the stored entries."""
    _STATES.clear()


def engine_game(row: RefereedGame) -> Game:
    return Game(row.refereed_match.database_version.to_engine())


def initial_state(row: RefereedGame) -> State:
    """The game's state before its first entry: the stored decks and the secret seed."""
    decks = [Deck.from_json(d) for d in row.decks]
    return engine_game(row).new_initial_state(decks[0], decks[1], seed=row.seed)


PENDING = "_pending_entries"
"""Where a game row keeps the entries applied to it that are not stored yet (``hold_entry``)."""


def hold_entry(row: RefereedGame, entry: RefereedEntry) -> None:
    """Keep ``entry`` (the row's next) to be stored with the others of the same change in one INSERT."""
    row.__dict__.setdefault(PENDING, []).append(entry)


STORED_LISTENERS: list[Callable[[int, str, int, list[Any]], None]] = []
"""Told of each change's entries once they are committed (game pk, salt, first entry number, their feeds):
``matches.presenters.narration`` keeps the feeds, so the tables drawn for the change in this process (the
actor's answer, the opponent's and the spectators' pushes) do not read them back."""


def flush_entries(row: RefereedGame) -> None:
    """Store the entries held for ``row`` (``hold_entry``: an action, its chance events and the quick bot's
    replies, three to five) in one INSERT. Saving the row does it (``referee.save``), and so does every
    reader of a game's entries here, so nothing reads the entries while some are held."""
    pending = row.__dict__.pop(PENDING, None)
    if pending:
        RefereedEntry.objects.bulk_create(pending)
        if STORED_LISTENERS:
            told = (row.pk, row.salt, pending[0].n, [entry.feed for entry in pending])
            # Before the push's own on_commit (referee.save announces after this): registered first, run first.
            transaction.on_commit(lambda: _tell_stored(*told))


def _tell_stored(pk: int, salt: str, first: int, feeds: list[Any]) -> None:
    for listener in STORED_LISTENERS:
        listener(pk, salt, first, feeds)


def load_state(row: RefereedGame) -> State:
    """The game's state after its ``row.steps`` stored entries (a private copy: change it freely)."""
    cached = _STATES.get(row.pk)
    if cached is not None and cached[:2] == (row.salt, row.steps):
        return cached[2].clone()
    state = initial_state(row)
    flush_entries(row)
    for data in RefereedEntry.objects.filter(game=row).order_by("n").values_list("action", flat=True)[: row.steps]:
        state.apply(action_from_json(data))
    _cache(row.pk, row.salt, row.steps, state.clone())
    return state


def peek_state(row: RefereedGame) -> State:
    """The game's state for a quick look (its phase, whether it is over): the cached object itself when fresh.

    Never change it; take ``load_state`` for anything that applies actions or hands the state on.
    """
    cached = _STATES.get(row.pk)
    if cached is not None and cached[:2] == (row.salt, row.steps):
        return cached[2]
    return load_state(row)


def remember(row: RefereedGame, state: State) -> None:
    """Cache ``state`` as the game's state at ``row.steps`` once the transaction commits."""
    pk, salt, steps, copy = row.pk, row.salt, row.steps, state.clone()
    transaction.on_commit(lambda: _cache(pk, salt, steps, copy))


_CURRENT_GAME = Prepared(
    lambda match_id: (
        RefereedGame.objects.select_related("refereed_match__match", "refereed_match__database_version")
        .filter(refereed_match__match_id=match_id)
        .order_by("-number")[:1]
    ),
    0,
)


def current_game(match: Match) -> RefereedGame | None:
    """The last game of the match (the one being played, or the last one played)."""
    return _CURRENT_GAME.first(match.pk)


_GAMES = Prepared(
    lambda match_id: (
        RefereedGame.objects.select_related("refereed_match__database_version")
        .filter(refereed_match__match_id=match_id)
        .order_by("number")
    ),
    0,
)


def games_of(match_id: int) -> list[RefereedGame]:
    """Every game of the match, oldest first, with its refereed match and card database (one query)."""
    return _GAMES.all(match_id)


_LOCKED = Prepared(
    lambda pk: (
        RefereedGame.objects.select_for_update(of=("self",))
        .select_related("refereed_match__match")
        .filter(pk=pk)
        .order_by()
    ),
    0,
)


def locked_game(pk: int) -> RefereedGame:
    """The game row, locked until the transaction ends (actions on one game are serialised)."""
    if not transaction.get_connection().in_atomic_block:
        raise transaction.TransactionManagementError("locked_game() outside a transaction: the lock would not hold.")
    row = _LOCKED.first(pk)
    if row is None:
        raise RefereedGame.DoesNotExist(f"No refereed game {pk}.")
    return row


def raced(exc: IntegrityError | OperationalError) -> bool:
    """Two writers raced past the row lock (SQLite has none): the later one wrote the same step."""
    return isinstance(exc, IntegrityError) or "locked" in str(exc)
