"""Adjudication replays on real Celery workers: 2,000 stored logs replayed by 1 and by 2 worker processes.

Run: .venv/bin/python bench/bench_celery_replay.py [--logs 2000] [--workers 1 2 1 2] [--batch 1 50] [--timeout 900]

Makes a fresh SQLite database in a temporary directory (WAL journal, so that two workers can write
at once) or uses DATABASE_URL (PostgreSQL) if it is set -- a scratch database: the bench empties it --,
migrates it, stores the starter card
database and N logs of games between random bots (signed with the site's key, as the play code
signs them), and one queued adjudication per log. For each worker count it resets the
adjudications, starts that many `celery worker --pool=solo` processes on Redis (127.0.0.1 only,
BENCH_BROKER_URL or redis://127.0.0.1:6379/14, flushed first), enqueues one `matches.replay_log`
task per adjudication (ids only) on a queue the workers do not consume yet, then tells every worker to
consume it and times until every verdict is stored (the enqueueing is timed apart). The run is bounded by
``--timeout``; the workers are stopped at the end whatever happens. Reports the wall time, logs per
second, the worker CPU time per log, the speed-up of 2 workers over 1, the machine and the date.

``--batch`` (issue 17): for each worker count, one run per batch size. Batch 1 is the single task as
before (``matches.replay_log``, one per adjudication, published directly); batch N > 1 is the site's
path: ``enqueue_adjudications`` writes one outbox row per N adjudications in one transaction and the
outbox publishes them after the commit (``matches.replay_logs``; the enqueueing is timed apart, the
workers' clock starts when they are told to consume).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BROKER = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/14")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (and its waited-for children) from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(x) for x in fields[11:15]) / ticks


def setup_django(tmp: Path) -> str:
    os.environ["JUNLING_VAR_DIR"] = str(tmp)
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-celery-replay")
    os.environ["CELERY_BROKER_URL"] = BROKER
    os.environ["CELERY_RESULT_BACKEND"] = BROKER
    os.environ["CELERY_TASK_DEFAULT_QUEUE"] = "bench"  # where the outbox publishes (the workers start on bench-idle)
    if not os.environ.get("DATABASE_URL"):
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "junling.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)  # DATABASE_URL must name a scratch database
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=WAL")  # persistent in the file: the workers use it too
    return connection.vendor


def make_logs(n: int) -> list[int]:
    """Store n signed logs of random-bot games and a queued adjudication for each; their ids."""
    import hashlib

    from django.contrib.auth import get_user_model

    from decks.models import CardDatabase, CardDatabaseVersion
    from engine.cards import starter_database
    from engine.game import Game
    from engine.game.bots import RandomBot
    from engine.game.cli import load_deck
    from engine.log import record_game
    from matches.models import Adjudication, GameLog
    from matches.services.adjudication import adjudication_key, log_signing_key

    db = starter_database()
    database = CardDatabase.objects.create(name=db.name, game=db.game)
    version = CardDatabaseVersion.objects.create(
        database=database,
        version=db.version,
        document=db.to_document(),
        content_hash=db.content_hash,
        card_count=len(db),
    )
    judge = get_user_model().objects.create_user("bench-judge")
    decks = load_deck("shu_starter"), load_deck("wei_starter")
    key = log_signing_key()
    logs, entries = [], 0
    for seed in range(n):
        rec = record_game(Game(db), *decks, seed=seed, bots=[RandomBot(seed), RandomBot(seed + 1)], key=key)
        raw = rec.dumps()
        entries += len(rec.entries)
        digest = hashlib.sha256(raw).hexdigest()
        logs.append(GameLog(sha256=digest, content=raw.decode(), size=len(raw), signed=True, uploaded_by=judge))
    GameLog.objects.bulk_create(logs, batch_size=200)
    stored = GameLog.objects.order_by("id")
    Adjudication.objects.bulk_create(
        [
            Adjudication(
                key=adjudication_key(log.sha256, version.content_hash, None),
                log=log,
                database_hash=version.content_hash,
                database_version=version,
                requested_by=judge,
            )
            for log in stored
        ],
        batch_size=200,
    )
    print(f"stored {n:,} logs, {entries:,} entries in all ({entries / n:.0f} a log on average)", flush=True)
    return list(Adjudication.objects.order_by("id").values_list("id", flat=True))


def start_workers(count: int, log: Path) -> list[subprocess.Popen[bytes]]:
    # Persistent database connections in the workers (Celery's Django fixup closes a connection older
    # than CONN_MAX_AGE after each task: with 0, every task would open a new PostgreSQL connection).
    env = dict(os.environ, PYTHONPATH=str(ROOT), DB_CONN_MAX_AGE=os.environ.get("DB_CONN_MAX_AGE", "600"))
    out = open(log, "ab")
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "junling",
                "worker",
                "--pool=solo",
                "--concurrency=1",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=warning",
                "-Q",
                "bench-idle",  # nothing there: the bench queue is added once every task is enqueued
                "-n",
                f"bench{i}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        for i in range(count)
    ]


def stop(workers: list[subprocess.Popen[bytes]]) -> None:
    for proc in workers:
        if proc.poll() is None:
            proc.terminate()
    for proc in workers:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def run(ids: list[int], count: int, tmp: Path, timeout: float, batch: int = 1) -> dict[str, float]:
    import redis

    from junling.celery import app
    from matches.models import Adjudication
    from matches.services.adjudication import enqueue_adjudications
    from matches.tasks_adjudication import replay_log

    Adjudication.objects.update(
        status=Adjudication.Status.QUEUED, verdict=None, ok=None, progress_done=0, attempts=0, finished_at=None
    )
    redis.Redis.from_url(BROKER).flushdb()
    workers = start_workers(count, tmp / "workers.log")
    try:
        deadline = time.monotonic() + 60
        while len(app.control.ping(timeout=0.5) or []) < count:
            if time.monotonic() > deadline or any(p.poll() is not None for p in workers):
                raise SystemExit(f"the workers did not start; see {tmp / 'workers.log'}")
        start = time.monotonic()
        if batch <= 1:
            for pk in ids:
                replay_log.apply_async(args=(pk,), queue="bench")
        else:
            enqueue_adjudications(ids, batch_size=batch)
        enqueued = time.monotonic() - start
        cpu0 = sum(cpu_seconds(p.pid) for p in workers)
        load0 = os.getloadavg()[0]
        start = time.monotonic()
        app.control.add_consumer("bench", reply=True)  # every worker starts taking tasks now
        done = 0
        while done < len(ids):
            if time.monotonic() - start > timeout:
                raise SystemExit(f"timed out: {done} of {len(ids)} verdicts after {timeout} s")
            if any(p.poll() is not None for p in workers):
                raise SystemExit(f"a worker died; see {tmp / 'workers.log'}")
            time.sleep(0.2)
            done = Adjudication.objects.filter(status=Adjudication.Status.DONE).count()
        wall = time.monotonic() - start
        cpu = sum(cpu_seconds(p.pid) for p in workers) - cpu0
        bad = Adjudication.objects.exclude(ok=True).count()
        attempts = sum(Adjudication.objects.values_list("attempts", flat=True))
        return {
            "wall": wall,
            "enqueue": enqueued,
            "cpu": cpu,
            "bad": bad,
            "attempts": attempts,
            "load": max(load0, os.getloadavg()[0]),
        }
    finally:
        stop(workers)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logs", type=int, default=2000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 1, 2], help="worker counts, run in order")
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--batch", type=int, nargs="+", default=[1], help="logs a task: 1 (one task a log) or N")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-celery-replay-") as name:
        tmp = Path(name)
        vendor = setup_django(tmp)
        ids = make_logs(args.logs)
        print(
            f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {platform.system()} {platform.release()} "
            f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
            f"{platform.python_version()}; database {vendor}; broker {BROKER}",
            flush=True,
        )
        results: dict[int, list[dict[str, float]]] = {}
        for count in args.workers:
            for batch in args.batch:
                r = run(ids, count, tmp, args.timeout, batch)
                if batch == args.batch[0]:
                    results.setdefault(count, []).append(r)
                print(
                    f"{count} worker(s), batch {batch}: {len(ids):,} logs in {r['wall']:.1f} s = "
                    f"{len(ids) / r['wall']:.0f} logs/s "
                    f"(enqueue {r['enqueue']:.1f} s; worker CPU {1000 * r['cpu'] / len(ids):.1f} ms a log; "
                    f"{r['attempts']} task runs; {r['bad']} not ok; load average up to {r['load']:.1f})",
                    flush=True,
                )
        if 1 in results and 2 in results:
            one = statistics.median(r["wall"] for r in results[1])
            two = statistics.median(r["wall"] for r in results[2])
            print(f"speed-up of 2 workers over 1 (median wall times {one:.1f} s and {two:.1f} s): {one / two:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
