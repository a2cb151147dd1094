"""A pod event's choices on the create form, the event page and the exports (issue 26 item 3)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from junling.models import AuditEvent
from matches.models import Pod, Tournament
from matches.services import pods as pod_services
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from tests.matches.factories import UserFactory, play_pods, pod_event, stored_map_hash

pytestmark = pytest.mark.django_db


def client_for(user, language: str = "en"):
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def new_pod_event(client, **choices):
    return client.post(
        "/tournaments/new",
        {
            "name": "龙虎杯",
            "system": "longhu",
            "map_hash": stored_map_hash("longhu"),
            "best_of": "1",
            "structure": "swiss",
            "planned_rounds": "3",
            "top_cut": "0",
            **choices,
        },
    )


def test_the_create_form_stores_the_organisers_pod_sizes_points_and_tiebreakers():
    client = client_for(UserFactory())
    page = client.get("/tournaments/new").content.decode()
    assert 'name="placement_points"' in page and 'name="tiebreaker_3"' in page
    response = new_pod_event(
        client,
        pod_sizes="threes_top",
        placement_points="10, 6，3 1",
        tiebreaker_1="firsts",
        tiebreaker_2="regions",
        tiebreaker_3="none",
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="龙虎杯")
    assert tournament.pod_choices == {
        "sizes": "threes_top",
        "points": [10, 6, 3, 1],
        "tiebreakers": ["firsts", "regions"],
    }
    assert AuditEvent.objects.filter(verb="tournament.pod_choices", target_id=str(tournament.pk)).exists()


def test_a_pod_event_created_without_choices_keeps_the_defaults():
    response = new_pod_event(client_for(UserFactory()))
    assert response.status_code == 302
    choices = pod_services.pod_choices_of(Tournament.objects.get(name="龙虎杯"))
    assert (choices.sizes, choices.points, choices.tiebreakers) == ("threes_bottom", (), ("regions", "opp", "firsts"))


@pytest.mark.parametrize(
    ("language", "fields", "located"),
    [
        ("en", {"placement_points": "12, 8, 9, 0"}, "Placement points: Placement points never increase"),
        ("zh-hans", {"placement_points": "12, 8, 9, 0"}, "名次积分: 名次积分从第一名到最后一名不得增加"),
        ("en", {"placement_points": "12, 8, 4"}, "Placement points: Give 4 numbers of points"),
        ("zh-hans", {"placement_points": "12, 8, 4"}, "名次积分: 请给出 4 个积分"),
        ("en", {"placement_points": "12, 8, -4, 0"}, "Placement points: Placement points are whole numbers from 0"),
        ("zh-hans", {"placement_points": "12, 8, 4.5, 0"}, "名次积分: 名次积分是 0 到 1000 的整数"),
        ("en", {"pod_sizes": "fives"}, "Pod sizes: Pods of 5 need a game whose tables seat 5"),
        ("zh-hans", {"pod_sizes": "fives"}, "每桌人数: 五人桌需要每桌可坐 5 人的游戏"),
        ("en", {"tiebreaker_1": "regions", "tiebreaker_2": "regions"}, "First tiebreaker: Choose each tiebreaker"),
        ("zh-hans", {"tiebreaker_1": "firsts", "tiebreaker_3": "firsts"}, "第一破同分: 每个破同分规则最多选一次"),
    ],
)
def test_bad_pod_choices_are_refused_with_a_located_400_in_the_readers_language_and_nothing_saved(
    language, fields, located
):
    response = new_pod_event(client_for(UserFactory(), language), **fields)
    assert response.status_code == 400
    assert located in response.content.decode()
    assert not Tournament.objects.filter(name="龙虎杯").exists()


def test_the_service_refuses_choices_once_the_event_has_started():
    tournament, organiser, _players = pod_event(4)
    with pytest.raises(pod_services.PodChoicesRefused) as refused:
        pod_services.set_pod_choices(tournament, organiser, sizes="threes_top", points=[], tiebreakers=[])
    assert refused.value.code == "pod.started"


def started_with(players: int, **choices) -> tuple[Tournament, object]:
    tournament, organiser, _people = pod_event(players)
    Tournament.objects.filter(pk=tournament.pk).update(pod_choices=choices)
    tournament.refresh_from_db()
    return tournament, organiser


def test_the_pairer_of_the_site_makes_the_threes_the_top_tables_when_the_organiser_chose_so():
    tournament, organiser = started_with(10, sizes="threes_top", points=[], tiebreakers=["regions"])
    rnd = services.pair_next_round(tournament, organiser)
    sizes = [p.seats.count() for p in Pod.objects.filter(round=rnd).order_by("table")]
    assert sizes == [3, 3, 4]


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "pod of 4: 20/10/5/1; pod of 3: 20/10/1 · Tiebreakers: firsts, regions held"),
        ("zh-hans", "4 人桌：20/10/5/1；3 人桌：20/10/1 · 破同分：第一名次数、控制区域"),
    ],
)
def test_the_event_page_shows_the_pod_choices_in_the_readers_language(language, shown):
    tournament, _organiser = started_with(
        4, sizes="threes_top", points=[20, 10, 5, 1], tiebreakers=["firsts", "regions"]
    )
    page = client_for(UserFactory(), language).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert shown in page


def test_the_exports_carry_the_choices_the_custom_points_and_the_tiebreakers_order():
    tournament, organiser = started_with(4, sizes="threes_bottom", points=[20, 10, 5, 1], tiebreakers=["firsts"])
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    play_pods(rnd, organiser)  # seat order is placement
    snapshot_standings(tournament.pk)
    client = Client()
    pairings = client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.json").json()
    assert pairings["pod_choices"]["points"] == {"4": [20, 10, 5, 1], "3": [20, 10, 1]}
    assert pairings["pod_choices"]["tiebreakers"] == ["firsts"]
    assert [s["points"] for s in pairings["seats"]] == [20, 10, 5, 1]
    csv_pairings = client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.csv").content.decode("utf-8-sig")
    assert csv_pairings.splitlines()[0] == "table,seat,player,placement,regions,points,status"
    assert csv_pairings.splitlines()[1].split(",")[5] == "20"
    standings = client.get(f"/tournaments/{tournament.pk}/standings.json").json()
    assert [row["points"] for row in standings["standings"]] == [20, 10, 5, 1]
    assert standings["pod_choices"]["sizes"] == "threes_bottom"
    csv_standings = client.get(f"/tournaments/{tournament.pk}/standings.csv").content.decode("utf-8-sig")
    assert csv_standings.splitlines()[0] == "rank,name,points,record,regions,opp,dropped"
    assert json.loads(json.dumps(standings))["standings"][0]["record"] == "1/1"


def draft_pod_event(players: int = 4) -> tuple[Tournament, object]:
    """A pod event open for registration (not started): its choices may still change."""
    from matches.services import registration as registration_services

    organiser = UserFactory()
    tournament = registration_services.create_tournament(
        organiser, name="龙虎杯", format=None, system="longhu", map_hash=stored_map_hash("longhu")
    )
    return tournament, organiser


def test_the_admin_page_shows_the_choices_and_saves_new_ones_before_the_start():
    tournament, organiser = draft_pod_event()
    client = client_for(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/admin").content.decode()
    assert 'name="placement_points"' in page and 'value="regions" selected' in page
    response = client.post(
        f"/tournaments/{tournament.pk}/admin/pods",
        {"pod_sizes": "threes_top", "placement_points": "9 6 3 0", "tiebreaker_1": "opp", "tiebreaker_2": "none"},
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.pod_choices == {"sizes": "threes_top", "points": [9, 6, 3, 0], "tiebreakers": ["opp"]}
    page = client.get(f"/tournaments/{tournament.pk}/admin").content.decode()
    assert 'value="9, 6, 3, 0"' in page and 'value="opp" selected' in page


@pytest.mark.parametrize(
    ("language", "located"),
    [("en", "Placement points: Give 4 numbers of points"), ("zh-hans", "名次积分: 请给出 4 个积分")],
)
def test_the_admin_pod_choices_refuse_bad_points_with_a_located_400_and_keep_the_old_choices(language, located):
    tournament, organiser = draft_pod_event()
    response = client_for(organiser, language).post(
        f"/tournaments/{tournament.pk}/admin/pods", {"pod_sizes": "threes_bottom", "placement_points": "9, 6"}
    )
    assert response.status_code == 400 and located in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.pod_choices == {}


def test_a_player_cannot_change_the_pod_choices():
    tournament, _organiser = draft_pod_event()
    response = client_for(UserFactory()).post(f"/tournaments/{tournament.pk}/admin/pods", {"pod_sizes": "threes_top"})
    assert response.status_code in (403, 404)
    tournament.refresh_from_db()
    assert tournament.pod_choices == {}


def test_the_api_gives_a_pod_events_choices_and_null_for_other_games():
    tournament, _organiser = started_with(4, sizes="threes_top", points=[20, 10, 5, 1], tiebreakers=["opp"])
    data = Client().get(f"/api/tournaments/{tournament.pk}").json()
    assert data["pod_choices"] == {
        "sizes": "threes_top",
        "custom_points": True,
        "points": {"4": [20, 10, 5, 1], "3": [20, 10, 1]},
        "tiebreakers": ["opp"],
    }
    war, _ = pod_event(2, system="wenlu")[:2]
    assert Client().get(f"/api/tournaments/{war.pk}").json()["pod_choices"] is None
