"""Issue 13, the judge: a ruling that changes a game recomputes the match; undecided, a judge decides it or has a
game replayed, and the standings follow."""

from __future__ import annotations

import pytest

from junling.models import AuditEvent
from matches.models import Match, MatchGame, Round
from matches.services import adjudication as services
from matches.services.results import ResultRefused, order_replay, report_result, resolve_dispute
from tests.matches.adjudication_support import recorded_log, tournament_game
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db


def _two_nil(judge):
    """A best-of-3 match finished 2–0 for A in a published round, both games with a log."""
    tournament, match, game, organiser = tournament_game(recorded_log(27), judges=[judge])
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.FINISHED)
    MatchGame.objects.filter(pk=game.pk).update(winner="a")
    second = MatchGame.objects.create(match=match, number=2, log=game.log, winner="a")
    Match.objects.filter(pk=match.pk).update(
        round=rnd, best_of=3, status=Match.Status.FINISHED, games_won_a=2, games_won_b=0, result_source="reported"
    )
    match.refresh_from_db()
    return tournament, match, second, organiser


def test_a_ruling_from_2_0_to_1_1_reopens_the_match_and_its_round(done):
    judge = UserFactory()
    _tournament, match, second, organiser = _two_nil(judge)
    adjudication = done(services.adjudicate_game, organiser, second)
    done(services.record_ruling, adjudication, organiser, winner="b", reason="game 2: B's attack was legal")
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED and (match.games_won_a, match.games_won_b) == (1, 1)
    assert match.finished_at is None
    assert match.round.status == Round.Status.PUBLISHED  # the round waits for this match again
    assert AuditEvent.objects.filter(verb="match.reopen", target_id=str(match.pk)).exists()
    # The judge decides it (game 3 to A): finished 2–1, the round finishes again.
    resolve_dispute(match, judge, 2, 1, note="game 3 played in front of the judge")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and (match.games_won_a, match.games_won_b) == (2, 1)
    assert Round.objects.get(pk=match.round_id).status == Round.Status.FINISHED


def test_a_judge_has_a_game_replayed_and_the_players_report_again(done):
    judge = UserFactory()
    _tournament, match, second, organiser = _two_nil(judge)
    adjudication = done(services.adjudicate_game, organiser, second)
    done(services.record_ruling, adjudication, organiser, winner="b", reason="game 2 to B")
    with pytest.raises(Exception):  # noqa: B017 (a player cannot order a replay: NotAllowed)
        order_replay(match, match.player_a)
    order_replay(match, judge, note="play game 3")
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING
    report_result(match, match.player_a, 2, 1)
    report_result(match, match.player_b, 2, 1)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and (match.games_won_a, match.games_won_b) == (2, 1)
    with pytest.raises(ResultRefused):
        order_replay(match, judge)  # not disputed any more


def test_the_judge_page_offers_decide_and_replay(client, done):
    judge = UserFactory()
    tournament, match, second, organiser = _two_nil(judge)
    adjudication = done(services.adjudicate_game, organiser, second)
    done(services.record_ruling, adjudication, organiser, winner="b", reason="game 2 to B")
    client.force_login(judge)
    page = client.get(f"/tournaments/{tournament.pk}/judge", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"/matches/{match.pk}/replay" in page and "1–1–0" in page
    assert client.post(f"/matches/{match.pk}/replay", {"note": "again"}).status_code == 302
    assert Match.objects.get(pk=match.pk).status == Match.Status.PENDING
