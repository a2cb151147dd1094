"""Helpers for the adjudication tests: the starter card database stored as a version, recorded logs, a
tournament match game whose players' decklists are locked."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from decks.models import CardDatabase, CardDatabaseVersion
from engine.cards import starter_database
from engine.game import Game
from engine.game.bots import RandomBot
from engine.game.cli import DECKS_DIR, load_deck
from engine.log import load_log, record_game
from junling.signing import log_signing_key
from matches.models import GameLog, Match, MatchGame, Registration
from tests.decks.factories import make_deck, make_format
from tests.matches.factories import TournamentFactory, UserFactory

DECKS = ("shu_starter", "wei_starter")


def starter_version() -> CardDatabaseVersion:
    """The bundled starter card database as a CardDatabaseVersion (the recorded logs name its hash)."""
    db = starter_database()
    found = CardDatabaseVersion.objects.filter(content_hash=db.content_hash).first()
    if found is not None:
        return found
    database, _ = CardDatabase.objects.get_or_create(name=db.name, defaults={"game": db.game})
    return CardDatabaseVersion.objects.create(
        database=database,
        version=db.version,
        document=db.to_document(),
        content_hash=db.content_hash,
        card_count=len(db),
    )


def recorded_log(
    seed: int = 11, *, key: bytes | None = None, players: tuple[str, str] = ("甲", "乙"), **kw: Any
) -> bytes:
    """A finished game between two random bots, signed with the site's key unless another is given."""
    rec = record_game(
        Game(starter_database()),
        load_deck(DECKS[0]),
        load_deck(DECKS[1]),
        seed=seed,
        bots=[RandomBot(seed), RandomBot(seed + 1)],
        key=key if key is not None else log_signing_key(),
        players=players,
        **kw,
    )
    return rec.dumps()


def parsed(raw: bytes) -> dict[str, Any]:
    return load_log(raw)


def deck_text(name: str) -> str:
    return (DECKS_DIR / f"{name}.txt").read_text(encoding="utf-8")


def tournament_game(raw: bytes, *, judges=(), locked: tuple[str, str] = DECKS, usernames=("alice", "bob")):
    """A running tournament with a match between two players whose locked decklists are ``locked``, and game 1
    of that match holding the log ``raw``. Returns (tournament, match, game, organiser)."""
    version = starter_version()
    fmt = make_format([version])
    organiser = UserFactory()
    tournament = TournamentFactory(format=fmt, created_by=organiser, judges=judges, status="running")
    players = [UserFactory(username=u) for u in usernames]
    regs = []
    for player, deck in zip(players, locked):
        deck_version = make_deck(player, fmt, deck_text(deck)).latest_version()
        regs.append(
            Registration.objects.create(
                tournament=tournament,
                player=player,
                deck_version=deck_version,
                locked_at=timezone.now(),
                locked_decklist=deck_text(deck),
                locked_hash="x" * 64,
            )
        )
    match = Match.objects.create(
        tournament=tournament,
        player_a=players[0],
        player_b=players[1],
        registration_a=regs[0],
        registration_b=regs[1],
        best_of=1,
        status=Match.Status.DISPUTED,
    )
    import hashlib

    log = GameLog.objects.create(
        sha256=hashlib.sha256(raw).hexdigest(),
        content=raw.decode(),
        size=len(raw),
        signed=True,
        source=GameLog.Source.REFEREED,
    )
    game = MatchGame.objects.create(match=match, number=1, log=log)
    return tournament, match, game, organiser
