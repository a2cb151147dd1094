"""The judge's floor over the API (issue 27): call, queue, claim, escalate, resolve, round health; refusals in
the one envelope (400 located, 403, 404, 409), nothing half-saved."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches.models import JudgeCall
from tests.matches.factories import event_floor, make_judge_call

pytestmark = pytest.mark.django_db


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_player_calls_a_judge_over_the_api_and_a_judge_reads_the_queue():
    tournament, _, (judge, _), _, rnd = event_floor()
    match = rnd.matches.get(table=1)
    made = api_for(match.player_a).post(
        "/api/calls", {"kind": "match", "table": match.pk, "reason": "dice"}, format="json"
    )
    assert made.status_code == 201 and made.json()["table"] == 1 and made.json()["status"] == "open"
    queue = api_for(judge).get(f"/api/tournaments/{tournament.pk}/calls").json()
    assert [(c["table"], c["reason"], c["can_take"]) for c in queue["waiting"]] == [(1, "dice", True)]
    assert queue["waiting"][0]["waited_seconds"] >= 0


def test_claim_escalate_and_resolve_over_the_api():
    _, organiser, (judge, _), _, rnd = event_floor()
    call = make_judge_call(rnd)
    claimed = api_for(judge).post(f"/api/calls/{call.pk}/claim").json()
    assert claimed["status"] == "claimed" and claimed["claimed_by"] == judge.username and claimed["mine"]
    escalated = api_for(judge).post(f"/api/calls/{call.pk}/escalate", {"reason": "ruling"}, format="json").json()
    assert escalated["status"] == "escalated" and escalated["escalated"]
    head = api_for(organiser)
    head.post(f"/api/calls/{call.pk}/claim")
    resolved = head.post(f"/api/calls/{call.pk}/resolve", {"note": "Warning."}, format="json").json()
    assert (resolved["status"], resolved["note"], resolved["resolved_by"]) == (
        "resolved",
        "Warning.",
        organiser.username,
    )


def test_the_caller_reads_his_call_and_nobody_else_but_the_judges_may():
    _, _, (judge, _), players, rnd = event_floor()
    call = make_judge_call(rnd)
    assert api_for(call.caller).get(f"/api/calls/{call.pk}").json()["pk"] == call.pk
    assert api_for(judge).get(f"/api/calls/{call.pk}").status_code == 200
    stranger = next(p for p in players if not call.match.involves(p))
    assert api_for(stranger).get(f"/api/calls/{call.pk}").status_code == 404


def test_api_refusals_are_the_one_envelope_and_save_nothing():
    _, _, (first, second), players, rnd = event_floor()
    match = rnd.matches.get(table=1)
    bad = api_for(match.player_a).post("/api/calls", {"kind": "chair", "table": 0}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "invalid"
    assert set(bad.json()["error"]["params"]["fields"]) == {"kind", "table"}
    stranger = next(p for p in players if not match.involves(p))
    refused = api_for(stranger).post("/api/calls", {"kind": "match", "table": match.pk}, format="json")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "call.not_player"
    assert not JudgeCall.objects.exists()
    call = make_judge_call(rnd)
    api_for(first).post(f"/api/calls/{call.pk}/claim")
    taken = api_for(second).post(f"/api/calls/{call.pk}/claim")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "call.taken"
    no_note = api_for(first).post(f"/api/calls/{call.pk}/resolve", {"note": ""}, format="json")
    assert no_note.status_code == 400 and "note" in no_note.json()["error"]["params"]["fields"]
    assert JudgeCall.objects.get(pk=call.pk).status == "claimed"


def test_round_health_over_the_api_for_judges_only():
    tournament, _, (judge, _), players, rnd = event_floor()
    make_judge_call(rnd, table=2)
    health = api_for(judge).get(f"/api/tournaments/{tournament.pk}/rounds/1/health").json()
    assert health["round"] == 1 and [t["table"] for t in health["tables"]] == [1, 2]
    assert health["tables"][1]["call"]["status"] == "open" and health["counts"]["calls"] == 1
    denied = api_for(players[0]).get(f"/api/tournaments/{tournament.pk}/rounds/1/health")
    assert denied.status_code == 403 and denied.json()["error"]["code"] == "call.not_judge"
