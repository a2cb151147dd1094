"""A pod's table as a feature table (matches.services.spectators.do_feature_table, matches.access.can_feature and
featured_board_tables, the spectator settings page): the organisers feature a pod of a round played on the
site's tables, and anyone then watches its board-game table behind the event's spectator delay; nobody else
features it, and bad input changes nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import Profile
from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.models import Pod, Tournament
from matches.services import rounds as round_services
from matches.services.spectators import do_feature_table
from tables import access as table_access
from tests.matches.factories import UserFactory, pod_event

pytestmark = pytest.mark.django_db


def english(user=None) -> Client:  # type: ignore[no-untyped-def]
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def pod_on_a_table():
    """The first pod of a 龙虎三国志 event's first round, published to be played on the site's tables; (pod,
    organiser, a judge)."""
    tournament, organiser, _players = pod_event(7, rounds=2)
    judge = UserFactory(username="judge")
    tournament.judges.add(judge)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    pod = rnd.pods.order_by("table").first()
    assert pod is not None and pod.board_table is not None and pod.board_table.status == "playing"
    return pod, organiser, judge


def test_a_featured_pods_table_is_watched_by_anyone_behind_the_events_delay_and_listed_on_the_tables_page(
    pod_on_a_table,
):
    pod, organiser, _judge = pod_on_a_table
    table = pod.board_table
    watch = f"/tables/{table.pk}/watch/"
    assert not table_access.can_spectate(table, None)
    assert english().get(watch).status_code == 404
    assert watch not in english().get("/tables/").content.decode()
    Tournament.objects.filter(pk=pod.tournament_id).update(spectator_delay=60)

    url = f"/tournaments/{pod.tournament_id}/spectators/feature-pod/{pod.pk}"
    answer = english(organiser).post(url, {"featured": "1"})

    assert answer.status_code == 302
    pod.refresh_from_db()
    assert pod.featured
    assert AuditEvent.objects.filter(verb="pod.feature", target_id=str(pod.pk), actor=organiser).count() == 1
    stranger = UserFactory(username="stranger")
    for viewer in (None, stranger):
        assert table_access.can_spectate(table, viewer)
        assert table_access.spectator_delay(table, viewer) == 60
        assert english(viewer).get(watch).status_code == 200
    assert table_access.spectator_delay(table, organiser) == 0
    assert watch in english().get("/tables/").content.decode()


def test_stopping_the_feature_hides_the_pods_table_from_strangers_again(pod_on_a_table):
    pod, organiser, judge = pod_on_a_table
    do_feature_table(organiser, pod, True)

    do_feature_table(organiser, pod, False)

    pod.refresh_from_db()
    assert not pod.featured
    assert AuditEvent.objects.filter(verb="pod.unfeature", target_id=str(pod.pk)).count() == 1
    assert english().get(f"/tables/{pod.board_table_id}/watch/").status_code == 404
    assert english(judge).get(f"/tables/{pod.board_table_id}/watch/").status_code == 200  # he oversees the event


def test_the_spectator_settings_page_lists_the_pods_players_and_links_their_table(pod_on_a_table):
    pod, organiser, _judge = pod_on_a_table

    page = english(organiser).get(f"/tournaments/{pod.tournament_id}/spectators")

    html = page.content.decode()
    assert page.status_code == 200
    assert f"/spectators/feature-pod/{pod.pk}" in html
    assert f"/tables/{pod.board_table_id}/watch/" in html
    assert all(seat.player.username in html for seat in pod.seats.all())
    pods = Pod.objects.filter(round=pod.round).count()
    assert html.count("/spectators/feature-pod/") == pods


def test_only_the_events_organisers_feature_a_pod_and_nothing_changes_otherwise(pod_on_a_table):
    pod, _organiser, judge = pod_on_a_table
    player = pod.seats.first().player
    url = f"/tournaments/{pod.tournament_id}/spectators/feature-pod/{pod.pk}"

    for user in (judge, player):
        assert english(user).post(url, {"featured": "1"}).status_code == 403
        with pytest.raises(NotAllowed):
            do_feature_table(user, pod, True)
    assert english().post(url, {"featured": "1"}).status_code == 302  # to the login page
    pod.refresh_from_db()
    assert not pod.featured
    assert not AuditEvent.objects.filter(verb="pod.feature").exists()


def test_a_pod_of_another_event_is_not_found_and_a_bad_answer_says_what_is_wrong(pod_on_a_table):
    pod, organiser, _judge = pod_on_a_table
    other, other_organiser, _ = pod_event(4, rounds=1)
    client = english(other_organiser)

    assert client.post(f"/tournaments/{other.pk}/spectators/feature-pod/{pod.pk}", {"featured": "1"}).status_code == 404
    answer = english(organiser).post(
        f"/tournaments/{pod.tournament_id}/spectators/feature-pod/{pod.pk}", {"featured": "yes"}, follow=True
    )

    assert "Say whether the table is featured (1 or 0)." in answer.content.decode()
    pod.refresh_from_db()
    assert not pod.featured


def test_the_live_games_page_lists_the_featured_pods_table_with_its_players_by_display_name(pod_on_a_table):
    pod, organiser, _judge = pod_on_a_table
    seated = pod.seats.order_by("seat").first().player
    Profile.objects.update_or_create(user=seated, defaults={"display_name": "张飞"})
    watch = f"/tables/{pod.board_table_id}/watch/"
    assert watch not in english().get("/watch/").content.decode()

    do_feature_table(organiser, pod, True)

    for client, said in ((english(), "feature table"), (Client(), "焦点桌")):
        html = client.get("/watch/").content.decode()
        assert watch in html and said in html and "张飞" in html
        assert seated.username not in html
    assert f"龙虎杯 第 {pod.table} 桌" in Client().get("/watch/").content.decode()
    assert f"龙虎杯, table {pod.table}" in english().get("/watch/").content.decode()
    assert "张飞" in english().get(watch).content.decode()  # the table's own seats too


def test_an_organiser_lists_and_features_tables_through_the_api(pod_on_a_table, api):
    pod, organiser, _judge = pod_on_a_table
    url = f"/api/tournaments/{pod.tournament_id}/spectators"
    api.force_authenticate(organiser)

    listed = api.get(url).json()
    answer = api.post(url, {"pod": pod.pk, "featured": True}, format="json")

    rows = {(t["kind"], t["id"]): t for t in listed["tables"]}
    assert rows[("pod", pod.pk)]["featured"] is False
    assert rows[("pod", pod.pk)]["watch"] == f"/tables/{pod.board_table_id}/watch/"
    assert answer.status_code == 200
    assert {(t["kind"], t["id"]): t for t in answer.json()["tables"]}[("pod", pod.pk)]["featured"] is True
    pod.refresh_from_db()
    assert pod.featured and AuditEvent.objects.filter(verb="pod.feature").count() == 1


def test_the_feature_api_refuses_others_and_bad_input_and_saves_nothing(pod_on_a_table, api):
    pod, organiser, judge = pod_on_a_table
    url = f"/api/tournaments/{pod.tournament_id}/spectators"
    api.force_authenticate(judge)
    assert api.post(url, {"pod": pod.pk, "featured": True}, format="json").status_code == 403
    assert api.get(url).status_code == 403
    api.force_authenticate(organiser)
    for bad in (
        {"featured": True},
        {"pod": pod.pk, "match": 1, "featured": True},
        {"pod": pod.pk},
        {"pod": "x", "featured": True},
    ):
        answer = api.post(url, bad, format="json", HTTP_ACCEPT_LANGUAGE="en")
        assert answer.status_code == 400, bad
    said = api.post(url, {"featured": True}, format="json", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "请指明一张桌" in said
    other, _other_organiser, _ = pod_event(4, rounds=1)
    other_round = round_services.publish_round(
        round_services.pair_next_round(other, _other_organiser), _other_organiser
    )
    stranger_pod = other_round.pods.first()
    assert api.post(url, {"pod": stranger_pod.pk, "featured": True}, format="json").status_code == 404
    assert not Pod.objects.filter(featured=True).exists()


def test_a_wargame_pairings_board_table_is_linked_on_the_spectators_page_and_featured_like_a_pod(api):
    tournament, organiser, _players = pod_event(4, rounds=2, system="wenlu")
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    match = rnd.matches.exclude(board_table=None).first()
    watch = f"/tables/{match.board_table_id}/watch/"

    assert watch in english(organiser).get(f"/tournaments/{tournament.pk}/spectators").content.decode()
    assert english().get(watch).status_code == 404
    api.force_authenticate(organiser)
    answer = api.post(
        f"/api/tournaments/{tournament.pk}/spectators", {"match": match.pk, "featured": True}, format="json"
    )

    assert answer.status_code == 200
    assert english().get(watch).status_code == 200
    assert AuditEvent.objects.filter(verb="match.feature", target_id=str(match.pk)).count() == 1


def test_a_pod_played_on_paper_is_not_offered_as_a_feature_table():
    tournament, organiser, _players = pod_event(7, rounds=2)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    assert rnd.pods.exists() and not rnd.pods.exclude(board_table=None).exists()

    html = english(organiser).get(f"/tournaments/{tournament.pk}/spectators").content.decode()

    assert "/spectators/feature-pod/" not in html


def test_featuring_a_pod_played_on_paper_is_refused_with_the_reason_over_the_api(api):
    tournament, organiser, _players = pod_event(7, rounds=2)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    pod = rnd.pods.first()
    api.force_authenticate(organiser)

    answer = api.post(f"/api/tournaments/{tournament.pk}/spectators", {"pod": pod.pk, "featured": True}, format="json")

    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "watch.nothing_to_watch"
    pod.refresh_from_db()
    assert not pod.featured and not AuditEvent.objects.filter(verb="pod.feature").exists()
