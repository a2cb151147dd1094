"""How ``home/multiprocess.py`` counts the replays a worker logged (no services needed): the batch
task ``matches.replay_logs`` counts the adjudications it did, not its messages."""

from __future__ import annotations

from home.multiprocess import replays_in


def line(message: str) -> dict[str, str]:
    return {"level": "INFO", "logger": "celery.app.trace", "message": message}


def test_a_batch_counts_the_adjudications_it_did_not_the_ones_it_skipped():
    done = "Task matches.replay_logs[00ab-cd] succeeded in 0.19s: {'done': 3, 'failed': 1, 'skipped': 2}"
    assert replays_in(line(done)) == 3
    skipped = "Task matches.replay_logs[ef01] succeeded in 0.01s: {'done': 0, 'failed': 0, 'skipped': 1}"
    assert replays_in(line(skipped)) == 0


def test_a_single_replay_task_counts_one_and_other_lines_none():
    one = "Task matches.replay_log[12] succeeded in 0.2s: {'id': 7, 'status': <Status.DONE: 'done'>, 'ok': True}"
    assert replays_in(line(one)) == 1
    assert replays_in(line("Task matches.replay_tournament[3] succeeded in 1.0s: {'games': 4}")) == 0
    assert replays_in(line("Task matches.replay_logs[4] received")) == 0
    assert replays_in({"message": 12}) == 0
