"""Event rounds played on the site's refereed board-game tables (issue 15, docs/tournaments.md "Rounds on
the site's tables").

When an organiser publishes a pod round (or a wargame round) to be played on the site, each pod (each
pairing) gets a ``tables`` table with its players seated, on the event's map and game data by hash and its
time control (``Tournament.clock_total``/``clock_increment``, if set): pod
seat 1 at seat 0 and so on; in a two-sided game player A at his side's seat. The pod or match keeps the
table (a one-to-one key). When the table's game ends, ``tables.signals.table_finished`` is sent inside the
transaction that ended it and ``report_table_result`` turns the engine's result into the pod's report
(placements and regions held) or the match's VP result through the pods' and wargame's own services:
audited, in that same transaction, and only once (a finished pod or match is left as it is, so an
organiser's correction stands).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine.systems import get_system
from junling.errors import Refused
from junling.models import record
from matches.models import Match, Pod, Round, Tournament
from matches.services.pods import record_refereed_pod
from matches.services.scoring import scoring_of
from matches.services.table_seating import TablesRefused, data_hash, seat, seat_match_on_table
from matches.services.wargame import record_refereed_vp
from tables.models import Table

log = logging.getLogger(__name__)

NONE, REPORTED, UNCHANGED = "none", "reported", "unchanged"
"""What ``report_table_result`` did: the table is no event's; the result was reported; nothing (told before)."""


def can_play_on_tables(tournament: Tournament) -> bool:
    """Whether the event's game has a rules engine and a map on the site (and the event names its map)."""
    system = get_system(tournament.system)
    return bool(system.engine and system.has_map and tournament.map_hash) and (scoring_of(tournament).plays_on_tables)


def seat_round_on_tables(rnd: Round, actor: Any) -> int:
    """A table for every pod (every pairing but byes) of ``rnd`` with its players seated; the number of
    tables set up. Called inside the publishing transaction (a refusal publishes nothing). In an event with a
    bid for sides a pairing waits for its sealed bids: :func:`seat_match_on_table` seats it once they are
    resolved (issue 26)."""
    tournament = rnd.tournament
    if not can_play_on_tables(tournament):
        raise TablesRefused(_("This event's game cannot be played on the site's tables."))
    system = get_system(tournament.system)
    data_hash(tournament)  # refused before any table is made
    made = 0

    def seat_pod(players: list[Any], event: str) -> Table:
        return seat(tournament, actor, players, event)

    if scoring_of(tournament).pods:
        low, high = system.seats
        for pod in Pod.objects.filter(round=rnd, board_table__isnull=True).prefetch_related("seats__player"):
            players = [s.player for s in sorted(pod.seats.all(), key=lambda s: s.seat)]
            if not low <= len(players) <= high:
                raise TablesRefused(
                    _("Table %(t)s has %(n)s players; this game is for %(low)s to %(high)s.")
                    % {"t": pod.table, "n": len(players), "low": low, "high": high}
                )
            pod.board_table = seat_pod(players, f"pod:{pod.pk}")
            pod.save(update_fields=["board_table"])
            made += 1
    elif not tournament.side_bids:
        rows = Match.objects.filter(round=rnd, is_bye=False, player_b__isnull=False, board_table__isnull=True)
        for match in rows.select_related("player_a", "player_b"):
            seat_match_on_table(match, actor)
            made += 1
    record(actor, "round.on_tables", rnd, tournament=tournament.pk, number=rnd.number, tables=made)
    return made


def report_table_result(table: Table) -> str:
    """The engine's result of a finished ``table`` reported to its pod or match (``reported``); ``none``
    for a table of no event; ``unchanged`` when the pod or match is finished already (idempotent)."""
    table = Table.objects.get(pk=table.pk)
    if table.status != Table.Status.FINISHED or not table.result:
        return NONE
    result = table.result
    pod = Pod.objects.filter(board_table=table).first()
    if pod is not None:
        players = dict(table.seat_rows.values_list("index", "user_id"))
        rows = {players[i]: (result["places"][i], result["scores"][i]) for i in range(table.seats)}
        return REPORTED if record_refereed_pod(pod, rows, table=table.pk) else UNCHANGED
    match = Match.objects.filter(board_table=table).select_related("tournament").first()
    if match is not None:
        sides = get_system(table.system).sides
        seat_a = sides.index(match.side_a or sides[0])
        vp_a, vp_b = result["scores"][seat_a], result["scores"][1 - seat_a]
        return REPORTED if record_refereed_vp(match, vp_a, vp_b, table=table.pk) else UNCHANGED
    return NONE


def on_table_finished(sender: Any, table: Table, **kwargs: Any) -> None:
    """``tables.signals.table_finished``: report the event's result in the same transaction; a refusal (an
    impossible result) is logged and leaves the table's end alone (an organiser enters the result)."""
    try:
        with transaction.atomic():
            report_table_result(table)
    except Refused as exc:
        log.warning("table %s ended but its result was not reported: %s", table.pk, exc.message)
