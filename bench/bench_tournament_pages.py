"""Tournament pages of a 10,000-player Swiss event: standings and pairings render time and queries per page.

Run: .venv/bin/python bench/bench_tournament_pages.py [--players 10000] [--rounds 3] [--repeat 7]

Builds a fresh database in a temporary directory (SQLite; or DATABASE_URL if set), registers the
players (bulk, one shared deck version: the pages never read decks), plays ``--rounds`` Swiss rounds
through the real services (pair_next_round, publish_round, results in bulk, snapshot_standings), pairs
one more round as a draft, then renders every page in-process with Django's test client (the whole
request: middleware, views, queries, templates; no network) and reports the median and the worst of
``--repeat`` runs, with the number of SQL queries per request (constant in the player count: no N+1).
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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.test import Client

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django(tmp: Path) -> None:
    os.environ["JUNLING_VAR_DIR"] = str(tmp)
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp / 'bench.sqlite3'}")
    os.environ["DJANGO_DEBUG"] = ""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "junling.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def build(players: int, rounds: int) -> tuple[object, object, dict[str, float]]:
    from django.contrib.auth import get_user_model
    from django.db.models import F, Q
    from django.utils import timezone

    from accounts.models import Profile
    from matches.models import Match, Registration, Round, Tournament
    from matches.services import rounds as services
    from matches.services.scoring import snapshot_standings
    from tests.decks.factories import make_card_database_version, make_deck, make_format

    timings: dict[str, float] = {}
    User = get_user_model()
    fmt = make_format([make_card_database_version()])
    organiser = User.objects.create_user("organiser", password=None)
    version = make_deck(organiser, fmt).latest_version()
    User.objects.bulk_create(
        [User(username=f"p{i:05d}", password="!") for i in range(players)], batch_size=2000
    )  # "!": no usable password
    people = list(User.objects.filter(username__startswith="p").order_by("username").values_list("pk", flat=True))
    # Every player has a profile (a display name), as sign-ups do: the pages name players by it.
    Profile.objects.bulk_create([Profile(user_id=p, display_name=f"选手{i}") for i, p in enumerate(people)])
    now = timezone.now()
    tournament = Tournament.objects.create(
        name="Bench Open", format=fmt, status=Tournament.Status.RUNNING, planned_rounds=rounds + 2, started_at=now
    )
    tournament.organisers.add(organiser)
    Registration.objects.bulk_create(
        [
            Registration(
                tournament=tournament,
                player_id=p,
                deck_version=version,
                registered_at=now + datetime.timedelta(microseconds=i),
                locked_at=now,
                locked_hash="0" * 64,
            )
            for i, p in enumerate(people)
        ],
        batch_size=2000,
    )
    for number in range(1, rounds + 1):
        t0 = time.perf_counter()
        rnd = services.pair_next_round(tournament, organiser)
        timings[f"pair round {number} (service)"] = time.perf_counter() - t0
        services.publish_round(rnd, organiser)
        # Results in bulk: even tables 2-1 to A, odd tables 2-0 to B, every 50th a 1-1-1 draw.
        open_matches = Match.objects.filter(round=rnd, is_bye=False)
        open_matches.filter(table__gt=0).update(
            status=Match.Status.FINISHED, result_source=Match.Source.ORGANISER, finished_at=now
        )
        open_matches.annotate(odd=F("table") % 2).filter(odd=0).update(games_won_a=2, games_won_b=1)
        open_matches.annotate(odd=F("table") % 2).filter(odd=1).update(games_won_a=0, games_won_b=2)
        open_matches.annotate(m=F("table") % 50).filter(m=0).update(games_won_a=1, games_won_b=1, games_drawn=1)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED, finished_at=now)
        t0 = time.perf_counter()
        snapshot_standings(tournament.pk)
        timings[f"standings snapshot after round {number} (task)"] = time.perf_counter() - t0
    services.drop_player(tournament, organiser, User.objects.get(username="p00007"))
    snapshot_standings(tournament.pk)
    t0 = time.perf_counter()
    services.pair_next_round(tournament, organiser)
    timings[f"pair round {rounds + 1} as a draft (service)"] = time.perf_counter() - t0
    assert not Match.objects.filter(Q(round__number=rounds) & ~Q(status=Match.Status.FINISHED)).exists()
    return tournament, organiser, timings


def measure(client: Client, url: str, repeat: int, **headers: Any) -> tuple[float, float, float, int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    queries = 0
    size = 0
    for i in range(repeat):
        with CaptureQueriesContext(connection) as ctx:
            t0 = time.perf_counter()
            response = client.get(url, **headers)
            body = response.content
            times.append(time.perf_counter() - t0)
        if response.status_code != 200:
            raise SystemExit(f"{url}: {response.status_code}")
        if i == 0:
            queries, size = len(ctx.captured_queries), len(body)
    # The first request of a page also compiles its templates: reported apart ("first").
    return times[0], statistics.median(times[1:] or times), max(times[1:] or times), queries, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    if not 4 <= args.players <= 50_000 or not 1 <= args.rounds <= 12 or not 1 <= args.repeat <= 50:
        raise SystemExit("bounds: 4-50,000 players, 1-12 rounds, 1-50 repeats")
    tmp = Path(tempfile.mkdtemp(prefix="junling-bench-pages-"))
    setup_django(tmp)
    from django.db import connection
    from django.test import Client

    t0 = time.perf_counter()
    tournament, organiser, timings = build(args.players, args.rounds)
    build_s = time.perf_counter() - t0
    pk = tournament.pk  # type: ignore[attr-defined]
    public, admin = Client(), Client()
    public.get("/tournaments/")  # warm the process: URL resolver, base template, middleware
    admin.force_login(organiser)  # type: ignore[arg-type]
    last, draft = args.rounds, args.rounds + 1
    pages = [
        ("standings, page 1", public, f"/tournaments/{pk}/standings/", {}),
        ("standings, page 50", public, f"/tournaments/{pk}/standings/?page=50", {}),
        ("standings, htmx poll (partial)", public, f"/tournaments/{pk}/standings/", {"HTTP_HX_REQUEST": "true"}),
        ("standings, search a name", public, f"/tournaments/{pk}/standings/?q=p0999", {}),
        (f"pairings round {last}, page 1", public, f"/tournaments/{pk}/rounds/{last}/", {}),
        (f"pairings round {last}, page 25", public, f"/tournaments/{pk}/rounds/{last}/?page=25", {}),
        (f"pairings round {last}, as organiser (override forms)", admin, f"/tournaments/{pk}/rounds/{last}/", {}),
        (f"draft round {draft}, organiser review (points)", admin, f"/tournaments/{pk}/rounds/{draft}/", {}),
        ("organiser admin page", admin, f"/tournaments/{pk}/admin", {}),
        ("standings.csv (all rows)", public, f"/tournaments/{pk}/standings.csv", {}),
        ("standings.json (all rows)", public, f"/tournaments/{pk}/standings.json", {}),
        (f"pairings.csv round {last} (all tables)", public, f"/tournaments/{pk}/rounds/{last}/pairings.csv", {}),
        ("API standings, page_size=100", public, f"/api/tournaments/{pk}/standings?page_size=100", {}),
        (f"API pairings round {last}, page_size=100", public, f"/api/tournaments/{pk}/rounds/{last}/pairings", {}),
    ]
    print(
        f"# bench_tournament_pages: {args.players:,} players, {args.rounds} rounds played, "
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC"
    )
    print(
        f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, "
        f"{platform.system()} {platform.release()}, CPython {platform.python_version()}, {connection.vendor}"
    )
    print(f"# setup {build_s:.1f} s")
    for name, seconds in timings.items():
        print(f"| {name} | {seconds * 1000:,.0f} ms |")
    print()
    print("| page | first ms | median ms | worst ms | queries | bytes |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    worst = 0.0
    for name, client, url, headers in pages:
        first, median, high, queries, size = measure(client, url, args.repeat + 1, **headers)
        worst = max(worst, high, first)
        print(f"| {name} | {first * 1000:,.0f} | {median * 1000:,.0f} | {high * 1000:,.0f} | {queries} | {size:,} |")
    print(f"\nslowest single request: {worst * 1000:,.0f} ms (target: every page under 1,000 ms)")
    return 0 if worst < 1.0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
