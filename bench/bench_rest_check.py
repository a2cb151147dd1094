"""Deck legality over REST under load: POST /api/decks/check behind gunicorn, 32 concurrent clients.

Run: .venv/bin/python bench/bench_rest_check.py [--clients 32] [--requests 6000] [--seconds 60] [--workers 2]

Starts gunicorn (sync workers, 127.0.0.1 only) on a fresh SQLite database in a temporary
directory (or on DATABASE_URL if it is set), loads the starter card database and the formats
(`manage.py loaddemo --no-demo`), warms up, then drives the check endpoint from client threads
(http.client, one connection per request, as the sync workers close it). The run is bounded by
a request count and a time limit. Half of the requests send the bundled Shu starter deck (legal),
half the same deck with a fourth Guan Yu and an undeclared faction (illegal, two violations).
Reports throughput and p50/p95/p99 latency with the machine and the date. Nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import os
import platform
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))
DECK = (ROOT / "engine" / "data" / "decks" / "shu_starter.txt").read_text(encoding="utf-8")
ILLEGAL = DECK + "\n1 关羽\n1 曹操\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(
    port: int, body: bytes, timeout: float = 30.0, conn: http.client.HTTPConnection | None = None
) -> tuple[int, bytes]:
    """One POST; with ``conn`` the connection is kept (keep-alive), else a new one is made and closed."""
    own = conn is None
    if conn is None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", "/api/decks/check", body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        data = response.read()
        if response.will_close:
            conn.close()
        return response.status, data
    except OSError:
        conn.close()
        raise
    finally:
        if own:
            conn.close()


def wait_ready(port: int, proc: subprocess.Popen[bytes], limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not answer /healthz within 60 s")


def server_cpu_seconds(master_pid: int) -> float:
    """CPU seconds (user + system) of the gunicorn master and its workers, from /proc (0 if unavailable)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    try:
        children = Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    except OSError:
        return 0.0
    for pid in [str(master_pid), *children]:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def percentile(sorted_values: list[float], q: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(q / 100 * len(sorted_values)) - 1))
    return sorted_values[index]


def drive(
    port: int, bodies: list[bytes], clients: int, total: int, seconds: float, keepalive: bool = False
) -> dict[str, Any]:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    errors: list[str] = []
    lock = threading.Lock()
    counter = iter(range(total))
    deadline = time.monotonic() + seconds
    start_gate = threading.Event()

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30) if keepalive else None
        start_gate.wait()
        while time.monotonic() < deadline:
            with lock:
                i = next(counter, None)
            if i is None:
                return
            t0 = time.perf_counter()
            try:
                status, _body = post(port, bodies[i % len(bodies)], conn=conn)
            except OSError as exc:
                with lock:
                    errors.append(type(exc).__name__)
                continue
            elapsed = time.perf_counter() - t0
            with lock:
                latencies.append(elapsed)
                statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for t in threads:
        t.start()
    t_start = time.perf_counter()
    cpu_start = resource.getrusage(resource.RUSAGE_SELF)
    start_gate.set()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t_start
    cpu_end = resource.getrusage(resource.RUSAGE_SELF)
    client_cpu = (cpu_end.ru_utime - cpu_start.ru_utime) + (cpu_end.ru_stime - cpu_start.ru_stime)
    latencies.sort()
    ms = [v * 1000 for v in latencies]
    return {
        "requests": len(ms),
        "errors": len(errors),
        "statuses": statuses,
        "wall_s": wall,
        "throughput": len(ms) / wall if wall else 0.0,
        "p50": percentile(ms, 50) if ms else 0.0,
        "p95": percentile(ms, 95) if ms else 0.0,
        "p99": percentile(ms, 99) if ms else 0.0,
        "max": ms[-1] if ms else 0.0,
        "mean": statistics.fmean(ms) if ms else 0.0,
        "client_cpu_ms": client_cpu * 1000 / max(1, len(ms)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=6000, help="at most this many measured requests")
    parser.add_argument("--seconds", type=float, default=60.0, help="at most this long")
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--keepalive",
        action="store_true",
        help="gthread workers and one persistent connection per client",
    )
    parser.add_argument("--threads", type=int, default=0, help="threads per gthread worker (default clients/workers)")
    args = parser.parse_args()
    if not 1 <= args.clients <= 256 or not 1 <= args.requests <= 1_000_000 or not 0 < args.seconds <= 600:
        raise SystemExit("bounds: 1-256 clients, at most 1,000,000 requests and 600 s")

    tmp = Path(tempfile.mkdtemp(prefix="junling-bench-"))
    env = dict(os.environ, JUNLING_VAR_DIR=str(tmp), DJANGO_DEBUG="", LOG_LEVEL="ERROR", PYTHONPATH=str(ROOT))
    env["JUNLING_THROTTLE"] = "0"  # a load test from one address: the API throttle would answer 429
    env.setdefault("DJANGO_SETTINGS_MODULE", "junling.settings")
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    database = env["DATABASE_URL"].split(":", 1)[0]
    proc = None
    try:
        for command in (["migrate", "--noinput"], ["loaddemo", "--no-demo"]):
            subprocess.run([PYTHON, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
        port = free_port()
        threads = args.threads or max(1, -(-args.clients // args.workers))
        proc = subprocess.Popen(
            [GUNICORN, "junling.wsgi:application", "--workers", str(args.workers), "--bind", f"127.0.0.1:{port}"]
            + ["--log-level", "warning", "--timeout", "60"]
            + (
                ["--worker-class", "gthread", "--threads", str(threads), "--keep-alive", "30"] if args.keepalive else []
            ),
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_ready(port, proc)
        bodies = [json.dumps({"decklist": text}).encode() for text in (DECK, ILLEGAL)]
        verdicts = [json.loads(post(port, b)[1]) for b in bodies]
        if not verdicts[0].get("legal") or verdicts[1].get("legal") is not False:
            raise SystemExit(f"unexpected verdicts: {[v.get('legal') for v in verdicts]} {verdicts[0]}")
        drive(port, bodies, args.clients, args.warmup, 60, args.keepalive)
        load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
        server_before = server_cpu_seconds(proc.pid)
        result = drive(port, bodies, args.clients, args.requests, args.seconds, args.keepalive)
        server_ms = (server_cpu_seconds(proc.pid) - server_before) * 1000 / max(1, int(result["requests"]))
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(tmp, ignore_errors=True)

    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    print(f"date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC")
    system = f"{platform.system()} {platform.release()}"
    print(f"machine: {cpu}, {os.cpu_count()} cores, {system}, Python {sys.version.split()[0]}")
    workers = (
        f"{args.workers} gthread workers x {threads} threads, keep-alive"
        if args.keepalive
        else (f"{args.workers} sync workers, a new connection per request")
    )
    print(f"server: gunicorn, {workers}, {database}; clients: {args.clients} threads (http.client), same machine")
    print(
        f"requests: {result['requests']} in {result['wall_s']:.1f} s, errors {result['errors']}, "
        f"statuses {result['statuses']}"
    )
    print(f"throughput: {result['throughput']:.0f} requests/s")
    print(
        f"CPU per request: server {server_ms:.2f} ms, client {result['client_cpu_ms']:.2f} ms "
        "(the load generator shares the cores)"
    )
    print(f"load average before/after: {load_before} / {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"latency ms: p50 {result['p50']:.1f}  p95 {result['p95']:.1f}  p99 {result['p99']:.1f}  "
        f"max {result['max']:.1f}  mean {result['mean']:.1f}"
    )
    return 0 if result["errors"] == 0 and set(result["statuses"]) == {200} else 1


if __name__ == "__main__":
    sys.exit(main())
