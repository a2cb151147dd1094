"""Ratings: OpenSkill (Plackett-Luce) updated once when a tournament finishes, from its matches in order."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from matches.models import Rating, RatingChange
from matches.services import rounds as round_services
from matches.services.ratings import history_svg, leaderboard, rating_history, update_ratings
from matches.services.results import override_result
from tests.matches.factories import running_tournament

pytestmark = pytest.mark.django_db


def _finished_tournament(players=2):
    from django.test import TestCase

    tournament, organiser, people = running_tournament(players, rounds=1)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    matches = list(rnd.matches.filter(is_bye=False))
    for match in matches:
        override_result(match, organiser, 2, 1)
    # The ratings task is enqueued on commit, as in production.
    with TestCase.captureOnCommitCallbacks(execute=True):
        round_services.finish_tournament(tournament, organiser)
    return tournament, organiser, people, matches


def test_finishing_a_tournament_rates_the_winner_up_and_the_loser_down_as_openskill_does():
    tournament, _o, _people, matches = _finished_tournament()
    winner, loser = matches[0].player_a_id, matches[0].player_b_id
    model = PlackettLuce()
    (expected_w,), (expected_l,) = model.rate([[model.rating()], [model.rating()]], ranks=[0, 1])
    assert Rating.objects.get(player_id=winner).mu == pytest.approx(expected_w.mu)
    assert Rating.objects.get(player_id=loser).mu == pytest.approx(expected_l.mu)
    change = RatingChange.objects.get(player_id=winner, tournament=tournament)
    assert change.ordinal_after > change.ordinal_before


def test_rating_a_tournament_twice_changes_nothing_the_second_time():
    tournament, _o, _people, matches = _finished_tournament()
    mu = Rating.objects.get(player_id=matches[0].player_a_id).mu
    assert update_ratings(tournament.pk) == 0
    assert Rating.objects.get(player_id=matches[0].player_a_id).mu == mu
    assert RatingChange.objects.filter(tournament=tournament).count() == 2


def test_a_bye_does_not_rate_the_player_who_had_it():
    tournament, _o, _people, _matches = _finished_tournament(3)
    bye_player = tournament.rounds.get().matches.get(is_bye=True).player_a_id
    assert not Rating.objects.filter(player_id=bye_player).exists()
    assert Rating.objects.count() == 2


def test_the_second_tournament_starts_from_the_first_ones_rating():
    _t1, _o, _p, m1 = _finished_tournament()
    first = Rating.objects.get(player_id=m1[0].player_a_id)
    assert first.matches == 1
    assert leaderboard().first().player_id == m1[0].player_a_id
    history = rating_history(first.player)
    svg = history_svg(history)
    assert svg.startswith("<svg") and svg.count("<circle") == 2


def _finished_pod_event(players=4):
    from django.test import TestCase

    from matches.models import Tournament
    from tests.matches.factories import play_pods, pod_event

    tournament, organiser, people = pod_event(players, rounds=1)
    Tournament.objects.filter(pk=tournament.pk).update(rated=True)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    play_pods(rnd, organiser)
    with TestCase.captureOnCommitCallbacks(execute=True):
        round_services.finish_tournament(tournament, organiser)
    return tournament, rnd, people


def test_a_pod_rates_its_players_by_placement_in_its_own_game_as_plackett_luce_does():
    tournament, rnd, _people = _finished_pod_event(4)
    seated = list(rnd.pods.get().seats.order_by("placement").values_list("player_id", flat=True))
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in seated], ranks=[0.0, 1.0, 2.0, 3.0])
    for player, (rating,) in zip(seated, expected, strict=True):
        stored = Rating.objects.get(player_id=player)
        assert stored.system == tournament.system == "longhu"
        assert stored.mu == pytest.approx(rating.mu) and stored.matches == 1
    assert list(leaderboard("longhu").values_list("player_id", flat=True)) == seated
    assert not leaderboard().exists()  # the card game's leaderboard knows nothing of it


def test_a_pod_with_a_seat_entered_by_someone_else_does_not_rate():
    from matches.models import Registration
    from tests.matches.factories import play_pods, pod_event

    tournament, organiser, people = pod_event(4, rounds=1)
    type(tournament).objects.filter(pk=tournament.pk).update(rated=True)
    Registration.objects.filter(tournament=tournament, player=people[0]).update(registered_by=organiser)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    play_pods(rnd, organiser)
    assert update_ratings(round_services.finish_tournament(tournament, organiser).pk) == 0
    assert not Rating.objects.exists()


def test_a_player_keeps_one_rating_per_game_and_each_history_lists_its_own_games_tournaments():
    _t, _o, _people, matches = _finished_tournament()
    player = matches[0].player_a
    Rating.objects.create(player=player, system="longhu", mu=30.0, sigma=7.0, ordinal=9.0, matches=2)
    assert set(player.ratings.values_list("system", flat=True)) == {"generals-order", "longhu"}
    assert len(rating_history(player, "generals-order")) == 1
    assert rating_history(player, "longhu") == []
