"""Live play pushed over websockets: N concurrent refereed matches, both seats played by bots that drive
real websocket clients and real HTTP actions on loopback against a real ASGI server.

    .venv/bin/python bench/live_push.py [--matches 10 100 500] [--seconds 60] [--think 5] [--via socket]
                                        [--port 18200] [--workers 1] [--idle 200] [--idle-seconds 30]

Needs a scratch database: DATABASE_URL (PostgreSQL; the bench empties it) or, without it, a SQLite file
in a temporary directory (WAL). Starts --workers processes of ``uvicorn junling.asgi:application`` on
127.0.0.1:--port, --port + 1, ... (18200-18499; PostgreSQL's connection pool on, ``DB_POOL``), one
channel layer between them: CHANNEL_REDIS_URL (needed for more than one; a prefix of this run's own) or
the in-memory layer. The two seats of a match are on different processes when there are several (seat A
of match i on process i mod K, seat B on the next: every push crosses Redis). Makes the
matches (alice challenges bob, bob accepts: the quick decks of tests/matches/test_play_factories.py),
and for each N runs --seconds of play: each seat's client opens ``/ws/play/matches/<pk>/``, sends its
version, and whenever the table pushed to it offers it controls it waits a think time (uniform in
[0.5, 1.5] x --think seconds), then sends one of them as the page does (mostly "end turn" or "pass", else
another control without a payment): ``--via socket`` (the default, the page's path while its socket is
open) over the seat's socket (``{"type": "act", "form": ...}``, answered there with its table), ``--via
http`` as a POST to ``/play/matches/<pk>/act`` (HX-Request: the page's fallback, and the path before
session 6). Measured:

- latency: from just before an action's request is written to the moment the opponent's socket receives
  a table whose step is past the acted step (both ends in this one client process: one clock);
- the server's CPU time (user + system, /proc) per applied action over the run;
- the servers' resident memory (VmRSS) at the end of each tenth of the play (for a long run: a leak);
- the idle watcher: --idle spectator sockets on a match nobody plays, once connected, for --idle-seconds:
  the server's CPU and the messages meanwhile (a page with an open socket sends no request at all).

Every seat is connected and synced (--ramp at a time) before the timed play starts; that ramp is reported
apart (sockets a second, and the server's CPU per socket).

Reports p50/p99/max latency (and the p99 of each tenth of the run: where the tail is), actions a second,
the server's CPU per action (all its processes) and this client's (it shares the machine: on two cores
its CPU is the server's lost), the machine, date and load.
The run is bounded (--seconds per N, every socket closed at the end, the server stopped whatever happens).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import html
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_celery_replay import cpu_seconds  # noqa: E402
from bench.bench_celery_replay import stop as stop_processes  # noqa: E402
from bench.bench_engine import machine  # noqa: E402

CSRF = "benchbenchbenchbenchbenchbench00"  # a 32-character CSRF secret: cookie and header alike
FORM = re.compile(
    r'<form [^>]*class="control" data-kind="(?P<kind>[a-z_]+)"(?P<pay> data-count)?[^>]*>.*?'
    r'name="action" value="(?P<action>[^"]*)"><input type="hidden" name="step" value="(?P<step>\d+)"',
    re.S,
)


def setup_django(tmp: Path) -> dict[str, str]:
    """Django on the scratch database; the environment the server gets."""
    env = {
        "JUNLING_VAR_DIR": str(tmp),
        "DJANGO_SECRET_KEY": "bench-live-push",
        "DJANGO_SETTINGS_MODULE": "junling.settings",
        "DB_CONN_MAX_AGE": "0",  # under ASGI each request has its own thread: persistent connections would pile up
        "DB_POOL": os.environ.get("DB_POOL", "1"),  # PostgreSQL: a closed connection goes back to the pool
        "DATABASE_URL": os.environ.get("DATABASE_URL") or f"sqlite:///{tmp / 'bench.sqlite3'}",
    }
    os.environ.update(env)
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks in-process, as `make run`
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)  # DATABASE_URL must name a scratch database
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=WAL")
    return env


def make_matches(n: int) -> tuple[list[int], dict[int, str]]:
    """n running matches between alice and bob (best of 3); their ids and each seat's session cookie."""
    from django.test import Client

    from matches.services.play import lifecycle
    from tests.matches.test_play_factories import quick_setup

    _fmt, alice, bob, deck_a, deck_b = quick_setup()
    ids = []
    for _ in range(n):
        match = lifecycle.do_challenge(alice, bob, deck_a, best_of=3)
        lifecycle.do_accept_challenge(bob, match, deck_b)
        ids.append(match.pk)
    cookies = {}
    for seat, user in ((0, alice), (1, bob)):
        client = Client()
        client.force_login(user)
        cookies[seat] = f"sessionid={client.cookies['sessionid'].value}; csrftoken={CSRF}"
    return ids, cookies


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    at: list[float] = field(default_factory=list)  # when each latency ended (perf_counter)
    actions: int = 0
    refused: int = 0
    errors: int = 0
    via: str = "socket"
    memory: list[float] = field(default_factory=list)  # the servers' resident MB at the end of each tenth


@dataclass
class MatchState:
    pk: int
    # seat -> (the acted step, its game, when its request started): waiting for the opponent's socket
    pending: dict[int, tuple[int, int, float]] = field(default_factory=dict)


def port_of(ports: list[int], pk: int, seat: int) -> int:
    """The server a seat talks to: seat A of match ``pk`` on one process, seat B on the next."""
    return ports[(pk + seat) % len(ports)]


async def post_action(port: int, cookie: str, pk: int, action: str, step: str) -> int:
    """POST one action as the page's htmx does; the HTTP status."""
    body = urllib.parse.urlencode({"action": action, "step": step}).encode()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = (
        f"POST /play/matches/{pk}/act HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n"
        f"X-CSRFToken: {CSRF}\r\nHX-Request: true\r\nAccept-Language: en\r\n"
        f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode() + body
    writer.write(request)
    await writer.drain()
    status_line = await reader.readline()
    await reader.read()  # until the server closes
    writer.close()
    return int(status_line.split()[1]) if status_line else 0


def choose(html_text: str, rng: random.Random) -> tuple[str, str] | None:
    """One control the pushed table offers (kind, action JSON, step): mostly end turn or pass."""
    controls = [m for m in FORM.finditer(html_text) if not m.group("pay")]
    if not controls:
        return None
    calm = [m for m in controls if m.group("kind") in ("end_turn", "pass")]
    pick = rng.choice(calm) if calm and rng.random() < 0.7 else rng.choice(controls)
    return html.unescape(pick.group("action")), pick.group("step")


async def connect_seat(port: int, pk: int, cookie: str, gate: asyncio.Semaphore) -> tuple[object, dict]:
    """A seat's socket, connected and synced: (the socket, the table it was sent first). Opened as the page
    opens it (the session cookie, no compression) and synced once, as a page that drew nothing yet."""
    import websockets
    from websockets.typing import Origin

    async with gate:
        ws = await websockets.connect(
            f"ws://127.0.0.1:{port}/ws/play/matches/{pk}/",
            origin=Origin(f"http://127.0.0.1:{port}"),
            additional_headers={"Cookie": cookie, "Accept-Language": "en"},
            max_size=2**24,
            open_timeout=300,
            compression=None,
            ping_interval=None,  # 1,000 sockets' keep-alive pings are not the load measured
        )
        await ws.send(json.dumps({"type": "sync", "version": None}))
        first = json.loads(await asyncio.wait_for(ws.recv(), timeout=300))
    return ws, first


async def seat_client(
    ws: Any,
    first: dict[str, Any],
    port: int,
    match: MatchState,
    seat: int,
    cookie: str,
    stats: Stats,
    stop: float,
    think: float,
    rng: random.Random,
) -> None:
    acting: asyncio.Task[None] | None = None
    message = first
    while True:
        if message.get("type") in ("table", "refused"):
            now = time.perf_counter()
            step = int(message.get("step") or 0)
            if message.get("type") == "refused":  # a socket action's refusal (its table, with the reason)
                stats.actions -= 1
                stats.refused += 1
                match.pending.pop(seat, None)
            sent = match.pending.get(1 - seat)
            if sent is not None and (step > sent[0] or message.get("game", 0) > sent[1]):
                stats.latencies.append(now - sent[2])
                stats.at.append(now)
                match.pending.pop(1 - seat, None)
            picked = choose(message.get("html", ""), rng)
            if picked is not None and (acting is None or acting.done()):
                acting = asyncio.create_task(
                    act(ws, port, match, seat, cookie, picked, message, stats, think, rng, stop)
                )
        if time.monotonic() >= stop:
            break
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic())))
        except TimeoutError:
            break
    if acting is not None and not acting.done():
        acting.cancel()
    await ws.close()


async def act(ws, port, match, seat, cookie, picked, message, stats, think, rng, stop) -> None:  # type: ignore[no-untyped-def]
    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
    if time.monotonic() >= stop:
        return
    action, step = picked
    match.pending[seat] = (int(step), int(message.get("game", 0)), time.perf_counter())
    if stats.via == "socket":  # as the page sends a control's form over its open socket
        await ws.send(json.dumps({"type": "act", "form": [["action", action], ["step", step]]}))
        stats.actions += 1  # less the refusals, which come back on this seat's socket
        return
    try:
        status = await post_action(port, cookie, match.pk, action, step)
    except OSError:
        stats.errors += 1
        match.pending.pop(seat, None)
        return
    if status == 200:
        stats.actions += 1
    else:
        stats.refused += 1
        match.pending.pop(seat, None)


def resident_mb(pid: int) -> float:
    """A process's resident memory (VmRSS) in MB, from /proc; 0 once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def sample_memory(pids: list[int], seconds: float, stats: Stats) -> None:
    """The servers' resident memory at the end of each tenth of the play (a leak shows as a rise to the end)."""
    for _ in range(10):
        await asyncio.sleep(seconds / 10)
        stats.memory.append(sum(resident_mb(pid) for pid in pids))


def servers_cpu(pids: list[int]) -> float:
    """The CPU seconds (user + system) of all the server's processes."""
    return sum(cpu_seconds(pid) for pid in pids)


async def run_load(
    ports: list[int],
    pids: list[int],
    ids: list[int],
    cookies: dict[int, str],
    seconds: float,
    think: float,
    seed: int,
    ramp: int,
    via: str = "socket",
) -> tuple[Stats, float, float, float]:
    """Connect every seat (``ramp`` at a time), then play for ``seconds``: (stats, server CPU s, wall s, this
    client's CPU s) of the play."""
    stats = Stats(via=via)
    rng = random.Random(seed)
    gate = asyncio.Semaphore(ramp)
    seats = [(pk, seat) for pk in ids for seat in (0, 1)]
    t0, cpu_ramp = time.perf_counter(), servers_cpu(pids)
    sockets = await asyncio.gather(
        *(connect_seat(port_of(ports, pk, seat), pk, cookies[seat], gate) for pk, seat in seats)
    )
    took, cpu_ramp = time.perf_counter() - t0, servers_cpu(pids) - cpu_ramp
    print(
        f"  {len(sockets)} sockets connected and synced in {took:.1f} s ({len(sockets) / took:.0f}/s, "
        f"server CPU {1000 * cpu_ramp / len(sockets):.1f} ms a socket)",
        flush=True,
    )
    cpu0, wall0, mine0 = servers_cpu(pids), time.perf_counter(), time.process_time()
    stop = time.monotonic() + seconds
    matches = {pk: MatchState(pk) for pk in ids}
    tasks = [
        seat_client(
            ws,
            first,
            port_of(ports, pk, seat),
            matches[pk],
            seat,
            cookies[seat],
            stats,
            stop,
            think,
            random.Random(rng.random()),
        )
        for (pk, seat), (ws, first) in zip(seats, sockets, strict=True)
    ]
    sampler = asyncio.create_task(sample_memory(pids, seconds, stats))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.wait([sampler], timeout=seconds / 10 + 5)
    sampler.cancel()
    cpu, wall, mine = servers_cpu(pids) - cpu0, time.perf_counter() - wall0, time.process_time() - mine0
    errors = [r for r in results if isinstance(r, BaseException)]
    stats.errors += len(errors)
    if errors:
        print("  client error:", type(errors[0]).__name__, errors[0], file=sys.stderr)
    return stats, cpu, wall, mine


async def idle_watchers(
    ports: list[int], pids: list[int], ids: list[int], n: int, seconds: float, ramp: int
) -> tuple[int, float]:
    """n spectator sockets on a match nobody plays, connected and synced, then left open ``seconds``:
    (the messages they got meanwhile, the server's CPU seconds meanwhile)."""
    import websockets
    from websockets.typing import Origin

    gate = asyncio.Semaphore(ramp)

    async def watcher(i: int):  # type: ignore[no-untyped-def]
        port = ports[i % len(ports)]
        async with gate:
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port}/ws/watch/matches/{ids[i % len(ids)]}/",
                origin=Origin(f"http://127.0.0.1:{port}"),
                open_timeout=300,
                compression=None,
                ping_interval=None,
            )
            await ws.send(json.dumps({"type": "sync", "version": None}))
            await ws.recv()
        return ws

    opened = await asyncio.gather(*(watcher(i) for i in range(n)), return_exceptions=True)
    sockets = [ws for ws in opened if not isinstance(ws, BaseException)]
    if len(sockets) < n:
        failed = next(e for e in opened if isinstance(e, BaseException))
        print(f"  idle: {n - len(sockets)} of {n} sockets did not open: {type(failed).__name__} {failed}", flush=True)
    cpu0 = servers_cpu(pids)
    await asyncio.sleep(seconds)  # the measured interval: nothing should happen
    cpu = servers_cpu(pids) - cpu0
    got = 0
    for ws in sockets:
        try:
            while True:
                await asyncio.wait_for(ws.recv(), timeout=0.001)
                got += 1
        except (TimeoutError, Exception):
            pass
        await ws.close()
    return got, cpu


def start_servers(env: dict[str, str], ports: list[int]) -> list[subprocess.Popen[bytes]]:
    """One uvicorn process a port, each answering /healthz (or none: those started are stopped)."""
    servers: list[subprocess.Popen[bytes]] = []
    try:
        for port in ports:
            servers.append(start_server(env, port))
    except BaseException:
        stop_processes(servers)
        raise
    return servers


def start_server(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    full = {**os.environ, **env}
    cmd = [
        str(Path(sys.executable)),
        "-m",
        "uvicorn",
        "junling.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--no-access-log",
        "--lifespan",
        "off",
        "--ws-max-queue",
        "64",
    ]
    server = subprocess.Popen(cmd, cwd=ROOT, env=full)
    import urllib.request

    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
                return server
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise SystemExit("the ASGI server did not start") from None
            time.sleep(0.5)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=5.0)
    parser.add_argument("--port", type=int, default=18200)
    parser.add_argument("--workers", type=int, default=1, help="uvicorn processes (more than one: CHANNEL_REDIS_URL)")
    parser.add_argument("--ramp", type=int, default=100, help="sockets connecting at once before the play")
    parser.add_argument(
        "--via", choices=["socket", "http"], default="socket", help="how a seat sends its action (the page: socket)"
    )
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--idle-seconds", type=float, default=30)
    args = parser.parse_args()
    ports = [args.port + i for i in range(args.workers)]
    if not (18200 <= ports[0] and ports[-1] <= 18499):
        raise SystemExit("--port .. --port + --workers - 1 are within 18200-18499")
    if args.workers > 1 and not os.environ.get("CHANNEL_REDIS_URL"):
        raise SystemExit("--workers above 1 needs CHANNEL_REDIS_URL (the processes' one channel layer)")
    tmp = Path(tempfile.mkdtemp(prefix="junling-live-push-"))
    env = setup_django(tmp)
    if os.environ.get("CHANNEL_REDIS_URL"):
        env["CHANNEL_REDIS_URL"] = os.environ["CHANNEL_REDIS_URL"]
        env["CHANNEL_PREFIX"] = f"bench-live-push-{os.getpid()}"  # this run's own groups and channels
    t0 = time.perf_counter()
    total = sum(args.matches) + 1
    ids, cookies = make_matches(total)
    print(f"made {total} matches in {time.perf_counter() - t0:.1f} s", flush=True)
    from django.db import connection

    vendor = connection.vendor
    connection.close()
    servers = start_servers(env, ports)
    pids = [server.pid for server in servers]
    rows = []
    try:
        start = 0
        for n in args.matches:
            chunk = ids[start : start + n]
            start += n
            stats, cpu, wall, mine = asyncio.run(
                run_load(ports, pids, chunk, cookies, args.seconds, args.think, n, args.ramp, args.via)
            )
            lat = [x * 1000 for x in stats.latencies]
            row = {
                "n": n,
                "actions": stats.actions,
                "per_s": stats.actions / wall,
                "p50": statistics.median(lat) if lat else float("nan"),
                "p99": pct(lat, 0.99),
                "max": max(lat) if lat else float("nan"),
                "cpu_ms": 1000 * cpu / max(1, stats.actions),
                "cpu_share": cpu / wall,
                "client_ms": 1000 * mine / max(1, stats.actions),
                "refused": stats.refused,
                "errors": stats.errors,
                "load": os.getloadavg(),
            }
            rows.append(row)
            if stats.at:  # where the tail is: the 99th percentile of each tenth of the run
                t0, t1 = min(stats.at), max(stats.at) + 1e-9
                tenths: list[list[float]] = [[] for _ in range(10)]
                for when, ms in zip(stats.at, lat, strict=True):
                    tenths[int(10 * (when - t0) / (t1 - t0))].append(ms)
                print("  p99 by tenth of the run (ms):", " ".join(f"{pct(t, 0.99):.0f}" for t in tenths), flush=True)
                print("  pushed moves by tenth of the run:", " ".join(str(len(t)) for t in tenths), flush=True)
            if stats.memory:
                print("  servers' resident MB by tenth:", " ".join(f"{m:.0f}" for m in stats.memory), flush=True)
            print(
                f"N={n}: {stats.actions} actions ({row['per_s']:.1f}/s), latency p50 {row['p50']:.0f} ms "
                f"p99 {row['p99']:.0f} ms max {row['max']:.0f} ms, server CPU {row['cpu_ms']:.1f} ms/action "
                f"({100 * row['cpu_share']:.0f}% of a core), client CPU {row['client_ms']:.1f} ms/action, "
                f"refused {stats.refused}, errors {stats.errors}, "
                f"load {row['load'][0]:.2f}",
                flush=True,
            )
        if args.idle:
            got, cpu = asyncio.run(idle_watchers(ports, pids, ids[-1:], args.idle, args.idle_seconds, args.ramp))
            print(
                f"idle: {args.idle} spectator sockets open {args.idle_seconds:.0f} s after connecting: {got} messages, "
                f"server CPU {cpu:.3f} s in all, no request (a page with an open socket does not poll)",
                flush=True,
            )
    finally:
        stop_processes(servers)
    layer = "Redis" if env.get("CHANNEL_REDIS_URL") else "in memory"
    print(
        f"database {vendor} (pool {'on' if env['DB_POOL'] == '1' and vendor == 'postgresql' else 'off'}); "
        f"{args.workers} uvicorn process(es), channel layer {layer}; actions via {args.via}; think {args.think} s; "
        f"{args.seconds:.0f} s a run"
    )
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; {machine()}; load {os.getloadavg()}")


if __name__ == "__main__":
    main()
