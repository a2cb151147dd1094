"""The judge's floor as shown (issue 27): the queue by waiting time with each wait, the round health view by
table number, a player's own call box."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from matches.models import JudgeCall, Match
from matches.presenters import floor
from matches.services.judge_calls import do_claim_call, do_escalate_call, do_resolve_call
from matches.services.results import report_result
from tests.matches.factories import event_floor, make_judge_call

pytestmark = pytest.mark.django_db


def _aged(call: JudgeCall, minutes: int) -> None:
    JudgeCall.objects.filter(pk=call.pk).update(created_at=timezone.now() - datetime.timedelta(minutes=minutes))


def test_the_queue_puts_the_longest_wait_first_and_says_each_wait():
    tournament, _, (judge, _), _, rnd = event_floor(6)
    newer, older = make_judge_call(rnd, table=1), make_judge_call(rnd, table=2)
    _aged(newer, 2)
    _aged(older, 7)
    queue = floor.call_queue(judge, tournament, timezone.now())
    assert [r["table"] for r in queue["waiting"]] == [2, 1]
    assert [r["waited"] for r in queue["waiting"]] == ["7 min", "2 min"]
    assert all(r["can_take"] for r in queue["waiting"]) and not queue["is_head_judge"]


def test_the_queue_shows_who_is_on_a_call_and_lists_resolved_calls_apart():
    tournament, _, (first, second), _, rnd = event_floor(6)
    do_claim_call(first, make_judge_call(rnd, table=1))
    do_resolve_call(second, do_claim_call(second, make_judge_call(rnd, table=2)), "Warning for slow play.")
    queue = floor.call_queue(second, tournament, timezone.now())
    (waiting,) = queue["waiting"]
    assert (waiting["table"], waiting["claimed_by"], waiting["mine"]) == (1, first.username, False)
    assert [(r["table"], r["note"], r["resolved_by"]) for r in queue["resolved"]] == [
        (2, "Warning for slow play.", second.username)
    ]


def test_an_escalated_call_can_be_taken_by_a_head_judge_only():
    tournament, organiser, (judge, _), _, rnd = event_floor()
    do_escalate_call(judge, do_claim_call(judge, make_judge_call(rnd)))
    assert not floor.call_queue(judge, tournament, timezone.now())["waiting"][0]["can_take"]
    head = floor.call_queue(organiser, tournament, timezone.now())
    assert head["is_head_judge"] and head["waiting"][0]["can_take"] and head["waiting"][0]["escalated"]


def test_the_head_judge_reads_who_passed_a_call_to_him_and_why():
    tournament, organiser, (judge, other), _, rnd = event_floor()
    do_escalate_call(judge, do_claim_call(judge, make_judge_call(rnd, table=1)), "a ruling on the deal (§3.3)")
    do_claim_call(other, make_judge_call(rnd, table=2))
    rows = {r["table"]: r for r in floor.call_queue(organiser, tournament, timezone.now())["waiting"]}
    assert (rows[1]["escalated_by"], rows[1]["escalation_reason"]) == (judge.username, "a ruling on the deal (§3.3)")
    assert (rows[2]["escalated_by"], rows[2]["escalation_reason"]) == ("", "")
    call = JudgeCall.objects.get(table=1)
    alone = floor.call_row(floor.calls_of(tournament).get(pk=call.pk), timezone.now(), organiser)  # the API's row
    assert alone["escalated_by"] == judge.username


def test_waits_read_in_seconds_minutes_and_hours():
    assert [floor.waited(s) for s in (0, 59, 60, 3599, 3600 + 5 * 60)] == [
        "0 s",
        "59 s",
        "1 min",
        "59 min",
        "1 h 5 min",
    ]


def test_round_health_lists_tables_by_number_with_missing_reported_and_finished_results():
    tournament, _organiser, (judge, _), _, rnd = event_floor(6)
    _one, two, three = rnd.matches.order_by("table")
    report_result(two, two.player_a, 2, 0)
    Match.objects.filter(pk=three.pk).update(status=Match.Status.FINISHED)
    do_claim_call(judge, make_judge_call(rnd, table=1))
    health = floor.round_health(tournament, rnd, timezone.now())
    assert [(r["table"], r["state"], r["open"]) for r in health["rows"]] == [
        (1, "missing", True),
        (2, "reported", True),
        (3, "finished", False),
    ]
    assert health["rows"][0]["call"]["judge"] == judge.username and health["rows"][1]["call"] is None
    assert health["counts"] == {"tables": 3, "open": 2, "missing": 1, "reported": 1, "disputed": 0, "calls": 1}


def test_round_health_counts_a_disputed_table_and_the_time_since_the_round_started():
    tournament, _, _, _, rnd = event_floor()
    rnd.published_at = timezone.now() - datetime.timedelta(minutes=25)
    rnd.save(update_fields=["published_at"])
    Match.objects.filter(round=rnd, table=1).update(status=Match.Status.DISPUTED)
    health = floor.round_health(tournament, rnd, timezone.now())
    assert health["counts"]["disputed"] == 1 and health["rows"][0]["state_label"] == "disputed"
    assert health["since_start"] == "25 min"


def test_a_players_call_box_follows_his_call_from_waiting_to_a_judge_coming_to_resolved():
    _, _, (judge, _), _players, rnd = event_floor()
    match = rnd.matches.get(table=1)
    now = timezone.now()
    assert floor.my_call(match.player_a, match, now)["can_call"]
    call = make_judge_call(rnd)
    box = floor.my_call(match.player_b, match, now)
    assert (box["call"]["status"], box["can_call"]) == ("open", False)
    do_claim_call(judge, call)
    assert floor.my_call(match.player_a, match, now)["call"]["judge"] == judge.username
    do_resolve_call(judge, call, "Play on.")
    box = floor.my_call(match.player_a, match, now)
    assert (box["call"]["note"], box["can_call"]) == ("Play on.", True)


def test_no_call_box_for_someone_not_at_the_table():
    _, _, (judge, _), players, rnd = event_floor()
    match = rnd.matches.get(table=1)
    stranger = next(p for p in players if not match.involves(p))
    assert floor.my_call(stranger, match, timezone.now()) is None
    assert floor.my_call(judge, match, timezone.now()) is None


def test_round_health_costs_the_same_few_queries_whatever_the_number_of_tables(django_assert_max_num_queries):
    tournament, _, (judge, _), _, rnd = event_floor(16)
    for table in (1, 5, 8):
        do_claim_call(judge, make_judge_call(rnd, table=table))
    with django_assert_max_num_queries(6):
        health = floor.round_health(tournament, rnd, timezone.now())
    assert len(health["rows"]) == 8 and health["counts"]["calls"] == 3
