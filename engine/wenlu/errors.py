"""Errors of the 文禄朝鲜之役 engine; all are ``ValueError``s."""

from __future__ import annotations

from typing import Any

from engine.wenlu.messages import text


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged.

    ``code`` keys :data:`engine.wenlu.messages.MESSAGES`, ``params`` fill its template, ``rule`` cites
    seed 003 (``§7.1(2)``) or a ruling (``ruling W4``).

    >>> err = IllegalAction("wenlu.refusal.game_over", {}, "§12.1")
    >>> str(err), err.code
    ('§12.1: the game is over', 'wenlu.refusal.game_over')
    """

    def __init__(self, code: str, params: dict[str, Any] | None = None, rule: str = "") -> None:
        self.code = code
        self.params = dict(params or {})
        self.rule = rule
        self.reason = text(code, self.params)
        super().__init__(f"{rule}: {self.reason}" if rule else self.reason)


class LogError(ValueError):
    """A serialised action or state that cannot be read back, or a replay that does not match."""
