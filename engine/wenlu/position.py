"""文禄朝鲜之役 positions (``docs/positions.md``, "Board games"): the checks a position's board must pass, each
the first broken rule as a code with parameters (``engine.boardgame.position``)."""

from __future__ import annotations

from engine.boardgame.position import BoardPositionError
from engine.wenlu.board import Board
from engine.wenlu.terms import OFF_MAP

POINTS = ("draw",)
"""The mark of ``rules.play`` a position stands at: before an activation's draw (the next marker from the cup)."""


def check(b: Board) -> None:
    """Raise :class:`BoardPositionError` for the first counter or card out of place: a counter the data does not
    know or not placed (§2.3(1)), a place that is no region or box, a side's cards (deck, hand, played) that are
    not exactly its deck (§2.5, §11.2)."""
    places = set(b.data.map.region_ids) | {x.id for x in b.data.map.boxes} | set(OFF_MAP)
    known = {c.id for c in b.data.counters}
    for cid in sorted(b.loc):
        if cid not in known:
            raise BoardPositionError("position.board.unknown_piece", {"piece": cid}, "§2.3(1)", f"board.loc.{cid}")
    for c in b.data.counters:
        where = b.loc.get(c.id)
        if where is None:
            raise BoardPositionError("position.board.missing_piece", {"piece": c.id}, "§2.3(1)", f"board.loc.{c.id}")
        if where not in places:
            raise BoardPositionError(
                "position.board.nowhere", {"piece": c.id, "where": where}, "§4.0", f"board.loc.{c.id}"
            )
    for side in ("japan", "allies"):
        have = sorted(b.decks.get(side, []) + b.hands.get(side, []) + [x for x in b.spent if x in b.data.deck(side)])
        if have != sorted(b.data.deck(side)):
            raise BoardPositionError("position.board.cards", {"side": side}, "§2.5, §11.2", f"board.hands.{side}")
