"""Round services: pairing from registrations, byes, drops, late entry, publishing, re-pairing, hand pairing."""

from __future__ import annotations

import pytest

from junling.errors import NotAllowed
from junling.models import AuditEvent
from matches.models import Match, Registration, Round, Tournament
from matches.services import rounds as services
from matches.services.results import override_result, report_result
from matches.services.rounds import RoundError
from tests.matches.factories import UserFactory, deck_version, play_round, running_tournament

pytestmark = pytest.mark.django_db


def test_pairing_round_one_from_registrations_gives_every_active_player_one_table_and_a_bye_when_odd():
    tournament, organiser, players = running_tournament(5)
    rnd = services.pair_next_round(tournament, organiser)
    assert rnd.number == 1 and rnd.status == Round.Status.DRAFT and rnd.kind == Round.Kind.SWISS
    seated = [p for m in rnd.matches.all() for p in (m.player_a_id, m.player_b_id) if p]
    assert sorted(seated) == sorted(p.pk for p in players)
    byes = list(rnd.matches.filter(is_bye=True))
    assert len(byes) == 1 and byes[0].status == Match.Status.FINISHED and byes[0].player_b_id is None
    assert AuditEvent.objects.filter(verb="round.pair", target_id=str(rnd.pk)).exists()


def test_swiss_rounds_planned_from_attendance_when_left_at_zero_mtr_appendix_e():
    tournament, organiser, _players = running_tournament(9)
    services.pair_next_round(tournament, organiser)
    tournament.refresh_from_db()
    assert tournament.planned_rounds == 5


def test_the_next_round_waits_for_every_result_of_the_previous_round():
    tournament, organiser, _players = running_tournament(4)
    rnd = services.pair_next_round(tournament, organiser)
    with pytest.raises(RoundError, match="draft round"):
        services.pair_next_round(tournament, organiser)
    services.publish_round(rnd, organiser)
    with pytest.raises(RoundError, match="Round 1 is not finished"):
        services.pair_next_round(tournament, organiser)
    play_round(rnd, organiser)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED
    assert services.pair_next_round(tournament, organiser).number == 2


def test_round_two_is_paired_from_the_standings_without_a_rematch():
    tournament, organiser, _players = running_tournament(8, rounds=3)
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_round(r1, organiser)
    r2 = services.pair_next_round(tournament, organiser)
    first = {frozenset((m.player_a_id, m.player_b_id)) for m in r1.matches.all()}
    second = {frozenset((m.player_a_id, m.player_b_id)) for m in r2.matches.all()}
    assert not first & second
    winners = {m.player_a_id for m in r1.matches.all()}
    # Winners meet winners: every round-2 table is within one point group.
    for m in r2.matches.all():
        assert (m.player_a_id in winners) == (m.player_b_id in winners)


def test_no_legal_swiss_pairing_is_a_clear_message_never_a_silent_rematch():
    tournament, organiser, _players = running_tournament(2, rounds=2)
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_round(r1, organiser)
    with pytest.raises(RoundError, match="No legal pairing exists for round 2"):
        services.pair_next_round(tournament, organiser)
    assert not tournament.rounds.filter(number=2).exists()


def test_a_dropped_player_is_never_paired_again_but_keeps_their_results():
    tournament, organiser, players = running_tournament(4, rounds=3)
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_round(r1, organiser)
    services.drop_player(tournament, players[0], players[0])
    r2 = services.pair_next_round(tournament, organiser)
    seated = {p for m in r2.matches.all() for p in (m.player_a_id, m.player_b_id)}
    assert players[0].pk not in seated
    assert r2.matches.filter(is_bye=True).count() == 1
    assert Registration.objects.get(player=players[0]).dropped


def test_only_the_player_or_an_organiser_may_drop_a_player():
    tournament, _organiser, players = running_tournament(2)
    with pytest.raises(NotAllowed):
        services.drop_player(tournament, players[1], players[0])


def test_late_entry_gets_a_missed_round_loss_for_each_published_round():
    from matches.services.invitations import do_accept_invitation, do_invite

    tournament, organiser, _players = running_tournament(4, rounds=3)
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_round(r1, organiser)
    late = UserFactory()
    invitation = do_invite(tournament, organiser, late)
    registration = do_accept_invitation(invitation, late, deck_version(late, tournament.format))
    assert registration.is_locked and registration.locked_hash and registration.registered_by == late
    missed = Match.objects.get(player_a=late)
    assert missed.result_source == Match.Source.MISSED and missed.round == r1 and missed.games_won_b == 2
    from matches.services.standings import current_standings

    line = next(s for s in current_standings(tournament) if s.player == late.pk)
    assert (line.points, line.losses, line.rounds) == (0, 1, 1)
    r2 = services.pair_next_round(tournament, organiser)
    assert r2.matches.filter(player_a=late).exists() or r2.matches.filter(player_b=late).exists()


def test_an_invitation_to_a_player_already_registered_is_refused():
    from matches.services.invitations import InvitationRefused, do_invite

    tournament, organiser, players = running_tournament(2)
    with pytest.raises(InvitationRefused, match="already registered"):
        do_invite(tournament, organiser, players[0])


def test_repair_round_pairs_a_draft_again_after_a_drop():
    tournament, organiser, players = running_tournament(4)
    r1 = services.pair_next_round(tournament, organiser)
    services.drop_player(tournament, organiser, players[3])
    again = services.repair_round(r1, organiser)
    seated = {p for m in again.matches.all() for p in (m.player_a_id, m.player_b_id) if p}
    assert players[3].pk not in seated and len(seated) == 3
    assert not Round.objects.filter(pk=r1.pk).exists()


def test_a_published_round_cannot_be_repaired():
    tournament, organiser, _players = running_tournament(4)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    with pytest.raises(RoundError, match="Only a draft round"):
        services.repair_round(rnd, organiser)


def test_pair_by_hand_returns_a_rematch_warning_and_saves_only_when_confirmed():
    tournament, organiser, _players = running_tournament(4, rounds=3)
    r1 = services.pair_next_round(tournament, organiser)
    services.publish_round(r1, organiser)
    play_round(r1, organiser)
    rematch = [(m.player_a_id, m.player_b_id) for m in r1.matches.order_by("table")]
    outcome = services.pair_by_hand(tournament, organiser, rematch)
    assert not outcome.saved and "rematch" in {w.problem.value for w in outcome.warnings}
    assert not tournament.rounds.filter(number=2).exists()
    confirmed = services.pair_by_hand(tournament, organiser, rematch, confirm=True)
    assert confirmed.saved and confirmed.round.number == 2 and confirmed.round.matches.count() == 2
    assert AuditEvent.objects.filter(verb="round.pair_by_hand", target_id=str(confirmed.round.pk)).exists()


def test_pair_by_hand_never_saves_a_player_at_two_tables_even_confirmed():
    tournament, organiser, players = running_tournament(4)
    a, b, c, _d = (p.pk for p in players)
    outcome = services.pair_by_hand(tournament, organiser, [(a, b), (a, c)], confirm=True)
    assert not outcome.saved and "paired-twice" in {w.problem.value for w in outcome.warnings}


def test_parse_pairs_says_which_line_names_an_unregistered_player():
    with pytest.raises(RoundError, match="Line 2: zed is not registered"):
        services.parse_pairs("ann bo\nzed ann\n", {"ann": 1, "bo": 2})
    assert services.parse_pairs("ann bo\ncy bye\n", {"ann": 1, "bo": 2, "cy": 3}) == [(1, 2), (3, None)]


def test_top_cut_after_the_swiss_seeds_one_against_eight():
    tournament, organiser, _players = running_tournament(8, rounds=1, top_cut=8)
    r1 = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    play_round(r1, organiser)
    from matches.services.standings import current_standings

    ranked = [s.player for s in current_standings(tournament)]
    cut = services.pair_next_round(tournament, organiser)
    assert cut.kind == Round.Kind.TOP_CUT
    pairs = [(m.player_a_id, m.player_b_id) for m in cut.matches.order_by("table")]
    seeds = [(ranked.index(a) + 1, ranked.index(b) + 1) for a, b in pairs]
    assert seeds == [(1, 8), (4, 5), (2, 7), (3, 6)]
    services.publish_round(cut, organiser)
    play_round(cut, organiser)
    semis = services.pair_next_round(tournament, organiser)
    assert semis.kind == Round.Kind.TOP_CUT and semis.matches.count() == 2


def test_round_robin_meets_everyone_once_then_asks_to_finish():
    tournament, organiser, _players = running_tournament(4, structure=Tournament.Structure.ROUND_ROBIN)
    met = set()
    for _n in range(3):
        rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
        assert rnd.kind == Round.Kind.ROUND_ROBIN
        met |= {frozenset((m.player_a_id, m.player_b_id)) for m in rnd.matches.all()}
        play_round(rnd, organiser)
    assert len(met) == 6
    with pytest.raises(RoundError, match="finish the tournament"):
        services.pair_next_round(tournament, organiser)


def test_single_elimination_gives_top_seeds_the_byes_and_advances_winners():
    tournament, organiser, players = running_tournament(3, structure=Tournament.Structure.SINGLE_ELIMINATION)
    r1 = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    # Seeds are the seeded random order of the start (round 1 is never registration order): seed 1 has the bye.
    top_seed = services.seeded_order([p.pk for p in players], tournament.pairing_seed)[0]
    assert r1.matches.filter(is_bye=True, player_a_id=top_seed).exists()
    play_round(r1, organiser)
    final = services.pair_next_round(tournament, organiser)
    assert final.matches.count() == 1
    services.publish_round(final, organiser)
    match = final.matches.get()
    with pytest.raises(Exception, match="needs a winner"):
        override_result(match, organiser, 1, 1)
    play_round(final, organiser)
    with pytest.raises(RoundError, match="finish the tournament"):
        services.pair_next_round(tournament, organiser)


def test_only_organisers_pair_and_publish():
    tournament, _organiser, players = running_tournament(2)
    with pytest.raises(NotAllowed):
        services.pair_next_round(tournament, players[0])


def test_finish_refuses_while_a_match_has_no_result_then_finishes():
    tournament, organiser, players = running_tournament(2, rounds=1)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    with pytest.raises(RoundError, match="Round 1 is not finished"):
        services.finish_tournament(tournament, organiser)
    match = rnd.matches.get()
    report_result(match, players[0], 2, 1)
    report_result(match, players[1], 2, 1)
    services.finish_tournament(tournament, organiser)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.finished_at


def test_a_round_whose_matches_were_finished_elsewhere_is_closed_when_the_next_round_is_paired():
    tournament, organiser, _players = running_tournament(4, rounds=2)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    # As a judge's ruling on a refereed game does: the match is finished without the results service.
    rnd.matches.filter(is_bye=False).update(status=Match.Status.FINISHED, games_won_a=2, games_won_b=0)
    assert services.pair_next_round(tournament, organiser).number == 2
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED


def test_a_match_reopened_in_a_finished_round_blocks_the_next_round():
    tournament, organiser, _players = running_tournament(4, rounds=2)
    rnd = services.publish_round(services.pair_next_round(tournament, organiser), organiser)
    play_round(rnd, organiser)
    rnd.matches.filter(table=1).update(status=Match.Status.DISPUTED)
    with pytest.raises(RoundError, match="Round 1 is not finished"):
        services.pair_next_round(tournament, organiser)


def test_round_refusals_are_refused_with_stable_codes_and_their_facts():
    from junling.errors import Refused

    tournament, organiser, _players = running_tournament(2)
    services.pair_next_round(tournament, organiser)
    with pytest.raises(Refused) as info:
        services.pair_next_round(tournament, organiser)
    assert isinstance(info.value, RoundError) and info.value.code == "round.draft_waiting"
    with pytest.raises(RoundError) as info:
        services.set_structure(tournament, organiser, structure="swiss", planned_rounds=30)
    assert (info.value.code, info.value.params, info.value.status) == ("structure.rounds_range", {"n": 30}, 400)
