"""Sealed bids over the API (issue 26): ``GET``/``POST /api/matches/<id>/bid``, the bid page's service and rules."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from matches.models import SealedBid
from tests.matches.factories import UserFactory
from tests.matches.services.test_wargame import bidding_table, wargame

pytestmark = pytest.mark.django_db


def _client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_player_bids_over_the_api_and_his_opponent_sees_only_that_it_is_in():
    _tournament, _organiser, match = bidding_table()
    answer = _client(match.player_a).post(f"/api/matches/{match.pk}/bid", {"side": "japan", "vp": 4}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["a"] == {"entered": True, "side": "japan", "vp": 4}
    seen = _client(match.player_b).get(f"/api/matches/{match.pk}/bid").json()
    assert seen["a"] == {"entered": True, "side": None, "vp": None} and seen["both"] is False
    both = _client(match.player_b).post(f"/api/matches/{match.pk}/bid", {"side": "japan", "vp": 6}, format="json")
    assert both.json()["both"] is True and both.json()["a"]["vp"] == 4 and both.json()["b"]["vp"] == 6


def test_a_bid_over_the_api_for_the_opponent_or_in_an_event_without_bidding_is_refused_and_nothing_saved():
    _tournament, _organiser, match = bidding_table()
    other = _client(match.player_a).post(
        f"/api/matches/{match.pk}/bid", {"side": "japan", "vp": 1, "player": match.player_b_id}, format="json"
    )
    assert other.status_code == 400 and other.json()["error"]["code"] == "bid.not_yours"
    _t, organiser, _players = wargame(2)
    from matches.services import rounds as services

    rnd = services.publish_round(services.pair_next_round(_t, organiser), organiser)
    plain = rnd.matches.get()
    refused = _client(plain.player_a).post(f"/api/matches/{plain.pk}/bid", {"side": "japan", "vp": 1}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bid.no_bidding"
    assert not SealedBid.objects.exists()


def test_a_bid_over_the_api_with_a_bad_number_says_which_field():
    _tournament, _organiser, match = bidding_table()
    answer = _client(match.player_a).post(f"/api/matches/{match.pk}/bid", {"side": "japan", "vp": -3}, format="json")
    assert answer.status_code == 400 and "vp" in answer.json()["error"]["params"]["fields"]


def test_a_stranger_reads_as_the_round_page_shows_whether_each_bid_is_in_never_a_sealed_figure():
    _tournament, _organiser, match = bidding_table()
    _client(match.player_a).post(f"/api/matches/{match.pk}/bid", {"side": "japan", "vp": 4}, format="json")
    answer = _client(UserFactory()).get(f"/api/matches/{match.pk}/bid")
    assert answer.status_code == 200
    assert answer.json()["a"] == {"entered": True, "side": None, "vp": None}
    assert answer.json()["b"] == {"entered": False, "side": None, "vp": None}
