"""Standings snapshots: computed by the Celery task after each result, keyed by the results (idempotent)."""

from __future__ import annotations

import pytest

from matches.models import StandingsSnapshot
from matches.services import rounds as round_services
from matches.services.results import override_result
from matches.services.scoring import snapshot_standings
from matches.services.standings import current_standings, latest_snapshot
from matches.tasks import snapshot_standings as snapshot_task
from tests.matches.factories import play_round, running_tournament

pytestmark = pytest.mark.django_db


def test_a_result_enqueues_a_snapshot_with_the_new_standings(django_capture_on_commit_callbacks):
    tournament, organiser, _players = running_tournament(4, rounds=2)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    match = rnd.matches.order_by("table").first()
    with django_capture_on_commit_callbacks(execute=True):
        override_result(match, organiser, 2, 0)
    snapshot = latest_snapshot(tournament)
    top = snapshot.rows[0]
    assert top["player"] == match.player_a_id and top["points"] == 3 and top["record"] == "1-0-0"


def test_the_snapshot_task_is_idempotent_same_results_same_snapshot_same_rows():
    tournament, organiser, _players = running_tournament(4, rounds=2)
    play_round(
        round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser), organiser
    )
    first = snapshot_task.delay(tournament.pk).get()
    second = snapshot_task.delay(tournament.pk).get()
    assert first == second
    assert StandingsSnapshot.objects.filter(tournament=tournament).count() == len(
        set(StandingsSnapshot.objects.filter(tournament=tournament).values_list("results_key", flat=True))
    )
    rows = StandingsSnapshot.objects.get(pk=first).rows
    assert [r["player"] for r in rows] == [s.player for s in current_standings(tournament)]


def test_a_changed_result_gives_a_new_snapshot_and_undoing_it_brings_the_old_one_back():
    tournament, organiser, _players = running_tournament(2, rounds=1)
    rnd = round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser)
    match = rnd.matches.get()
    override_result(match, organiser, 2, 0)
    before = snapshot_standings(tournament.pk)
    override_result(match, organiser, 0, 2)
    after = snapshot_standings(tournament.pk)
    assert after.pk != before.pk and after.rows[0]["player"] == match.player_b_id
    override_result(match, organiser, 2, 0)
    assert snapshot_standings(tournament.pk).pk == before.pk
    assert latest_snapshot(tournament).pk == before.pk


def test_snapshot_rows_carry_the_tiebreakers_and_the_drop():
    tournament, organiser, players = running_tournament(3, rounds=2)
    play_round(
        round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser), organiser
    )
    round_services.drop_player(tournament, players[2], players[2])
    rows = snapshot_standings(tournament.pk).rows
    assert set(rows[0]) >= {"rank", "player", "name", "points", "mwp", "gwp", "omwp", "ogwp", "record", "dropped"}
    dropped = next(r for r in rows if r["player"] == players[2].pk)
    assert dropped["dropped"] is True and dropped["name"] == players[2].username


def test_the_snapshot_task_runs_in_a_real_celery_worker(celery_worker):
    tournament, organiser, _players = running_tournament(2, rounds=1)
    play_round(
        round_services.publish_round(round_services.pair_next_round(tournament, organiser), organiser), organiser
    )
    snapshot_id = snapshot_task.delay(tournament.pk).get(timeout=60)
    assert StandingsSnapshot.objects.get(pk=snapshot_id).rows[0]["points"] == 3


def test_a_bye_in_a_draft_round_is_not_a_result_until_the_round_is_published():
    tournament, organiser, _players = running_tournament(3, rounds=2)
    draft = round_services.pair_next_round(tournament, organiser)
    bye_player = draft.matches.get(is_bye=True).player_a_id
    assert {s.points for s in current_standings(tournament)} == {0}
    round_services.publish_round(draft, organiser)
    line = next(s for s in current_standings(tournament) if s.player == bye_player)
    assert (line.points, line.byes) == (3, 1)
