"""Pod pages (issue 15): create a 龙虎三国志 event from the form, join without a deck, the pod pairings with
their report forms, a report, the pod standings."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import Pod, PodSeat, Tournament
from matches.services import registration as registration_services
from matches.services import rounds as services
from matches.services.scoring import snapshot_standings
from tests.matches.factories import UserFactory, play_pods, pod_event, stored_map_hash

pytestmark = pytest.mark.django_db


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_create_form_makes_a_board_game_event_with_its_map_and_no_format():
    organiser = UserFactory()
    client = client_for(organiser)
    page = client.get("/tournaments/new")
    assert "龙虎三国志" in page.content.decode()
    map_hash = stored_map_hash("longhu")
    response = client.post(
        "/tournaments/new",
        {
            "name": "龙虎杯",
            "system": "longhu",
            "format": "",
            "map_hash": map_hash,
            "best_of": "1",
            "structure": "swiss",
            "planned_rounds": "3",
            "top_cut": "0",
        },
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="龙虎杯")
    assert (tournament.system, tournament.format_id, tournament.map_hash) == ("longhu", None, map_hash)


def test_the_create_form_refuses_a_board_game_without_a_known_map():
    client = client_for(UserFactory())
    response = client.post(
        "/tournaments/new",
        {
            "name": "x",
            "system": "longhu",
            "map_hash": "sha256:nope",
            "best_of": "1",
            "structure": "swiss",
            "planned_rounds": "0",
            "top_cut": "0",
        },
    )
    assert response.status_code == 400
    assert not Tournament.objects.filter(name="x").exists()


def test_a_player_joins_a_board_game_event_without_a_deck():
    organiser = UserFactory()
    tournament = registration_services.create_tournament(
        organiser, name="龙虎杯", format=None, system="longhu", map_hash=stored_map_hash("longhu")
    )
    registration_services.open_registration(tournament, organiser)
    player = UserFactory()
    client = client_for(player)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Join the event" in page or "加入" in page
    response = client.post(f"/tournaments/{tournament.pk}/register")
    assert response.status_code == 302
    assert tournament.registrations.filter(player=player, deck_version__isnull=True).exists()


def test_the_pod_pairings_show_each_pod_and_a_report_form_to_its_players_only():
    tournament, organiser, players = pod_event(7)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    pod = rnd.pods.order_by("table").first()
    seated = pod.seats.first().player
    outsider = next(p for p in players if not pod.seats.filter(player=p).exists())
    page = client_for(seated).get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert f'action="/pods/{pod.pk}/report"' in page
    page = client_for(outsider).get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert f'action="/pods/{pod.pk}/report"' not in page
    assert seated.username in page


def test_a_seated_player_reports_and_another_confirms_through_the_page():
    tournament, organiser, _players = pod_event(4)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    pod = rnd.pods.get()
    seats = list(pod.seats.order_by("seat").select_related("player"))
    data = {}
    for k, s in enumerate(seats, start=1):
        data[f"place_{s.player_id}"] = str(k)
        data[f"regions_{s.player_id}"] = str(9 - k)
    assert client_for(seats[0].player).post(f"/pods/{pod.pk}/report", data).status_code == 302
    assert client_for(seats[2].player).post(f"/pods/{pod.pk}/report", data).status_code == 302
    pod.refresh_from_db()
    assert pod.status == Pod.Status.FINISHED


def test_a_report_with_an_empty_box_is_refused_with_the_page_again():
    tournament, organiser, _players = pod_event(4)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    pod = rnd.pods.get()
    response = client_for(organiser).post(f"/pods/{pod.pk}/report", {})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_the_pod_standings_page_shows_points_and_regions():
    tournament, organiser, _players = pod_event(8)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    play_pods(rnd, organiser)
    snapshot_standings(tournament.pk)
    page = Client().get(f"/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Regions held" in page and "pod-standings" in page
    top = snapshot_standings(tournament.pk).rows[0]
    assert top["points"] == 12 and top["regions"] == 8


def test_a_wargame_round_page_shows_each_players_side_and_takes_victory_points():
    tournament, organiser, _players = pod_event(2, system="wenlu")
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    match = rnd.matches.get()
    page = (
        client_for(match.player_a)
        .get(f"/tournaments/{tournament.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en")
        .content.decode()
    )
    assert "Japan" in page and "Korea and Ming" in page
    assert f'action="/matches/{match.pk}/vp"' in page
    client_for(match.player_a).post(f"/matches/{match.pk}/vp", {"vp_a": "14", "vp_b": "9"})
    client_for(match.player_b).post(f"/matches/{match.pk}/vp", {"vp_a": "14", "vp_b": "9"})
    match.refresh_from_db()
    assert (match.status, match.vp_a, match.vp_b, match.games_won_a) == ("finished", 14, 9, 1)
    snapshot_standings(tournament.pk)
    page = Client().get(f"/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "vp-standings" in page and "VP margin" in page


def test_an_empty_victory_point_box_is_refused_and_nothing_is_saved():
    tournament, organiser, _players = pod_event(2, system="wenlu")
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    match = rnd.matches.get()
    client_for(organiser).post(f"/matches/{match.pk}/vp", {"vp_a": "", "vp_b": "3"})
    match.refresh_from_db()
    assert match.status == "pending" and match.vp_a is None


def test_the_pod_standings_export_as_csv_has_the_pod_columns():
    tournament, organiser, _players = pod_event(4)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    play_pods(rnd, organiser)
    snapshot_standings(tournament.pk)
    text = Client().get(f"/tournaments/{tournament.pk}/standings.csv").content.decode("utf-8-sig")
    assert text.splitlines()[0] == "rank,name,points,regions,opp,record,dropped"
    assert text.splitlines()[1].split(",")[2:4] == ["12", "8"]


def test_the_organiser_reads_the_draft_pods_a_line_each_and_saves_his_own_from_the_admin_page():
    tournament, organiser, players = pod_event(6)
    services.pair_next_round(tournament, organiser)
    client = client_for(organiser)
    page = client.get(f"/tournaments/{tournament.pk}/admin").content.decode()
    assert "按座位顺序写出该桌 2 至 4 名玩家的用户名" in page
    for pod in Pod.objects.filter(round__tournament=tournament):  # the draft, a pod a line, in seat order
        assert " ".join(pod.seats.order_by("seat").values_list("player__username", flat=True)) in page
    names = [p.username for p in players]
    text = f"{names[0]} {names[1]} {names[2]}\n{names[3]} {names[4]} {names[5]}"
    response = client.post(f"/tournaments/{tournament.pk}/admin/hand", {"pairs": text})
    assert response.status_code == 302
    pods = Pod.objects.filter(round__tournament=tournament).order_by("table")
    assert [[s.player.username for s in p.seats.order_by("seat")] for p in pods] == [names[:3], names[3:]]
    refused = client.post(f"/tournaments/{tournament.pk}/admin/hand", {"pairs": f"{names[0]}\n" + " ".join(names[1:])})
    assert refused.status_code == 400 and "但本游戏每桌 2 至 4 人" in refused.content.decode()


@pytest.mark.parametrize(
    ("language", "none", "proved"),
    [
        ("en", "No pair of players meets again.", "3 pairs of players meet again; no pairing has fewer (proved)."),
        ("zh-hans", "没有任何两名玩家再次相遇。", "有 3 对玩家再次相遇；已证明没有重复更少的编排。"),
    ],
)
def test_the_pod_pairings_say_no_repeat_then_repeats_proved_unavoidable_in_the_readers_language(language, none, proved):
    """Issue 26: the page says what is true: no repeat, or N repeats none avoidable only when proved."""
    tournament, organiser, players = pod_event(7)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    client = client_for(players[0])
    client.cookies["django_language"] = language
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert none in page
    play_pods(rnd, organiser)
    snapshot_standings(tournament.pk)
    second = services.pair_next_round(tournament, organiser)  # 7 players after a 4-pod and a 3-pod: 3 forced
    services.publish_round(second, organiser)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/2/").content.decode()
    assert proved in page and none not in page


def bidding_table():
    """A published round 1 of a two-player wargame event with a bid for sides: (tournament, its match)."""
    tournament, organiser, _players = pod_event(2, system="wenlu")
    Tournament.objects.filter(pk=tournament.pk).update(side_bids=True)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    return tournament, rnd.matches.get()


@pytest.mark.parametrize(
    ("language", "sealed", "shown"),
    [("en", "bid is in (sealed)", "bid 3 VP for Japan"), ("zh-hans", "的叫价已封存", "叫价 3 VP 争取日本")],
)
def test_a_sealed_bid_entered_on_the_round_page_stays_hidden_from_the_opponent_until_both_are_in(
    language, sealed, shown
):
    """Issue 26: both players enter their bids on the page; neither sees the other's until both are in."""
    tournament, match = bidding_table()
    url = f"/tournaments/{tournament.pk}/rounds/1/"
    a, b = client_for(match.player_a), client_for(match.player_b)
    for client in (a, b):
        client.cookies["django_language"] = language
    a.post(f"/matches/{match.pk}/bid", {"player": match.player_a_id, "side": "japan", "vp": 3, "next": url})
    page = b.get(url).content.decode()
    assert sealed in page and shown not in page
    assert f'name="player" value="{match.player_b_id}"' in page
    b.post(f"/matches/{match.pk}/bid", {"player": match.player_b_id, "side": "allies", "vp": 0, "next": url})
    page = b.get(url).content.decode()
    assert shown in page and f'action="/matches/{match.pk}/bid"' not in page


def test_a_bid_posted_for_the_opponent_is_refused_with_a_message_and_nothing_saved():
    _tournament, match = bidding_table()
    client = client_for(match.player_a)
    client.cookies["django_language"] = "en"
    page = client.post(
        f"/matches/{match.pk}/bid", {"player": match.player_b_id, "side": "japan", "vp": 1}, follow=True
    ).content.decode()
    assert "Enter your own bid only." in page and not match.sealed_bids.exists()


def test_a_wargame_rounds_exports_and_api_carry_the_sides_and_the_bids_once_both_are_in():
    from matches.services.wargame import do_enter_bid

    tournament, match = bidding_table()
    do_enter_bid(match, match.player_a, match.player_a_id, "japan", 3)
    client = client_for(match.player_b)
    row = client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.json").json()["pairings"][0]
    assert (row["bid_a"], row["bid_b"]) == (0, 0)  # sealed: nothing of A's bid shows
    do_enter_bid(match, match.player_b, match.player_b_id, "japan", 5)
    csv_text = client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.csv").content.decode()
    header, line = csv_text.splitlines()[:2]
    assert header.endswith("side_a,side_b,vp_a,vp_b,bid_a,bid_b")
    assert line.endswith("allies,japan,,,0,5")
    api = client.get(f"/api/tournaments/{tournament.pk}/rounds/1/pairings", HTTP_ACCEPT_LANGUAGE="en").json()
    assert (api["results"][0]["side_a"], api["results"][0]["bid_b"]) == ("allies", 5)


def test_a_pod_rounds_export_lists_every_seat_in_seat_order_with_its_player():
    """Issue 26: the seats balanced at pairing are in the exports, one row a seat."""
    tournament, organiser, _players = pod_event(7)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    client = client_for(organiser)
    seats = client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.json").json()["seats"]
    stored = [
        (s.pod.table, s.seat, s.player.username)
        for s in PodSeat.objects.filter(pod__round=rnd).select_related("pod", "player").order_by("pod__table", "seat")
    ]
    assert [(r["table"], r["seat"], r["player"]) for r in seats] == stored and len(stored) == 7
    lines = client.get(f"/tournaments/{tournament.pk}/rounds/1/pairings.csv").content.decode().splitlines()
    assert lines[0].lstrip("\ufeff") == "table,seat,player,placement,regions,points,status" and len(lines) == 8
