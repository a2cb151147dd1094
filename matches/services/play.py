"""Refereed matches: the engine referees every action of a match played in the browser (or against a bot).

Every applied action (a player's, a bot's, a chance event) is stored as a RefereedEntry in the same
transaction as the change, so the state is always rebuilt from the database: a per-process cache keyed
by the game's salt and its number of stored entries only saves the replay. Actions on one game are serialised by a
``select_for_update`` on its row; an action sent for an older step is refused as stale. The seed and
the log stay on the server until the match is over; a player only ever gets ``state.observation(seat)``,
his own feed lines, and error messages with hidden cards removed.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, OperationalError, transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from decks.models import Card, DeckVersion
from engine.cards import CardDatabase
from engine.game import (
    CHANCE,
    TERMINAL,
    Action,
    ActivateEffect,
    ChooseCommandment,
    Discard,
    EndTurn,
    Equip,
    Game,
    IllegalAction,
    LogError,
    Melee,
    Move,
    Pass,
    PaymentChoice,
    Phase,
    PlayAdvantage,
    PlayCounter,
    PlayEvent,
    PlayTactic,
    Recruit,
    Siege,
    State,
    action_from_json,
)
from engine.game.bots import BOTS
from engine.game.narrate import describe
from engine.game.setup import Deck
from engine.game.terms import Zone
from engine.log import Recorder
from junling import engine_text
from junling.models import record
from matches.models import GameLog, Match, RefereedEntry, RefereedGame, RefereedMatch

RESPONSE_SECONDS = 30
"""How long a player has to answer a response window (ruling G11) before the referee passes for him."""
BOT_SEAT = 1
"""Against a bot, the human is seat 0 (player A) and the bot seat 1."""
CONCESSION = "concession"
MAX_AUTOMATIC = 20_000
"""A guard on chance events and bot moves applied after one human action (a bot game ends long before)."""


class PlayRefused(ValueError):
    """A match cannot be started or joined: an illegal deck, unsupported cards, a wrong owner or state."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ActionRefused(ValueError):
    """An action was not applied: illegal (``rule`` and ``reason`` from the engine), stale, or out of turn."""

    def __init__(self, reason: str, rule: str = "", *, stale: bool = False) -> None:
        super().__init__(f"{rule}: {reason}" if rule else reason)
        self.rule = rule
        self.reason = reason
        self.stale = stale


# --- the signing key ------------------------------------------------------------------------------


def signing_key() -> bytes:
    """The key refereed logs are signed with: the site's one key (matches.services.adjudication.log_signing_key)."""
    from matches.services.adjudication import log_signing_key

    return log_signing_key()


# --- decks ----------------------------------------------------------------------------------------


def engine_deck(version: DeckVersion) -> tuple[list[str], list[str], list[str]]:
    """The engine's deck (resource names, pool names, declared factions) of a stored deck version."""
    resolved = version.resolved or {}
    resource = [str(name) for name, count in resolved.get("deck", []) for _i in range(int(count))]
    pool = [str(name) for name, count in resolved.get("pool", []) for _i in range(int(count))]
    return resource, pool, [str(f) for f in version.declared_factions or []]


def check_playable(version: DeckVersion) -> None:
    """Refuse a deck the referee cannot play: illegal, or holding cards marked unsupported (named)."""
    if not version.legal:
        raise PlayRefused(
            _("The deck %(deck)s is not legal: fix it before playing a refereed match.") % {"deck": version}
        )
    resource, pool, _factions = engine_deck(version)
    names = set(resource + pool)
    # The stored cards (Card.unsupported) and the engine's copy of the database say the same after an
    # import; either one marking a card is enough.
    marked = set(
        Card.objects.filter(version_id=version.card_database_version_id, name__in=names)
        .exclude(unsupported="")
        .values_list("name", flat=True)
    )
    db = version.card_database_version.to_engine()
    marked |= {n for n in names if (card := db.lookup(n)) is not None and card.unsupported}
    unsupported = sorted(marked)
    if unsupported:
        raise PlayRefused(
            _(
                "The deck %(deck)s holds cards the referee cannot play yet (marked unsupported): %(cards)s. "
                "The deck stays legal; it cannot be used in a refereed match."
            )
            % {"deck": version, "cards": ", ".join(unsupported)}
        )


def _check_same_database(a: DeckVersion, b: DeckVersion) -> None:
    if a.card_database_version_id != b.card_database_version_id:
        raise PlayRefused(
            _("Both decks must use the same card database version (%(a)s and %(b)s differ).")
            % {"a": a.card_database_version, "b": b.card_database_version}
        )


def _own_version(user: Any, version: DeckVersion) -> DeckVersion:
    if version.deck.owner_id != getattr(user, "pk", None):
        raise PlayRefused(_("You can only play with your own decks."))
    return version


# --- starting matches -----------------------------------------------------------------------------


def start_bot_match(
    user: Any, deck_version: DeckVersion, bot: str, *, best_of: int = 1, bot_deck: DeckVersion | None = None
) -> Match:
    """A match of ``user`` (seat 0) against the random or greedy bot; the bot plays ``bot_deck`` (default: a mirror)."""
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied(_("Log in to play."))
    if bot not in BOTS:
        raise PlayRefused(_("Unknown bot %(bot)r: choose %(bots)s.") % {"bot": bot, "bots": ", ".join(BOTS)})
    if best_of not in (1, 3):
        raise PlayRefused(_("A match is best of 1 or best of 3."))
    _own_version(user, deck_version)
    bot_deck = _own_version(user, bot_deck) if bot_deck is not None else deck_version
    for version in {deck_version.pk: deck_version, bot_deck.pk: bot_deck}.values():
        check_playable(version)
    _check_same_database(deck_version, bot_deck)
    with transaction.atomic():
        match = Match.objects.create(player_a=user, bot=bot, best_of=best_of, status=Match.Status.PLAYING)
        refereed = RefereedMatch.objects.create(
            match=match,
            database_version=deck_version.card_database_version,
            deck_a=deck_version,
            deck_b=bot_deck,
            created_by=user,
        )
        _start_game(refereed, 1)
        record(user, "match.play.bot", match, bot=bot, deck=deck_version.pk, bot_deck=bot_deck.pk)
    return match


def challenge(user: Any, opponent: Any, deck_version: DeckVersion, *, best_of: int = 1) -> Match:
    """``user`` challenges ``opponent`` to a refereed match with ``deck_version``; it starts when accepted."""
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied(_("Log in to play."))
    if opponent is None or opponent.pk == user.pk:
        raise PlayRefused(_("Choose another player to challenge."))
    if best_of not in (1, 3):
        raise PlayRefused(_("A match is best of 1 or best of 3."))
    check_playable(_own_version(user, deck_version))
    with transaction.atomic():
        match = Match.objects.create(player_a=user, player_b=opponent, best_of=best_of, status=Match.Status.PENDING)
        RefereedMatch.objects.create(
            match=match, database_version=deck_version.card_database_version, deck_a=deck_version, created_by=user
        )
        record(user, "match.play.challenge", match, opponent=opponent.pk, deck=deck_version.pk)
    return match


def accept_challenge(user: Any, match: Match, deck_version: DeckVersion) -> Match:
    """The challenged player accepts with ``deck_version`` (same card database): game 1 starts."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        refereed = RefereedMatch.objects.filter(match=match).first()
        if refereed is None or match.player_b_id != getattr(user, "pk", None):
            raise PermissionDenied(_("Only the challenged player may accept this challenge."))
        if match.status != Match.Status.PENDING or refereed.deck_b_id is not None:
            raise PlayRefused(_("This challenge was already accepted."))
        check_playable(_own_version(user, deck_version))
        _check_same_database(refereed.deck_a, deck_version)
        refereed.deck_b = deck_version
        refereed.save(update_fields=["deck_b"])
        match.status = Match.Status.PLAYING
        match.save(update_fields=["status"])
        _start_game(refereed, 1)
        record(user, "match.play.accept", match, deck=deck_version.pk)
    return match


def withdraw_challenge(user: Any, match: Match) -> None:
    """The challenger withdraws, or the challenged player declines, a challenge not accepted yet (it is deleted)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        refereed = RefereedMatch.objects.filter(match=match).first()
        if refereed is None or seat_of(match, user) is None:
            raise PermissionDenied(_("Only the two players may withdraw or decline a challenge."))
        if match.status != Match.Status.PENDING or refereed.deck_b_id is not None:
            raise PlayRefused(_("This challenge was accepted: concede instead."))
        record(user, "match.play.withdraw", match, player_a=match.player_a_id, player_b=match.player_b_id)
        match.delete()


def start_refereed_match(match: Match, actor: Any) -> Match:
    """A tournament match between two registrations, played refereed: either player starts it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if not match.involves(actor):
            raise PermissionDenied(_("Only the two players of a match may start it."))
        if RefereedMatch.objects.filter(match=match).exists():
            return match
        if match.registration_a is None or match.registration_b is None or match.player_b_id is None:
            raise PlayRefused(_("Only a match between two registered decks can be refereed."))
        if match.status not in (Match.Status.PENDING, Match.Status.PLAYING):
            raise PlayRefused(_("This match already has a result."))
        a, b = match.registration_a.deck_version, match.registration_b.deck_version
        check_playable(a)
        check_playable(b)
        _check_same_database(a, b)
        refereed = RefereedMatch.objects.create(
            match=match, database_version=a.card_database_version, deck_a=a, deck_b=b, created_by=actor
        )
        match.status = Match.Status.PLAYING
        match.save(update_fields=["status"])
        _start_game(refereed, 1)
        record(actor, "match.play.start", match)
    return match


def _start_game(refereed: RefereedMatch, number: int) -> RefereedGame:
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
    state = load_state(row)
    _advance(row, state)
    _save(row)
    _remember(row, state)
    return row


# --- the state, rebuilt from the database ---------------------------------------------------------

# game pk -> (salt, steps, state); the salt is random per game, so a reused pk never matches an old entry.
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


def _engine_game(row: RefereedGame) -> Game:
    return Game(row.refereed_match.database_version.to_engine())


def load_state(row: RefereedGame) -> State:
    """The game's state after its ``row.steps`` stored entries (a private copy: change it freely)."""
    cached = _STATES.get(row.pk)
    if cached is not None and cached[:2] == (row.salt, row.steps):
        return cached[2].clone()
    game = _engine_game(row)
    decks = [Deck.from_json(d) for d in row.decks]
    state = game.new_initial_state(decks[0], decks[1], seed=row.seed)
    for data in RefereedEntry.objects.filter(game=row).order_by("n").values_list("action", flat=True)[: row.steps]:
        state.apply(action_from_json(data))
    _cache(row.pk, row.salt, row.steps, state.clone())
    return state


def _save(row: RefereedGame) -> None:
    # Never match_game: the match's end links it on its own copy of the row.
    row.save(update_fields=["steps", "conceded_by", "outcome", "finished_at", "log"])


def _remember(row: RefereedGame, state: State) -> None:
    pk, salt, steps, copy = row.pk, row.salt, row.steps, state.clone()
    transaction.on_commit(lambda: _cache(pk, salt, steps, copy))


def _apply(row: RefereedGame, state: State, action: Action) -> None:
    """Apply a legal action and store it (with each seat's feed line) as the next entry."""
    actor = state.current_player()
    feed = [feed_line(state, action, 0), feed_line(state, action, 1)]
    state.apply(action)
    RefereedEntry.objects.create(game=row, n=row.steps, actor=actor, action=action.to_json(), feed=feed)
    row.steps += 1


def _advance(row: RefereedGame, state: State) -> None:
    """Chance events and the bot's moves until a human is to act or the game is over; then finish it if over."""
    bot = row.refereed_match.match.bot
    for _i in range(MAX_AUTOMATIC):
        current = state.current_player()
        if current == TERMINAL:
            break
        if current == CHANCE:
            _apply(row, state, state.sample_chance())
        elif bot and current == BOT_SEAT:
            # A fresh bot per move, seeded from the game: the same after a restart.
            _apply(row, state, BOTS[bot](row.seed ^ row.steps).choose(state))
        else:
            break
    if state.is_terminal() and row.finished_at is None:
        assert state.outcome is not None
        _finish_game(row, {**state.outcome.to_json(), "message": state.outcome.message.to_json()})


def _expire_window(row: RefereedGame, state: State, now: datetime.datetime | None = None) -> bool:
    """Pass for the responder whose response window (ruling G11) has run out; True if it did."""
    deadline = response_deadline(row, state)
    if deadline is None or (now or timezone.now()) < deadline:
        return False
    _apply(row, state, Pass())
    _advance(row, state)
    return True


def response_deadline(row: RefereedGame, state: State) -> datetime.datetime | None:
    """When the open response window closes by itself (None when no window is open)."""
    if row.finished_at is not None or state.is_terminal() or state.phase is not Phase.RESPONSE:
        return None
    last = RefereedEntry.objects.filter(game=row).order_by("-n").values_list("created_at", flat=True).first()
    return (last or timezone.now()) + datetime.timedelta(seconds=RESPONSE_SECONDS)


# --- finding a match and a seat -------------------------------------------------------------------


def seat_of(match: Match, user: Any) -> int | None:
    """0 for player A, 1 for player B, None for anyone else."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return None
    if pk == match.player_a_id:
        return 0
    if pk == match.player_b_id:
        return 1
    return None


def can_download_logs(match: Match, user: Any) -> bool:
    """Players, the tournament's judges and staff; only once the match is over."""
    if not match.is_finished:
        return False
    if seat_of(match, user) is not None or getattr(user, "is_staff", False):
        return True
    return match.tournament is not None and match.tournament.is_judge(user)


def get_match_for_player(user: Any, pk: Any) -> Match:
    """A refereed match the user plays in (404 for anyone else, as if it did not exist)."""
    match = Match.objects.select_related("player_a", "player_b", "tournament").filter(pk=pk).first()
    if match is None or not RefereedMatch.objects.filter(match=match).exists() or seat_of(match, user) is None:
        raise Http404(_("There is no such match."))
    return match


def get_match_for_log(user: Any, pk: Any) -> Match:
    """A refereed match whose logs the user may see (players, judges, staff); 404 for others."""
    match = Match.objects.select_related("player_a", "player_b", "tournament").filter(pk=pk).first()
    if match is None or not RefereedMatch.objects.filter(match=match).exists():
        raise Http404(_("There is no such match."))
    if seat_of(match, user) is None and not getattr(user, "is_staff", False):
        if match.tournament is None or not match.tournament.is_judge(user):
            raise Http404(_("There is no such match."))
    return match


def tournament_matches_to_play(user: Any) -> list[Match]:
    """The user's published tournament matches between two registered decks that may still be played refereed."""
    from django.db.models import Q

    from matches.models import Round

    return list(
        Match.objects.filter(Q(player_a=user) | Q(player_b=user), refereed__isnull=True, tournament__isnull=False)
        .filter(registration_a__isnull=False, registration_b__isnull=False, player_b__isnull=False)
        .filter(status__in=[Match.Status.PENDING, Match.Status.PLAYING])
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("player_a", "player_b", "tournament", "round")
        .order_by("-created_at", "-id")
    )


def current_game(match: Match) -> RefereedGame | None:
    """The last game of the match (the one being played, or the last one played)."""
    return (
        RefereedGame.objects.select_related("refereed_match__match", "refereed_match__database_version")
        .filter(refereed_match__match=match)
        .order_by("-number")
        .first()
    )


def my_matches(user: Any) -> list[Match]:
    """The user's refereed matches, newest first (challenges waiting included)."""
    from django.db.models import Q

    return list(
        Match.objects.filter(Q(player_a=user) | Q(player_b=user), refereed__isnull=False)
        .select_related("player_a", "player_b", "refereed")
        .order_by("-created_at", "-id")
    )


# --- acting ---------------------------------------------------------------------------------------


def _locked_game(match: Match) -> RefereedGame:
    row = current_game(match)
    if row is None:
        raise ActionRefused(_("This match has not started yet: the challenge waits for the opponent's deck."))
    return RefereedGame.objects.select_for_update(of=("self",)).select_related("refereed_match__match").get(pk=row.pk)


def act(match: Match, user: Any, data: Any, *, step: Any = None, payment: Any = None) -> RefereedGame:
    """Apply the user's action (the engine's JSON form; ``payment`` completes a payment choice).

    Refused (ActionRefused) when it is not the user's turn, when ``step`` is not the game's current step
    (stale: the page was drawn before another action), or when the engine refuses it (rule and reason,
    with cards the user cannot see removed).
    """
    seat = seat_of(match, user)
    if seat is None:
        raise PermissionDenied(_("Only the players of this match may act in it."))
    try:
        with transaction.atomic():
            return _act_locked(match, seat, data, step, payment)
    except (IntegrityError, OperationalError) as exc:
        # Two actions raced past the row lock (SQLite has none): the later one wrote the same step.
        if isinstance(exc, OperationalError) and "locked" not in str(exc):
            raise
        raise ActionRefused(
            _("Another action was applied at the same moment: nothing of yours was applied; look again."), stale=True
        ) from None


def _act_locked(match: Match, seat: int, data: Any, step: Any, payment: Any) -> RefereedGame:
    row = _locked_game(match)
    state = load_state(row)
    if _expire_window(row, state):
        _save(row)
        _remember(row, state)
    if row.finished_at is not None or state.is_terminal():
        raise ActionRefused(_("This game is over."), stale=True)
    if step not in (None, "") and str(step) != str(row.steps):
        raise ActionRefused(
            _("The game moved on since your page was drawn (step %(yours)s, now %(now)s): nothing was applied.")
            % {"yours": step, "now": row.steps},
            stale=True,
        )
    if state.current_player() != seat:
        raise ActionRefused(_("It is not your turn to act: wait for your opponent."))
    action = _read_action(state, seat, data, payment)
    error = state.validate(action)
    if error is not None:
        raise ActionRefused(refusal_text(state, seat, error), error.rule)
    _apply(row, state, action)
    _advance(row, state)
    _save(row)
    _remember(row, state)
    return row


CHOSEN_FIELD = {"discard": "cards", "choose": "cards", "name_cards": "names"}
"""Where the cards a player ticks go, by action type (else ``payment``); ``names`` holds card names, not ids."""


def _read_action(state: State, seat: int, data: Any, payment: Any) -> Action:
    try:
        if isinstance(data, str):
            import json

            data = json.loads(data)
        if payment is not None:
            if not isinstance(data, dict):
                raise LogError("an action is a JSON object")
            field = CHOSEN_FIELD.get(str(data.get("type")), "payment")
            chosen = [str(c) for c in payment] if field == "names" else [int(c) for c in payment]
            data = {**data, field: chosen}
        action = action_from_json(data)
    except (ValueError, TypeError) as exc:
        raise ActionRefused(_("That is not an action of this game: %(why)s") % {"why": str(exc)}) from None
    if action.is_chance:
        raise ActionRefused(_("Chance events are the referee's: a player cannot send one."))
    return action


def concede(match: Match, user: Any) -> RefereedGame:
    """The user concedes the current game (the opponent wins it)."""
    seat = seat_of(match, user)
    if seat is None:
        raise PermissionDenied(_("Only the players of this match may concede."))
    with transaction.atomic():
        row = _locked_game(match)
        if row.finished_at is not None:
            raise ActionRefused(_("This game is over."), stale=True)
        row.conceded_by = seat
        _finish_game(row, {"winner": 1 - seat, "termination": CONCESSION, "reason": f"player {seat} conceded"})
        _save(row)
        record(user, "match.play.concede", match, game=row.number)
    return row


def table_version(match: Match) -> str:
    """A short text that changes whenever a player's table would change (polls compare it; no view is built)."""
    row = refresh(match)
    status = Match.objects.filter(pk=match.pk).values_list("status", flat=True).first() or ""
    if row is None:
        return version_text(0, 0, False, status)
    return version_text(row.number, row.steps, row.finished_at is not None, status)


def version_text(game: int, steps: int, over: bool, status: str) -> str:
    """The table version: game number, stored steps, whether the game is over, the match status."""
    return f"{game}.{steps}.{int(over)}.{status}"


def refresh(match: Match) -> RefereedGame | None:
    """Apply what is due without anyone acting (an expired response window); the current game row."""
    row = current_game(match)
    if row is None or row.finished_at is not None:
        return row
    state = load_state(row)
    deadline = response_deadline(row, state)
    if deadline is None or timezone.now() < deadline:
        return row
    try:
        with transaction.atomic():
            row = _locked_game(match)
            state = load_state(row)
            if _expire_window(row, state):
                _save(row)
                _remember(row, state)
    except (IntegrityError, OperationalError) as exc:
        if isinstance(exc, OperationalError) and "locked" not in str(exc):
            raise
        return current_game(match)  # another request passed for him at the same moment
    return row


# --- the end of a game and of the match -----------------------------------------------------------


def _player_names(match: Match) -> list[str]:
    b = match.player_b.username if match.player_b else f"{match.bot} bot"
    return [match.player_a.username, b]


def build_log(row: RefereedGame) -> bytes:
    """The signed log of a game (header, every entry, the seed revealed at the end)."""
    match = row.refereed_match.match
    game = _engine_game(row)
    decks = [Deck.from_json(d) for d in row.decks]
    state = game.new_initial_state(decks[0], decks[1], seed=row.seed)
    meta: dict[str, Any] = {"match": match.pk, "game": row.number, "refereed": True}
    if row.conceded_by is not None:
        meta["conceded_by"] = row.conceded_by
    rec = Recorder(
        state, players=_player_names(match), key=signing_key(), salt=row.salt, meta=meta, created=row.created_at
    )
    for data in RefereedEntry.objects.filter(game=row).order_by("n").values_list("action", flat=True):
        rec.apply(action_from_json(data))
    rec.finish()
    return rec.dumps()


def _finish_game(row: RefereedGame, outcome: dict[str, Any]) -> None:
    match = row.refereed_match.match
    now = timezone.now()
    row.outcome = outcome
    row.finished_at = now
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
    _save(row)
    record(None, "match.play.game_over", match, game=row.number, winner=outcome["winner"], log=digest)
    games = list(RefereedGame.objects.filter(refereed_match=row.refereed_match).order_by("number"))
    wins = [sum(1 for g in games if g.outcome and g.outcome["winner"] == seat) for seat in (0, 1)]
    if max(wins) >= match.best_of // 2 + 1 or len(games) >= match.best_of:
        _finish_match(match, games)
    else:
        _start_game(row.refereed_match, row.number + 1)


def _finish_match(match: Match, games: list[RefereedGame]) -> None:
    from matches.services.results import GameOutcome, ResultRefused, record_refereed_result

    outcomes = [
        GameOutcome(winner="a" if g.outcome["winner"] == 0 else "b", reason=_reason(g.outcome)[:200], log=g.log)
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


def _reason(outcome: dict[str, Any]) -> str:
    if outcome.get("termination") == CONCESSION:
        return f"player {'AB'[1 - int(outcome['winner'])]} conceded"
    return str(outcome.get("reason", ""))


# --- what a player sees ---------------------------------------------------------------------------


def visible_ids(state: State, seat: int) -> set[int]:
    """Every card id the observation of ``seat`` shows."""
    found: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if "id" in value and "name" in value and isinstance(value["id"], int):
                found.add(value["id"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(state.observation(seat))
    return found


# --- the engine's words: refusals and the feed are (code, params) messages, rendered by junling.engine_text ---


def refusal_text(state: State, seat: int, error: IllegalAction) -> str:
    """Why an action was refused, for ``seat``: a card he cannot see is "a card you cannot see"."""
    db = state.game.db
    return engine_text.render(error.message, viewer=seat, database=db, visible=visible_ids(state, seat))


def feed_line(state: State, action: Action, viewer: int) -> list[Any]:
    """How ``viewer`` hears ``action`` (about to be applied): ``[[code, params], ...]`` with card ids
    (engine.game.narrate.describe: a card the viewer cannot see is never in it)."""
    return [line.to_json() for line in describe(state, action, viewer)]


@dataclass
class Names:
    """Turns card names, seats and zones into text for one viewer in one language."""

    db: CardDatabase
    viewer: int
    players: list[str]
    language: str = "zh-hans"
    cache: dict[str, str] = field(default_factory=dict)

    def card(self, name: str) -> str:
        if name not in self.cache:
            card = self.db.lookup(name)
            self.cache[name] = card.display_name(self.language) if card is not None else name
        return self.cache[name]

    def seat(self, seat: int) -> str:
        if seat == self.viewer:
            return _("You")
        return self.players[seat]

    def zone(self, zone: str, owner: int) -> str:
        """A zone of ``owner``'s side, as the viewer calls it."""
        mine = owner == self.viewer
        z = Zone(zone)
        if z is Zone.FORTRESS:
            return _("自城内 (your fortress)") if mine else _("敌城内 (enemy fortress)")
        if (z is Zone.BORDER) == mine:
            return _("自城外 (your border)")
        return _("敌城外 (enemy border)")

    def line(self, entry: list[Any]) -> str:
        """A stored feed entry: ``[[code, params], ...]`` (or one ``[msgid, params]`` of older games)."""
        reader = engine_text.SiteReader(viewer=self.viewer, players=self.players, database=self.db)
        lines = [entry] if entry and isinstance(entry[0], str) else entry
        return " ".join(reader.render(line) for line in lines)


def feed(row: RefereedGame, viewer: Names, *, limit: int = 200) -> list[str]:
    """The viewer's feed lines of a game, newest first."""
    rows = RefereedEntry.objects.filter(game=row).order_by("-n").values_list("feed", flat=True)[:limit]
    return [viewer.line(f[viewer.viewer]) for f in rows]


def controls(state: State, seat: int, names: Names) -> list[dict[str, Any]]:
    """The legal actions of ``seat`` as controls: label, the action's JSON, and for a payment the choices."""
    import json

    if state.current_player() != seat:
        return []
    visible = visible_ids(state, seat)
    nm = state.names

    def card(c: int) -> str:
        return names.card(nm[c]) if c in visible else _("a card you cannot see")

    out: list[dict[str, Any]] = []
    for legal in state.legal_actions():
        template = legal.template if isinstance(legal, PaymentChoice) else legal
        control: dict[str, Any] = {"kind": template.kind, "label": _label(state, template, card, names)}
        data = template.to_json()
        if isinstance(legal, PaymentChoice):
            data.pop(legal.field, None)
            control["field"] = legal.field
            control["count"] = legal.count
            control["choices"] = [
                {"id": c, "name": card(c) if isinstance(c, int) else names.card(str(c))} for c in legal.choices
            ]
        control["action"] = json.dumps(data, ensure_ascii=False)
        out.append(control)
    return out


def _label(state: State, a: Action, card: Any, names: Names) -> str:
    if isinstance(a, ChooseCommandment):
        return _("No commandment") if a.card is None else _("Choose the commandment %(card)s") % {"card": card(a.card)}
    if isinstance(a, Recruit):
        from engine.game import recruitment

        cost = recruitment.recruitment_cost(state, state.active, a.card)
        return _("Recruit %(card)s (cost %(cost)s)") % {"card": card(a.card), "cost": cost}
    if isinstance(a, Equip):
        return _("Equip %(card)s on %(general)s") % {"card": card(a.card), "general": card(a.general)}
    if isinstance(a, PlayEvent):
        return _("Play the event %(card)s") % {"card": card(a.card)}
    if isinstance(a, PlayTactic):
        return _("%(general)s executes %(card)s") % {"card": card(a.card), "general": card(a.executor)}
    if isinstance(a, PlayAdvantage):
        return _("Place the advantage %(card)s") % {"card": card(a.card)}
    if isinstance(a, ActivateEffect):
        return _("Activate the effect of %(card)s") % {"card": card(a.source)}
    if isinstance(a, Move):
        return _("Move %(card)s to %(zone)s") % {"card": card(a.general), "zone": names.zone(a.to.value, state.active)}
    if isinstance(a, Melee):
        return _("%(card)s attacks %(target)s") % {"card": card(a.attacker), "target": card(a.defender)}
    if isinstance(a, Siege):
        return _("%(card)s besieges (ruling G7)") % {"card": card(a.general)}
    if isinstance(a, EndTurn):
        return _("End turn")
    if isinstance(a, PlayCounter):
        return _("Answer with the counter %(card)s") % {"card": card(a.card)}
    if isinstance(a, Pass):
        return _("Let it resolve")
    if isinstance(a, Discard):
        return _("Discard down to the hand limit")
    if a.kind == "choose":
        return _("Choose the cards the text asks for")
    if a.kind == "name_cards":
        return _("Name the cards your commandment forbids the enemy")
    return a.kind


def player_view(match: Match, user: Any, language: str = "zh-hans") -> dict[str, Any]:
    """Everything the user's page or API answer shows: built only from ``state.observation(seat)``."""
    seat = seat_of(match, user)
    if seat is None:
        raise PermissionDenied(_("Only the players of this match may see its table."))
    row = refresh(match)
    match.refresh_from_db()  # refresh() may have ended the game, and with it the match
    players = _player_names(match)
    refereed = RefereedMatch.objects.select_related("database_version").get(match=match)
    names = Names(refereed.database_version.to_engine(), seat, players, language)
    games = list(RefereedGame.objects.filter(refereed_match=refereed).order_by("number"))
    wins = [sum(1 for g in games if g.outcome and g.outcome["winner"] == s) for s in (0, 1)]
    view: dict[str, Any] = {
        "match": match.pk,
        "seat": seat,
        "players": players,
        "opponent": players[1 - seat],
        "best_of": match.best_of,
        "status": match.status,
        "score": {"you": wins[seat], "opponent": wins[1 - seat]},
        "games": [
            {
                "number": g.number,
                "over": g.finished_at is not None,
                "winner": None if not g.outcome else names.seat(int(g.outcome["winner"])),
                "you_won": bool(g.outcome) and g.outcome["winner"] == seat,
                "reason": "" if not g.outcome else _game_reason(g, names),
                "log_id": g.log_id if match.is_finished else None,
            }
            for g in games
        ],
        "waiting": row is None,
        "to_accept": row is None and seat == 1,
        "match_over": match.is_finished,
    }
    if row is None:
        return view
    state = load_state(row)
    deadline = response_deadline(row, state)
    view.update(
        {
            "game": row.number,
            "step": row.steps,
            "observation": state.observation(seat),
            "your_turn": state.current_player() == seat,
            "controls": controls(state, seat, names),
            "feed": feed(row, names),
            "deadline": deadline.isoformat() if deadline else None,
            "seconds_left": max(0, int((deadline - timezone.now()).total_seconds())) if deadline else None,
            "game_over": row.finished_at is not None,
        }
    )
    view["board"] = _board(view["observation"], seat, names)
    return view


def _game_reason(g: RefereedGame, names: Names) -> str:
    outcome = g.outcome or {}
    if outcome.get("termination") == CONCESSION:
        return _("%(who)s conceded") % {"who": names.seat(1 - int(outcome["winner"]))}
    if outcome.get("message"):
        reader = engine_text.SiteReader(viewer=names.viewer, players=names.players, database=names.db)
        return reader.render(outcome["message"])
    return str(outcome.get("reason", ""))


def _board(obs: dict[str, Any], seat: int, names: Names) -> dict[str, Any]:
    """The observation arranged for the page: rows from the opponent's fortress down to the viewer's."""
    me, them = obs["sides"][seat], obs["sides"][1 - seat]

    def gen(g: dict[str, Any], owner: int) -> dict[str, Any]:
        return {
            **g,
            "display": names.card(g["name"]),
            "mine": owner == seat,
            "equipment": [{**e, "display": names.card(e["name"])} for e in g["equipment"]],
        }

    def at(side: dict[str, Any], owner: int, zone: str) -> list[dict[str, Any]]:
        return [gen(g, owner) for g in side["generals"] if g["zone"] == zone]

    rows = [
        {"name": names.zone("fortress", 1 - seat), "generals": at(them, 1 - seat, "fortress")},
        {
            "name": names.zone("border", 1 - seat),
            "generals": at(them, 1 - seat, "border") + at(me, seat, "enemy_border"),
        },
        {"name": names.zone("border", seat), "generals": at(me, seat, "border") + at(them, 1 - seat, "enemy_border")},
        {"name": names.zone("fortress", seat), "generals": at(me, seat, "fortress")},
    ]
    return {
        "rows": rows,
        "hand": [{**c, "display": names.card(c["name"])} for c in me.get("hand", [])],
        "me": me,
        "them": them,
        "my_casualty": [names.card(c["name"]) for c in me["casualty"]],
        "their_casualty": [names.card(c["name"]) for c in them["casualty"]],
        "my_command": names.card(me["command"]["name"]) if me["command"] else "",
        "their_command": names.card(them["command"]["name"]) if them["command"] else "",
        "advantage": names.card(obs["advantage"]["name"]) if obs["advantage"] else "",
        "stack": [names.card(c["name"]) for c in obs["stack"]],
    }
