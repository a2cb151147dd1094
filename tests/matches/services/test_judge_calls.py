"""Judge calls (issue 27): a player calls a judge to his table; a judge claims, escalates to a head judge (the
event's organisers), resolves with a note; every step audited; who may do what is matches.access."""

from __future__ import annotations

import pytest

from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.models import JudgeCall, Round
from matches.services.judge_calls import (
    CallRefused,
    do_call_judge,
    do_claim_call,
    do_escalate_call,
    do_resolve_call,
)
from matches.services.rounds import pair_next_round, publish_round
from tests.matches.factories import UserFactory, event_floor, make_judge_call, pod_event

pytestmark = pytest.mark.django_db


def test_a_player_at_his_table_calls_a_judge_and_the_call_waits_for_one():
    _, _, _, _, rnd = event_floor()
    match = rnd.matches.get(table=1)
    call = do_call_judge(match.player_b, match, "  he drew two cards  ")
    assert (call.status, call.table, call.match_id, call.caller_id) == ("open", 1, match.pk, match.player_b_id)
    assert call.reason == "he drew two cards"
    assert AuditEvent.objects.filter(verb="judge_call.open", target_id=str(call.pk)).count() == 1


def test_the_other_player_pressing_call_again_gets_the_same_waiting_call():
    _, _, _, _, rnd = event_floor()
    match = rnd.matches.get(table=1)
    first = do_call_judge(match.player_a, match)
    again = do_call_judge(match.player_b, match, "me too")
    assert again.pk == first.pk and JudgeCall.objects.count() == 1


def test_a_player_of_another_table_may_not_call_a_judge_to_this_one():
    _, _, _, players, rnd = event_floor()
    match = rnd.matches.get(table=1)
    stranger = next(p for p in players if not match.involves(p))
    with pytest.raises(NotAllowed) as refused:
        do_call_judge(stranger, match)
    assert refused.value.code == "call.not_player" and not JudgeCall.objects.exists()


def test_no_call_from_a_finished_round():
    _, _, _, _, rnd = event_floor()
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)
    match = rnd.matches.get(table=1)
    match.round.refresh_from_db()
    with pytest.raises(NotAllowed):
        do_call_judge(match.player_a, match)


def test_a_reason_longer_than_200_characters_is_refused_and_nothing_is_saved():
    _, _, _, _, rnd = event_floor()
    match = rnd.matches.get(table=1)
    with pytest.raises(CallRefused) as refused:
        do_call_judge(match.player_a, match, "x" * 201)
    assert refused.value.code == "call.reason_too_long" and refused.value.params["field"] == "reason"
    assert not JudgeCall.objects.exists()


def test_a_judge_claims_a_call_and_a_second_judge_is_told_who_is_on_it():
    _, _, (first, second), _, rnd = event_floor()
    call = make_judge_call(rnd)
    claimed = do_claim_call(first, call)
    assert (claimed.status, claimed.claimed_by_id) == ("claimed", first.pk) and claimed.claimed_at is not None
    with pytest.raises(CallRefused) as refused:
        do_claim_call(second, call)
    assert refused.value.code == "call.taken" and refused.value.status == 409
    assert first.username in refused.value.message
    assert JudgeCall.objects.get(pk=call.pk).claimed_by_id == first.pk


def test_a_head_judge_takes_over_a_call_another_judge_holds():
    _, organiser, (judge, _), _, rnd = event_floor()
    call = do_claim_call(judge, make_judge_call(rnd))
    taken = do_claim_call(organiser, call)
    assert taken.claimed_by_id == organiser.pk
    assert AuditEvent.objects.get(verb="judge_call.claim", actor=organiser).data["before"] == judge.pk


def test_a_player_may_not_claim_a_call():
    _, _, _, _, rnd = event_floor()
    call = make_judge_call(rnd)
    with pytest.raises(NotAllowed) as refused:
        do_claim_call(call.match.player_b, call)
    assert refused.value.code == "call.not_judge"


def test_an_escalated_call_waits_for_a_head_judge_and_no_other_judge_may_take_it():
    _, organiser, (first, second), _, rnd = event_floor()
    call = do_escalate_call(first, do_claim_call(first, make_judge_call(rnd)), "a ruling on §3.6.5")
    assert (call.status, call.escalated, call.claimed_by_id) == ("escalated", True, None)
    for judge in (first, second):
        with pytest.raises(NotAllowed) as refused:
            do_claim_call(judge, call)
        assert refused.value.code == "call.head_judge_only"
    head = do_claim_call(organiser, call)
    assert (head.status, head.claimed_by_id, head.escalated) == ("claimed", organiser.pk, True)
    with pytest.raises(CallRefused) as again:
        do_escalate_call(organiser, head)
    assert again.value.code == "call.escalated"


def test_resolving_needs_a_note_and_nothing_changes_without_one():
    _, _, (judge, _), _, rnd = event_floor()
    call = do_claim_call(judge, make_judge_call(rnd))
    with pytest.raises(CallRefused) as refused:
        do_resolve_call(judge, call, "   ")
    assert refused.value.code == "call.note_missing" and refused.value.params == {"field": "note"}
    assert JudgeCall.objects.get(pk=call.pk).status == "claimed"


def test_only_the_judge_on_the_call_resolves_it_and_the_note_is_kept():
    _, _, (first, second), _, rnd = event_floor()
    call = do_claim_call(first, make_judge_call(rnd))
    with pytest.raises(CallRefused) as refused:
        do_resolve_call(second, call, "done")
    assert refused.value.code == "call.not_claimed"
    resolved = do_resolve_call(first, call, "Game loss for player B: drew extra cards (§2.2.5).")
    assert (resolved.status, resolved.resolved_by_id) == ("resolved", first.pk)
    assert resolved.note.startswith("Game loss") and resolved.resolved_at is not None


def test_a_resolved_call_takes_no_further_step_and_the_table_may_call_again():
    _, _, (judge, _), _, rnd = event_floor()
    call = do_resolve_call(judge, do_claim_call(judge, make_judge_call(rnd)), "settled")
    for step in (lambda: do_claim_call(judge, call), lambda: do_escalate_call(judge, call)):
        with pytest.raises(CallRefused) as refused:
            step()
        assert refused.value.code == "call.resolved"
    again = make_judge_call(rnd)
    assert again.pk != call.pk and again.status == "open"


def test_every_step_of_a_call_is_one_audit_record():
    _, organiser, (judge, _), _, rnd = event_floor()
    call = make_judge_call(rnd)
    do_claim_call(judge, call)
    do_escalate_call(judge, call, "needs the head judge")
    do_claim_call(organiser, call)
    do_resolve_call(organiser, call, "warning")
    verbs = list(
        AuditEvent.objects.filter(target_id=str(call.pk), verb__startswith="judge_call.")
        .order_by("id")
        .values_list("verb", flat=True)
    )
    assert verbs == [
        "judge_call.open",
        "judge_call.claim",
        "judge_call.escalate",
        "judge_call.claim",
        "judge_call.resolve",
    ]


def test_a_player_of_a_pod_calls_a_judge_to_his_pod():
    tournament, organiser, _ = pod_event(4)
    rnd = publish_round(pair_next_round(tournament, organiser), organiser)
    pod = rnd.pods.first()
    seated = pod.seats.first().player
    call = do_call_judge(seated, pod)
    assert (call.pod_id, call.match_id, call.table) == (pod.pk, None, pod.table)
    with pytest.raises(NotAllowed):
        do_call_judge(UserFactory(), pod)
