"""The bot's move in a task (matches.services.play.bot, task ``matches.play_bot_move``): never inside the
human's request, idempotent, through the referee's path; the bot's clock on a clocked bot match.

Tasks run in-process: a test either runs the enqueued task itself or lets the outbox run it on commit
(``django_capture_on_commit_callbacks``). Time is the test's (``frozen_clock``); nothing sleeps.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from engine.game.players import make
from junling.models import AuditEvent, OutboxMessage
from matches import task_names
from matches.models import RefereedEntry, RefereedGame
from matches.presenters.clock import ending_view
from matches.services.play import acting, bot, cache, clock, ending, lifecycle, referee
from matches.services.play.errors import ActionRefused, PlayRefused
from matches.tasks_play import play_bot_move
from tests.matches.test_play_factories import state_of, winning_step

pytestmark = pytest.mark.django_db

S = datetime.timedelta(seconds=1)


def bot_match(setup, name="ismcts-3", **clock_control):
    _fmt, alice, _bob, deck_a, _deck_b = setup
    return lifecycle.do_start_bot_match(alice, deck_a, name, **clock_control)


def row_of(match) -> RefereedGame:
    return RefereedGame.objects.get(pk=cache.current_game(match).pk)


def waiting_tasks():
    return list(OutboxMessage.objects.filter(task=task_names.PLAY_BOT_MOVE, sent_at=None).order_by("id"))


def run_waiting_tasks(limit=200) -> list[str]:
    """Run the bot's waiting tasks as a worker would (each marked sent), until none waits."""
    done = []
    for _ in range(limit):
        waiting = waiting_tasks()
        if not waiting:
            return done
        message = waiting[0]
        OutboxMessage.objects.filter(pk=message.pk).update(sent_at=message.created_at)
        done.append(play_bot_move(*message.args))
    raise AssertionError("the bot never stopped")


def human_turn(match, setup):
    """Play the bot's tasks until the human (seat 0) is to act; the state then."""
    run_waiting_tasks()
    state = state_of(match)
    assert state.current_player() == 0 or state.is_terminal()
    return state


def hand_to_bot(match, setup, limit=40):
    """The human (seat 0) plays ``winning_step`` until the bot is to act (its task enqueued)."""
    for _ in range(limit):
        state = human_turn(match, setup)
        if state.is_terminal():
            raise AssertionError("the game ended before the bot was to act")
        acting.do_act(match, setup[1], winning_step(state, 0))
        if state_of(match).current_player() == referee.BOT_SEAT:
            return
    raise AssertionError("the bot was never to act")


def test_the_strongest_bot_does_not_move_inside_the_humans_request_but_is_enqueued_with_the_version(setup):
    match = bot_match(setup)
    hand_to_bot(match, setup)
    row = row_of(match)
    assert state_of(match).current_player() == referee.BOT_SEAT  # nothing of the bot's was applied yet
    assert not RefereedEntry.objects.filter(game=row, n__gte=row.steps).exists()
    (message,) = waiting_tasks()
    assert message.args == [match.pk, row.number, row.steps]  # the match and the version it expects


def test_the_bot_task_plays_its_move_through_the_referee_and_hands_the_turn_back(setup):
    match = bot_match(setup)
    hand_to_bot(match, setup)
    before = row_of(match).steps
    results = run_waiting_tasks()
    assert results and set(results) == {bot.PLAYED}
    entries = RefereedEntry.objects.filter(game=row_of(match), n__gte=before)
    assert entries.filter(actor=referee.BOT_SEAT).count() == len(results)
    assert all(len(e.feed) == 2 for e in entries)  # each seat's feed line, as for a human's move
    assert state_of(match).current_player() == 0 or state_of(match).is_terminal()


def test_a_repeated_or_stale_bot_task_does_nothing(setup):
    match = bot_match(setup)
    hand_to_bot(match, setup)
    (message,) = waiting_tasks()
    assert play_bot_move(*message.args) == bot.PLAYED
    steps = row_of(match).steps
    assert play_bot_move(*message.args) == bot.STALE  # delivered twice: the game moved on
    assert play_bot_move(match.pk, 2, steps) == bot.STALE  # no game 2
    assert row_of(match).steps == steps


def test_a_bot_task_after_the_human_conceded_does_nothing(setup):
    match = bot_match(setup)
    hand_to_bot(match, setup)
    (message,) = waiting_tasks()
    lifecycle.do_concede(match, setup[1])
    steps = row_of(match).steps
    assert play_bot_move(*message.args) == bot.STALE
    assert row_of(match).steps == steps


def test_through_the_outbox_the_bots_tasks_run_on_commit_one_after_another(setup, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = bot_match(setup, "greedy", clock_total=600, clock_increment=0)
    sent = OutboxMessage.objects.filter(task=task_names.PLAY_BOT_MOVE, sent_at__isnull=False)
    for _ in range(40):
        state = state_of(match)
        assert state.current_player() == 0 or state.is_terminal()  # the bot's moves ran in its tasks
        assert not waiting_tasks()
        if sent.count() >= 2 or state.is_terminal():
            break
        with django_capture_on_commit_callbacks(execute=True):
            acting.do_act(match, setup[1], winning_step(state, 0))
    assert sent.count() >= 2


def test_a_quick_bot_without_a_clock_still_replies_inside_the_request(setup):
    match = bot_match(setup, "greedy")
    assert state_of(match).current_player() == 0 and not waiting_tasks()


def test_the_bot_thinks_at_most_its_budget_and_a_twentieth_of_its_clock(setup, frozen_clock):
    row = row_of(bot_match(setup, clock_total=120))
    assert bot.think_time(row) == 120 / bot.CLOCK_SHARE == 6.0
    assert make("ismcts-3", 1, max_time=bot.think_time(row)).max_time == 1.0  # the level's budget is smaller
    assert make("ismcts-3", 1, max_time=5 / bot.CLOCK_SHARE).max_time == 0.25  # a clock nearly out: its share
    assert bot.think_time(row_of(bot_match(setup))) is None  # no clock: the level's budget alone


# --- clocks on a bot match ------------------------------------------------------------------------


def test_a_human_playing_a_bot_chooses_a_time_control_and_both_clocks_start(setup, frozen_clock):
    match = bot_match(setup, "greedy", clock_total=300, clock_increment=5)
    assert (match.refereed.clock_total, match.refereed.clock_increment) == (300, 5)
    row = row_of(match)
    assert row.clock_remaining is not None and row.clock_running == state_of(match).current_player()
    with pytest.raises(PlayRefused) as refused:
        bot_match(setup, "greedy", clock_total=30)
    assert refused.value.code == "play.clock"
    event = AuditEvent.objects.filter(verb="match.play.bot").first()
    assert event is not None and event.data["clock"] == [300, 5]


def test_the_bots_clock_runs_while_its_task_thinks_and_waits(setup, frozen_clock):
    match = bot_match(setup, "greedy", clock_total=300, clock_increment=0)
    hand_to_bot(match, setup)
    row = row_of(match)
    assert row.clock_running == referee.BOT_SEAT  # the bot is to act (its turn, no response window)
    human_left = row.clock_remaining[0]
    frozen_clock.at += 7 * S  # the bot's task waits for a worker and thinks: seven seconds
    (message,) = waiting_tasks()
    assert play_bot_move(*message.args) == bot.PLAYED
    row = row_of(match)
    assert row.clock_remaining[referee.BOT_SEAT] == 300 - 7
    assert row.clock_remaining[0] == human_left


def test_a_bot_whose_clock_ran_out_loses_on_time_when_its_task_runs(setup, frozen_clock):
    match = bot_match(setup, "greedy", clock_total=60)
    hand_to_bot(match, setup)
    (message,) = waiting_tasks()
    frozen_clock.at += 61 * S
    assert play_bot_move(*message.args) == bot.FLAGGED
    row = row_of(match)
    assert row.outcome["termination"] == clock.TIME and row.outcome["winner"] == 0
    assert play_bot_move(*message.args) == bot.STALE
    match.refresh_from_db()
    assert match.is_finished and match.games_won_a == 1


def test_the_human_claims_a_win_on_time_against_a_bot_out_of_time_and_the_table_offers_it(setup, frozen_clock):
    match = bot_match(setup, "greedy", clock_total=60)
    hand_to_bot(match, setup)
    refereed = match.refereed
    assert not ending_view(refereed, row_of(match), 0, bot=True)["can_claim"]
    with pytest.raises(ActionRefused) as refused:
        ending.do_claim(match, setup[1])  # the bot is never gone; its clock has time left
    assert refused.value.code == "play.nothing_to_claim"
    frozen_clock.at += 61 * S
    assert ending_view(refereed, row_of(match), 0, bot=True)["can_claim"]
    row = ending.do_claim(match, setup[1])
    assert row.outcome["termination"] == clock.TIME and row.outcome["winner"] == 0


def test_the_periodic_sweep_flags_a_bot_out_of_time(setup, frozen_clock, django_capture_on_commit_callbacks):
    match = bot_match(setup, "greedy", clock_total=60)
    hand_to_bot(match, setup)
    frozen_clock.at += 61 * S
    assert ending.do_sweep_clocks() == [row_of(match).pk]


def test_a_game_waiting_too_long_for_the_bot_gets_its_task_again_and_only_one_moves(setup, frozen_clock):
    """A task lost to a crashed worker: the periodic sweep enqueues it again; the lost one, if it ever
    runs, finds the game moved on."""
    match = bot_match(setup)
    hand_to_bot(match, setup)
    frozen_clock.at = timezone.now()  # the entries are stamped by the system clock
    (lost,) = waiting_tasks()
    OutboxMessage.objects.filter(pk=lost.pk).update(sent_at=timezone.now())  # published, then the worker died
    assert bot.do_sweep_bots() == []  # not waiting long yet
    frozen_clock.at += (bot.STALL_SECONDS + 1) * S
    assert bot.do_sweep_bots() == [row_of(match).pk]
    (again,) = waiting_tasks()
    assert again.args == lost.args
    assert play_bot_move(*again.args) == bot.PLAYED
    assert play_bot_move(*lost.args) == bot.STALE


def test_the_sweep_leaves_games_where_a_human_is_to_act(setup, frozen_clock):
    frozen_clock.at = timezone.now() + (bot.STALL_SECONDS + 1) * S
    human_turn(bot_match(setup), setup)
    bot_match(setup, "greedy")  # a quick bot without a clock replies in the request: never swept
    assert bot.do_sweep_bots() == []
