"""Send the tasks that committed changes promised while the broker was down (the outbox)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from junling import outbox


class Command(BaseCommand):
    help = "Send waiting outbox messages to the broker; --loop keeps relaying every OUTBOX_RELAY_SECONDS."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--loop", action="store_true", help="keep running (a relay process in deploy/)")

    def handle(self, *args: Any, loop: bool = False, **options: Any) -> None:
        while True:
            counts = outbox.relay()
            self.stdout.write(f"sent {counts['sent']}, failed {counts['failed']}, waiting {counts['waiting']}")
            if not loop:
                return
            time.sleep(outbox.relay_seconds())
