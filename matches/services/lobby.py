"""The lobby: open challenges anyone may accept (in the challenger's format, with an optional time
control). Direct challenges to a named player are ``play.lifecycle.do_challenge``; both show in the
lobby (``matches.presenters.lobby``), a direct one as a notice to the challenged player.

Each ``do_*`` verb runs in one transaction and writes its audit record; an open challenge is
withdrawn with ``lifecycle.do_withdraw_challenge`` like any other.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from decks.models import DeckVersion
from junling.errors import NotAllowed
from junling.models import record
from matches.access import access_player, can_accept_open_challenge
from matches.models import Match, RefereedMatch
from matches.services.play import clock, lifecycle, referee
from matches.services.play.errors import PlayRefused


def do_open_challenge(
    user: Any,
    deck_version: DeckVersion,
    *,
    best_of: int = 1,
    clock_total: int | None = None,
    clock_increment: int = 0,
) -> Match:
    """``user`` opens a challenge in the lobby with ``deck_version``: anyone with a deck of its format may accept."""
    access_player(user)
    lifecycle._check_best_of(best_of)
    clock.check_control(clock_total, clock_increment)
    lifecycle.check_playable(lifecycle._own_version(user, deck_version))
    with transaction.atomic():
        match = Match.objects.create(player_a=user, best_of=best_of, status=Match.Status.PENDING)
        RefereedMatch.objects.create(
            match=match,
            database_version=deck_version.card_database_version,
            deck_a=deck_version,
            created_by=user,
            is_open=True,
            format=deck_version.deck.format,
            clock_total=clock_total,
            clock_increment=clock_increment if clock_total is not None else 0,
        )
        record(
            user, "match.lobby.open", match, deck=deck_version.pk, best_of=best_of, clock=[clock_total, clock_increment]
        )
    return match


def do_accept_open_challenge(user: Any, match: Match, deck_version: DeckVersion) -> Match:
    """``user`` takes an open challenge with ``deck_version`` (same format and card database): game 1 starts."""
    access_player(user)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        refereed = RefereedMatch.objects.select_related("format").filter(match=match).first()
        if refereed is None or not refereed.is_open or match.player_b_id is not None:
            raise PlayRefused(_("This challenge was already taken or withdrawn."), code="lobby.taken")
        if not can_accept_open_challenge(match, user):
            raise NotAllowed(_("You cannot accept your own challenge."), code="lobby.own")
        lifecycle.check_playable(lifecycle._own_version(user, deck_version))
        if refereed.format_id is not None and deck_version.deck.format_id != refereed.format_id:
            raise PlayRefused(
                _("This challenge is played in the format %(format)s: choose a deck of that format.")
                % {"format": refereed.format},
                code="lobby.format",
            )
        lifecycle._check_same_database(refereed.deck_a, deck_version)
        match.player_b = user
        match.status = Match.Status.PLAYING
        match.save(update_fields=["player_b", "status"])
        refereed.deck_b = deck_version
        refereed.is_open = False
        refereed.save(update_fields=["deck_b", "is_open"])
        referee.start_game(refereed, 1)
        record(user, "match.lobby.accept", match, deck=deck_version.pk)
    return match
