"""The judge's floor pages (issue 27): a player calls a judge from his round's page, the judges' queue and the
round health view (and their polled fragments), claim, escalate and resolve by form; bad input is a located
400 and saves nothing; players never see the queue."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import JudgeCall
from matches.services.judge_calls import do_claim_call
from tests.matches.factories import event_floor, make_judge_call

pytestmark = pytest.mark.django_db


def client_for(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def test_a_player_calls_a_judge_from_his_rounds_page_and_sees_it_waiting():
    tournament, _, _, _, rnd = event_floor()
    match = rnd.matches.get(table=1)
    page_url = f"/tournaments/{tournament.pk}/rounds/1/"
    client = client_for(match.player_a)
    page = client.get(page_url).content.decode()
    assert 'id="call-judge"' in page and f'name="table" value="{match.pk}"' in page
    response = client.post(
        "/calls/new", {"kind": "match", "table": match.pk, "reason": "a rules question", "next": page_url}
    )
    assert response.status_code == 302 and response["Location"] == page_url
    call = JudgeCall.objects.get()
    assert (call.match_id, call.reason, call.caller_id) == (match.pk, "a rules question", match.player_a_id)
    page = client.get(page_url).content.decode()
    assert "A judge is called to table 1" in page and 'id="call-judge"' not in page


def test_a_player_sees_the_judge_coming_in_his_polled_call_box_in_chinese():
    _, _, (judge, _), _, rnd = event_floor()
    call = make_judge_call(rnd)
    do_claim_call(judge, call)
    box = client_for(call.match.player_b, "zh-hans").get(f"/calls/mine?kind=match&table={call.match_id}")
    text = box.content.decode()
    assert box.status_code == 200 and 'data-alert="judge-coming-' in text
    assert "裁判正在赶来" in text and judge.username in text


def test_a_call_naming_no_table_is_a_400_that_says_which_field_and_saves_nothing():
    _, _, _, players, _ = event_floor()
    client = client_for(players[0])
    response = client.post("/calls/new", {"kind": "chair", "table": "x"})
    assert response.status_code == 400 and not JudgeCall.objects.exists()
    assert "table" in response.content.decode()
    assert client.get("/calls/mine?kind=match&table=-3").status_code == 400
    assert client.post("/calls/new", {"kind": "match", "table": 999999}).status_code == 404


def test_a_player_of_another_table_is_refused_with_403():
    _, _, _, players, rnd = event_floor()
    match = rnd.matches.get(table=1)
    stranger = next(p for p in players if not match.involves(p))
    response = client_for(stranger).post("/calls/new", {"kind": "match", "table": match.pk})
    assert response.status_code == 403 and not JudgeCall.objects.exists()


def test_the_judges_floor_shows_the_waiting_call_and_players_may_not_see_it():
    tournament, _, (judge, _), players, rnd = event_floor()
    make_judge_call(rnd, reason="dice fell off the table")
    page = client_for(judge).get(f"/tournaments/{tournament.pk}/floor")
    text = page.content.decode()
    assert page.status_code == 200 and "1 call waiting" in text and "dice fell off the table" in text
    assert "I&#x27;m on it" in text or "I'm on it" in text
    assert "Round 1: the tables" in text
    assert client_for(players[0]).get(f"/tournaments/{tournament.pk}/floor").status_code == 403


def test_the_floors_polled_fragment_is_the_queue_without_the_page():
    tournament, _, (judge, _), _, rnd = event_floor()
    make_judge_call(rnd)
    fragment = client_for(judge).get(f"/tournaments/{tournament.pk}/floor", HTTP_HX_REQUEST="true")
    text = fragment.content.decode()
    assert "<html" not in text and 'data-call="' in text


def test_a_judge_claims_escalates_and_a_head_judge_resolves_by_form():
    tournament, organiser, (judge, _), _, rnd = event_floor()
    call = make_judge_call(rnd)
    floor_url = f"/tournaments/{tournament.pk}/floor"
    judge_client = client_for(judge)
    assert judge_client.post(f"/calls/{call.pk}/claim").status_code == 302
    assert JudgeCall.objects.get(pk=call.pk).claimed_by_id == judge.pk
    assert judge_client.post(f"/calls/{call.pk}/escalate", {"reason": "ruling"})["Location"] == floor_url
    assert JudgeCall.objects.get(pk=call.pk).status == "escalated"
    head = client_for(organiser)
    head.post(f"/calls/{call.pk}/claim")
    assert head.post(f"/calls/{call.pk}/resolve", {"note": "Replay the turn."}).status_code == 302
    call.refresh_from_db()
    assert (call.status, call.resolved_by_id, call.note) == ("resolved", organiser.pk, "Replay the turn.")


def test_resolving_without_a_note_is_a_400_naming_the_call_and_the_field():
    _tournament, _, (judge, _), _, rnd = event_floor()
    call = do_claim_call(judge, make_judge_call(rnd))
    response = client_for(judge).post(f"/calls/{call.pk}/resolve", {"note": ""})
    text = response.content.decode()
    assert response.status_code == 400 and f"Call {call.pk}" in text and "Resolution note" in text
    assert JudgeCall.objects.get(pk=call.pk).status == "claimed"


def test_a_second_judge_claiming_is_told_who_is_on_it_with_409():
    _, _, (first, second), _, rnd = event_floor()
    call = do_claim_call(first, make_judge_call(rnd))
    response = client_for(second).post(f"/calls/{call.pk}/claim")
    assert response.status_code == 409 and f"{first.username} is already on this call" in response.content.decode()


def test_the_round_health_page_shows_each_table_and_polls():
    tournament, _, (judge, _), players, rnd = event_floor()
    make_judge_call(rnd, table=2)
    page = client_for(judge).get(f"/tournaments/{tournament.pk}/rounds/1/health")
    text = page.content.decode()
    assert page.status_code == 200 and 'data-table="1"' in text and 'data-table="2"' in text
    assert 'hx-trigger="every 5s"' in text and "Waiting for a judge" in text
    assert client_for(players[0]).get(f"/tournaments/{tournament.pk}/rounds/1/health").status_code == 403


def test_the_pairings_notice_fragment_carries_its_alert():
    tournament, _, _, players, _ = event_floor()
    text = client_for(players[0]).get(f"/tournaments/{tournament.pk}/pairings-notice").content.decode()
    assert 'data-alert="pairings-' in text and "Round 1 pairings are up" in text


def test_a_get_of_the_floor_pages_writes_nothing():
    tournament, _, (judge, _), _, rnd = event_floor()
    call = make_judge_call(rnd)
    client = client_for(judge)
    for url in (f"/tournaments/{tournament.pk}/floor", f"/tournaments/{tournament.pk}/rounds/1/health"):
        client.get(url)
    assert JudgeCall.objects.get(pk=call.pk).status == "open"
    assert client.get(f"/calls/{call.pk}/claim").status_code == 405


def test_a_draft_rounds_table_is_no_table_to_call_to():
    from matches.services import rounds as round_services
    from tests.matches.factories import play_round

    tournament, organiser, _, _, rnd = event_floor()
    play_round(rnd, organiser)
    draft = round_services.pair_next_round(tournament, organiser)
    match = draft.matches.exclude(is_bye=True).first()
    client = client_for(match.player_a)
    assert client.get(f"/calls/mine?kind=match&table={match.pk}").status_code == 404
    assert client.post("/calls/new", {"kind": "match", "table": match.pk}).status_code == 404
