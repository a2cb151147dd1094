"""How an event scores, decided once: one scoring object per kind of event (issue 25, "Decide once").

A tournament's game says how it is scored (``engine.systems.System.scoring``): two-player match points
(the card games, Swiss with tie-breakers), placement in pods (龙虎三国志) or victory-point margin between two
sides (文禄朝鲜之役). :func:`scoring_of` picks the object once; pairing, sides, standings snapshots, pages and
exports ask it instead of asking the game again.

>>> from types import SimpleNamespace
>>> scoring_of(SimpleNamespace(system="longhu")).kind
'placement'
>>> scoring_of(SimpleNamespace(system="wenlu")).sided
True
>>> scoring_of(SimpleNamespace(system="generals-order")).pods
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.systems import get_system
from matches.models import StandingsSnapshot, Tournament
from matches.services.pods import current_pod_standings, snapshot_pod_standings
from matches.services.standings import current_standings, snapshot_swiss_standings
from matches.services.wargame import current_vp_standings, game_sides, sides_for, snapshot_vp_standings
from matches.tournament.wargame import balance_side_pairs, due_sides


class EventScoring:
    """Two-player match points: Swiss, round robin, elimination and top cut (the card games)."""

    kind: ClassVar[str] = "win-loss"
    #: Rounds are pods of 3–5 seats, reported by placement.
    pods: ClassVar[bool] = False
    #: Each pairing plays two named sides, balanced across rounds, scored by victory-point margin.
    sided: ClassVar[bool] = False

    @property
    def plays_on_tables(self) -> bool:
        """Whether a round of this kind can be seated at the site's refereed board-game tables."""
        return self.pods or self.sided

    def pairing_standings(self, tournament: Tournament) -> list[Any]:
        """The standings the next Swiss round (or the top cut) is paired from."""
        return current_standings(tournament)

    def due_sides(self, tournament: Tournament, standings: Sequence[Any]) -> dict[Any, int] | None:
        """Each player's due side for the matching's cost (issue 26); None where there are no sides."""
        return None

    def side_swaps(self, tournament: Tournament, standings: Sequence[Any], pairs: list[Any]) -> list[Any]:
        """The pairs with opponents swapped between equal-point tables so that more get their due side."""
        return pairs

    def sides(self, tournament: Tournament, number: int, pairs: Sequence[tuple[int, int | None]]) -> list[str]:
        """Player A's side at each table ("" where the game has no sides)."""
        return [""] * len(pairs)

    def snapshot(self, tournament: Tournament) -> StandingsSnapshot:
        """The standings snapshot for the current results (found, or computed and stored: idempotent)."""
        return snapshot_swiss_standings(tournament)


class PlacementScoring(EventScoring):
    """Pods by placement (龙虎三国志): the organiser's placement points, then his tie-breakers."""

    kind = "placement"
    pods = True

    def pairing_standings(self, tournament: Tournament) -> list[Any]:
        return current_pod_standings(tournament)

    def snapshot(self, tournament: Tournament) -> StandingsSnapshot:
        return snapshot_pod_standings(tournament)


class VpMarginScoring(EventScoring):
    """Two sides and a victory-point margin (文禄朝鲜之役): sides balanced across rounds, optional bids."""

    kind = "vp-margin"
    sided = True

    def pairing_standings(self, tournament: Tournament) -> list[Any]:
        return current_vp_standings(tournament)

    def due_sides(self, tournament: Tournament, standings: Sequence[Any]) -> dict[Any, int] | None:
        return due_sides(standings, game_sides(tournament))

    def side_swaps(self, tournament: Tournament, standings: Sequence[Any], pairs: list[Any]) -> list[Any]:
        return balance_side_pairs(pairs, {s.player: s for s in standings}, game_sides(tournament))

    def sides(self, tournament: Tournament, number: int, pairs: Sequence[tuple[int, int | None]]) -> list[str]:
        return sides_for(tournament, number, pairs)

    def snapshot(self, tournament: Tournament) -> StandingsSnapshot:
        return snapshot_vp_standings(tournament)


_BY_KIND: dict[str, EventScoring] = {s.kind: s for s in (EventScoring(), PlacementScoring(), VpMarginScoring())}


def scoring_of(tournament: Any) -> EventScoring:
    """The scoring object of the tournament's game (``System.scoring``; the card games' match points else)."""
    return _BY_KIND.get(get_system(tournament.system).scoring, _BY_KIND["win-loss"])


def snapshot_standings(tournament_id: int) -> StandingsSnapshot:
    """The tournament's standings snapshot for its current results: found if already computed, else computed
    and stored. Idempotent: the snapshot is keyed by the hash of its inputs, so running it twice (or in two
    workers at once) stores one snapshot with the same rows."""
    tournament = Tournament.objects.get(pk=tournament_id)
    return scoring_of(tournament).snapshot(tournament)
