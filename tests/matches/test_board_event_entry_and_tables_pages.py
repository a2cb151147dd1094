"""Board-game events (issue 15) at the door and on the pages: invitations and late entry without a deck, the
"Start" button without decklists, publishing a round to be played on the site and the "your table" links."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import Match, PodSeat, Registration, Tournament
from matches.services import registration as registration_services
from matches.services import rounds as services
from matches.services.invitations import do_accept_invitation, do_invite
from matches.services.pods import current_pod_standings
from tests.matches.factories import UserFactory, pod_event, stored_map_hash

pytestmark = pytest.mark.django_db


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


def test_an_invited_player_enters_a_board_event_late_without_a_deck_and_plays_the_next_pods():
    tournament, organiser, _players = pod_event(6)
    services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    late = UserFactory()
    registration = do_accept_invitation(do_invite(tournament, organiser, late), late)
    assert registration.deck_version is None and not Match.objects.filter(player_a=late).exists()
    assert late.pk in {s.player for s in current_pod_standings(tournament)}
    for pod in tournament.rounds.get(number=1).pods.all():
        seats = list(pod.seats.order_by("seat"))
        from matches.services.pods import report_pod

        report_pod(pod, organiser, {s.player_id: (k, 2) for k, s in enumerate(seats, start=1)})
    rnd = services.pair_next_round(tournament, organiser)
    assert PodSeat.objects.filter(pod__round=rnd, player=late).exists()


def test_an_invited_player_joins_a_board_event_before_the_start_without_a_deck():
    organiser = UserFactory()
    tournament = registration_services.create_tournament(
        organiser, name="文禄杯", format=None, system="wenlu", map_hash=stored_map_hash("wenlu")
    )
    registration_services.open_registration(tournament, organiser)
    player = UserFactory()
    do_accept_invitation(do_invite(tournament, organiser, player), player)
    assert Registration.objects.filter(tournament=tournament, player=player, deck_version__isnull=True).exists()


def test_the_invitation_on_a_board_events_page_is_accepted_with_one_button():
    tournament, organiser, _players = pod_event(4)
    late = UserFactory()
    do_invite(tournament, organiser, late)
    client = client_for(late)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'name="deck_version"' not in page
    from matches.models import Invitation

    invitation = Invitation.objects.get(player=late)
    response = client.post(f"/invitations/{invitation.pk}/accept")
    assert response.status_code in (302, 303)
    assert Registration.objects.filter(tournament=tournament, player=late).exists()


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_board_events_start_button_reads_start_without_decklists(language):
    organiser = UserFactory()
    tournament = registration_services.create_tournament(
        organiser, name="龙虎杯", format=None, system="longhu", map_hash=stored_map_hash("longhu")
    )
    client = client_for(organiser)
    client.cookies["django_language"] = language
    for url in (f"/tournaments/{tournament.pk}/", f"/tournaments/{tournament.pk}/admin"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert "Start (lock decklists)" not in page and "开始比赛（锁定卡表）" not in page
        assert ">Start<" in page if language == "en" else "开始" in page


def test_the_organiser_publishes_a_pod_round_on_the_site_and_each_player_sees_his_table():
    tournament, organiser, players = pod_event(4)
    services.pair_next_round(tournament, organiser)
    admin = client_for(organiser).get(f"/tournaments/{tournament.pk}/admin").content.decode()
    assert 'name="on_tables"' in admin
    response = client_for(organiser).post(f"/tournaments/{tournament.pk}/admin/publish", {"on_tables": "1"})
    assert response.status_code in (302, 303)
    pod = tournament.rounds.get().pods.get()
    assert pod.board_table is not None
    page = client_for(players[0]).get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert f'href="/tables/{pod.board_table_id}/"' in page and 'name="place_' not in page
    dashboard = client_for(players[0]).get("/me/").content.decode()
    assert f'href="/tables/{pod.board_table_id}/"' in dashboard
    assert client_for(players[0]).get(f"/tables/{pod.board_table_id}/").status_code == 200


def test_a_wargame_players_round_page_and_dashboard_link_his_table():
    tournament, organiser, _players = pod_event(2, system="wenlu")
    services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    match = Match.objects.get(round__tournament=tournament)
    client = client_for(match.player_a)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert f'href="/tables/{match.board_table_id}/"' in page and 'name="vp_a"' not in page
    assert f'href="/tables/{match.board_table_id}/"' in client.get("/me/").content.decode()
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING


def test_the_api_publishes_a_wargame_round_on_tables_and_accepts_a_board_invitation_without_a_body(api):
    from matches.models import Invitation

    tournament, organiser, _players = pod_event(4, system="wenlu")
    api.force_authenticate(organiser)
    assert api.post(f"/api/tournaments/{tournament.pk}/pair").status_code == 201
    published = api.post(f"/api/tournaments/{tournament.pk}/rounds/1/publish", {"on_tables": True}, format="json")
    assert published.status_code == 200
    assert not Match.objects.filter(round__tournament=tournament, board_table__isnull=True).exists()
    late = UserFactory()
    do_invite(tournament, organiser, late)
    api.force_authenticate(late)
    accepted = api.post(f"/api/invitations/{Invitation.objects.get(player=late).pk}/accept")
    assert accepted.status_code == 201
    assert Registration.objects.filter(tournament=tournament, player=late, deck_version__isnull=True).exists()
