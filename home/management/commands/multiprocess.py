"""``manage.py multiprocess``: two web processes and two Celery workers on this site's PostgreSQL and Redis
play a refereed match and adjudicate a batch of logs (``home/multiprocess.py``; ``make multiprocess``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from home import multiprocess


class Command(BaseCommand):
    help = (
        "Start two gunicorn servers and two Celery workers on the configured PostgreSQL and Redis, play a refereed "
        "match whose actions alternate between the servers, adjudicate a batch of logs on both workers, and check "
        "that nothing was lost (issue 11 point 8)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--ports", type=int, nargs=2, default=[18100, 18101], help="the two servers' ports")
        parser.add_argument("--logs", type=int, default=40, help="logs to adjudicate (default 40)")
        parser.add_argument("--actions", type=int, default=20, help="actions before a player concedes (default 20)")
        parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for each condition")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = multiprocess.run(
                ports=tuple(options["ports"]),
                logs=options["logs"],
                actions=options["actions"],
                timeout=options["timeout"],
            )
        except multiprocess.ClusterFailed as exc:
            raise CommandError(str(exc)) from None
        for line in report.lines():
            self.stdout.write(line)
        self.stdout.write(self.style.SUCCESS("nothing lost: every adjudication done exactly once"))
