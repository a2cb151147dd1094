"""Issue 13, the organiser's pages: roster, event details, roles, check-in, clock, printouts, exports, titles."""

from __future__ import annotations

import pytest

from matches.models import Registration
from matches.services import rounds as round_services
from tests.matches.factories import TournamentFactory, UserFactory, deck_version, running_tournament

pytestmark = pytest.mark.django_db


def _published(n=4):
    tournament, organiser, people = running_tournament(n)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    return tournament, organiser, people, rnd


def test_the_roster_is_the_organisers_with_a_drop_button_per_player(client):
    tournament, organiser, people = running_tournament(3)
    client.force_login(people[0])
    assert client.get(f"/tournaments/{tournament.pk}/roster").status_code == 403
    client.force_login(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/roster", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for p in people:
        assert f"Drop {p.username}" in page
    assert "locked at" in page


def test_event_details_roles_and_check_in_from_the_roster(client):
    organiser, judge = UserFactory(), UserFactory()
    tournament = TournamentFactory(created_by=organiser)
    player = UserFactory()
    from matches.services.registration import register_deck

    register_deck(player, tournament, deck_version(player, tournament.format))
    client.force_login(organiser)
    url = f"/tournaments/{tournament.pk}/admin/"
    details = {"venue": "Chengdu", "player_cap": "8", "round_minutes": "45", "check_in": "on", "starts_at": ""}
    assert client.post(url + "event", details).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.venue, tournament.player_cap, tournament.round_minutes, tournament.check_in) == (
        "Chengdu",
        8,
        45,
        True,
    )
    bad = client.post(url + "event", {**details, "round_minutes": "x"}, HTTP_ACCEPT_LANGUAGE="en")
    assert bad.status_code == 400 and "Minutes per round" in bad.content.decode()
    assert client.post(url + "role", {"player": judge.username, "role": "judge"}).status_code == 302
    assert tournament.judges.filter(pk=judge.pk).exists()
    assert client.post(url + "check_in", {"player": player.username}).status_code == 302
    assert Registration.objects.get(player=player).checked_in_at is not None


def test_a_player_checks_himself_in_on_the_tournament_page(client):
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser, check_in=True)
    player = UserFactory()
    from matches.services.registration import register_deck

    register_deck(player, tournament, deck_version(player, tournament.format))
    client.force_login(player)
    page = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "check in" in page
    assert client.post(f"/tournaments/{tournament.pk}/check-in").status_code == 302
    assert Registration.objects.get(player=player).checked_in_at is not None


@pytest.mark.parametrize("by", ["table", "name", "slips"])
def test_printouts_list_every_player(client, by):
    tournament, _organiser, people, _rnd = _published(4)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/print/{by}", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    text = page.content.decode()
    assert all(p.username in text for p in people)
    assert "Round clock" in text


def test_an_unknown_printout_or_export_format_is_404(client):
    tournament, _organiser, _people, _rnd = _published(2)
    assert client.get(f"/tournaments/{tournament.pk}/rounds/1/print/poster").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.xml").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/standings.pdf").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/standings.csv").status_code == 200


def test_the_pairings_page_shows_the_clock_and_extra_time_for_organisers(client):
    tournament, organiser, _people, rnd = _published(2)
    match = rnd.matches.get()
    client.force_login(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'class="round-clock"' in page and f"/matches/{match.pk}/extra-time" in page
    assert client.post(f"/matches/{match.pk}/extra-time", {"minutes": "5"}).status_code == 302
    match.refresh_from_db()
    assert match.extra_minutes == 5
    client.force_login(match.player_a)
    mine = client.get(f"/tournaments/{tournament.pk}/my-match", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "5 extra minutes" in mine
    assert client.post(f"/matches/{match.pk}/extra-time", {"minutes": "9"}).status_code == 403


def test_the_tournament_page_names_the_format_by_title_and_the_lock_by_time(client):
    tournament, _organiser, _people = running_tournament(2)
    zh = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "测试赛制" in zh and tournament.format.name not in zh
    en = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Test format" in en and "locked at" in en
    locked_hash = Registration.objects.filter(tournament=tournament).first().locked_hash
    assert locked_hash[:12] not in en
    listing = client.get("/tournaments/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert tournament.format.name not in listing
