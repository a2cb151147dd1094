"""Errors of the 龙虎三国志 engine; all are ``ValueError``s."""

from __future__ import annotations

from typing import Any

from engine.longhu.messages import MESSAGES


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged.

    ``code`` keys :data:`engine.longhu.messages.MESSAGES`, ``params`` fill its template, ``rule`` cites
    seed 001 (``§4-5(2)``) or a ruling (``ruling L11``).

    >>> err = IllegalAction("not_adjacent", {"a": "洛阳", "b": "成都"}, "§4-5")
    >>> str(err)
    '§4-5: 成都 does not border 洛阳'
    >>> err.code, err.params["b"]
    ('not_adjacent', '成都')
    """

    def __init__(self, code: str, params: dict[str, Any] | None = None, rule: str = "") -> None:
        self.code = code
        self.params = dict(params or {})
        self.rule = rule
        self.reason = MESSAGES.get(code, code).format(**self.params)
        super().__init__(f"{rule}: {self.reason}" if rule else self.reason)


class LogError(ValueError):
    """A serialised action or state that cannot be read back, or a replay that does not match."""
