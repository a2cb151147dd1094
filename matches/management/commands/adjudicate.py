"""``python manage.py adjudicate LOG [--json] [--match ID]``: the verdict on a log with the site's databases.

Like ``python -m engine replay``, but the card database is the site's version whose content hash the log
names, the signature is checked with the site's key, and ``--match`` compares the players' locked
decklists. The exit code is the engine's (0 ok, 1 illegal, 3 not authentic, 4 not well formed, 5 decklists).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine.log import LogFormatError, read_log_bytes
from engine.replay.verdict import Verdict, refusal
from matches.models import Match
from matches.services import adjudication as services


class Command(BaseCommand):
    help = "Replay a game log with the site's card databases and signing key, and print the verdict."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("log", help="the log file (junling-log/1 JSON)")
        parser.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
        parser.add_argument("--match", type=int, metavar="ID", help="compare with this match's locked decklists")

    def handle(self, *args: Any, **options: Any) -> None:
        match = None
        if options["match"] is not None:
            match = (
                Match.objects.select_related("player_a", "player_b", "registration_a", "registration_b")
                .filter(pk=options["match"])
                .first()
            )
            if match is None:
                raise CommandError(f"there is no match {options['match']}")
        try:
            raw = read_log_bytes(options["log"], limit=services.MAX_LOG_UPLOAD_BYTES)
        except LogFormatError as exc:
            verdict = refusal(exc.kind, exc.where, exc.message)
        except OSError as exc:
            raise CommandError(f"{options['log']}: {exc.strerror or exc}") from None
        else:
            version = services.find_database_version(services.database_hash_of(services.header_of(raw)))
            verdict = services.verdict_for(raw, version=version, match=match)
        self._print(verdict, options)
        if verdict.exit_code:
            raise SystemExit(verdict.exit_code)

    def _print(self, verdict: Verdict, options: dict[str, Any]) -> None:
        if options["json"]:
            self.stdout.write(json.dumps(verdict.to_dict(), ensure_ascii=False, indent=1))
            return
        out = self.stdout.write

        def yes(flag: bool | None) -> str:
            return "not decided" if flag is None else ("yes" if flag else "NO")

        out(f"Log: {options['log']} ({verdict.entries} entries, {verdict.replayed} replayed)")
        out(f"Well formed: {yes(verdict.well_formed)}")
        out(
            f"Authentic: {yes(verdict.authentic)} (signature: {verdict.signature}; hash chain: {verdict.chain}; "
            f"seed: {verdict.seed}; card database: {verdict.database})"
        )
        out(f"Legal: {yes(verdict.legal)}")
        bad = verdict.first_illegal
        if bad is not None:
            out(f"  First illegal entry: {bad.index} ({bad.actor}): {json.dumps(bad.action, ensure_ascii=False)}")
            out(f"  {bad.rule}: {bad.reason}")
        if verdict.decklists != "not checked":
            out(f"Decklists: {verdict.decklists}")
        result = verdict.result
        out(
            f"Result: player {result.winner} wins: {result.reason} ({result.rule})"
            if result.finished
            else f"Result: {result.reason}"
        )
        if verdict.problems:
            out(f"Problems ({verdict.problem_count}):")
            for p in verdict.problems:
                out(f"  - [{p.kind}] {p}")
