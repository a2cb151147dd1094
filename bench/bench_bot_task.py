"""How long a human's action takes against the strongest bot now that the bot moves in a task (issue 14).

Run: .venv/bin/python bench/bench_bot_task.py [--games 3] [--clock 600]

Makes a fresh SQLite database in a temporary directory with the quick cards and decks of the play tests
(``tests/matches/test_play_factories.quick_setup``), starts ``--games`` matches against ``ismcts-3`` (with
a ``--clock`` seconds time control; 0: none) and plays each to its end: the human plays the greedy bot's
choice through ``acting.do_act`` (the service a request calls), and the bot's tasks are
taken from the outbox and run one by one as a worker would (``matches.play_bot_move``; the outbox's
in-process sending is switched off, so the human's call never runs them). Reports, timed with
``time.perf_counter``: the human's action (p50/p99/max) and the bot's task (p50/p99/max, its thinking
and storing), the number of each, the load average and the machine.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--clock", type=int, default=600)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["JUNLING_VAR_DIR"] = tmp
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        os.environ.setdefault("DJANGO_SECRET_KEY", "bench-bot-task")
        os.environ.pop("CELERY_BROKER_URL", None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "junling.settings"
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        import junling.outbox as outbox
        from engine.game.bots import GreedyBot
        from junling.models import OutboxMessage
        from matches import task_names
        from matches.services.play import acting, cache, lifecycle
        from matches.tasks_play import play_bot_move
        from tests.matches.test_play_factories import quick_setup

        outbox._send_after_commit = lambda pk: None  # a worker runs them: below, one by one
        _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
        human: list[float] = []
        bot: list[float] = []

        def run_bot() -> None:
            while True:
                message = OutboxMessage.objects.filter(task=task_names.PLAY_BOT_MOVE, sent_at=None).first()
                if message is None:
                    return
                OutboxMessage.objects.filter(pk=message.pk).update(sent_at=message.created_at)
                t = time.perf_counter()
                play_bot_move(*message.args)
                bot.append(time.perf_counter() - t)

        for _ in range(args.games):
            control = {"clock_total": args.clock} if args.clock else {}
            match = lifecycle.do_start_bot_match(alice, deck_a, "ismcts-3", **control)
            for _step in range(500):
                run_bot()
                match.refresh_from_db()
                row = cache.current_game(match)
                if match.is_finished or row is None:
                    break
                state = cache.load_state(row)
                t = time.perf_counter()
                acting.do_act(match, alice, GreedyBot(0).choose(state).to_json())
                human.append(time.perf_counter() - t)
        load = os.getloadavg()
        print(f"# {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {platform.node()}, {os.cpu_count()} CPUs")
        print(f"# load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {args.games} games, clock {args.clock}")
        for name, values in (("human action (do_act)", human), ("bot task (play_bot_move)", bot)):
            ms = [v * 1000 for v in values]
            print(
                f"{name}: n={len(ms)} p50={statistics.median(ms):.1f} ms p99={percentile(ms, 99):.1f} ms "
                f"max={max(ms):.1f} ms"
            )


if __name__ == "__main__":
    main()
