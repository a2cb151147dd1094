"""The scoring object of an event (issue 25, "Decide once"): chosen once from the game, it answers every
question that differed between two-player Swiss, pods by placement and victory-point margin."""

from __future__ import annotations

import pytest

from engine.systems import SYSTEMS
from matches.services import rounds as round_services
from matches.services.scoring import EventScoring, PlacementScoring, VpMarginScoring, scoring_of, snapshot_standings
from tests.matches.factories import play_pods, play_round, pod_event, running_tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_game_gets_the_scoring_object_its_system_names(system):
    class Event:
        pass

    event = Event()
    event.system = system  # type: ignore[attr-defined]
    scoring = scoring_of(event)
    expected = {"placement": PlacementScoring, "vp-margin": VpMarginScoring}.get(SYSTEMS[system].scoring, EventScoring)
    assert type(scoring) is expected


def test_only_pods_and_sided_games_are_seated_at_the_sites_tables():
    assert PlacementScoring().plays_on_tables and VpMarginScoring().plays_on_tables
    assert not EventScoring().plays_on_tables


def test_a_game_without_sides_gives_no_side_at_any_table():
    assert EventScoring().sides(None, 1, [(1, 2), (3, None)]) == ["", ""]  # type: ignore[arg-type]


def test_a_pod_events_snapshot_holds_placement_rows_and_a_swiss_events_match_points():
    pods, organiser, _players = pod_event(8, rounds=2)
    play_pods(round_services.publish_round(round_services.pair_next_round(pods, organiser), organiser), organiser)
    pod_rows = snapshot_standings(pods.pk).rows
    assert pod_rows and all("firsts" in row and "regions" in row for row in pod_rows)

    swiss, organiser, _players = running_tournament(4, rounds=2)
    play_round(round_services.publish_round(round_services.pair_next_round(swiss, organiser), organiser), organiser)
    swiss_rows = snapshot_standings(swiss.pk).rows
    assert swiss_rows and all("points" in row and "record" in row for row in swiss_rows)
    assert not any("firsts" in row for row in swiss_rows)


def test_the_same_results_store_one_snapshot_for_every_kind_of_event():
    pods, organiser, _players = pod_event(8, rounds=2)
    play_pods(round_services.publish_round(round_services.pair_next_round(pods, organiser), organiser), organiser)
    assert snapshot_standings(pods.pk).pk == snapshot_standings(pods.pk).pk
