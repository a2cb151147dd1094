"""Issue 13, the organiser's safety: irreversible steps ask first, no start without players, result boxes empty."""

from __future__ import annotations

import pytest

from junling.models import AuditEvent
from matches.models import Match, Tournament
from matches.services import registration as registration_services
from matches.services import rounds as services
from matches.services.registration import TournamentStateError
from tests.matches.factories import TournamentFactory, UserFactory, play_round, running_tournament

pytestmark = pytest.mark.django_db


def test_a_tournament_with_no_players_cannot_start():
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser)
    with pytest.raises(TournamentStateError) as refused:
        registration_services.start_tournament(tournament, organiser)
    assert refused.value.code == "tournament.no_players"
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION
    assert not AuditEvent.objects.filter(verb="tournament.start").exists()


def test_the_start_page_refuses_no_players_clearly(client):
    organiser = UserFactory()
    tournament = TournamentFactory(created_by=organiser)
    client.force_login(organiser)
    url = f"/tournaments/{tournament.pk}/admin/start"
    response = client.post(url, {"confirm": "yes"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "cannot start without players" in response.content.decode()


@pytest.mark.parametrize("action", ["start", "finish"])
def test_start_and_finish_ask_for_confirmation_first_and_change_nothing(client, action):
    if action == "start":
        organiser = UserFactory()
        tournament = TournamentFactory(created_by=organiser)
        player = UserFactory()
        from tests.matches.factories import deck_version

        registration_services.register_deck(player, tournament, deck_version(player, tournament.format))
    else:
        tournament, organiser, _people = running_tournament(2, rounds=1)
        play_round(services.publish_round(services.pair_next_round(tournament, organiser), organiser), organiser)
    client.force_login(organiser)
    before = AuditEvent.objects.count()
    url = f"/tournaments/{tournament.pk}/admin/{action}"
    asked = client.post(url, HTTP_ACCEPT_LANGUAGE="zh-hans")
    page = asked.content.decode()
    assert asked.status_code == 200
    assert f'action="{url}"' in page and 'name="confirm" value="yes"' in page
    assert "不可撤销" in page or "无法撤销" in page
    assert AuditEvent.objects.count() == before
    status = Tournament.objects.get(pk=tournament.pk).status
    assert status == (Tournament.Status.REGISTRATION if action == "start" else Tournament.Status.RUNNING)
    assert client.post(url, {"confirm": "yes"}).status_code == 302
    assert AuditEvent.objects.count() > before


def test_dropping_a_player_asks_first_naming_them_and_keeps_the_name_for_the_answer(client):
    tournament, organiser, people = running_tournament(3)
    client.force_login(organiser)
    url = f"/tournaments/{tournament.pk}/admin/drop"
    asked = client.post(url, {"player": people[1].username}, HTTP_ACCEPT_LANGUAGE="en")
    page = asked.content.decode()
    assert asked.status_code == 200 and people[1].username in page
    assert f'name="player" value="{people[1].username}"' in page
    assert not tournament.registrations.get(player=people[1]).dropped
    client.post(url, {"player": people[1].username, "confirm": "yes"})
    assert tournament.registrations.get(player=people[1]).dropped


def test_a_confirmation_other_than_yes_asks_again(client):
    tournament, organiser, _people = running_tournament(2)
    client.force_login(organiser)
    response = client.post(f"/tournaments/{tournament.pk}/admin/finish", {"confirm": "sure"})
    assert response.status_code == 200 and 'value="yes"' in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING


def test_result_boxes_are_never_prefilled_and_an_empty_submit_records_nothing(client):
    tournament, organiser, _people = running_tournament(2)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    match = rnd.matches.get()
    client.force_login(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="games_won_a" type="number"' in page
    for name in ("games_won_a", "games_won_b", "games_drawn"):
        tag = page[page.index(f'name="{name}"') :].split(">", 1)[0]
        assert "value=" not in tag, tag
    # Every box has a label naming the player.
    assert f"Games won by {match.player_a.username}" in page and f"Games won by {match.player_b.username}" in page
    client.post(f"/matches/{match.pk}/override", {"games_won_a": "", "games_won_b": "", "games_drawn": ""})
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING and not match.games_won_a and not match.games_won_b


def test_the_judge_page_boxes_are_empty_too(client):
    tournament, organiser, _people = running_tournament(2)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    match = rnd.matches.get()
    from matches.services.results import report_result

    report_result(match, match.player_a, 2, 0)
    report_result(match, match.player_b, 0, 2)
    client.force_login(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/judge").content.decode()
    assert 'name="games_drawn"' in page
    tag = page[page.index('name="games_drawn"') :].split(">", 1)[0]
    assert "value=" not in tag
