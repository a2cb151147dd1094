"""Issue 29 item 10: what ``make compose-check``'s check reads from the containers (home/composecheck.py)."""

from __future__ import annotations

import json

from home.composecheck import replays_in_hand, stack_from


def line(message: str) -> str:
    return json.dumps({"level": "INFO", "logger": "celery.worker.strategy", "message": message})


def test_a_replay_received_and_not_finished_is_in_the_workers_hands():
    log = "\n".join(
        [
            " -------------- worker2@host v5.7.0",  # Celery's banner is not a log record
            line("Task matches.replay_logs[a1] received"),
            line("Task matches.replay_logs[a1] succeeded in 0.2s: {'done': 3}"),
            line("Task matches.replay_logs[b2] received"),
            line("Task junling.relay_outbox[c3] received"),  # not a replay
        ]
    )
    assert replays_in_hand(log) == 1


def test_a_worker_that_finished_every_replay_it_received_holds_none():
    log = "\n".join(
        [line("Task matches.replay_log[a1] received"), line("Task matches.replay_log[a1] succeeded in 0.1s: None")]
    )
    assert replays_in_hand(log) == 0


def test_the_stack_names_the_containers_podman_compose_gives_the_project():
    stack = stack_from("junling-check", ("http://127.0.0.1:18310", "http://127.0.0.1:18311"), "http://127.0.0.1:18300")
    assert stack.containers == (
        "junling-check_web_1",
        "junling-check_web2_1",
        "junling-check_worker_1",
        "junling-check_worker2_1",
    )
    assert stack.url(1, "/healthz") == "http://127.0.0.1:18311/healthz"
    assert stack.container("worker1") == "junling-check_worker2_1"
