"""Issue 26: a sealed bid decides a table played on the site. In an event with a bid for sides, a round published
on the site's tables seats each pairing once its bids are resolved, with the sides they gave; the table's signed
log header keeps the resolved bids (``meta.bids``), and the judge's replay reads them back."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client

from matches.models import Match, Tournament
from matches.services import rounds as services
from matches.services.wargame import BidRefused, do_enter_bid
from tables import logs
from tables import services as table_services
from tables.presenters import bid_text
from tests.matches.factories import pod_event
from tests.tables.conftest import play_to_the_end

pytestmark = pytest.mark.django_db


def _bidding_round_on_tables():
    tournament, organiser, _ = pod_event(2, rounds=2, system="wenlu")
    Tournament.objects.filter(pk=tournament.pk).update(side_bids=True)
    tournament.refresh_from_db()
    tournament.judges.add(organiser)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser, on_tables=True)
    return tournament, organiser, rnd.matches.get()


def _bid_japan_both(match: Match, organiser, vp_a: int, vp_b: int) -> Match:
    do_enter_bid(match, organiser, match.player_a_id, "japan", vp_a)
    return do_enter_bid(match, organiser, match.player_b_id, "japan", vp_b)


def test_a_bidding_pairing_published_on_tables_waits_for_its_bids_before_it_is_seated():
    _, _, match = _bidding_round_on_tables()
    assert match.board_table_id is None


def test_the_second_bid_seats_the_table_with_the_side_the_higher_bid_bought():
    _, organiser, match = _bidding_round_on_tables()
    match = _bid_japan_both(match, organiser, 3, 1)
    assert match.side_a == "japan" and match.bid_a == 3 and match.bid_b == 0
    seats = dict(match.board_table.seat_rows.values_list("user_id", "index"))
    assert seats == {match.player_a_id: 0, match.player_b_id: 1}  # Japan is the game's first side, seat 0


def test_the_table_seated_by_its_bids_takes_no_further_bid():
    _, organiser, match = _bidding_round_on_tables()
    match = _bid_japan_both(match, organiser, 2, 4)
    assert match.side_a == "allies"
    with pytest.raises(BidRefused) as refused:
        do_enter_bid(match, organiser, match.player_a_id, "japan", 9)
    assert refused.value.code in {"bid.on_table", "bid.entered"}


def test_the_finished_tables_signed_log_header_keeps_the_resolved_bids():
    _, organiser, match = _bidding_round_on_tables()
    match = _bid_japan_both(match, organiser, 3, 1)
    table = play_to_the_end(match.board_table, random.Random(4))
    bids = json.loads(table.log)["header"]["meta"]["bids"]
    assert bids["bids"] == {"a": ["japan", 3], "b": ["japan", 1]}
    assert bids["side_a"] == "japan" and bids["gives"] == [3, 0]
    read = logs.read_log(table.log.encode())
    assert read.signature == "valid" and read.bids == bids


def test_the_judges_replay_of_the_uploaded_log_and_of_the_stored_table_reads_the_bids():
    _, organiser, match = _bidding_round_on_tables()
    match = _bid_japan_both(match, organiser, 3, 1)
    table = play_to_the_end(match.board_table, random.Random(4))
    uploaded = table_services.judge_log(organiser, table.log.encode())
    stored = table_services.judge_table(organiser, table)
    assert uploaded.bids == stored.bids and uploaded.bids is not None and uploaded.bids["gives"] == [3, 0]
    assert uploaded.trust == "matches record"


def test_a_changed_bid_in_the_log_breaks_its_signature():
    _, organiser, match = _bidding_round_on_tables()
    match = _bid_japan_both(match, organiser, 3, 1)
    table = play_to_the_end(match.board_table, random.Random(4))
    forged = json.loads(table.log)
    forged["header"]["meta"]["bids"]["gives"] = [0, 0]
    verdict = table_services.judge_log(organiser, json.dumps(forged).encode())
    assert verdict.trust == "tampered" and verdict.bids is not None and verdict.bids["gives"] == [0, 0]


def test_the_judges_page_says_the_bids_in_english_and_in_chinese():
    _, organiser, match = _bidding_round_on_tables()
    match = _bid_japan_both(match, organiser, 3, 1)
    table = play_to_the_end(match.board_table, random.Random(4))
    client = Client()
    client.force_login(organiser)
    english = client.post("/tables/judge/", {"table": table.pk}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    chinese = client.post("/tables/judge/", {"table": table.pk}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Sealed bids: player A wanted Japan for 3 VP, player B Japan for 1 VP; player A played Japan" in english
    assert "暗标：A 方玩家以 3 胜利点要日本" in chinese and "Sealed bids" not in chinese


def test_bids_not_in_the_sites_form_are_said_so_and_no_figure_is_shown():
    assert bid_text({"bids": {"a": ["japan", "lots"], "b": ["japan", 1]}, "gives": [1, 0], "side_a": "japan"}) == (
        "The log's header names sealed bids that are not in this site's form."
    )
    assert bid_text(None) == ""
