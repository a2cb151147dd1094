"""Two web processes and two Celery workers on one PostgreSQL and one Redis, for real (issue 11 point 8).

:func:`run` starts two gunicorn servers (``deploy/gunicorn.conf.py``, one port each) and two Celery
workers, against the database and the broker of this process's settings (or the URLs given), then:

1. waits until ``/healthz`` on both servers reports the database, the broker and both workers;
2. two players log in (the login form, with its CSRF token) and play a refereed match through the
   REST API, each action sent to the other server than the one before (every action checked on the
   other server: it shows the new step at once), until the game ends or, after ``actions`` actions,
   a player concedes;
3. a judge uploads ``logs`` logs through the upload form, alternating servers: the match's own log
   (it claims the match, so its verdict is compared with the stored record) and bot games;
4. waits until every adjudication is done and checks that none was lost or run twice: each was
   started once (``attempts``) and has exactly one verdict in the audit trail;
5. checks the servers' logs are JSON lines (``LOG_FORMAT=json``) and the workers' logs show every
   adjudication replayed once (the ``done`` counts of their ``matches.replay_logs`` batches).

``manage.py multiprocess`` (``make multiprocess``) runs it on the configured database and broker;
``tests/junling/test_multiprocess.py`` runs it on the test database. Waits are on conditions, with
``timeout`` seconds at most each; nothing sleeps for a fixed time to let something happen.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import secrets
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
POLL = 0.2
"""Seconds between two looks at a condition being waited on."""


class ClusterFailed(AssertionError):
    """Something the run checks did not hold (what, in the message)."""


@dataclass
class Report:
    """What a run saw: the figures the docs quote and the test asserts."""

    healthz: list[dict[str, Any]] = field(default_factory=list)
    actions: list[int] = field(default_factory=lambda: [0, 0])
    """Actions sent to server 0 and server 1."""
    game_over_by: str = ""
    match_log_trust: str = ""
    adjudications: int = 0
    adjudication_ids: list[int] = field(default_factory=list)
    attempts: list[int] = field(default_factory=list)
    verdicts_audited: list[int] = field(default_factory=list)
    per_worker: dict[str, int] = field(default_factory=dict)
    json_lines: int = 0
    seconds: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)
    """Seconds each step took: start (until healthy), match, adjudication."""

    def lines(self) -> list[str]:
        return [
            f"healthz: {[(h['database']['vendor'], h['broker']['kind'], h['workers']['count']) for h in self.healthz]}",
            f"refereed match: {sum(self.actions)} actions ({self.actions[0]} + {self.actions[1]} on the two servers), "
            f"ended by {self.game_over_by}; its log's trust: {self.match_log_trust}",
            f"adjudications: {self.adjudications}, each started {sorted(set(self.attempts))} time(s), "
            f"verdicts audited {sorted(set(self.verdicts_audited))} time(s) each",
            f"replays per worker (from the workers' JSON logs): {self.per_worker}",
            f"JSON log lines from the web servers: {self.json_lines}",
            f"wall time: {self.seconds:.1f} s ({', '.join(f'{k} {v:.1f} s' for k, v in self.phases.items())})",
        ]


def wait_for(what: str, check: Callable[[], Any], timeout: float) -> Any:
    """``check()``'s first true answer; ClusterFailed after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(POLL)
    raise ClusterFailed(f"waited {timeout:.0f} s for {what}; last answer: {last!r}")


def database_url() -> str:
    """This process's database as a URL the other processes can use (PostgreSQL only)."""
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor != "postgresql":
        raise ClusterFailed(f"two web processes need PostgreSQL, not {connection.vendor} (set DATABASE_URL)")
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


class Servers(Protocol):
    """What the steps below need of the processes: this module's :class:`Cluster`, or the containers of
    ``home.composecheck``'s stack."""

    def url(self, server: int, path: str) -> str: ...

    def check_alive(self) -> None: ...

    def log_text(self, name: str) -> str: ...


@dataclass
class Cluster:
    """The four processes and their log files."""

    ports: tuple[int, int]
    env: dict[str, str]
    logs: Path
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def url(self, server: int, path: str) -> str:
        return f"http://127.0.0.1:{self.ports[server]}{path}"

    def start(self) -> None:
        self.logs.mkdir(parents=True, exist_ok=True)
        for i, port in enumerate(self.ports):
            env = {**self.env, "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": "1"}
            self._spawn(f"web{i}", [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py"], env)
        for i in range(2):
            command = [sys.executable, "-m", "celery", "-A", "junling", "worker", "--pool=solo", "--concurrency=1"]
            command += ["--without-gossip", "--without-mingle", "-n", f"junling-mp{i}-{os.getpid()}@%h"]
            self._spawn(f"worker{i}", command, {**self.env, "LOG_LEVEL": "INFO"})

    def _spawn(self, name: str, command: list[str], env: dict[str, str]) -> None:
        out = open(self.logs / f"{name}.log", "wb")
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        proc.log = out  # type: ignore[attr-defined]
        proc.name = name  # type: ignore[attr-defined]
        self.procs.append(proc)

    def check_alive(self) -> None:
        for proc in self.procs:
            if proc.poll() is not None:
                name = proc.name  # type: ignore[attr-defined]
                raise ClusterFailed(f"{name} exited with {proc.returncode}; see {self.logs / (name + '.log')}")

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            proc.log.close()  # type: ignore[attr-defined]

    def log_text(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text(encoding="utf-8", errors="replace")


@contextmanager
def cluster(ports: tuple[int, int], env: dict[str, str], logs: Path) -> Iterator[Cluster]:
    c = Cluster(ports, env, logs)
    try:
        c.start()
        yield c
    finally:
        c.stop()


# --- the people and their decks -----------------------------------------------------------------------


@dataclass
class People:
    alice: Any
    bob: Any
    judge: Any
    password: str
    decks: tuple[int, int]


def make_people() -> People:
    """Two players with the starter decks and a staff judge, with a password each (new names every run)."""
    from django.contrib.auth import get_user_model

    from decks.services.cards import ensure_starter_database
    from decks.services.decks import create_deck, ensure_default_formats, get_format
    from engine.cards import DATA_DIR

    ensure_starter_database()
    ensure_default_formats()
    fmt = get_format()
    tag = secrets.token_hex(3)
    password = secrets.token_urlsafe(12)
    users = get_user_model().objects
    alice = users.create_user(f"mp-alice-{tag}", password=password)
    bob = users.create_user(f"mp-bob-{tag}", password=password)
    judge = users.create_user(f"mp-judge-{tag}", password=password, is_staff=True)
    decks = []
    for user, name in ((alice, "shu_starter"), (bob, "wei_starter")):
        text = (DATA_DIR / "decks" / f"{name}.txt").read_text(encoding="utf-8")
        version = create_deck(user, name, fmt, text, filename=f"{name}.txt").latest_version()
        assert version is not None  # a new deck has its first version
        decks.append(version.pk)
    return People(alice, bob, judge, password, (decks[0], decks[1]))


# --- HTTP, as a browser does it -----------------------------------------------------------------------------


class Browser:
    """One user's session (``requests``), logged in through the login form with its CSRF token."""

    def __init__(self, c: Servers, username: str, password: str, server: int = 0) -> None:
        import requests

        self.c = c
        self.s = requests.Session()
        page = self.s.get(c.url(server, "/accounts/login/"), timeout=30)
        token = _csrf_field(page.text)
        answer = self.s.post(
            c.url(server, "/accounts/login/"),
            data={"username": username, "password": password, "csrfmiddlewaretoken": token},
            headers={"Referer": c.url(server, "/accounts/login/")},
            allow_redirects=False,
            timeout=30,
        )
        if answer.status_code != 302:
            raise ClusterFailed(f"{username} could not log in on server {server}: HTTP {answer.status_code}")

    def _csrf(self) -> str:
        return str(self.s.cookies.get("csrftoken", ""))

    def get(self, server: int, path: str) -> Any:
        return self.s.get(self.c.url(server, path), timeout=30)

    def api(self, server: int, path: str, body: Any = None) -> Any:
        """POST JSON to the API with the CSRF header a session needs."""
        return self.s.post(
            self.c.url(server, path),
            json=body if body is not None else {},
            headers={"X-CSRFToken": self._csrf(), "Referer": self.c.url(server, "/")},
            timeout=30,
        )

    def form(self, server: int, path: str, data: dict[str, Any], files: dict[str, Any] | None = None) -> Any:
        """POST a form (with the CSRF token of the cookie), not following the redirect."""
        return self.s.post(
            self.c.url(server, path),
            data={**data, "csrfmiddlewaretoken": self._csrf()},
            files=files,
            headers={"Referer": self.c.url(server, "/")},
            allow_redirects=False,
            timeout=60,
        )


def _csrf_field(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    if not found:
        raise ClusterFailed("the login page has no CSRF token")
    return found.group(1)


# --- the steps ---------------------------------------------------------------------------------------------


def healthy(c: Servers, report: Report, timeout: float) -> None:
    """Both servers answer /healthz 200 with PostgreSQL, Redis and both workers."""
    import requests

    def check(server: int) -> Any:
        c.check_alive()
        try:
            answer = requests.get(c.url(server, "/healthz"), timeout=10)
        except requests.RequestException:
            return None
        body = answer.json() if answer.headers.get("content-type", "").startswith("application/json") else {}
        good = (
            answer.status_code == 200
            and body.get("database", {}).get("vendor") == "postgresql"
            and body.get("broker", {}).get("kind") == "redis"
            and body.get("workers", {}).get("count") == 2
        )
        return body if good else None

    report.healthz = [
        wait_for(f"/healthz on server {s} with both workers", functools.partial(check, s), timeout) for s in (0, 1)
    ]


def choose(controls: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A legal action to send, the same way every time: the first that needs no cards chosen, else the
    first choice with its first cards."""
    for control in controls:
        if not control.get("field"):
            return {"action": json.loads(control["action"])}
    for control in controls:
        count = int(control.get("count") or 0)
        ids = [str(choice["id"]) for choice in control.get("choices", [])[:count]]
        return {"action": json.loads(control["action"]), "payment": ids}
    return None


def play_match(c: Servers, people: People, report: Report, actions: int, timeout: float) -> int:
    """Alice challenges Bob, Bob accepts; they play through the API, each action on the other server."""
    alice = Browser(c, people.alice.username, people.password, 0)
    bob = Browser(c, people.bob.username, people.password, 1)
    sent = alice.form(
        0, "/play/challenge", {"opponent": people.bob.username, "deck_version": people.decks[0], "best_of": 1}
    )
    found = re.search(r"/play/matches/(\d+)/", sent.headers.get("Location", ""))
    if sent.status_code != 302 or not found:
        raise ClusterFailed(f"the challenge was not made: HTTP {sent.status_code}")
    match = int(found.group(1))
    accepted = bob.form(1, f"/play/matches/{match}/accept", {"deck_version": people.decks[1]})
    if accepted.status_code != 302:
        raise ClusterFailed(f"the challenge was not accepted: HTTP {accepted.status_code}")
    players = (alice, bob)
    deadline = time.monotonic() + timeout
    n = 0
    while True:
        if time.monotonic() > deadline:
            raise ClusterFailed(f"the match did not end within {timeout:.0f} s")
        server = n % 2
        views = [p.get(server, f"/api/play/matches/{match}").json() for p in players]
        if views[0]["match_over"]:
            report.game_over_by = report.game_over_by or "the rules"
            return match
        mover = next((i for i in (0, 1) if views[i].get("your_turn")), None)
        if mover is None:  # the referee's move (a window's timeout): look again on the other server
            n += 1
            continue
        if n >= actions:
            conceded = players[mover].api(server, f"/api/play/matches/{match}/concede")
            if conceded.status_code != 200:
                raise ClusterFailed(f"the concession was refused: HTTP {conceded.status_code} {conceded.text[:200]}")
            report.game_over_by = "a concession"
            n += 1
            continue
        body = choose(views[mover]["controls"])
        if body is None:
            raise ClusterFailed(f"player {mover} is to act but has no control")
        body["step"] = views[mover]["step"]
        answer = players[mover].api(server, f"/api/play/matches/{match}/act", body)
        if answer.status_code != 200:
            raise ClusterFailed(f"action {n} refused on server {server}: HTTP {answer.status_code} {answer.text[:300]}")
        report.actions[server] += 1
        after = answer.json()
        seen = players[mover].get(1 - server, f"/api/play/matches/{match}").json()
        if not after.get("match_over") and (seen.get("game"), seen.get("step")) != (
            after.get("game"),
            after.get("step"),
        ):
            raise ClusterFailed(
                f"server {1 - server} shows step {seen.get('step')} after server {server} answered {after.get('step')}"
            )
        n += 1


def bot_logs(count: int, key: bytes) -> list[bytes]:
    """``count`` different finished games between random bots, signed with the site's key."""
    from engine.cards import starter_database
    from engine.game import Game
    from engine.game.bots import RandomBot
    from engine.game.cli import load_deck
    from engine.log import record_game

    game = Game(starter_database())
    decks = load_deck("shu_starter"), load_deck("wei_starter")
    return [
        record_game(game, *decks, seed=s, bots=[RandomBot(s), RandomBot(s + 1)], key=key).dumps()
        for s in range(1000, 1000 + count)
    ]


def adjudicate_batch(
    c: Servers,
    people: People,
    match: int,
    count: int,
    report: Report,
    timeout: float,
    midway: Callable[[], None] | None = None,
    after_uploads: Callable[[], None] | None = None,
) -> None:
    """The judge uploads the match's log and ``count - 1`` bot games, alternating servers; all are replayed once.

    ``midway`` runs when half the logs are uploaded (``home.composecheck`` kills a worker there): a replay
    its worker died in may then be started again (``attempts`` 2), but each still has exactly one verdict;
    ``after_uploads`` runs once every log is uploaded (it starts the killed worker again)."""
    from junling.models import AuditEvent
    from junling.signing import log_signing_key
    from matches.models import Adjudication

    judge = Browser(c, people.judge.username, people.password, 0)
    match_log = judge.get(1, f"/api/play/matches/{match}/games/1/log")
    if match_log.status_code != 200:
        raise ClusterFailed(f"the judge cannot read the match's log: HTTP {match_log.status_code}")
    logs = [match_log.content, *bot_logs(count - 1, log_signing_key())]
    ids = []
    for i, raw in enumerate(logs):
        if midway is not None and i == count // 2:
            midway()
        answer = judge.form(i % 2, "/adjudications/upload", {}, files={"log": (f"game{i}.json", raw)})
        found = re.search(r"/adjudications/(\d+)/", answer.headers.get("Location", ""))
        if answer.status_code != 302 or not found:
            raise ClusterFailed(f"upload {i} on server {i % 2}: HTTP {answer.status_code}")
        ids.append(int(found.group(1)))
    report.adjudication_ids = ids
    if after_uploads is not None:
        after_uploads()
    if len(set(ids)) != count:
        raise ClusterFailed(f"{count} different logs gave {len(set(ids))} adjudications")

    def all_done() -> bool:
        c.check_alive()
        return Adjudication.objects.filter(pk__in=ids, status=Adjudication.Status.DONE).count() == count

    wait_for(f"{count} adjudications done", all_done, timeout)
    rows = Adjudication.objects.filter(pk__in=ids)
    report.adjudications = rows.count()
    report.attempts = [a.attempts for a in rows]
    report.verdicts_audited = [
        AuditEvent.objects.filter(
            verb="adjudication.verdict", target_type="matches.adjudication", target_id=str(pk)
        ).count()
        for pk in ids
    ]
    report.match_log_trust = str((Adjudication.objects.get(pk=ids[0]).verdict or {}).get("trust"))
    started_ok = all(a == 1 for a in report.attempts) if midway is None else all(a >= 1 for a in report.attempts)
    if not started_ok or report.verdicts_audited != [1] * count:
        raise ClusterFailed(f"not exactly once: attempts {report.attempts}, verdicts {report.verdicts_audited}")
    if report.match_log_trust != "matches record":
        raise ClusterFailed(f"the match's own log reads {report.match_log_trust!r}, not 'matches record'")


REPLAY_DONE = re.compile(r"Task (matches\.replay_logs?)\[[^\]]*\] succeeded in [^:]*: (.*)$", re.DOTALL)
"""Celery's line for a replay task that returned: the task's name and its return value (``repr``)."""


def replays_in(record: dict[str, Any]) -> int:
    """Adjudications a worker's JSON log record says it replayed: 1 for a ``matches.replay_log`` task (one
    adjudication, the path before batches), the ``done`` count of a ``matches.replay_logs`` batch
    (``run_adjudications``: skipped ones, already done elsewhere, are not counted), else 0."""
    found = REPLAY_DONE.match(str(record.get("message", "")))
    if not found:
        return 0
    if found.group(1) == "matches.replay_log":
        return 1
    try:
        value = ast.literal_eval(found.group(2))
    except (ValueError, SyntaxError):
        return 0
    return int(value.get("done") or 0) if isinstance(value, dict) else 0


def json_logs(c: Servers, report: Report) -> None:
    """The servers' and workers' logs are JSON lines: each line that is a log record parses as one object."""
    for name in ("web0", "web1", "worker0", "worker1"):
        for line in c.log_text(name).splitlines():
            if not line.strip():
                continue
            if re.match(r"\[\d{4}-\d\d-\d\d", line):
                raise ClusterFailed(f"{name} wrote a text log line: {line[:200]}")
            if line.startswith("{"):
                record = json.loads(line)
                report.json_lines += name.startswith("web")
                if name.startswith("worker"):
                    replayed = replays_in(record)
                    if replayed:
                        report.per_worker[name] = report.per_worker.get(name, 0) + replayed
    if report.json_lines == 0:
        raise ClusterFailed("the web servers wrote no JSON log line")


def run(
    *,
    ports: tuple[int, int] = (18100, 18101),
    broker_url: str | None = None,
    db_url: str | None = None,
    queue: str | None = None,
    logs: int = 40,
    actions: int = 20,
    timeout: float = 120.0,
    log_dir: Path | None = None,
) -> Report:
    """The whole run (see the module's docstring); the report, or ClusterFailed saying what did not hold."""
    from django.conf import settings

    started = time.monotonic()
    report = Report()
    broker = broker_url or settings.CELERY_BROKER_URL
    if not broker.startswith("redis"):
        raise ClusterFailed("two workers need a Redis broker (set CELERY_BROKER_URL)")
    env = dict(os.environ)
    env.update(
        DATABASE_URL=db_url or database_url(),
        CELERY_BROKER_URL=broker,
        CELERY_RESULT_BACKEND=broker,
        CELERY_TASK_DEFAULT_QUEUE=queue or settings.CELERY_TASK_DEFAULT_QUEUE,
        DJANGO_SECRET_KEY=str(settings.SECRET_KEY),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        LOG_FORMAT="json",
        JUNLING_THROTTLE="0",
        PYTHONPATH=str(ROOT),
    )
    env.pop("JUNLING_PRODUCTION", None)  # plain HTTP here
    people = make_people()
    with cluster(ports, env, log_dir or ROOT / "var" / "multiprocess") as c:
        healthy(c, report, timeout)
        report.phases["start"] = time.monotonic() - started
        match = play_match(c, people, report, actions, timeout)
        report.phases["match"] = time.monotonic() - started - sum(report.phases.values())
        adjudicate_batch(c, people, match, logs, report, timeout)
        report.phases["adjudication"] = time.monotonic() - started - sum(report.phases.values())
        c.check_alive()
    json_logs(c, report)
    if sum(report.per_worker.values()) != logs:
        raise ClusterFailed(f"the workers' logs show {report.per_worker} replays, not {logs} in all")
    report.seconds = time.monotonic() - started
    return report
