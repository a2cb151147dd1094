"""Response windows (ruling G11): the timeout task, eager and on a worker, and the pass a late request applies.

Time is the test's: ``frozen_clock`` starts before any entry (no window has run out) and is moved past
a window's stored deadline; nothing sleeps.
"""

from __future__ import annotations

import datetime

import pytest

from junling.models import AuditEvent, OutboxMessage
from matches import task_names
from matches.models import Match, RefereedEntry
from matches.services.play import acting, cache, windows
from matches.services.play.errors import ActionRefused
from matches.tasks_play import expire_response_window
from tests.matches.test_play_factories import human_match, play_until_window, to_act, winning_step

pytestmark = pytest.mark.django_db

SECOND = datetime.timedelta(seconds=1)


@pytest.fixture
def window(setup, frozen_clock):
    """A match whose defender's response window is open: (match, game row, its deadline, clock)."""
    match = human_match(setup)
    state = play_until_window(match, setup)
    row = cache.current_game(match)
    deadline = windows.response_deadline(row, state)
    assert deadline is not None
    return match, row, deadline, frozen_clock


def _entries(row) -> int:
    return RefereedEntry.objects.filter(game=row).count()


def test_the_deadline_runs_from_the_entry_that_opened_the_window(window):
    _match, row, deadline, _clock = window
    last = RefereedEntry.objects.filter(game=row).order_by("-n").first()
    assert deadline == last.created_at + datetime.timedelta(seconds=windows.RESPONSE_SECONDS)


def test_opening_a_window_schedules_the_timeout_with_its_countdown_after_the_commit(
    setup, frozen_clock, django_capture_on_commit_callbacks
):
    """The task goes into the outbox when the window opens, due after the countdown; run eagerly at once,
    it passes nothing before the deadline."""
    match = human_match(setup)
    sent = OutboxMessage.objects.none()
    for _ in range(40):
        state, user = to_act(match, setup)
        with django_capture_on_commit_callbacks(execute=True):
            acting.do_act(match, user, winning_step(state, state.current_player()))
        sent = OutboxMessage.objects.filter(task=task_names.EXPIRE_RESPONSE_WINDOW)
        if sent.exists():
            break
    row = cache.current_game(match)
    message = sent.get()
    assert message.args == [row.pk, row.steps]
    assert message.eta is not None and message.eta > message.created_at
    assert abs((message.eta - message.created_at).total_seconds() - windows.RESPONSE_SECONDS) < 5
    assert windows.is_open(row, cache.load_state(row))  # the eager run found it not due: still open
    assert not AuditEvent.objects.filter(verb="match.play.window_expired").exists()


def test_the_task_passes_a_window_that_ran_out_once_and_is_idempotent(window):
    match, row, deadline, clock = window
    clock.at = deadline + SECOND
    assert expire_response_window(row.pk, row.steps) == "passed"
    match.refresh_from_db()
    assert match.is_finished  # the siege resolved: 45 asked of a smaller RESOURCE (§1.4 2))
    entries = _entries(row)
    assert expire_response_window(row.pk, row.steps) == "answered"  # the same task again: nothing more
    assert _entries(row) == entries
    assert AuditEvent.objects.filter(verb="match.play.window_expired").count() == 1


def test_a_task_for_a_window_already_answered_does_nothing(window, setup):
    match, row, deadline, clock = window
    _state, user = to_act(match, setup)
    acting.do_act(match, user, {"type": "pass"}, step=row.steps)  # the defender lets it resolve in time
    clock.at = deadline + SECOND
    entries = _entries(row)
    assert expire_response_window(row.pk, row.steps) == "answered"
    assert _entries(row) == entries


def test_on_a_worker_a_task_run_before_the_deadline_schedules_itself_again(window, monkeypatch):
    _match, row, deadline, clock = window
    again: list[tuple[tuple, dict]] = []
    monkeypatch.setattr(expire_response_window, "apply_async", lambda args, **options: again.append((args, options)))
    clock.at = deadline - 10 * SECOND
    # Called directly, the task runs as a worker runs it (not eagerly).
    assert expire_response_window(row.pk, row.steps) == "not_due"
    assert again == [((row.pk, row.steps), {"countdown": 10})]
    assert windows.is_open(row, cache.load_state(row))


def test_run_eagerly_before_the_deadline_the_task_neither_passes_nor_schedules_itself(window, monkeypatch):
    _match, row, deadline, clock = window
    clock.at = deadline - 10 * SECOND
    calls: list[object] = []
    monkeypatch.setattr(expire_response_window, "apply_async", lambda *a, **k: calls.append(a))
    result = expire_response_window.apply((row.pk, row.steps))  # what an eager apply_async runs
    assert result.get() == "not_due" and calls == []
    assert windows.is_open(row, cache.load_state(row))


def test_the_first_state_changing_request_after_the_deadline_applies_the_pass(window, setup):
    """Eagerly nobody passed at the deadline: the next action does, before its own (now stale) action."""
    match, row, deadline, clock = window
    clock.at = deadline + SECOND
    _state, defender = to_act(match, setup)
    with pytest.raises(ActionRefused) as err:
        acting.do_act(match, defender, {"type": "pass"}, step=row.steps)
    assert err.value.stale and err.value.status == 409
    match.refresh_from_db()
    assert match.is_finished and match.status == Match.Status.FINISHED


def test_settling_applies_a_due_pass_and_nothing_before(window, setup):
    match, row, deadline, clock = window
    alice = setup[1]
    clock.at = deadline - SECOND
    assert acting.do_settle(match, alice).status == "not_due"
    assert windows.is_open(row, cache.load_state(row))
    clock.at = deadline
    assert acting.do_settle(match, alice).status == "passed"
    match.refresh_from_db()
    assert match.is_finished
