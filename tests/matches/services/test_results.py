"""Result services: both players report (agree -> finished, disagree -> disputed for a judge), refereed results,
organiser overrides with an audit trail, impossible games refused."""

from __future__ import annotations

import pytest

from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.models import GameLog, Match, MatchGame, Round
from matches.services import rounds as round_services
from matches.services.results import (
    GameOutcome,
    ResultRefused,
    override_result,
    record_refereed_result,
    report_result,
    resolve_dispute,
)
from tests.matches.factories import UserFactory, running_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    judge = UserFactory()
    tournament, organiser, players = running_tournament(2, rounds=2)
    tournament.judges.add(judge)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    match = rnd.matches.get()
    a = players[0] if match.player_a_id == players[0].pk else players[1]
    b = players[1] if a is players[0] else players[0]
    return tournament, organiser, judge, match, a, b


def test_one_report_marks_the_match_reported_and_the_same_report_from_both_finishes_it(setup):
    _t, _o, _j, match, a, b = setup
    assert report_result(match, a, 2, 1).status == Match.Status.REPORTED
    finished = report_result(match, b, 2, 1)
    assert finished.status == Match.Status.FINISHED and finished.result_source == Match.Source.REPORTED
    assert (finished.games_won_a, finished.games_won_b) == (2, 1)
    assert Round.objects.get(pk=match.round_id).status == Round.Status.FINISHED


def test_different_reports_make_the_match_disputed_and_a_judge_resolves_it(setup):
    _t, _o, judge, match, a, b = setup
    report_result(match, a, 2, 0)
    disputed = report_result(match, b, 0, 2)
    assert disputed.status == Match.Status.DISPUTED
    with pytest.raises(ResultRefused, match="disputed"):
        report_result(match, a, 2, 0)
    resolved = resolve_dispute(match, judge, 2, 1, note="saw the game")
    assert resolved.status == Match.Status.FINISHED and resolved.result_source == Match.Source.JUDGE
    event = AuditEvent.objects.get(verb="match.resolve", target_id=str(match.pk))
    assert event.actor == judge and sorted(event.data["reports"].values()) == [[0, 2, 0], [2, 0, 0]]


def test_a_player_cannot_resolve_a_dispute(setup):
    _t, _o, _j, match, a, b = setup
    report_result(match, a, 2, 0)
    report_result(match, b, 0, 2)
    with pytest.raises(NotAllowed):
        resolve_dispute(match, a, 2, 0)


def test_someone_outside_the_match_cannot_report_it(setup):
    _t, _o, _j, match, _a, _b = setup
    with pytest.raises(NotAllowed):
        report_result(match, UserFactory(), 2, 0)


@pytest.mark.parametrize(
    "games",
    [(3, 0, 0), (2, 2, 0), (-1, 2, 0), ("x", 0, 0), (True, 0, 0), (2, 0, 4), ("99999999999999999999", 0, 0)],
)
def test_impossible_games_for_a_best_of_three_are_refused_with_nothing_saved(setup, games):
    _t, _o, _j, match, a, _b = setup
    with pytest.raises(ResultRefused):
        report_result(match, a, *games)
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING and not match.reports.exists()


def test_organiser_override_replaces_a_finished_result_and_the_audit_keeps_the_old_one(setup):
    _t, organiser, _j, match, a, b = setup
    report_result(match, a, 2, 0)
    report_result(match, b, 2, 0)
    overridden = override_result(match, organiser, 0, 2, reason="slip signed wrongly")
    assert (overridden.games_won_a, overridden.games_won_b) == (0, 2)
    assert overridden.result_source == Match.Source.ORGANISER
    event = AuditEvent.objects.get(verb="match.override", target_id=str(match.pk))
    assert event.data["before"][:3] == [2, 0, 0] and event.data["reason"] == "slip signed wrongly"


def test_a_player_cannot_override(setup):
    _t, _o, _j, match, a, _b = setup
    with pytest.raises(NotAllowed):
        override_result(match, a, 2, 0)


def test_a_draft_round_takes_no_result():
    tournament, organiser, players = running_tournament(2)
    match = round_services.pair_next_round(tournament, organiser).matches.get()
    with pytest.raises(ResultRefused, match="not published"):
        report_result(match, players[0], 2, 0)


def test_a_refereed_result_stores_each_game_with_its_log(setup):
    _t, _o, _j, match, _a, _b = setup
    log = GameLog.objects.create(sha256="ab" * 32, content="{}", size=2, source=GameLog.Source.REFEREED)
    record_refereed_result(match, [GameOutcome("a", "capture", log), GameOutcome("b", "time"), GameOutcome("a")])
    match.refresh_from_db()
    assert (match.games_won_a, match.games_won_b, match.result_source) == (2, 1, Match.Source.REFEREED)
    assert list(MatchGame.objects.filter(match=match).values_list("number", "winner")) == [(1, "a"), (2, "b"), (3, "a")]
    assert MatchGame.objects.get(match=match, number=1).log == log


def test_a_refereed_result_that_does_not_end_the_match_is_refused(setup):
    _t, _o, _j, match, _a, _b = setup
    with pytest.raises(ResultRefused, match="not over"):
        record_refereed_result(match, [GameOutcome("a")])
    assert not MatchGame.objects.filter(match=match).exists()
