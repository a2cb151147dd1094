"""A refereed match's life: started against a bot, challenged and accepted (or withdrawn), started from a
tournament pairing, conceded. Each ``do_*`` verb runs in one transaction and writes its audit record.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from decks.models import Card, DeckVersion
from engine.game.players import INTERACTIVE as BOTS
from junling.errors import NotAllowed
from junling.models import record
from matches.access import access_player, access_seat, seat_of
from matches.models import Match, RefereedGame, RefereedMatch
from matches.services.play import cache, clock, referee
from matches.services.play.errors import ActionRefused, PlayRefused

BEST_OF = (1, 3)
"""A refereed match is best of 1 or best of 3."""


def check_playable(version: DeckVersion) -> None:
    """Refuse a deck the referee cannot play: illegal, or holding cards marked unsupported (named)."""
    if not version.legal:
        raise PlayRefused(
            _("The deck %(deck)s is not legal: fix it before playing a refereed match.") % {"deck": version},
            code="play.deck_illegal",
            params={"deck": version.pk},
        )
    resource, pool, _factions = referee.engine_deck(version)
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
            % {"deck": version, "cards": ", ".join(unsupported)},
            code="play.deck_unsupported",
            params={"deck": version.pk, "cards": unsupported},
        )


def _check_same_database(a: DeckVersion, b: DeckVersion) -> None:
    if a.card_database_version_id != b.card_database_version_id:
        raise PlayRefused(
            _("Both decks must use the same card database version (%(a)s and %(b)s differ).")
            % {"a": a.card_database_version, "b": b.card_database_version},
            code="play.database_mismatch",
        )


def _own_version(user: Any, version: DeckVersion) -> DeckVersion:
    if version.deck.owner_id != getattr(user, "pk", None):
        raise PlayRefused(_("You can only play with your own decks."), code="play.not_own_deck")
    return version


def _check_best_of(best_of: int) -> None:
    if best_of not in BEST_OF:
        raise PlayRefused(_("A match is best of 1 or best of 3."), code="play.best_of")


def do_start_bot_match(
    user: Any,
    deck_version: DeckVersion,
    bot: str,
    *,
    best_of: int = 1,
    bot_deck: DeckVersion | None = None,
    clock_total: int | None = None,
    clock_increment: int = 0,
) -> Match:
    """A match of ``user`` (seat 0) against a bot (``players.INTERACTIVE``), which plays ``bot_deck``
    (default: a mirror), with a time control if given (the bot's clock runs while its task thinks)."""
    access_player(user)
    if bot not in BOTS:
        raise PlayRefused(
            _("Unknown bot %(bot)r: choose %(bots)s.") % {"bot": bot, "bots": ", ".join(BOTS)}, code="play.unknown_bot"
        )
    _check_best_of(best_of)
    clock.check_control(clock_total, clock_increment)
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
            clock_total=clock_total,
            clock_increment=clock_increment if clock_total is not None else 0,
        )
        referee.start_game(refereed, 1)
        record(
            user,
            "match.play.bot",
            match,
            bot=bot,
            deck=deck_version.pk,
            bot_deck=bot_deck.pk,
            clock=[clock_total, clock_increment],
        )
    return match


def do_challenge(
    user: Any,
    opponent: Any,
    deck_version: DeckVersion,
    *,
    best_of: int = 1,
    clock_total: int | None = None,
    clock_increment: int = 0,
) -> Match:
    """``user`` challenges ``opponent`` to a refereed match with ``deck_version`` (and a time control, if
    given); it starts when accepted. The challenged player sees it in his notices (the lobby)."""
    access_player(user)
    if opponent is None or opponent.pk == user.pk:
        raise PlayRefused(_("Choose another player to challenge."), code="play.no_opponent")
    _check_best_of(best_of)
    clock.check_control(clock_total, clock_increment)
    check_playable(_own_version(user, deck_version))
    with transaction.atomic():
        match = Match.objects.create(player_a=user, player_b=opponent, best_of=best_of, status=Match.Status.PENDING)
        RefereedMatch.objects.create(
            match=match,
            database_version=deck_version.card_database_version,
            deck_a=deck_version,
            created_by=user,
            format=deck_version.deck.format,
            clock_total=clock_total,
            clock_increment=clock_increment if clock_total is not None else 0,
        )
        record(
            user,
            "match.play.challenge",
            match,
            opponent=opponent.pk,
            deck=deck_version.pk,
            clock=[clock_total, clock_increment],
        )
    return match


def do_accept_challenge(user: Any, match: Match, deck_version: DeckVersion) -> Match:
    """The challenged player accepts with ``deck_version`` (same card database): game 1 starts."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        refereed = RefereedMatch.objects.filter(match=match).first()
        if refereed is None or seat_of(match, user) != 1:
            raise NotAllowed(_("Only the challenged player may accept this challenge."), code="play.not_challenged")
        if match.status != Match.Status.PENDING or refereed.deck_b_id is not None:
            raise PlayRefused(_("This challenge was already accepted."), code="play.already_accepted")
        check_playable(_own_version(user, deck_version))
        _check_same_database(refereed.deck_a, deck_version)
        refereed.deck_b = deck_version
        refereed.save(update_fields=["deck_b"])
        match.status = Match.Status.PLAYING
        match.save(update_fields=["status"])
        referee.start_game(refereed, 1)
        record(user, "match.play.accept", match, deck=deck_version.pk)
    return match


def do_withdraw_challenge(user: Any, match: Match) -> None:
    """The challenger withdraws, or the challenged player declines, a challenge not accepted yet (it is deleted)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        refereed = RefereedMatch.objects.filter(match=match).first()
        if refereed is None or seat_of(match, user) is None:
            raise NotAllowed(_("Only the two players may withdraw or decline a challenge."), code="play.not_seated")
        if match.status != Match.Status.PENDING or refereed.deck_b_id is not None:
            raise PlayRefused(_("This challenge was accepted: concede instead."), code="play.accepted")
        record(user, "match.play.withdraw", match, player_a=match.player_a_id, player_b=match.player_b_id)
        match.delete()


def do_start_refereed_match(match: Match, actor: Any) -> Match:
    """A tournament match between two registrations, played refereed: either player starts it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if not match.involves(actor):
            raise NotAllowed(_("Only the two players of a match may start it."), code="play.not_seated")
        if RefereedMatch.objects.filter(match=match).exists():
            return match
        if match.registration_a is None or match.registration_b is None or match.player_b_id is None:
            raise PlayRefused(_("Only a match between two registered decks can be refereed."), code="play.no_decks")
        if match.status not in (Match.Status.PENDING, Match.Status.PLAYING):
            raise PlayRefused(_("This match already has a result."), code="play.has_result")
        a, b = match.registration_a.deck_version, match.registration_b.deck_version
        assert a is not None and b is not None  # registrations of an event with cards have decks
        check_playable(a)
        check_playable(b)
        _check_same_database(a, b)
        tournament = match.tournament
        refereed = RefereedMatch.objects.create(
            match=match,
            database_version=a.card_database_version,
            deck_a=a,
            deck_b=b,
            created_by=actor,
            # The tournament's time control, if it has one.
            clock_total=tournament.clock_total if tournament else None,
            clock_increment=tournament.clock_increment if tournament and tournament.clock_total else 0,
        )
        match.status = Match.Status.PLAYING
        match.save(update_fields=["status"])
        referee.start_game(refereed, 1)
        record(actor, "match.play.start", match)
    return match


def do_concede(match: Match, user: Any) -> RefereedGame:
    """The user concedes the current game (the opponent wins it)."""
    seat = access_seat(match, user)
    with transaction.atomic():
        row = cache.current_game(match)
        if row is None:
            raise ActionRefused(
                _("This match has not started yet: the challenge waits for the opponent's deck."),
                code="play.not_started",
            )
        row = cache.locked_game(row.pk)
        if row.finished_at is not None:
            raise ActionRefused(_("This game is over."), stale=True, code="play.game_over")
        row.conceded_by = seat
        referee.finish_game(
            row, {"winner": 1 - seat, "termination": referee.CONCESSION, "reason": f"player {seat} conceded"}
        )
        referee.save(row)
        record(user, "match.play.concede", match, game=row.number)
    return row
