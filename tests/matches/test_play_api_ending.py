"""The REST API of draws, claims and presence (matches.api_ending): each player acts only for himself,
anyone else gets 404, and every refusal is the site's one error envelope with a stable code.

Time is the test's (``frozen_clock``); nothing sleeps.
"""

from __future__ import annotations

import datetime

import pytest

from junling.models import AuditEvent
from matches.models import RefereedGame
from matches.services.play import cache, clock, lifecycle
from tests.matches.factories import UserFactory
from tests.matches.test_play_factories import human_match, state_of

pytestmark = pytest.mark.django_db

S = datetime.timedelta(seconds=1)


def url(match, what: str) -> str:
    return f"/api/play/matches/{match.pk}/{what}"


def as_user(api, user):
    api.force_authenticate(user)
    return api


def draw(api, match, verb: str):
    return api.post(url(match, "draw"), {"verb": verb}, format="json")


def error(response) -> dict:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "status", "params"}
    assert body["error"]["status"] == response.status_code
    return body["error"]


def row_of(match) -> RefereedGame:
    return RefereedGame.objects.get(pk=cache.current_game(match).pk)


# --- draws ---------------------------------------------------------------------------------------------


def test_a_player_offers_a_draw_and_the_opponent_accepts_it_over_the_api(api, setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    offered = draw(as_user(api, alice), match, "offer")
    assert offered.status_code == 200 and offered.json()["draw"] == "yours"
    seen = as_user(api, bob).get(url(match, "")).json()
    assert seen["draw"] == "theirs"
    accepted = draw(api, match, "accept")
    assert accepted.status_code == 200
    row = row_of(match)
    assert row.outcome["termination"] == clock.DRAW_AGREED and row.outcome["winner"] is None
    match.refresh_from_db()
    assert match.is_finished and match.games_drawn == 1
    assert AuditEvent.objects.filter(verb="match.play.draw_accept", actor=bob).count() == 1


def test_the_opponent_declines_and_the_offerer_withdraws_over_the_api(api, setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    assert draw(as_user(api, alice), match, "offer").status_code == 200
    declined = draw(as_user(api, bob), match, "decline")
    assert declined.status_code == 200 and declined.json()["draw"] is None
    assert draw(as_user(api, alice), match, "offer").status_code == 200
    withdrawn = draw(api, match, "withdraw")
    assert withdrawn.status_code == 200 and withdrawn.json()["draw"] is None
    assert row_of(match).finished_at is None


def test_no_player_answers_a_draw_offer_for_the_other(api, setup):
    """The offerer cannot accept or decline his own offer; the opponent cannot withdraw it."""
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    draw(as_user(api, alice), match, "offer")
    for verb in ("accept", "decline"):
        refused = draw(api, match, verb)
        assert refused.status_code == 409 and error(refused)["code"] == "play.no_draw_offer"
    refused = draw(as_user(api, bob), match, "withdraw")
    assert refused.status_code == 409 and error(refused)["code"] == "play.no_draw_offer"
    assert row_of(match).draw_offered_by == 0 and row_of(match).finished_at is None


def test_a_second_offer_while_one_is_on_the_table_is_refused(api, setup):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    draw(as_user(api, alice), match, "offer")
    refused = draw(as_user(api, bob), match, "offer")
    assert refused.status_code == 400 and error(refused)["code"] == "play.draw_pending"


def test_a_bot_takes_no_draw_offer_over_the_api(api, setup):
    _fmt, alice, _bob, deck_a, _b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "greedy")
    refused = draw(as_user(api, alice), match, "offer")
    assert refused.status_code == 400 and error(refused)["code"] == "play.draw_bot"


def test_an_unknown_draw_verb_is_a_field_error_in_the_envelope(api, setup):
    match = human_match(setup)
    refused = draw(as_user(api, setup[1]), match, "insist")
    body = error(refused)
    assert refused.status_code == 400 and body["code"] == "invalid" and "verb" in body["params"]["fields"]
    assert error(as_user(api, setup[1]).post(url(match, "draw"), {}, format="json"))["code"] == "invalid"


def test_a_draw_in_a_finished_game_or_before_the_challenge_is_accepted_is_refused(api, setup):
    _fmt, alice, bob, deck_a, _b = setup
    pending = lifecycle.do_challenge(alice, bob, deck_a)
    refused = draw(as_user(api, alice), pending, "offer")
    assert refused.status_code == 400 and error(refused)["code"] == "play.not_started"
    match = human_match(setup)
    lifecycle.do_concede(match, alice)
    over = draw(api, match, "offer")
    assert over.status_code == 409 and error(over)["code"] == "play.game_over"


# --- claims ---------------------------------------------------------------------------------------------


def test_a_player_claims_a_win_on_time_over_the_api(api, setup, frozen_clock):
    _fmt, alice, bob, deck_a, deck_b = setup
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a, clock_total=60), deck_b)
    to_act = state_of(match).current_player()
    claimant = bob if to_act == 0 else alice
    early = as_user(api, claimant).post(url(match, "claim"))
    assert early.status_code == 400 and error(early)["code"] == "play.nothing_to_claim"
    frozen_clock.at += 61 * S
    claimed = api.post(url(match, "claim"))
    assert claimed.status_code == 200 and claimed.json()["games"][0]["you_won"]
    assert row_of(match).outcome["termination"] == clock.TIME


def test_a_player_claims_a_win_by_abandonment_over_the_api_unless_the_opponent_showed_he_was_there(
    api, setup, frozen_clock
):
    match = human_match(setup)
    _fmt, alice, bob, _a, _b = setup
    frozen_clock.at = row_of(match).created_at + (clock.ABANDON_SECONDS - 10) * S
    assert as_user(api, bob).post(url(match, "present")).status_code == 204
    frozen_clock.at += 20 * S  # alice is gone for the limit; bob showed he was there 20 s ago
    refused = as_user(api, alice).post(url(match, "claim"))
    assert refused.status_code == 400 and error(refused)["code"] == "play.nothing_to_claim"
    claimed = as_user(api, bob).post(url(match, "claim"))
    assert claimed.status_code == 200
    outcome = row_of(match).outcome
    assert outcome["termination"] == clock.ABANDONMENT and outcome["winner"] == 1


def test_a_bot_never_leaves_so_no_abandonment_claim_against_it(api, setup, frozen_clock):
    _fmt, alice, _bob, deck_a, _b = setup
    match = lifecycle.do_start_bot_match(alice, deck_a, "greedy")
    frozen_clock.at = row_of(match).created_at + (clock.ABANDON_SECONDS + 1) * S
    refused = as_user(api, alice).post(url(match, "claim"))
    assert refused.status_code == 400 and error(refused)["code"] == "play.nothing_to_claim"


def test_conceding_over_the_api_is_the_resignation(api, setup):
    match = human_match(setup)
    resigned = as_user(api, setup[2]).post(url(match, "concede"))
    assert resigned.status_code == 200 and not resigned.json()["games"][0]["you_won"]
    assert row_of(match).outcome["winner"] == 0


# --- who may act ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("what", ["draw", "claim", "present", "concede"])
def test_someone_who_is_not_a_player_gets_404_and_changes_nothing(api, setup, what):
    """A third user (who may watch this public game as a spectator) never acts for a player."""
    match = human_match(setup)
    before = (row_of(match).draw_offered_by, row_of(match).seen_a, row_of(match).seen_b)
    response = as_user(api, UserFactory(username="carol")).post(url(match, what), {"verb": "offer"}, format="json")
    assert response.status_code == 404 and error(response)["code"] == "not_found"
    assert (row_of(match).draw_offered_by, row_of(match).seen_a, row_of(match).seen_b) == before
    assert row_of(match).finished_at is None


@pytest.mark.parametrize("what", ["draw", "claim", "present"])
def test_an_anonymous_client_is_refused_in_the_envelope(api, setup, what):
    match = human_match(setup)
    response = api.post(url(match, what), {"verb": "offer"}, format="json")
    assert response.status_code in (401, 403) and error(response)["code"] == "not_authenticated"


def test_the_schema_documents_draws_claims_and_presence_with_the_error_envelope(api):
    schema = api.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    operation = paths["/api/play/matches/{id}/draw/"]["post"]
    assert "Draw" in str(operation["requestBody"])
    assert {"200", "400", "404", "409"} <= set(operation["responses"])
    assert "#/components/schemas/Error" in str(operation["responses"]["409"])
    assert "/api/play/matches/{id}/claim/" in paths and "/api/play/matches/{id}/present/" in paths
