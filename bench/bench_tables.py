"""Board-game tables (issue 15): what one request costs as a game grows, since each request replays the
table's stored entries from its seed (no cache yet).

Run: .venv/bin/python bench/bench_tables.py [--repeat 20]

Makes a fresh SQLite database in a temporary directory, sets up a 3-seat 龙虎三国志 table (two people and
the random bot) and a 文禄朝鲜之役 table, stores random play on each up to 100, 400 and 1,000 entries (a
whole game is about 900 and 1,100), and times at each point: the seat's page (``GET /tables/<id>/``), the
API answer (``GET /api/tables/<id>/``) and ``load_state`` (the replay alone); medians of ``--repeat`` runs
with ``time.perf_counter``. Prints the machine, the load average and the date.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    os.environ["JUNLING_VAR_DIR"] = str(tmp)
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-tables")
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "junling.settings"
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    from tables import engines, services
    from tables.models import Entry

    users = get_user_model()
    alice = users.objects.create(username="alice")
    bob = users.objects.create(username="bob")
    systems = {s.scoring: s.id for s in engines.board_systems()}
    tables = {
        "3 seats, placement": services.do_create_table(
            alice, systems["placement"], 3, invited=[bob], bots=1, bot=engines.bots(systems["placement"])[0]
        ),
        "2 sides, VP margin": services.do_create_table(alice, systems["vp-margin"], 2, invited=[bob]),
    }
    for t in tables.values():
        services.do_join_table(bob, t)
        t.refresh_from_db()
    client = Client()
    client.force_login(alice)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, load {os.getloadavg()[0]:.2f}")
    print("| table | entries | replay (load_state) | page | API |")
    print("| --- | ---: | ---: | ---: | ---: |")
    rng = random.Random(1)
    for name, table in tables.items():
        state = services.load_state(table)
        for target in (100, 400, 1000):
            rows = []
            while table.steps < target and engines.actor(state) is not None:
                actor = engines.actor(state)
                action = engines.chance(state) if actor == engines.CHANCE else rng.choice(engines.legal(state))
                steps = engines.apply(state, action)
                rows.append(Entry(table=table, n=table.steps, actor=str(actor), action=action.to_json(), steps=steps))
                table.steps += 1
            Entry.objects.bulk_create(rows)
            table.save(update_fields=["steps"])
            timings: dict[str, list[float]] = {"replay": [], "page": [], "api": []}
            for _i in range(args.repeat):
                t0 = time.perf_counter()
                services.load_state(table)
                t1 = time.perf_counter()
                client.get(f"/tables/{table.pk}/")
                t2 = time.perf_counter()
                client.get(f"/api/tables/{table.pk}/")
                t3 = time.perf_counter()
                timings["replay"].append(t1 - t0)
                timings["page"].append(t2 - t1)
                timings["api"].append(t3 - t2)
            ms = {k: statistics.median(v) * 1000 for k, v in timings.items()}
            print(f"| {name} | {table.steps} | {ms['replay']:.1f} ms | {ms['page']:.1f} ms | {ms['api']:.1f} ms |")


if __name__ == "__main__":
    main()
