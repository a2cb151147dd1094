"""Ruling W26, the agreed draw of 文禄朝鲜之役: between two activations both players may agree to end the game
as a draw, the margin 0 (as ruling W22's "equal"); an offer lapses with the next activation (the table's)."""

from __future__ import annotations

from typing import Any

from engine.wenlu.board import Board

RULE = "ruling W26"


def between_activations(b: Board, pending_kind: str | None) -> bool:
    """Whether the game stands between two activations: the next marker is to be drawn from the cup."""
    return b.outcome is None and pending_kind == "cup"


def agreed_end(b: Board, scores: dict[str, int]) -> dict[str, Any]:
    """The outcome of the agreed draw: no winner, the margin 0, the victory points (``scores``, as
    ``victory.scores`` counts them: the state passes them, this module imports no rule area) as they stand."""
    return {"termination": "agreed", "turn": b.turn, "scores": dict(scores), "winner": None, "margin": 0}
