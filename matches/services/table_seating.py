"""Seating an event's pairing at one of the site's refereed tables (issue 26): the helpers the round's publishing
(``event_tables``) and the sealed bids (``wargame``, which seats a bidding table once its bids are resolved)
share, kept apart so that neither imports the other."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engine.systems import get_system
from junling.errors import Refused
from matches.models import Match, Tournament
from tables import gamedata
from tables.models import Table
from tables.services import do_create_event_table


class TablesRefused(Refused):
    """The round cannot be played on the site's tables; the message says why."""

    code = "round.no_tables"


def data_hash(tournament: Tournament) -> str:
    """The game data the event's map is played with on the site; ``TablesRefused`` if the site has none."""
    choice = next((c for c in gamedata.choices(tournament.system) if c.map_hash == tournament.map_hash), None)
    if choice is None:
        raise TablesRefused(_("The event's map has no game data on the site: its tables cannot be set up."))
    return choice.data_hash


def seat(tournament: Tournament, actor: Any, players: list[Any], event: str, **log_meta: Any) -> Table:
    """A started table of the event's game, map and clock with ``players`` in seat order; ``log_meta`` goes into
    its signed log's header ``meta``."""
    return do_create_event_table(
        actor,
        tournament.system,
        players,
        map_hash=tournament.map_hash,
        data_hash=data_hash(tournament),
        event=event,
        clock_total=tournament.clock_total,
        clock_increment=tournament.clock_increment or 0,
        log_meta=log_meta,
    )


def seat_match_on_table(match: Match, actor: Any, bids: dict[str, Any] | None = None) -> Table:
    """A wargame pairing's table: player A at his side's seat; ``bids`` (the resolved sealed bids, as the
    audit's ``match.bids_resolved``) go into the table's signed log header as ``meta.bids``."""
    tournament = match.tournament
    assert tournament is not None and match.player_b is not None  # a pairing of an event, not a bye
    sides = get_system(tournament.system).sides
    side, b = match.side_a or sides[0], match.player_b
    players = [match.player_a, b] if sides.index(side) == 0 else [b, match.player_a]
    meta = {"bids": bids} if bids is not None else {}
    match.side_a = side
    match.board_table = seat(tournament, actor, players, f"match:{match.pk}", **meta)
    match.save(update_fields=["side_a", "board_table"])
    return match.board_table
