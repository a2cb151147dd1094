"""The deck editor with its builder: server time per request of the pages the builder calls.

Run: .venv/bin/python bench/bench_deck_builder.py [--repeat 30]

Builds a fresh SQLite database in a temporary directory (or DATABASE_URL if set), loads the starter
card database (177 cards) and the formats (`loaddemo --no-demo`), then drives, in-process with Django's
test client (middleware, view, queries, templates; no network), as a logged-in player:
the editor page (`GET /decks/new`: every card of the database in the builder), the builder's card list
filtered by a search and a type (`GET /decks/builder/cards`), and the editor's live check of the Shu
starter deck (`POST /decks/check`: verdict and the deck panel with counts, cost curve and +/- lines).
Reports the median and the worst of ``--repeat`` requests and the SQL queries per request.
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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.test import Client

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DECK = (ROOT / "engine" / "data" / "decks" / "shu_starter.txt").read_text(encoding="utf-8")


def setup_django(tmp: Path) -> None:
    """The tournament-pages bench's fresh database, then the starter cards and the formats."""
    from bench_tournament_pages import setup_django as fresh_database

    fresh_database(tmp)
    from django.core.management import call_command

    call_command("loaddemo", "--no-demo", verbosity=0)


def measure(
    client: Client, method: str, url: str, data: dict[str, str] | None, repeat: int
) -> tuple[float, float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call = client.post if method == "POST" else client.get
    assert call(url, data or {}).status_code == 200  # warm
    times = []
    queries = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = call(url, data or {})
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        queries = len(captured.captured_queries)
    return statistics.median(times), max(times), queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp))
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.test.utils import setup_test_environment

        setup_test_environment()
        from decks.models import Format

        fmt = Format.objects.get(name="generals-order-standard").name
        client = Client(HTTP_ACCEPT_LANGUAGE="zh-hans")
        client.force_login(get_user_model().objects.create_user("bench", password=None))
        rows = [
            ("GET /decks/new (editor, 177 cards in the builder)", "GET", "/decks/new", None),
            (
                "GET /decks/builder/cards?q=关&type=人",
                "GET",
                "/decks/builder/cards",
                {"format": fmt, "q": "关", "type": "人"},
            ),
            ("POST /decks/check (Shu starter, deck panel)", "POST", "/decks/check", {"decklist": DECK, "format": fmt}),
        ]
        print(
            f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {platform.platform()}; "
            f"{platform.python_implementation()} {platform.python_version()}; load {os.getloadavg()[0]:.1f}"
        )
        print("| request | median | worst | queries |")
        print("| --- | ---: | ---: | ---: |")
        for label, method, url, data in rows:
            median, worst, queries = measure(client, method, url, data, args.repeat)
            print(f"| {label} | {median:.1f} ms | {worst:.1f} ms | {queries} |")


if __name__ == "__main__":
    main()
