"""Errors of the 龙虎三国志 engine; all are ``ValueError``s (subclasses of ``engine.boardgame``'s)."""

from __future__ import annotations

from typing import Any

import engine.boardgame.errors as base
from engine.longhu.messages import text


class IllegalAction(base.IllegalAction):
    """An action the rules do not allow now; the state is left unchanged.

    ``code`` keys :data:`engine.longhu.messages.MESSAGES`, ``params`` fill its template, ``rule`` cites
    seed 001 (``§4-5(2)``) or a ruling (``ruling L11``).

    >>> err = IllegalAction("not_adjacent", {"a": "洛阳", "b": "成都"}, "§4-5")
    >>> str(err)
    '§4-5: 成都 does not border 洛阳'
    >>> err.code, err.params["b"]
    ('not_adjacent', '成都')
    """

    @staticmethod
    def text(code: str, params: dict[str, Any]) -> str:
        return text(code, params)


class LogError(base.LogError):
    """A serialised action or state that cannot be read back, or a replay that does not match."""
