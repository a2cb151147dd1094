"""Tail latency of tournament pages behind gunicorn, with and without the garbage collector frozen.

Run: .venv/bin/python bench/bench_gc_pages.py [--players 2000] [--rounds 3] [--sessions 5] [--requests 600]

Builds a Swiss event in a fresh SQLite database in a temporary directory (the setup of
``bench/bench_tournament_pages.py``: players registered in bulk, rounds paired, published and finished
through the real services, standings snapshots), then starts gunicorn with ``deploy/gunicorn.conf.py``
(one sync worker, 127.0.0.1 only) ``--sessions`` times with ``JUNLING_GC_FREEZE=0`` and as many times
with the freeze (``junling.gcfreeze``), alternately, so that both see the same neighbours. Each session
warms up with 50 requests, then one client asks, one request after the other (no queueing: the latency
is the server's), for the standings page and the pairings page of the last round in turn, at most
``--requests`` requests and ``--seconds`` seconds. Reports p50/p95/p99/max per page and session, and the
median over sessions; the ratio is the median of each session pair's p99 with / without the freeze.
Nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import http.client
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
sys.path.insert(0, str(ROOT / "bench"))

from bench_rest_check import free_port, percentile  # noqa: E402

GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
SERVER = ["--workers", "1", "--log-level", "warning", "--timeout", "60"]


def get(port: int, url: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", url)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def wait_ready(port: int, proc: subprocess.Popen[bytes], url: str, limit: float = 90.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn exited with {proc.returncode}")
        try:
            if get(port, url) == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"gunicorn did not answer {url} within {limit:.0f} s")


def session(env: dict[str, str], urls: list[str], requests: int, seconds: float) -> dict[str, list[float]]:
    port = free_port()
    proc = subprocess.Popen(
        [GUNICORN, "-c", str(ROOT / "deploy" / "gunicorn.conf.py"), "--bind", f"127.0.0.1:{port}", *SERVER],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(port, proc, urls[0])
        for i in range(50):
            get(port, urls[i % len(urls)])
        latencies: dict[str, list[float]] = {u: [] for u in urls}
        deadline = time.monotonic() + seconds
        for i in range(requests):
            if time.monotonic() > deadline:
                break
            url = urls[i % len(urls)]
            t0 = time.perf_counter()
            status = get(port, url)
            latencies[url].append(time.perf_counter() - t0)
            if status != 200:
                raise SystemExit(f"{url}: {status}")
        return latencies
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def stats(values: list[float]) -> dict[str, float]:
    v = sorted(values)
    return {
        "n": len(v),
        "p50": statistics.median(v) * 1000,
        "p95": percentile(v, 95) * 1000,
        "p99": percentile(v, 99) * 1000,
        "max": v[-1] * 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sessions", type=int, default=5, help="gunicorn sessions each way")
    parser.add_argument("--requests", type=int, default=600, help="at most this many measured requests a session")
    parser.add_argument("--seconds", type=float, default=60.0, help="at most this long a session")
    args = parser.parse_args()
    if not 4 <= args.players <= 20_000 or not 1 <= args.sessions <= 20 or not 10 <= args.requests <= 20_000:
        raise SystemExit("bounds: 4-20,000 players, 1-20 sessions, 10-20,000 requests")
    if not 0 < args.seconds <= 600:
        raise SystemExit("bounds: at most 600 s a session")
    tmp = Path(tempfile.mkdtemp(prefix="junling-bench-gc-"))
    database = f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ["DATABASE_URL"] = database
    from bench_tournament_pages import build, setup_django

    setup_django(tmp)
    tournament, _organiser, _timings = build(args.players, args.rounds)
    pk = tournament.pk
    urls = [f"/tournaments/{pk}/standings/", f"/tournaments/{pk}/rounds/{args.rounds}/"]
    base = dict(
        os.environ,
        JUNLING_VAR_DIR=str(tmp),
        DATABASE_URL=database,
        DJANGO_DEBUG="",
        LOG_LEVEL="ERROR",
        PYTHONPATH=str(ROOT),
        DJANGO_SETTINGS_MODULE="junling.settings",
    )
    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    results: dict[str, list[dict[str, dict[str, float]]]] = {"off": [], "on": []}
    for k in range(args.sessions):
        for mode in ("off", "on"):
            env = dict(base, JUNLING_GC_FREEZE="1" if mode == "on" else "0")
            latencies = session(env, urls, args.requests, args.seconds)
            row = {u: stats(v) for u, v in latencies.items()}
            results[mode].append(row)
            print(
                f"session {k + 1} freeze {mode}: "
                + "; ".join(f"{u} p50 {s['p50']:.1f} p99 {s['p99']:.1f} max {s['max']:.1f} ms" for u, s in row.items()),
                flush=True,
            )
    print(f"\n{' '.join(platform.uname())}; nproc {os.cpu_count()}; Python {platform.python_version()}")
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average before {load_before}, after")
    print(f"  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"command: python {' '.join(sys.argv)}")
    print(
        f"\n{args.players} players, {args.rounds} rounds; one sync gunicorn worker; medians over {args.sessions}"
        " sessions each way (ms)"
    )
    print("| page | freeze | requests | p50 | p95 | p99 | max | p99 with / without |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for url in urls:
        ratio = statistics.median(
            on[url]["p99"] / off[url]["p99"] for on, off in zip(results["on"], results["off"], strict=True)
        )
        for mode in ("off", "on"):
            rows = [r[url] for r in results[mode]]

            def med(key: str, rows: list[dict[str, float]] = rows) -> float:
                return statistics.median(r[key] for r in rows)

            print(
                f"| {url} | {mode} | {sum(r['n'] for r in rows):.0f} | {med('p50'):.1f} | {med('p95'):.1f}"
                f" | {med('p99'):.1f} | {med('max'):.1f} | {f'{ratio:.2f}' if mode == 'on' else ''} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
