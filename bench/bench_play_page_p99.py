"""The play table page's tail latency in one process, with and without the collector frozen (issue 17).

Run: .venv/bin/python bench/bench_play_page_p99.py [--requests 600] [--sessions 4] [--moves 30]

Makes a fresh SQLite database in a temporary directory, the quick cards and decks of the play tests
(``tests/matches/test_play_factories.quick_setup``), starts a match against the greedy bot through the
page (``POST /play/bot``), plays ``--moves`` of the player's actions through the page (the first legal
one each time; the bot answers), then renders the table page ``GET /play/matches/<pk>/`` with Django's
test client, one request after another, in ``--sessions`` pairs of sessions: one with the collector as
a fresh process has it (``gc.unfreeze()`` then ``gc.collect()``: every object back in the collector's
care), one after ``junling.gcfreeze.freeze_after_startup()`` (what every server and worker process does
after start-up). Each session renders the page 50 times to warm up, then ``--requests`` times, timed
with ``time.perf_counter``. Reports p50/p95/p99/max per mode (all sessions' requests together), the full
(generation 2) collections seen and their total time, the ratio of p99 with / without the freeze (the
anchor: the same page in the same process without the freeze), the load average and the machine.
"""

from __future__ import annotations

import argparse
import datetime
import gc
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


def setup(tmp: Path, moves: int):  # type: ignore[no-untyped-def]
    os.environ["JUNLING_VAR_DIR"] = str(tmp)
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-play-page")
    os.environ.pop("CELERY_BROKER_URL", None)  # the embedded default: tasks in-process
    os.environ["DJANGO_SETTINGS_MODULE"] = "junling.settings"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    from matches.models import Match
    from matches.services.play import cache
    from tests.matches.test_play_factories import quick_setup

    _fmt, alice, _bob, deck_a, _deck_b = quick_setup()
    client = Client()
    client.force_login(alice)
    response = client.post("/play/bot", {"deck_version": deck_a.pk, "bot": "greedy", "best_of": "1"})
    assert response.status_code == 302, response.status_code
    match = Match.objects.get(bot="greedy")
    played = 0
    for _ in range(moves * 4):
        if played >= moves:
            break
        game = cache.current_game(match)
        assert game is not None  # a match being played has its game
        state = cache.load_state(game)
        if state.is_terminal() or state.current_player() != 0:
            break
        concrete = [a for a in state.legal_actions() if not hasattr(a, "template")]
        if not concrete:
            break
        import json

        r = client.post(f"/play/matches/{match.pk}/act", {"action": json.dumps(concrete[0].to_json())})
        if r.status_code >= 400:
            break
        played += 1
    return client, f"/play/matches/{match.pk}/", played


def session(client, url: str, requests: int) -> tuple[list[float], int, float]:  # type: ignore[no-untyped-def]
    full: list[float] = []
    started: list[float] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if info.get("generation") == 2:
            if phase == "start":
                started.append(time.perf_counter())
            elif started:
                full.append(time.perf_counter() - started.pop())

    for _ in range(50):
        assert client.get(url).status_code == 200
    gc.callbacks.append(watch)
    times = []
    try:
        for _ in range(requests):
            t = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - t)
            assert response.status_code == 200
    finally:
        gc.callbacks.remove(watch)
    return times, len(full), sum(full)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=600)
    parser.add_argument("--sessions", type=int, default=4)
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    from junling import gcfreeze

    with tempfile.TemporaryDirectory(prefix="bench-play-page-") as name:
        client, url, played = setup(Path(name), args.moves)
        results: dict[str, dict[str, list[float]]] = {"off": {}, "on": {}}
        loads = []
        for _ in range(args.sessions):
            for mode in ("off", "on"):
                gc.unfreeze()
                gc.collect()
                if mode == "on":
                    gcfreeze._frozen_in = None
                    os.environ["JUNLING_GC_FREEZE"] = "1"
                    assert gcfreeze.freeze_after_startup()
                times, count, spent = session(client, url, args.requests)
                r = results[mode]
                r.setdefault("times", []).extend(times)
                r.setdefault("full", []).append(count)
                r.setdefault("spent", []).append(spent)
                loads.append(os.getloadavg()[0])
        gc.unfreeze()
    print(
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {platform.system()} {platform.release()} "
        f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
        f"{platform.python_version()}; load average {min(loads):.1f}-{max(loads):.1f} during the runs"
    )
    print(
        f"GET {url} (the table after {played} of the player's actions), Django test client, SQLite; "
        f"{args.sessions} sessions a mode x {args.requests} requests (after 50 to warm up), alternately"
    )
    print("| freeze | requests | p50 ms | p95 ms | p99 ms | max ms | full collections | their time ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    p99 = {}
    for mode, r in results.items():
        ms = [t * 1000 for t in r["times"]]
        p99[mode] = percentile(ms, 99)
        print(
            f"| {mode} | {len(ms)} | {statistics.median(ms):.1f} | {percentile(ms, 95):.1f} | {p99[mode]:.1f} | "
            f"{max(ms):.1f} | {sum(r['full']):.0f} | {1000 * sum(r['spent']):.0f} |"
        )
    print(f"p99 with / without the freeze: {p99['on'] / p99['off']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
