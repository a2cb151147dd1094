"""Clocks, draws and abandonment of refereed games (matches.services.play.clock and .ending).

Time is the test's (``frozen_clock``, the settable clock of ``windows``); nothing sleeps.
"""

from __future__ import annotations

import datetime
import json

import pytest
from django.utils import timezone

from junling.models import AuditEvent, OutboxMessage
from matches import task_names
from matches.models import GameLog, Match, RefereedGame
from matches.presenters import play as presenter
from matches.services.play import acting, cache, clock, ending, lifecycle
from matches.services.play.errors import ActionRefused
from matches.tasks_play import flag_game, sweep_clocks
from tests.matches.test_play_factories import to_act, winning_step

pytestmark = pytest.mark.django_db

S = datetime.timedelta(seconds=1)


def clocked_match(setup, total=300, increment=5, best_of=1):
    _fmt, alice, bob, deck_a, deck_b = setup
    challenge = lifecycle.do_challenge(
        alice, bob, deck_a, best_of=best_of, clock_total=total, clock_increment=increment
    )
    return lifecycle.do_accept_challenge(bob, challenge, deck_b)


def row_of(match) -> RefereedGame:
    return RefereedGame.objects.get(pk=cache.current_game(match).pk)


def _fields(row: RefereedGame) -> tuple:
    return tuple(getattr(row, f) for f in clock.FIELDS)


def test_a_clocked_game_gives_each_player_the_total_and_runs_the_clock_of_the_player_to_act(setup, frozen_clock):
    match = clocked_match(setup)
    row = row_of(match)
    state, _user = to_act(match, setup)
    assert row.clock_remaining == [300.0, 300.0]
    assert row.clock_running == state.current_player()
    assert row.clock_since == frozen_clock.at
    frozen_clock.at += 42 * S
    left = clock.remaining(row)
    assert left[row.clock_running] == 258.0 and left[1 - row.clock_running] == 300.0


def test_reading_the_table_computes_the_clocks_and_writes_nothing(setup, frozen_clock):
    """A GET never writes: the view counts the running clock down from the stored moment."""
    match = clocked_match(setup)
    _state, user = to_act(match, setup)
    before = _fields(row_of(match))
    frozen_clock.at += 61 * S
    view = presenter.player_view(match, user)
    assert view["clock"]["you"]["text"] == "3:59"
    assert view["clock"]["you"]["running"] and not view["clock"]["opponent"]["running"]
    assert _fields(row_of(match)) == before


def test_an_action_charges_the_mover_and_a_turn_end_adds_the_increment(setup, frozen_clock):
    match = clocked_match(setup, total=300, increment=5)
    for _ in range(30):
        state, user = to_act(match, setup)
        seat, turn = state.current_player(), state.turn
        row = row_of(match)
        spent_before = row.clock_remaining[seat]
        frozen_clock.at += 10 * S
        acting.do_act(match, user, winning_step(state, seat))
        after = row_of(match)
        if cache.load_state(after).turn > turn:  # this action ended the turn: the increment is added
            assert after.clock_remaining[seat] == spent_before - 10 + 5
            assert after.clock_turn == cache.load_state(after).turn
            return
        assert after.clock_remaining[seat] == spent_before - 10
    raise AssertionError("no turn ended")


def test_the_clocks_survive_a_restart(setup, frozen_clock):
    match = clocked_match(setup)
    frozen_clock.at += 30 * S
    left = clock.remaining(row_of(match))
    cache.forget_states()
    assert clock.remaining(row_of(match)) == left


def test_running_out_of_time_loses_the_game_on_the_next_action_and_the_log_says_why(setup, frozen_clock):
    match = clocked_match(setup, total=60, increment=0)
    state, user = to_act(match, setup)
    seat = state.current_player()
    frozen_clock.at += 61 * S
    with pytest.raises(ActionRefused) as refused:
        acting.do_act(match, user, winning_step(state, seat))
    assert refused.value.code == "play.game_over"
    row = row_of(match)
    assert row.outcome["termination"] == clock.TIME and row.outcome["winner"] == 1 - seat
    assert row.outcome["message"] == ["termination.time", {"player": {"seat": seat}}]
    assert row.clock_running is None and row.clock_remaining[seat] == 0
    match.refresh_from_db()
    assert match.is_finished and (match.games_won_a, match.games_won_b) == ((0, 1) if seat == 0 else (1, 0))
    assert match.games.get().said["code"] == "termination.time"
    header = json.loads(GameLog.objects.get(pk=row.log_id).content)["header"]
    assert header["meta"]["termination"] == "time" and header["meta"]["winner"] == 1 - seat
    assert header["meta"]["clock"] == {"total": 60, "increment": 0}
    assert AuditEvent.objects.filter(verb="match.play.flagged").count() == 1


def test_the_opponent_claims_a_win_on_time(setup, frozen_clock):
    match = clocked_match(setup, total=60)
    state, user = to_act(match, setup)
    seat = state.current_player()
    other = setup[2] if user == setup[1] else setup[1]
    with pytest.raises(ActionRefused):  # not out of time yet, and not gone
        ending.do_claim(match, other)
    frozen_clock.at += 60 * S
    row = ending.do_claim(match, other)
    assert row.outcome["termination"] == clock.TIME and row.outcome["winner"] == 1 - seat


def test_the_periodic_sweep_enqueues_the_flag_task_by_id_and_the_task_is_idempotent(
    setup, frozen_clock, django_capture_on_commit_callbacks
):
    match = clocked_match(setup, total=60)
    row = row_of(match)
    assert sweep_clocks() == 0  # nothing due
    frozen_clock.at += 61 * S
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_clocks() == 1
    assert OutboxMessage.objects.filter(task=task_names.FLAG_GAME, args=[row.pk]).exists()
    row.refresh_from_db()
    assert row.finished_at is not None and row.outcome["termination"] == clock.TIME  # the eager run flagged it
    assert flag_game(row.pk) == "over"  # again: nothing more
    assert AuditEvent.objects.filter(verb="match.play.flagged").count() == 1


def test_no_clock_runs_without_a_time_control(setup, frozen_clock):
    _fmt, alice, bob, deck_a, deck_b = setup
    match = lifecycle.do_accept_challenge(bob, lifecycle.do_challenge(alice, bob, deck_a), deck_b)
    row = row_of(match)
    assert row.clock_remaining is None and row.clock_running is None
    frozen_clock.at += 10_000 * S
    assert clock.flagged(row) is None and presenter.player_view(match, alice)["clock"] is None


def test_a_time_control_out_of_bounds_is_refused(setup):
    _fmt, alice, bob, deck_a, _deck_b = setup
    with pytest.raises(Exception) as refused:
        lifecycle.do_challenge(alice, bob, deck_a, clock_total=5)
    assert refused.value.code == "play.clock"
    assert not Match.objects.exists()


# --- draws ----------------------------------------------------------------------------------------------


def test_a_draw_offered_and_accepted_draws_the_game_in_the_log_and_the_result(setup, frozen_clock):
    _fmt, alice, bob, _a, _b = setup
    match = clocked_match(setup)
    ending.do_offer_draw(match, alice)
    assert presenter.player_view(match, bob)["draw"] == "theirs"
    assert presenter.player_view(match, alice)["draw"] == "yours"
    with pytest.raises(ActionRefused):
        ending.do_accept_draw(match, alice)  # one's own offer cannot be accepted
    row = ending.do_accept_draw(match, bob)
    assert row.outcome["winner"] is None and row.outcome["termination"] == clock.DRAW_AGREED
    match.refresh_from_db()
    assert match.is_finished and (match.games_won_a, match.games_won_b, match.games_drawn) == (0, 0, 1)
    assert match.games.get().winner == "draw"
    header = json.loads(GameLog.objects.get(pk=row.log_id).content)["header"]
    assert header["meta"]["termination"] == "draw_agreed" and header["meta"]["winner"] is None
    verbs = sorted(AuditEvent.objects.filter(verb__startswith="match.play.draw").values_list("verb", flat=True))
    assert verbs == ["match.play.draw_accept", "match.play.draw_offer"]
    assert presenter.player_view(match, alice)["games"][0]["drawn"]


def test_a_draw_offer_can_be_declined_or_withdrawn_and_only_one_stands(setup, frozen_clock):
    _fmt, alice, bob, _a, _b = setup
    match = clocked_match(setup)
    ending.do_offer_draw(match, alice)
    with pytest.raises(ActionRefused):
        ending.do_offer_draw(match, bob)
    ending.do_decline_draw(match, bob)
    assert row_of(match).draw_offered_by is None
    ending.do_offer_draw(match, bob)
    with pytest.raises(ActionRefused):
        ending.do_withdraw_draw(match, alice)  # not alice's offer
    ending.do_withdraw_draw(match, bob)
    assert row_of(match).draw_offered_by is None and row_of(match).finished_at is None


def test_a_draw_offer_lapses_when_the_offerer_acts(setup, frozen_clock):
    match = clocked_match(setup)
    state, user = to_act(match, setup)
    ending.do_offer_draw(match, user)
    acting.do_act(match, user, winning_step(state, state.current_player()))
    assert row_of(match).draw_offered_by is None
    other = setup[2] if user == setup[1] else setup[1]
    with pytest.raises(ActionRefused) as refused:
        ending.do_accept_draw(match, other)
    assert refused.value.code == "play.no_draw_offer"


# --- abandonment ----------------------------------------------------------------------------------------


def test_a_player_gone_for_the_set_time_loses_the_game_when_the_other_claims_it(setup, frozen_clock):
    _fmt, alice, bob, _a, _b = setup
    frozen_clock.at = timezone.now()  # the clocks start now, as the game row's creation time does
    match = clocked_match(setup, total=3 * 3600)
    row = row_of(match)
    frozen_clock.at = row.created_at + datetime.timedelta(seconds=10)
    ending.do_mark_present(match, alice)
    ending.do_mark_present(match, bob)
    frozen_clock.at += datetime.timedelta(seconds=clock.ABANDON_SECONDS - 1)
    with pytest.raises(ActionRefused) as refused:
        ending.do_claim(match, alice)
    assert refused.value.code == "play.nothing_to_claim"
    ending.do_mark_present(match, alice)  # alice's page still says she is here; bob's does not
    frozen_clock.at += 2 * S
    with pytest.raises(ActionRefused):
        ending.do_claim(match, bob)  # alice was seen a second ago
    row = ending.do_claim(match, alice)
    assert row.outcome["termination"] == clock.ABANDONMENT and row.outcome["winner"] == 0
    match.refresh_from_db()
    assert match.is_finished and match.games.get().said["code"] == "termination.abandonment"
    assert AuditEvent.objects.filter(verb="match.play.claim_abandonment").count() == 1
