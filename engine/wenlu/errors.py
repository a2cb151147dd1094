"""Errors of the 文禄朝鲜之役 engine; all are ``ValueError``s (subclasses of ``engine.boardgame``'s)."""

from __future__ import annotations

from typing import Any

import engine.boardgame.errors as base
from engine.wenlu.messages import text


class IllegalAction(base.IllegalAction):
    """An action the rules do not allow now; the state is left unchanged.

    ``code`` keys :data:`engine.wenlu.messages.MESSAGES`, ``params`` fill its template, ``rule`` cites
    seed 003 (``§7.1(2)``) or a ruling (``ruling W4``).

    >>> err = IllegalAction("wenlu.refusal.game_over", {}, "§12.1")
    >>> str(err), err.code
    ('§12.1: the game is over', 'wenlu.refusal.game_over')
    """

    @staticmethod
    def text(code: str, params: dict[str, Any]) -> str:
        return text(code, params)


class LogError(base.LogError):
    """A serialised action or state that cannot be read back, or a replay that does not match."""
