"""Tournament REST API: list, detail with registrations (decklists only to those allowed), register."""

from __future__ import annotations

import json

import pytest

from matches.models import Registration, Tournament
from matches.services.registration import publish_decklists, register_deck, start_tournament
from tests.decks.factories import (
    legal_text,
    make_deck,
)
from tests.matches.factories import TournamentFactory, UserFactory, deck_version

pytestmark = pytest.mark.django_db


def register(client, tournament, data):
    return client.post(
        f"/api/tournaments/{tournament.pk}/register", data=json.dumps(data), content_type="application/json"
    )


def test_register_over_the_api_returns_201_with_the_registration(client, fmt):
    player = UserFactory()
    version = deck_version(player, fmt)
    tournament = TournamentFactory(format=fmt)
    client.force_login(player)
    response = register(client, tournament, {"deck_version": version.pk})
    assert response.status_code == 201, response.content
    assert response.json()["deck_version"] == version.pk
    assert Registration.objects.get(tournament=tournament).deck_version == version


def test_register_by_deck_takes_its_latest_version(client, fmt):
    player = UserFactory()
    deck = make_deck(player, fmt)
    tournament = TournamentFactory(format=fmt)
    client.force_login(player)
    assert register(client, tournament, {"deck": deck.pk}).status_code == 201
    assert Registration.objects.get().deck_version == deck.latest_version()


def test_register_an_illegal_deck_is_400_with_all_violations_ruling_d7(client, fmt):
    player = UserFactory()
    version = make_deck(player, fmt, legal_text(extra="1 关羽\n1 曹操")).latest_version()
    tournament = TournamentFactory(format=fmt)
    client.force_login(player)
    response = register(client, tournament, {"deck_version": version.pk})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "registration.illegal_deck" and error["message"] and error["status"] == 400
    assert error["params"]["legal"] is False
    assert {"too-many-copies", "undeclared-faction"} <= {v["code"] for v in error["params"]["violations"]}
    assert not Registration.objects.exists()


@pytest.mark.parametrize(
    "data",
    [{}, {"deck_version": "abc"}, {"deck_version": -1}, {"deck_version": 10**30}, {"deck_version": True}, {"deck": 0}],
    ids=["nothing", "text", "negative", "huge", "boolean", "no-such-deck"],
)
def test_register_with_a_bad_request_is_400(client, fmt, data):
    tournament = TournamentFactory(format=fmt)
    client.force_login(UserFactory())
    response = register(client, tournament, data)
    assert response.status_code == 400
    assert response.json()["error"]["message"]


def test_register_someone_elses_deck_version_is_400(client, fmt):
    version = deck_version(UserFactory(), fmt)
    tournament = TournamentFactory(format=fmt)
    client.force_login(UserFactory())
    assert register(client, tournament, {"deck_version": version.pk}).status_code == 400


def test_register_needs_a_login(client, fmt):
    tournament = TournamentFactory(format=fmt)
    assert register(client, tournament, {"deck": 1}).status_code in (401, 403)


def test_register_after_the_start_is_400(client, fmt):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"  # the assertions read English messages
    player, organiser = UserFactory(), UserFactory()
    version = deck_version(player, fmt)
    tournament = TournamentFactory(format=fmt, created_by=organiser)
    early = UserFactory()
    register_deck(early, tournament, deck_version(early, fmt))
    start_tournament(tournament, organiser)
    client.force_login(player)
    response = register(client, tournament, {"deck_version": version.pk})
    assert response.status_code == 400
    assert "started" in response.json()["error"]["message"]


def test_tournament_list_hides_drafts_from_the_public(client, fmt):
    organiser = UserFactory()
    public = TournamentFactory(format=fmt, created_by=organiser)
    TournamentFactory(format=fmt, created_by=organiser, status=Tournament.Status.DRAFT)
    assert [t["id"] for t in client.get("/api/tournaments/").json()] == [public.pk]
    client.force_login(organiser)
    assert len(client.get("/api/tournaments/").json()) == 2


def _world(fmt):
    owner, other, organiser, judge = UserFactory(), UserFactory(), UserFactory(), UserFactory()
    tournament = TournamentFactory(format=fmt, created_by=organiser, judges=[judge])
    register_deck(owner, tournament, deck_version(owner, fmt))
    return tournament, {"owner": owner, "other": other, "organiser": organiser, "judge": judge, "anonymous": None}


@pytest.mark.parametrize(
    "who, sees", [("owner", True), ("organiser", True), ("judge", True), ("other", False), ("anonymous", False)]
)
def test_tournament_detail_shows_decklists_only_to_those_allowed_before_publishing(client, fmt, who, sees):
    tournament, users = _world(fmt)
    if users[who] is not None:
        client.force_login(users[who])
    [registration] = client.get(f"/api/tournaments/{tournament.pk}/").json()["registrations"]
    assert (registration["decklist"] is not None) is sees
    assert (registration["deck_version"] is not None) is sees
    if sees:
        assert "关羽" in registration["decklist"]


@pytest.mark.parametrize("who", ["owner", "organiser", "judge", "other", "anonymous"])
def test_tournament_detail_shows_the_locked_decklists_to_everyone_after_publishing(client, fmt, who):
    tournament, users = _world(fmt)
    start_tournament(tournament, users["organiser"])
    publish_decklists(tournament, users["organiser"])
    if users[who] is not None:
        client.force_login(users[who])
    [registration] = client.get(f"/api/tournaments/{tournament.pk}/").json()["registrations"]
    assert registration["decklist"] == Registration.objects.get().locked_decklist
    assert registration["locked_hash"] == Registration.objects.get().locked_hash


def test_unknown_tournament_is_404(client, fmt):
    assert client.get("/api/tournaments/999999/").status_code == 404
