"""``manage.py composecheck``: the multiprocess check against the compose stack's containers
(``home/composecheck.py``; ``make compose-check`` starts the stack and runs this on its PostgreSQL and Redis)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from home import composecheck
from home.multiprocess import ClusterFailed


class Command(BaseCommand):
    help = (
        "Against a running compose stack (deploy/compose.yaml under podman-compose): check that the proxy serves "
        "both web containers, play a refereed match alternating them, adjudicate a batch of logs on both worker "
        "containers with one of them killed halfway, and check that nothing was lost (issue 29 item 10)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--project", default="junling-check", help="podman-compose's project name")
        parser.add_argument("--web", nargs=2, required=True, metavar="URL", help="the two web containers' addresses")
        parser.add_argument("--proxy", required=True, metavar="URL", help="the reverse proxy's address")
        parser.add_argument("--logs", type=int, default=40, help="logs to adjudicate (default 40)")
        parser.add_argument("--actions", type=int, default=20, help="actions before a player concedes (default 20)")
        parser.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for each condition")

    def handle(self, *args: Any, **options: Any) -> None:
        stack = composecheck.stack_from(options["project"], tuple(options["web"]), options["proxy"])
        try:
            report = composecheck.run(
                stack, logs=options["logs"], actions=options["actions"], timeout=options["timeout"]
            )
        except ClusterFailed as exc:
            raise CommandError(str(exc)) from None
        for line in report.lines():
            self.stdout.write(line)
        self.stdout.write(self.style.SUCCESS("nothing lost: every adjudication done once, a killed worker included"))
