"""Ruling L29, the agreed end of 龙虎三国志: between two actions every player still in the game may agree to end
it; it is scored at once as the end of the last round (L24, traitors included), on the board as it stands."""

from __future__ import annotations

from typing import Any

from engine.longhu.board import Board

RULE = "ruling L29"


def seats(b: Board) -> list[int]:
    """The seats whose agreement ends the game: every player still in it (players out have no say)."""
    return [p for p in range(b.players) if p not in b.out]


def agreed_end(b: Board, scored: dict[str, Any]) -> dict[str, Any]:
    """The outcome if every seat of :func:`seats` agrees now: ``scored`` is ``victory.outcome(b, "agreed")`` (§7
    as at the last round's end: most regions, then production, else shared; the state passes it, this module
    imports no rule area), ``termination`` ``agreed`` (``traitors`` when L24 says so)."""
    out = dict(scored)
    if out["termination"] == "draw":  # a shared first place is still an agreed end (ruling L29: not a draw)
        out["termination"] = "agreed"
    out["agreed_by"] = seats(b)
    return out
