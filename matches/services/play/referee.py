"""The referee's own moves: storing each applied action, chance events and the bots, a game's start and
end, the match's result and the signed log.

Both ``acting`` (a player's action, a window's timeout) and ``lifecycle`` (starting, conceding) build
on these; a game's end is here because it follows from an action and may start the next game.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone

import junling.outbox as outbox
from decks.models import DeckVersion
from engine.game import CHANCE, TERMINAL, Action, Game, State, action_from_json
from engine.game.players import QUICK, make
from engine.log import Recorder
from junling import push
from junling.models import record
from junling.signing import log_signing_key
from matches import task_names
from matches.models import GameLog, Match, RefereedEntry, RefereedGame, RefereedMatch
from matches.presenters.narration import CONCESSION, feed_line
from matches.services.play import cache, clock, windows
from matches.services.results import GameOutcome, ResultRefused, record_refereed_result

BOT_SEAT = 1
"""Against a bot, the human is seat 0 (player A) and the bot seat 1."""
MAX_AUTOMATIC = 20_000
"""A guard on chance events and bot moves applied after one human action (a bot game ends long before)."""


def signing_key() -> bytes:
    """The key refereed logs are signed with: the site's one key (junling.signing.log_signing_key)."""
    return log_signing_key()


def engine_deck(version: DeckVersion) -> tuple[list[str], list[str], list[str]]:
    """The engine's deck (resource names, pool names, declared factions) of a stored deck version."""
    resolved = version.resolved or {}
    resource = [str(name) for name, count in resolved.get("deck", []) for _i in range(int(count))]
    pool = [str(name) for name, count in resolved.get("pool", []) for _i in range(int(count))]
    return resource, pool, [str(f) for f in version.declared_factions or []]


def player_names(match: Match) -> list[str]:
    """The two players' names as the log and the table show them (a bot is "<name> bot")."""
    b = match.player_b.username if match.player_b else f"{match.bot} bot"
    return [match.player_a.username, b]


# --- applying and storing -------------------------------------------------------------------------


def save(row: RefereedGame) -> None:
    """Save the game row (and the entries applied to it since: ``cache.flush_entries``); once committed, its
    match's open sockets are told (``junling.push``)."""
    cache.flush_entries(row)
    # Never match_game: the match's end links it on its own copy of the row.
    row.save(update_fields=["steps", "conceded_by", "outcome", "finished_at", "log", *clock.FIELDS])
    push.announce(row.refereed_match.match_id)


def store(row: RefereedGame, state: State) -> None:
    """Save the row after actions were applied (the clocks moved on); cache the state and, on commit,
    schedule a new window's timeout and the bot's move when the bot plays in a task."""
    clock.sync(row, state, row.refereed_match.clock_increment)
    save(row)
    cache.remember(row, state)
    windows.schedule_timeout(row, state)
    schedule_bot_move(row, state)


# --- the bot ----------------------------------------------------------------------------------------


def bot_in_task(refereed: RefereedMatch) -> bool:
    """Whether the match's bot moves in a task (``matches.play_bot_move``) rather than inside the
    human's request: a bot that thinks long (not ``players.QUICK``: ``ismcts-3``), and any bot on a
    clock, whose clock then runs while its task thinks."""
    bot = refereed.match.bot
    return bool(bot) and (bot not in QUICK or refereed.clock_total is not None)


def bot_to_act(row: RefereedGame, state: State) -> bool:
    """Whether the game waits for a move of the bot's task."""
    return row.finished_at is None and state.current_player() == BOT_SEAT and bot_in_task(row.refereed_match)


def schedule_bot_move(row: RefereedGame, state: State) -> None:
    """If the bot's task is to move now, enqueue it (through the outbox, on commit) with the match and
    the version it expects (the game's number and step): a stale or repeated task does nothing."""
    if bot_to_act(row, state):
        outbox.enqueue(task_names.PLAY_BOT_MOVE, [row.refereed_match.match_id, row.number, row.steps])


def bot_move(row: RefereedGame, state: State, max_time: float | None = None) -> Action:
    """The bot's choice in ``state`` (a fresh bot per move, seeded from the game: the same after a
    restart, where no time budget cuts the search); ``max_time`` caps its seconds (a clock's share)."""
    return make(row.refereed_match.match.bot, row.seed ^ row.steps, max_time=max_time).choose(state)


def apply(row: RefereedGame, state: State, action: Action) -> None:
    """Apply a legal action and store it (with each seat's feed line) as the next entry."""
    actor = state.current_player()
    feed = [feed_line(state, action, 0), feed_line(state, action, 1)]
    state.apply(action)
    entry = RefereedEntry(game=row, n=row.steps, actor=actor, action=action.to_json(), feed=feed)
    cache.hold_entry(row, entry)
    row.steps += 1


def advance(row: RefereedGame, state: State) -> None:
    """Chance events and the quick bot's moves until a human (or the bot's task) is to act or the game is
    over; then finish it if over."""
    bot = row.refereed_match.match.bot
    inline = bool(bot) and not bot_in_task(row.refereed_match)
    for _i in range(MAX_AUTOMATIC):
        current = state.current_player()
        if current == TERMINAL:
            break
        if current == CHANCE:
            apply(row, state, state.sample_chance())
        elif inline and current == BOT_SEAT:
            apply(row, state, bot_move(row, state))
        else:
            break
    if state.is_terminal() and row.finished_at is None:
        assert state.outcome is not None
        finish_game(row, {**state.outcome.to_json(), "message": state.outcome.message.to_json()})


# --- a game's start and end -----------------------------------------------------------------------


def start_game(refereed: RefereedMatch, number: int) -> RefereedGame:
    """Game ``number`` of the match, with a new secret seed; the coin flip and the opening hands are applied."""
    assert refereed.deck_b is not None
    game = Game(refereed.database_version.to_engine())
    state = game.new_initial_state(engine_deck(refereed.deck_a), engine_deck(refereed.deck_b), seed=0)
    row = RefereedGame.objects.create(
        refereed_match=refereed,
        number=number,
        seed=secrets.randbelow(2**63),
        salt=secrets.token_hex(16),
        decks=[d.to_json() for d in state.decks],
    )
    state = cache.load_state(row)
    advance(row, state)
    clock.start(row, refereed.clock_total, state)
    store(row, state)
    return row


def build_log(row: RefereedGame) -> bytes:
    """The signed log of a game (header, every entry, the seed revealed at the end)."""
    match = row.refereed_match.match
    state = cache.initial_state(row)
    meta: dict[str, Any] = {"match": match.pk, "game": row.number, "refereed": True}
    if row.conceded_by is not None:
        meta["conceded_by"] = row.conceded_by
    termination = (row.outcome or {}).get("termination")
    if termination in clock.SITE_TERMINATIONS:
        # Ends the rules do not know (time, abandonment, an agreed draw): the header says who and why.
        meta["termination"] = termination
        meta["winner"] = row.outcome["winner"] if row.outcome else None
    if row.refereed_match.clock_total is not None:
        meta["clock"] = {"total": row.refereed_match.clock_total, "increment": row.refereed_match.clock_increment}
    rec = Recorder(
        state, players=player_names(match), key=signing_key(), salt=row.salt, meta=meta, created=row.created_at
    )
    cache.flush_entries(row)
    for data in RefereedEntry.objects.filter(game=row).order_by("n").values_list("action", flat=True):
        rec.apply(action_from_json(data))
    rec.finish()
    return rec.dumps()


def finish_game(row: RefereedGame, outcome: dict[str, Any]) -> None:
    """End the game with ``outcome``: store its signed log, then start the next game or end the match."""
    match = row.refereed_match.match
    clock.stop(row)
    row.outcome = outcome
    row.finished_at = timezone.now()
    content = build_log(row)
    digest = hashlib.sha256(content).hexdigest()
    log, _created = GameLog.objects.get_or_create(
        sha256=digest,
        defaults={
            "content": content.decode("utf-8"),
            "size": len(content),
            "signed": True,
            "source": GameLog.Source.REFEREED,
        },
    )
    row.log = log
    save(row)
    record(None, "match.play.game_over", match, game=row.number, winner=outcome["winner"], log=digest)
    games = list(RefereedGame.objects.filter(refereed_match=row.refereed_match).order_by("number"))
    wins = [sum(1 for g in games if g.outcome and g.outcome["winner"] == seat) for seat in (0, 1)]
    if max(wins) >= match.best_of // 2 + 1 or len(games) >= match.best_of:
        finish_match(match, games)
    else:
        start_game(row.refereed_match, row.number + 1)


def finish_match(match: Match, games: list[RefereedGame]) -> None:
    """Record the match's result from its games (the tournament's services decide whether it stands)."""
    outcomes = [
        GameOutcome(
            winner={0: "a", 1: "b"}.get(g.outcome["winner"], "draw"),
            reason=result_reason(g.outcome)[:200],
            log=g.log,
            said=result_said(g.outcome),
        )
        for g in games
        if g.outcome
    ]
    start = match.games.count()
    try:
        with transaction.atomic():
            record_refereed_result(match, outcomes)
    except ResultRefused as exc:
        # E.g. an organiser closed the tournament meanwhile: the games and their logs stay, for an organiser.
        record(None, "match.play.result_refused", match, reason=str(exc), games=[o.winner for o in outcomes])
        return
    for i, g in enumerate(games, start=1):
        g.match_game = match.games.get(number=start + i)
        g.save(update_fields=["match_game"])


def result_said(outcome: dict[str, Any]) -> dict[str, Any] | None:
    """Why a game ended as the engine's message ``{"code", "params"}`` (a concession too), if it says."""
    if outcome.get("termination") == CONCESSION:
        return {"code": "termination.concession", "params": {"player": {"seat": 1 - int(outcome["winner"])}}}
    message = outcome.get("message")
    if isinstance(message, (list, tuple)) and len(message) == 2 and isinstance(message[0], str):
        return {"code": message[0], "params": dict(message[1] or {})}
    return None


def result_reason(outcome: dict[str, Any]) -> str:
    """Why a game ended, as the stored result says it."""
    if outcome.get("termination") == CONCESSION:
        return f"player {'AB'[1 - int(outcome['winner'])]} conceded"
    return str(outcome.get("reason", ""))
