"""Wargame events (issue 15, 文禄朝鲜之役): sides balanced at pairing, VP results by players or the organiser,
standings by points and capped VP margin."""

from __future__ import annotations

import pytest

from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.models import Match, SealedBid, Tournament
from matches.presenters.tournaments import visible_bids
from matches.services import rounds as services
from matches.services.results import ResultRefused
from matches.services.scoring import snapshot_standings
from matches.services.wargame import BidRefused, current_vp_standings, do_enter_bid, report_vp
from tests.matches.factories import UserFactory, pod_event

pytestmark = pytest.mark.django_db


def wargame(players: int, rounds: int = 3):
    return pod_event(players, rounds=rounds, system="wenlu")


def test_every_table_of_a_wargame_round_names_the_side_of_each_player():
    tournament, organiser, _players = wargame(6)
    rnd = services.pair_next_round(tournament, organiser)
    sides = set(rnd.matches.values_list("side_a", flat=True))
    assert sides <= {"japan", "allies"} and sides


def test_round_two_gives_each_player_the_other_side_when_he_can():
    tournament, organiser, _players = wargame(8)
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    first = {}
    for m in r1.matches.all():
        report_vp(m, organiser, 12, 7)
        first[m.player_a_id] = m.side_a
        first[m.player_b_id] = "allies" if m.side_a == "japan" else "japan"
    r2 = services.pair_next_round(tournament, organiser)
    for m in r2.matches.all():
        side_b = "allies" if m.side_a == "japan" else "japan"
        # Each table has two players due opposite sides or the same one; at least one gets his due side.
        assert m.side_a != first[m.player_a_id] or side_b != first[m.player_b_id]


def test_both_players_reporting_the_same_victory_points_finish_the_match_won_by_the_larger_vp():
    tournament, organiser, _players = wargame(2)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    match = rnd.matches.get()
    report_vp(match, match.player_a, 9, 11)
    match = report_vp(match, match.player_b, 9, 11)
    assert match.status == Match.Status.FINISHED
    assert (match.games_won_a, match.games_won_b, match.vp_a, match.vp_b) == (0, 1, 9, 11)


def test_different_reports_make_the_match_disputed_and_the_organiser_enters_the_result():
    tournament, organiser, _players = wargame(2)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    match = rnd.matches.get()
    report_vp(match, match.player_a, 9, 11)
    match = report_vp(match, match.player_b, 9, 12)
    assert match.status == Match.Status.DISPUTED
    match = report_vp(match, organiser, 10, 10)
    assert match.status == Match.Status.FINISHED and match.games_drawn == 1


def test_the_bid_winner_gives_up_his_bid_and_may_lose_on_the_margin():
    tournament, organiser, match = bidding_table()  # bid on paper: no sealed bids entered
    match = report_vp(match, organiser, 12, 10, bid_a=3, side_a="japan")
    assert (match.games_won_a, match.games_won_b, match.bid_a, match.side_a) == (0, 1, 3, "japan")
    top = current_vp_standings(tournament)[0]
    assert top.player == match.player_b_id and top.margin == 1


def test_both_players_giving_up_vp_is_refused():
    tournament, organiser, _players = wargame(2)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    with pytest.raises(ResultRefused):
        report_vp(rnd.matches.get(), organiser, 12, 10, bid_a=3, bid_b=1)


def test_someone_else_cannot_report_a_wargame():
    tournament, organiser, _players = wargame(2)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    with pytest.raises(NotAllowed):
        report_vp(rnd.matches.get(), UserFactory(), 1, 0)


def test_the_wargame_snapshot_ranks_by_points_then_capped_margin():
    tournament, organiser, _players = wargame(4)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    big, small = rnd.matches.order_by("table")
    report_vp(big, organiser, 30, 2)
    report_vp(small, organiser, 8, 5)
    rows = snapshot_standings(tournament.pk).rows
    assert [(r["points"], r["margin"]) for r in rows] == [(3, 10), (3, 3), (0, -3), (0, -10)]


def test_a_wargame_round_paired_by_hand_is_checked_and_gets_sides():
    tournament, organiser, players = wargame(4)
    a, b, c, d = (p.pk for p in players)
    outcome = services.pair_by_hand(tournament, organiser, [(a, b), (c, d)])
    assert outcome.saved and not outcome.warnings
    assert set(outcome.round.matches.values_list("side_a", flat=True)) <= {"japan", "allies"}


def bidding_table(players: int = 2):
    """A published round 1 of a wargame event with a bid for sides; (tournament, organiser, match)."""
    tournament, organiser, _players = wargame(players)
    Tournament.objects.filter(pk=tournament.pk).update(side_bids=True)
    tournament.refresh_from_db()
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    return tournament, organiser, rnd.matches.get()


def test_a_bid_in_an_event_without_bidding_is_refused_and_nothing_is_saved():
    tournament, organiser, _players = wargame(2)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    match = rnd.matches.get()
    with pytest.raises(BidRefused) as refused:
        do_enter_bid(match, match.player_a, match.player_a_id, "japan", 2)
    assert refused.value.code == "bid.no_bidding" and not SealedBid.objects.exists()


def test_a_result_with_a_bid_or_another_side_in_an_event_without_bidding_is_refused():
    tournament, organiser, _players = wargame(2)
    rnd = services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    match = rnd.matches.get()
    other = "allies" if match.side_a == "japan" else "japan"
    for kwargs in ({"bid_a": 2}, {"side_a": other}):
        with pytest.raises(ResultRefused) as refused:
            report_vp(match, organiser, 12, 10, **kwargs)
        assert refused.value.code == "result.no_bidding"
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING and match.vp_a is None


def test_the_first_sealed_bid_is_hidden_from_the_opponent_and_both_show_once_both_are_in():
    _tournament, organiser, match = bidding_table()
    do_enter_bid(match, match.player_a, match.player_a_id, "japan", 3)
    match.refresh_from_db()
    sealed = {"in": True, "side": None, "side_name": None, "vp": None}
    assert visible_bids(match, match.player_b)["a"] == sealed
    assert visible_bids(match, organiser)["a"] == sealed
    assert visible_bids(match, match.player_a)["a"] == {"in": True, "side": "japan", "side_name": "Japan", "vp": 3}
    do_enter_bid(match, match.player_b, match.player_b_id, "japan", 5)
    match.refresh_from_db()
    seen = visible_bids(match, match.player_b)
    assert seen["both"] and seen["a"]["vp"] == 3 and seen["b"]["vp"] == 5


def test_two_bids_for_the_same_side_are_resolved_by_resolve_bid_and_recorded_in_the_audit_trail():
    _tournament, organiser, match = bidding_table()
    do_enter_bid(match, match.player_a, match.player_a_id, "japan", 3)
    do_enter_bid(match, organiser, match.player_b_id, "japan", 5)  # a paper table: the organiser enters B's
    match.refresh_from_db()
    assert (match.side_a, match.bid_a, match.bid_b) == ("allies", 0, 5)
    resolved = AuditEvent.objects.get(verb="match.bids_resolved")
    assert resolved.data["bids"] == {"a": ["japan", 3], "b": ["japan", 5]} and resolved.data["gives"] == [0, 5]
    entered = AuditEvent.objects.filter(verb="match.bid").first()
    assert "vp" not in entered.data and "side" not in entered.data  # sealed in the trail too


def test_once_the_bids_are_in_the_result_takes_their_sides_and_refuses_other_figures():
    _tournament, organiser, match = bidding_table()
    do_enter_bid(match, match.player_a, match.player_a_id, "japan", 3)
    do_enter_bid(match, match.player_b, match.player_b_id, "japan", 5)
    with pytest.raises(ResultRefused) as refused:
        report_vp(match, organiser, 12, 10, bid_a=4)
    assert refused.value.code == "result.bid_mismatch"
    report_vp(match, match.player_a, 12, 10)
    match = report_vp(match, match.player_b, 12, 10)
    # B won the bid for Japan and gave up 5: 12 - (10 - 5) = 7 for A
    assert (match.status, match.side_a, match.bid_b, match.games_won_a) == (Match.Status.FINISHED, "allies", 5, 1)


def test_a_sealed_bid_cannot_be_changed_nor_entered_for_the_opponent():
    _tournament, _organiser, match = bidding_table()
    do_enter_bid(match, match.player_a, match.player_a_id, "japan", 3)
    with pytest.raises(BidRefused) as refused:
        do_enter_bid(match, match.player_a, match.player_a_id, "allies", 0)
    assert refused.value.code == "bid.entered"
    with pytest.raises(BidRefused) as refused:
        do_enter_bid(match, match.player_a, match.player_b_id, "allies", 0)
    assert refused.value.code == "bid.not_yours"
    assert SealedBid.objects.get().side == "japan"


def test_a_bid_for_an_unknown_side_or_a_negative_bid_is_refused_with_its_reason():
    _tournament, _organiser, match = bidding_table()
    with pytest.raises(BidRefused) as refused:
        do_enter_bid(match, match.player_a, match.player_a_id, "rome", 1)
    assert refused.value.code == "bid.side"
    with pytest.raises(ResultRefused) as refused:
        do_enter_bid(match, match.player_a, match.player_a_id, "japan", -2)
    assert refused.value.code == "result.out_of_range"
    assert not SealedBid.objects.exists()


def other_side(side):
    return "allies" if side == "japan" else "japan"


def bid_away_due_side_twice(open_bidding: bool):
    """Four players; in rounds 1 and 2 one player's opponent outbids him for the side he is due.
    Returns (round 2's match, the player who lost his due side in round 1)."""
    tournament, organiser, _players = wargame(4)
    Tournament.objects.filter(pk=tournament.pk).update(side_bids=True, open_bidding=open_bidding)
    tournament.refresh_from_db()
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    first = r1.matches.order_by("table").first()
    do_enter_bid(first, first.player_a, first.player_a_id, first.side_a, 0)
    do_enter_bid(first, first.player_b, first.player_b_id, first.side_a, 2)
    first.refresh_from_db()
    assert first.bid_took_side_of == "a"
    for m in r1.matches.all():
        report_vp(m, organiser, 10, 10)
    r2 = services.pair_next_round(tournament, organiser)
    services.publish_round(r2, organiser)
    loser = first.player_a_id
    second = next(m for m in r2.matches.all() if loser in (m.player_a_id, m.player_b_id))
    due = second.side_a if second.player_a_id == loser else other_side(second.side_a)
    opponent = second.player_b_id if second.player_a_id == loser else second.player_a_id
    do_enter_bid(second, organiser, loser, due, 1)
    do_enter_bid(second, organiser, opponent, due, 4)
    second.refresh_from_db()
    return second, loser, due


def test_a_bid_never_takes_a_players_due_side_two_rounds_in_a_row_without_open_bidding():
    """Issue 26: the second override is refused: the sides stay as paired and nobody gives up VP."""
    second, loser, due = bid_away_due_side_twice(open_bidding=False)
    loser_side = second.side_a if second.player_a_id == loser else other_side(second.side_a)
    assert loser_side == due and (second.bid_a, second.bid_b, second.bid_took_side_of) == (0, 0, "")
    assert AuditEvent.objects.filter(verb="match.bids_resolved", data__refused_twice_in_a_row=True).count() == 1


def test_open_bidding_lets_a_bid_take_a_players_due_side_again():
    second, loser, due = bid_away_due_side_twice(open_bidding=True)
    loser_side = second.side_a if second.player_a_id == loser else other_side(second.side_a)
    assert loser_side != due and 4 in (second.bid_a, second.bid_b)
