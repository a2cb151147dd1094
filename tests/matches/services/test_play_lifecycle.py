"""Refereed matches (issue 7): starting, challenging, accepting, conceding, a game's end and the match result."""

from __future__ import annotations

import pytest

from engine.game import Phase
from engine.replay.verdict import adjudicate
from matches.models import GameLog, Match, RefereedEntry, RefereedGame
from matches.services.play import acting, cache, lifecycle, referee
from matches.services.play.errors import ActionRefused, PlayRefused
from tests.decks.factories import make_card_database_version, make_deck, make_format
from tests.matches.test_play_factories import human_match, quick_cards, state_of, to_act, winning_step

pytestmark = pytest.mark.django_db


def play_until_match_over(match: Match, setup, limit: int = 200) -> None:
    for _ in range(limit):
        match.refresh_from_db()
        if match.is_finished:
            return
        state, user = to_act(match, setup)
        acting.do_act(match, user, winning_step(state, state.current_player()), step=cache.current_game(match).steps)
    raise AssertionError("the match did not end")


def test_accepting_a_challenge_starts_game_one_with_a_secret_seed_and_stored_entries(setup):
    match = human_match(setup)
    row = cache.current_game(match)
    assert match.status == Match.Status.PLAYING and row.number == 1
    # coin flip (G1) and both opening hands are applied at once and stored
    assert row.steps == RefereedEntry.objects.filter(game=row).count() >= 11
    assert state_of(match).phase is Phase.MAIN


def test_a_refereed_game_ends_by_depletion_records_the_result_and_stores_a_signed_log(setup):
    match = human_match(setup)
    play_until_match_over(match, setup)
    match.refresh_from_db()
    assert match.result_source == Match.Source.REFEREED and match.games_won_a + match.games_won_b == 1
    game = match.games.get()
    assert game.log is not None and game.log.signed and game.log.source == GameLog.Source.REFEREED
    assert "§1.4 2)" in game.reason or "deplet" in game.reason.lower() or "RESOURCE" in game.reason
    verdict = adjudicate(game.log.content, db=match.refereed.database_version.to_engine(), key=referee.signing_key())
    assert verdict.ok and verdict.signature == "valid" and verdict.seed == "matches"
    assert RefereedGame.objects.get(match_game=game).log == game.log


def test_concede_gives_the_game_to_the_opponent_and_ends_a_best_of_one(setup):
    match = human_match(setup)
    lifecycle.do_concede(match, setup[1])
    match.refresh_from_db()
    assert match.is_finished and (match.games_won_a, match.games_won_b) == (0, 1)
    assert "conceded" in match.games.get().reason
    with pytest.raises(ActionRefused):
        lifecycle.do_concede(match, setup[2])


def test_a_best_of_three_starts_game_two_after_game_one(setup):
    match = human_match(setup, best_of=3)
    lifecycle.do_concede(match, setup[1])
    match.refresh_from_db()
    assert not match.is_finished and cache.current_game(match).number == 2
    lifecycle.do_concede(match, setup[1])
    match.refresh_from_db()
    assert match.is_finished and match.games_won_b == 2 and match.games.count() == 2


def test_a_deck_with_an_unsupported_card_is_refused_naming_the_card(setup):
    fmt, alice, _bob, _deck_a, _deck_b = setup
    from tests.matches.test_play_factories import SHU, deck_text

    version = make_deck(alice, fmt, deck_text(SHU[:13], "蜀", "3 妖术"), name="with sorcery").latest_version()
    assert version.legal
    with pytest.raises(PlayRefused, match="妖术"):
        lifecycle.do_start_bot_match(alice, version, "random")


def test_a_deck_of_another_card_database_is_refused(setup):
    _fmt, alice, bob, deck_a, _deck_b = setup
    other = make_format([make_card_database_version(quick_cards(unsupported="x"), name="other-db", version="2")])
    from tests.matches.test_play_factories import WEI, deck_text

    version = make_deck(bob, other, deck_text(WEI, "魏")).latest_version()
    match = lifecycle.do_challenge(alice, bob, deck_a)
    with pytest.raises(PlayRefused, match="same card database"):
        lifecycle.do_accept_challenge(bob, match, version)


def test_a_result_the_tournament_refuses_leaves_the_game_and_its_log_for_an_organiser(setup):
    """An organiser entered the result while the game ran: the refereed result is refused, nothing fails."""
    from junling.models import AuditEvent

    match = human_match(setup)
    Match.objects.filter(pk=match.pk).update(
        status=Match.Status.FINISHED, result_source=Match.Source.ORGANISER, games_won_a=1
    )
    lifecycle.do_concede(match, setup[1])
    match.refresh_from_db()
    assert match.result_source == Match.Source.ORGANISER and match.games_won_a == 1
    assert cache.current_game(match).log is not None and cache.current_game(match).is_over
    assert AuditEvent.objects.filter(verb="match.play.result_refused").exists()


def test_a_card_marked_unsupported_in_the_stored_cards_refuses_the_deck_too(setup):
    """Card.unsupported set on the site's stored card (not in the engine's copy) is enough to refuse."""
    from decks.models import Card

    _fmt, alice, _bob, deck_a, _deck_b = setup
    from tests.matches.test_play_factories import SHU

    Card.objects.create(
        version=deck_a.card_database_version, name=SHU[0], type="人", lookup_key=SHU[0], unsupported="a text"
    )
    with pytest.raises(PlayRefused, match=SHU[0]):
        lifecycle.do_start_bot_match(alice, deck_a, "random")


def test_a_match_game_keeps_why_it_ended_as_the_engines_message_beside_the_english(setup):
    match = human_match(setup)
    play_until_match_over(match, setup)
    game = match.games.get()
    outcome = RefereedGame.objects.get(match_game=game).outcome
    assert game.said == {"code": outcome["message"][0], "params": outcome["message"][1]}
    assert game.said["code"].startswith("termination.")


def test_a_conceded_match_game_keeps_the_concession_as_a_message_naming_the_seat(setup):
    match = human_match(setup)
    lifecycle.do_concede(match, setup[1])
    game = match.games.get()
    assert game.said == {"code": "termination.concession", "params": {"player": {"seat": 0}}}
