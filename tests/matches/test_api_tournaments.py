"""Tournament running REST API: rounds, pairings, standings, report, leaderboard, organiser pair and publish."""

from __future__ import annotations

import pytest

from matches.models import Match, Round
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from tests.matches.factories import UserFactory, play_round, running_tournament

pytestmark = pytest.mark.django_db


def test_an_organiser_pairs_and_publishes_through_the_api(api):
    tournament, organiser, _people = running_tournament(4)
    api.force_authenticate(organiser)
    paired = api.post(f"/api/tournaments/{tournament.pk}/pair")
    assert paired.status_code == 201 and paired.json()["status"] == "draft"
    published = api.post(f"/api/tournaments/{tournament.pk}/rounds/1/publish")
    assert published.status_code == 200 and published.json()["status"] == "published"


def test_a_player_may_not_pair_or_publish(api):
    tournament, organiser, people = running_tournament(4)
    api.force_authenticate(people[0])
    assert api.post(f"/api/tournaments/{tournament.pk}/pair").status_code == 403
    services.pair_next_round(tournament, organiser)
    assert api.post(f"/api/tournaments/{tournament.pk}/rounds/1/publish").status_code == 403
    assert Round.objects.get().status == Round.Status.DRAFT


def test_pairing_twice_is_a_400_with_the_reason(api):
    tournament, organiser, _people = running_tournament(4)
    api.force_authenticate(organiser)
    api.post(f"/api/tournaments/{tournament.pk}/pair")
    response = api.post(f"/api/tournaments/{tournament.pk}/pair")
    assert response.status_code == 400 and "draft round" in response.json()["error"]["message"]


def test_rounds_and_pairings_hide_a_draft_from_the_public(api):
    tournament, organiser, _people = running_tournament(4)
    services.pair_next_round(tournament, organiser)
    assert api.get(f"/api/tournaments/{tournament.pk}/rounds").json() == []
    assert api.get(f"/api/tournaments/{tournament.pk}/rounds/1/pairings").status_code == 404
    api.force_authenticate(organiser)
    assert len(api.get(f"/api/tournaments/{tournament.pk}/rounds").json()) == 1


def test_pairings_are_paged(api):
    tournament, organiser, _people = running_tournament(6)
    services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    data = api.get(f"/api/tournaments/{tournament.pk}/rounds/1/pairings?page_size=2&page=2").json()
    assert (data["count"], data["page"], data["pages"], len(data["results"])) == (3, 2, 2, 1)
    assert data["results"][0]["table"] == 3


@pytest.mark.parametrize("query", ["page=0", "page=x", "page_size=0", "page_size=100000", "page=99"])
def test_bad_paging_is_a_400_that_says_what(api, query):
    tournament, organiser, _people = running_tournament(4)
    services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    response = api.get(f"/api/tournaments/{tournament.pk}/rounds/1/pairings?{query}")
    assert response.status_code == 400 and "page" in response.json()["error"]["message"]


def test_both_players_report_through_the_api(api):
    tournament, organiser, _people = running_tournament(2)
    match = services.publish_round(services.pair_next_round(tournament, organiser), organiser).matches.get()
    api.force_authenticate(match.player_a)
    first = api.post(f"/api/matches/{match.pk}/report", {"games_won_a": 2, "games_won_b": 0}, format="json")
    assert first.status_code == 200 and first.json()["status"] == "reported"
    api.force_authenticate(match.player_b)
    second = api.post(f"/api/matches/{match.pk}/report", {"games_won_a": 2, "games_won_b": 0}, format="json")
    assert second.json()["status"] == "finished"


@pytest.mark.parametrize(
    "body", [{}, {"games_won_a": 2}, {"games_won_a": "two", "games_won_b": 0}, {"games_won_a": 3, "games_won_b": 0}]
)
def test_a_bad_report_is_a_400_and_saves_nothing(api, body):
    tournament, organiser, _people = running_tournament(2)
    match = services.publish_round(services.pair_next_round(tournament, organiser), organiser).matches.get()
    api.force_authenticate(match.player_a)
    response = api.post(f"/api/matches/{match.pk}/report", body, format="json")
    assert response.status_code == 400 and response.json()["error"]["message"]
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING


def test_someone_else_reporting_is_403(api):
    tournament, organiser, _people = running_tournament(2)
    match = services.publish_round(services.pair_next_round(tournament, organiser), organiser).matches.get()
    api.force_authenticate(UserFactory())
    assert api.post(f"/api/matches/{match.pk}/report", {"games_won_a": 2, "games_won_b": 0}).status_code == 403


def test_standings_api_returns_the_snapshot_rows(api):
    tournament, organiser, _people = running_tournament(4)
    play_round(services.publish_round(services.pair_next_round(tournament, organiser), organiser), organiser)
    snapshot = snapshot_standings(tournament.pk)
    data = api.get(f"/api/tournaments/{tournament.pk}/standings").json()
    assert [{k: v for k, v in r.items() if k != "shown"} for r in data["results"]] == snapshot.rows
    assert data["count"] == 4 and all(r["shown"] == r["name"] for r in data["results"])  # no profiles: the user name


def test_leaderboard_api_lists_rated_players_best_first(api, django_capture_on_commit_callbacks):
    tournament, organiser, _people = running_tournament(2, rounds=1)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    play_round(rnd, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        services.finish_tournament(tournament, organiser)
    results = api.get("/api/ratings").json()["results"]
    assert [r["player"] for r in results] == [rnd.matches.get().player_a.username, rnd.matches.get().player_b.username]


def test_the_schema_documents_the_tournament_endpoints(api):
    schema = api.get("/api/schema/?format=json").json()
    for path in ("/api/tournaments/{id}/pair", "/api/matches/{match_id}/report", "/api/ratings"):
        assert any(p.startswith(path) for p in schema["paths"]), path


def test_a_refusal_is_the_one_envelope_with_a_stable_code(api):
    tournament, organiser, people = running_tournament(4)
    api.force_authenticate(people[0])
    error = api.post(f"/api/tournaments/{tournament.pk}/pair").json()["error"]
    assert (error["code"], error["status"]) == ("tournament.not_organiser", 403) and error["message"]
    api.force_authenticate(organiser)
    api.post(f"/api/tournaments/{tournament.pk}/pair")
    error = api.post(f"/api/tournaments/{tournament.pk}/pair").json()["error"]
    assert (error["code"], error["status"], error["params"]) == ("round.draft_waiting", 400, {})


def test_a_bad_report_names_each_field_in_the_envelope(api):
    tournament, organiser, _people = running_tournament(2)
    match = services.publish_round(services.pair_next_round(tournament, organiser), organiser).matches.get()
    api.force_authenticate(match.player_a)
    body = {"games_won_a": "two", "games_won_b": -1}
    error = api.post(f"/api/matches/{match.pk}/report", body, format="json").json()["error"]
    assert error["code"] == "invalid" and set(error["params"]["fields"]) == {"games_won_a", "games_won_b"}
    error = api.post(f"/api/matches/{match.pk}/report", {"games_won_a": 2, "games_won_b": 2}, format="json").json()
    assert error["error"]["code"] == "result.both_win" and error["error"]["params"] == {"a": 2, "b": 2}


def test_the_leaderboard_api_answers_one_game_and_refuses_an_unknown_one_by_its_field(api, django_user_model):
    from matches.models import Rating

    player = django_user_model.objects.create(username="boardplayer")
    Rating.objects.create(player=player, system="longhu", mu=25.0, sigma=8.0, ordinal=1.0, matches=1)
    assert api.get("/api/ratings").json()["results"] == []
    [row] = api.get("/api/ratings?game=longhu").json()["results"]
    assert (row["player"], row["system"]) == ("boardplayer", "longhu")
    refused = api.get("/api/ratings?game=chess")
    assert refused.status_code == 400 and "game" in refused.json()["error"]["params"]["fields"]
