"""Issue 26: the map's suggested bid in the standings API answer and in the exports (the standings JSON, and
the suggested bid's own CSV/JSON), as codes and numbers; none for a game without two sides."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from matches.services import rounds as services
from tests.matches.factories import bidding_round_on_a_played_map, play_round, running_tournament

pytestmark = pytest.mark.django_db

JAPAN_BY_THREE = {
    "first": "japan",
    "second": "allies",
    "games": 20,
    "enough": True,
    "min_games": 20,
    "mean_margin": 3.0,
    "side": "japan",
    "bid": 3.0,
    "low": 3.0,
    "high": 3.0,
}


def test_the_standings_api_answers_the_maps_suggested_bid_for_a_wargame_event(api):
    war, _, _ = bidding_round_on_a_played_map(20, margin=3)
    data = api.get(f"/api/tournaments/{war.pk}/standings").json()
    assert data["suggested_bid"] == JAPAN_BY_THREE


def test_the_standings_api_says_not_enough_games_below_the_threshold_with_the_count(api):
    war, _, _ = bidding_round_on_a_played_map(19, margin=3)
    bid = api.get(f"/api/tournaments/{war.pk}/standings").json()["suggested_bid"]
    assert bid["enough"] is False and bid["games"] == 19 and bid["min_games"] == 20


def test_a_card_game_events_standings_api_has_no_suggested_bid(api):
    tournament, organiser, _ = running_tournament(4)
    play_round(services.publish_round(services.pair_next_round(tournament, organiser), organiser), organiser)
    assert api.get(f"/api/tournaments/{tournament.pk}/standings").json()["suggested_bid"] is None


def test_the_standings_json_export_of_a_wargame_event_has_the_suggested_bid():
    war, organiser, _ = bidding_round_on_a_played_map(20, margin=3)
    client = Client()
    client.force_login(organiser)
    assert client.get(f"/tournaments/{war.pk}/standings.json").json()["suggested_bid"] == JAPAN_BY_THREE


def test_the_suggested_bid_csv_is_one_row_of_codes_and_numbers():
    war, organiser, _ = bidding_round_on_a_played_map(20, margin=3)
    client = Client()
    client.force_login(organiser)
    text = client.get(f"/tournaments/{war.pk}/suggested-bid.csv").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows == [{k: str(v) for k, v in JAPAN_BY_THREE.items()}]


def test_the_suggested_bid_json_export_names_the_tournament():
    war, organiser, _ = bidding_round_on_a_played_map(20, margin=3)
    client = Client()
    client.force_login(organiser)
    assert client.get(f"/tournaments/{war.pk}/suggested-bid.json").json() == {"tournament": war.pk, **JAPAN_BY_THREE}


def test_a_card_game_event_has_no_suggested_bid_export_404():
    tournament, organiser, _ = running_tournament(4)
    client = Client()
    client.force_login(organiser)
    assert client.get(f"/tournaments/{tournament.pk}/suggested-bid.csv").status_code == 404


def test_the_wargame_standings_page_links_the_suggested_bid_exports_in_both_languages():
    war, organiser, _ = bidding_round_on_a_played_map(20, margin=3)
    client = Client()
    client.force_login(organiser)
    english = client.get(f"/tournaments/{war.pk}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chinese = client.get(f"/tournaments/{war.pk}/standings/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert f"/tournaments/{war.pk}/suggested-bid.csv" in english and "Suggested bid" in english
    assert "建议出价" in chinese and "Suggested bid" not in chinese
