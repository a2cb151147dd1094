"""龙虎三国志 positions (``docs/positions.md``, "Board games"): the checks a position's board must pass, each the
first broken rule as a code with parameters (``engine.boardgame.position``)."""

from __future__ import annotations

from engine.boardgame.position import BoardPositionError
from engine.longhu.board import OFF_MAP, Board

POINTS = ("turn", "lead")
"""The marks of ``rules.play`` a position stands at: between two turns (the next order marker to draw), and in
the movement phase of the turn on the board before a stack's move."""


def check(b: Board) -> None:
    """Raise :class:`BoardPositionError` for the first piece out of place: a character the data does not know
    or not placed, a region that is none, a country's strength not adding up to its supply, a control box held
    without a piece (§6(2))."""
    regions = set(b.data.map.region_ids)
    known = {c.name for c in b.data.characters}
    for name in sorted(b.loc):
        if name not in known:
            raise BoardPositionError("position.board.unknown_piece", {"piece": name}, "§2-2(1)", f"board.loc.{name}")
    for ch in b.data.characters:
        where = b.loc.get(ch.name)
        if where is None:
            raise BoardPositionError("position.board.missing_piece", {"piece": ch.name}, "§3", f"board.loc.{ch.name}")
        if where not in regions and where not in OFF_MAP:
            raise BoardPositionError(
                "position.board.nowhere", {"piece": ch.name, "where": where}, "§3", f"board.loc.{ch.name}"
            )
    countries = {c.id for c in b.data.countries}
    for r, here in sorted(b.strength.items()):
        if r not in regions:
            raise BoardPositionError(
                "position.board.nowhere", {"piece": "army", "where": r}, "§3", f"board.strength.{r}"
            )
        for cid, n in here.items():
            if cid not in countries or n <= 0:
                raise BoardPositionError(
                    "position.board.unknown_piece", {"piece": f"{cid} {n}"}, "§4-4(6)", f"board.strength.{r}"
                )
    for c in b.data.countries:
        on_map = sum(here.get(c.id, 0) for here in b.strength.values())
        unused = b.supply.get(c.id, -1)
        if unused < 0 or on_map + unused != c.supply:
            raise BoardPositionError(
                "position.board.strength",
                {"country": c.id, "found": on_map + max(unused, 0), "supply": c.supply},
                "§4-4(6)",
                f"board.supply.{c.id}",
            )
    for r, holder in sorted(b.control.items()):
        if r not in regions or not (b.str_of(r, holder) or b.chars_in(r, holder)):
            raise BoardPositionError(
                "position.board.control", {"country": holder, "region": r}, "§6(2)", f"board.control.{r}"
            )
