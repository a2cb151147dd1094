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
