"""An organiser's spectator settings: a tournament's spectator delay and its feature tables."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from junling.errors import NotAllowed, Refused
from junling.models import record
from matches.access import can_feature, can_organise
from matches.models import Match, Pod, Tournament


def do_set_spectator_delay(user: Any, tournament: Tournament, seconds: int) -> Tournament:
    """Spectators (not organisers or judges) see the tournament's refereed tables ``seconds`` late."""
    if not can_organise(user, tournament):
        raise NotAllowed(_("Only the organisers set the spectator delay."), code="watch.not_organiser")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        before = tournament.spectator_delay
        tournament.spectator_delay = int(seconds)
        tournament.save(update_fields=["spectator_delay"])
        record(user, "tournament.spectator_delay", tournament, before=before, after=tournament.spectator_delay)
    return tournament


def do_feature_table(user: Any, table: Match | Pod, featured: bool) -> Match | Pod:
    """Mark (or unmark) a tournament's table as a feature table: a pairing (``Match``) or a pod of a pod round.
    Anyone may then watch it (a pod's or a wargame pairing's board-game table behind the event's delay)."""
    if not can_feature(user, table):
        raise NotAllowed(_("Only the organisers choose the feature tables."), code="watch.not_organiser")
    if isinstance(table, Pod) and table.board_table_id is None:
        raise Refused(
            _("This pod is played on paper: there is no table to watch."), code="watch.nothing_to_watch", status=409
        )
    with transaction.atomic():
        table = type(table).objects.select_for_update().get(pk=table.pk)
        table.featured = bool(featured)
        table.save(update_fields=["featured"])
        kind = "pod" if isinstance(table, Pod) else "match"
        record(user, f"{kind}.feature" if featured else f"{kind}.unfeature", table)
    return table
