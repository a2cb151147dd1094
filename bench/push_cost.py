"""The server's cost of one pushed action, without sockets: CPU time and queries of each part.

    .venv/bin/python bench/push_cost.py [--actions 60] [--repeat 3]

A scratch SQLite database in a temporary directory; one refereed match of the quick decks
(tests/matches/test_play_factories.py), both players following ``winning_step``. For every action it
measures, in this one process, what the server does for it: the actor's HTTP request (django's test
client posting the table's form with HX-Request: the middleware, the action and the table fragment
it answers), and the push: the message each seat's socket and one spectator's build
(``matches.consumers`` ``message``, given the version each last sent), each with its queries counted
(django's CaptureQueriesContext). Reports CPU ms and queries per action for each part, the machine,
date and load average (CPU time: ``time.process_time``, so other processes' load weighs less).
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_engine import machine  # noqa: E402


def setup_django() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="junling-push-cost-"))
    os.environ.update(
        {
            "JUNLING_VAR_DIR": str(tmp),
            "DJANGO_SECRET_KEY": "bench-push-cost",
            "DJANGO_SETTINGS_MODULE": "junling.settings",
            "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
        }
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    call_command("migrate", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--warmup", type=int, default=4, help="actions of a first match not measured (imports, URLs, templates)"
    )
    parser.add_argument("--per-action", action="store_true", help="also print every action's CPU ms per part")
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile (CPU time) of the measured parts to FILE")
    args = parser.parse_args()
    setup_django()
    from django.contrib.auth.models import AnonymousUser
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from matches.consumers import SeatConsumer, WatchConsumer
    from matches.models import Match
    from matches.services.play import cache
    from tests.matches.test_play_factories import human_match, quick_setup, winning_step

    setup = quick_setup()
    _fmt, alice, bob, _a, _b = setup
    parts: dict[str, list[tuple[float, int]]] = {}
    profiler = cProfile.Profile(time.process_time) if args.profile else None

    measuring = [False]

    def measure(name: str, fn) -> object:  # type: ignore[no-untyped-def]
        if not measuring[0]:
            return fn()
        with CaptureQueriesContext(connection) as queries:
            if profiler is not None:
                profiler.enable()
            t0 = time.process_time()
            result = fn()
            cpu = time.process_time() - t0
            if profiler is not None:
                profiler.disable()
        parts.setdefault(name, []).append((cpu * 1000, len(queries)))
        return result

    def sockets(match: Match) -> list[tuple[str, object]]:
        out: list[tuple[str, object]] = []
        for label, cls, user in (("push seat A", SeatConsumer, alice), ("push seat B", SeatConsumer, bob)):
            c = cls()
            c.match_id, c.user, c.language, c.csrf_token, c.sent = match.pk, user, "en", "token", None
            out.append((label, c))
        w = WatchConsumer()
        w.match_id, w.user, w.language, w.sent, w.delay = match.pk, AnonymousUser(), "en", None, 0
        out.append(("push spectator", w))
        return out

    clients = {}
    for seat, user in ((0, alice), (1, bob)):
        clients[seat] = Client(HTTP_ACCEPT_LANGUAGE="en")
        clients[seat].force_login(user)
    done = 0
    for n in range(args.repeat + 1):
        measuring[0] = n > 0
        match = human_match(setup, best_of=3)
        socks = sockets(match)
        for _i in range(args.actions if n else args.warmup):
            game = cache.current_game(match)
            assert game is not None  # a match being played has its game
            state = cache.load_state(game)
            if state.is_terminal():
                break
            seat = state.current_player()
            user = alice if seat == 0 else bob
            current = cache.current_game(match)
            assert current is not None
            step = current.steps
            client = clients[seat]

            data = {"action": json.dumps(winning_step(state, seat)), "step": str(step)}
            url = f"/play/matches/{match.pk}/act"

            def post(client=client, url=url, data=data) -> None:  # type: ignore[no-untyped-def]
                response = client.post(url, data, HTTP_HX_REQUEST="true")
                assert response.status_code == 200 and b'id="play-error"' not in response.content

            measure("HTTP act (action + actor's table)", post)
            for label, sock in socks:

                def push(s=sock) -> None:  # type: ignore[no-untyped-def]
                    message = s.message(s.sent)
                    if message is not None:
                        s.sent = message["version"]

                measure(label, push)
            done += n > 0
    if args.per_action:
        for name, values in parts.items():
            print(name, [round(v[0], 1) for v in values])
    print(f"{done} actions ({args.repeat} matches, after {args.warmup} not measured)")
    total_cpu = total_q = 0.0
    for name, values in parts.items():
        cpu = statistics.mean(v[0] for v in values)
        q = statistics.mean(v[1] for v in values)
        total_cpu += cpu
        total_q += q
        print(
            f"  {name:32s} CPU {cpu:6.2f} ms (median {statistics.median(v[0] for v in values):6.2f})  queries {q:5.1f}"
        )
    print(f"  {'all':32s} CPU {total_cpu:6.2f} ms  queries {total_q:5.1f}")
    if profiler is not None:
        profiler.dump_stats(args.profile)
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {machine()}; load {os.getloadavg()}")


if __name__ == "__main__":
    main()
