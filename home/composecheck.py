"""The multiprocess check (``home/multiprocess.py``) against the compose stack's containers (issue 29 item 10).

``make compose-check`` (``deploy/podman/compose-check``) builds the images, starts ``deploy/compose.yaml`` with
podman (the proxy, two web containers, two workers, beat, PostgreSQL and Redis), then runs
``manage.py composecheck`` on this machine, pointed at the stack's PostgreSQL and Redis. :func:`run`:

1. the proxy's one address serves both web containers (its ``X-Upstream`` header names each of them, and
   the site's /healthz answers through it);
2. both web containers' /healthz report PostgreSQL, Redis and both workers;
3. a refereed match alternates web containers (:func:`home.multiprocess.play_match`); a player logs in
   through the proxy and the match's websocket opens through it and sends her table;
4. a judge uploads the logs alternating web containers; from halfway the second worker's container is killed
   (SIGKILL) as soon as its log shows a replay in its hands (or after 20 s), while the rest are uploaded, and
   the container is started again once all are: every adjudication is done,
   with exactly one verdict each, none lost (a replay the killed worker held comes back to the queue after
   ``CELERY_VISIBILITY_TIMEOUT``);
5. the containers' logs (``podman logs``) are JSON lines, and both workers' show replays, ``logs`` in all.

Waits are on conditions with ``timeout`` seconds at most each, as in ``home.multiprocess``.
"""

from __future__ import annotations

import json
import re
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from home import multiprocess
from home.multiprocess import ClusterFailed, Report, wait_for

ROLES = ("web0", "web1", "worker0", "worker1")
"""The names :mod:`home.multiprocess` gives the processes, in the order of ``Stack.containers``."""


def podman(*args: str, check: bool = True) -> str:
    """``podman ARGS`` (with this machine's runtime and cgroup manager, from CONTAINERS_CONF); its output."""
    done = subprocess.run(["podman", *args], capture_output=True, text=True, timeout=120)
    if check and done.returncode != 0:
        raise ClusterFailed(f"podman {' '.join(args)}: {done.stderr.strip()[:300]}")
    return done.stdout


@dataclass
class Stack:
    """The running stack: the two web containers' addresses, the proxy's, the four containers by role."""

    web: tuple[str, str]
    proxy: str
    containers: tuple[str, str, str, str]
    down: set[str] = field(default_factory=set)
    """Containers killed on purpose, not checked for being alive until started again."""
    _checked: float = 0.0

    def url(self, server: int, path: str) -> str:
        return self.web[server].rstrip("/") + path

    def container(self, name: str) -> str:
        return self.containers[ROLES.index(name)]

    def check_alive(self) -> None:
        """Every container not killed on purpose is running (looked at once a second at most)."""
        if time.monotonic() - self._checked < 1.0:
            return
        self._checked = time.monotonic()
        for name in self.containers:
            if name in self.down:
                continue
            state = podman("inspect", "--format", "{{.State.Status}}", name, check=False).strip()
            if state != "running":
                raise ClusterFailed(f"container {name} is {state or 'gone'}; see `podman logs {name}`")

    def log_text(self, name: str) -> str:
        done = subprocess.run(["podman", "logs", self.container(name)], capture_output=True, text=True, timeout=120)
        return done.stdout + done.stderr

    def kill(self, name: str) -> None:
        container = self.container(name)
        self.down.add(container)
        podman("kill", "--signal", "KILL", container)
        wait_for(
            f"{container} to stop",
            lambda: podman("inspect", "--format", "{{.State.Status}}", container).strip() in ("exited", "stopped"),
            60,
        )

    def start(self, name: str) -> None:
        container = self.container(name)
        podman("start", container)
        self.down.discard(container)


TASK_LINE = re.compile(r"Task (matches\.replay_logs?)\[([^\]]+)\] (received|succeeded)")
"""Celery's lines for a replay task a worker took and one it finished."""


def replays_in_hand(log: str) -> int:
    """Replay tasks a worker's log shows received and not yet finished."""
    received: set[str] = set()
    finished: set[str] = set()
    for line in log.splitlines():
        if not line.startswith("{"):
            continue
        try:
            message = str(json.loads(line).get("message", ""))
        except ValueError:
            continue
        found = TASK_LINE.match(message)
        if found:
            (received if found.group(3) == "received" else finished).add(found.group(2))
    return len(received - finished)


class Killer(threading.Thread):
    """Kills the ``name`` worker's container as soon as its log shows a replay in its hands (looking every
    ``POLL`` seconds), or after ``patience`` seconds whatever it holds; ``busy`` says which it was."""

    def __init__(self, stack: Stack, name: str, patience: float) -> None:
        super().__init__(daemon=True)
        self.stack, self.name, self.patience = stack, name, patience
        self.busy = False
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            deadline = time.monotonic() + self.patience
            while time.monotonic() < deadline and not self.busy:
                self.busy = replays_in_hand(self.stack.log_text(self.name)) > 0
                if not self.busy:
                    time.sleep(multiprocess.POLL / 4)
            self.stack.kill(self.name)
        except BaseException as exc:  # reported by the thread that joins this one
            self.error = exc


def proxy_serves_both(stack: Stack, timeout: float) -> list[str]:
    """The upstreams the proxy sent /healthz to (its ``X-Upstream`` header), until both web containers were seen."""
    import requests

    wanted = {stack.web[0].split("//", 1)[-1].rstrip("/"), stack.web[1].split("//", 1)[-1].rstrip("/")}
    seen: set[str] = set()

    def both() -> bool:
        try:
            answer = requests.get(stack.proxy.rstrip("/") + "/healthz", timeout=10)
        except requests.RequestException:
            return False
        if answer.status_code == 200:
            seen.add(answer.headers.get("X-Upstream", ""))
        return wanted <= seen

    wait_for(f"the proxy {stack.proxy} to serve both {sorted(wanted)} (seen {sorted(seen)})", both, timeout)
    return sorted(seen)


@dataclass
class ThroughProxy:
    """The stack seen through its proxy's one address (for :class:`home.multiprocess.Browser`)."""

    stack: Stack

    def url(self, server: int, path: str) -> str:
        return self.stack.proxy.rstrip("/") + path

    def check_alive(self) -> None:
        self.stack.check_alive()

    def log_text(self, name: str) -> str:
        return self.stack.log_text(name)


def websocket_through_proxy(stack: Stack, people: multiprocess.People, match: int, timeout: float) -> str:
    """A player logs in through the proxy and opens the match's websocket through it: the upgrade passes and,
    asked to sync, the socket sends the player's table (its first message's type)."""
    from websockets.sync.client import connect

    alice = multiprocess.Browser(ThroughProxy(stack), people.alice.username, people.password)
    cookie = "; ".join(f"{name}={value}" for name, value in alice.s.cookies.items())
    uri = "ws://" + stack.proxy.split("//", 1)[-1].rstrip("/") + f"/ws/play/matches/{match}/"
    try:
        with connect(uri, additional_headers={"Cookie": cookie, "Origin": stack.proxy}, open_timeout=timeout) as ws:
            ws.send(json.dumps({"type": "sync", "version": None}))  # as static/js/live.js does once open
            first = json.loads(ws.recv(timeout=timeout))
    except Exception as exc:  # the handshake refused, the socket closed, or nothing came
        raise ClusterFailed(f"the match's websocket through the proxy: {type(exc).__name__}: {exc}") from None
    if not isinstance(first, dict) or "version" not in first:
        raise ClusterFailed(f"the match's websocket through the proxy sent {str(first)[:200]}")
    return str(first.get("type", "table"))


@dataclass
class StackReport(Report):
    proxy_upstreams: list[str] = field(default_factory=list)
    killed: str = ""
    websocket: str = ""
    """The first message's type of the match's websocket opened through the proxy."""
    killed_busy: bool = False
    """Whether the killed worker's log showed a replay in its hands when it was killed."""
    restarted: list[int] = field(default_factory=list)
    """Adjudications started more than once (their worker was killed in the middle)."""

    def lines(self) -> list[str]:
        return [
            f"proxy: one address served {self.proxy_upstreams}; a websocket through it sent {self.websocket!r}",
            f"killed and started again: {self.killed} "
            f"({'with a replay in hand' if self.killed_busy else 'holding no replay'}); "
            f"adjudications started twice: {len(self.restarted)}",
            *super().lines(),
        ]


def run(
    stack: Stack,
    *,
    logs: int = 40,
    actions: int = 20,
    timeout: float = 180.0,
) -> StackReport:
    """The whole check (see the module's docstring); the report, or ClusterFailed saying what did not hold."""
    from matches.models import Adjudication

    started = time.monotonic()
    report = StackReport()
    people = multiprocess.make_people()
    report.proxy_upstreams = proxy_serves_both(stack, timeout)
    multiprocess.healthy(stack, report, timeout)
    report.phases["start"] = time.monotonic() - started
    match = multiprocess.play_match(stack, people, report, actions, timeout)
    report.websocket = websocket_through_proxy(stack, people, match, timeout)
    report.phases["match"] = time.monotonic() - started - sum(report.phases.values())

    # Halfway through the uploads the second worker is killed, while the uploads go on, once it holds a replay.
    killer = Killer(stack, "worker1", patience=20.0)

    def start_again() -> None:
        killer.join(timeout)
        if killer.error is not None:
            raise ClusterFailed(f"killing the worker failed: {killer.error}")
        report.killed, report.killed_busy = stack.container("worker1"), killer.busy
        stack.start("worker1")

    multiprocess.adjudicate_batch(
        stack, people, match, logs, report, timeout, midway=killer.start, after_uploads=start_again
    )
    report.phases["adjudication"] = time.monotonic() - started - sum(report.phases.values())
    stack.check_alive()
    report.restarted = list(
        Adjudication.objects.filter(attempts__gt=1, pk__in=report.adjudication_ids).values_list("pk", flat=True)
    )
    multiprocess.json_logs(stack, report)
    if not all(report.per_worker.get(w) for w in ("worker0", "worker1")):
        raise ClusterFailed(f"the replays were not shared by both workers: {report.per_worker}")
    if sum(report.per_worker.values()) != logs:
        raise ClusterFailed(f"the workers' logs show {report.per_worker} replays, not {logs} in all")
    report.seconds = time.monotonic() - started
    return report


def stack_from(project: str, web: tuple[str, str], proxy: str) -> Stack:
    """The stack podman-compose started as ``project`` (its containers ``PROJECT_SERVICE_1``)."""
    names: Any = tuple(f"{project}_{service}_1" for service in ("web", "web2", "worker", "worker2"))
    return Stack(web=web, proxy=proxy, containers=names)
