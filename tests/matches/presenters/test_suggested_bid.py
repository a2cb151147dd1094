"""Issue 26 item 6: the suggested bid of the event's map on the round page where players bid (before they do)
and on the event page for its organiser, in both languages; "not enough games" below the threshold."""

from __future__ import annotations

import pytest
from django.test import Client

from matches.models import Tournament
from matches.presenters.suggested_bid import map_games
from tests.matches.factories import bidding_round_on_a_played_map as _bidding_round

pytestmark = pytest.mark.django_db


def _round_page(war: Tournament, user: object, language: str) -> str:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client.get(f"/tournaments/{war.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_map_games_turn_each_finished_game_to_the_first_sides_vp_whichever_seat_played_it():
    war, _, _ = _bidding_round(4, margin=3)
    assert sorted(map_games(war)) == [(13, 10)] * 4


def test_the_round_page_shows_a_player_the_suggested_bid_in_english_before_he_bids():
    war, _, match = _bidding_round(20, margin=3)
    page = _round_page(war, match.player_b, "en")
    assert "Suggested bid for this map" in page
    assert "Bid 3 VP for Japan to bring the sides to 50 %." in page
    assert "From 20 finished games on this map" in page
    assert "+3 to +3 VP" in page


def test_the_round_page_shows_the_suggested_bid_in_chinese():
    war, _, match = _bidding_round(20, margin=3)
    page = _round_page(war, match.player_a, "zh-hans")
    assert "本地图的建议出价" in page
    assert "为日本军出价 3 胜利点" in page
    assert "Suggested bid" not in page


def test_below_twenty_games_the_round_page_says_not_enough_games_and_suggests_nothing():
    war, _, match = _bidding_round(19)
    page = _round_page(war, match.player_b, "en")
    assert "Not enough games for a suggested bid: 19 finished games on this map, 20 needed." in page
    assert "to bring the sides to 50 %" not in page


def test_the_event_page_shows_the_organiser_the_suggested_bid_in_both_languages_and_a_player_not():
    war, organiser, match = _bidding_round(20, margin=3)
    client = Client()
    client.force_login(organiser)
    english = client.get(f"/tournaments/{war.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chinese = client.get(f"/tournaments/{war.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Bid 3 VP for Japan" in english
    assert "为日本军出价 3 胜利点" in chinese and "Suggested bid" not in chinese
    client.force_login(match.player_a)
    assert "Suggested bid" not in client.get(f"/tournaments/{war.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_round_pages_partial_refresh_does_not_compute_the_suggestion_and_the_full_page_does(monkeypatch):
    from matches.presenters import suggested_bid as presenter

    war, _, match = _bidding_round(20, margin=3)
    calls = []
    real = presenter.map_games
    monkeypatch.setattr(presenter, "map_games", lambda t: calls.append(t.pk) or real(t))
    client = Client()
    client.force_login(match.player_b)
    partial = client.get(f"/tournaments/{war.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    assert partial.status_code == 200 and calls == []
    assert "Bid 3 VP for Japan" in _round_page(war, match.player_b, "en")
    assert calls == [war.pk]
