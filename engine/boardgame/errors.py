"""Errors shared by the board-game engines; all are ``ValueError``s.

A game subclasses both, giving :class:`IllegalAction` its message catalogue (``text``), so that the site can
catch ``engine.boardgame.IllegalAction`` for any game and still read the game's code, params and rule.

    >>> class Mine(IllegalAction):
    ...     @staticmethod
    ...     def text(code, params):
    ...         return {"game_over": "the game is over"}[code]
    >>> err = Mine("game_over", {}, "§4-8")
    >>> str(err), err.code, err.params, err.rule
    ('§4-8: the game is over', 'game_over', {}, '§4-8')
    >>> isinstance(err, IllegalAction) and isinstance(err, ValueError)
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from engine import errors
from engine.messages import catalogue


class IllegalAction(errors.IllegalAction):
    """An action the rules do not allow now; the state is left unchanged.

    ``code`` keys the game's message catalogue, ``params`` fill its template, ``rule`` cites the rules
    (``§4-5(2)``) or a ruling (``ruling L11``); ``reason`` is the English text."""

    def __init__(self, code: str, params: dict[str, Any] | None = None, rule: str = "") -> None:
        self.code = code
        self.params = dict(params or {})
        self.rule = rule
        self.reason = self.text(code, self.params)
        super().__init__(f"{rule}: {self.reason}" if rule else self.reason)

    @staticmethod
    def text(code: str, params: dict[str, Any]) -> str:
        """The English reason; a game overrides this with its catalogue."""
        return code


def said_params(
    params: dict[str, Any] | None,
    lang: str,
    text: Callable[[str, dict[str, Any], str], str],
    label: Callable[[dict[str, Any], str], str],
) -> dict[str, Any]:
    """A refusal's params as said in ``lang``: the pending question (``question``: its code and params) as
    ``what``, and, in Chinese, the refused action (``option``: its JSON) by its label instead of its repr.

    >>> said_params({"action": "Pass()", "what": "x", "question": {"code": "q", "params": {}},
    ...              "option": {"type": "pass"}}, "zh", lambda c, p, lang: c + "?", lambda a, lang: "放弃")
    {'action': '放弃', 'what': 'q?'}
    """
    out = dict(params or {})
    question, option = out.pop("question", None), out.pop("option", None)
    if isinstance(question, dict):
        out["what"] = text(str(question.get("code", "")), dict(question.get("params") or {}), lang)
    if isinstance(option, dict) and lang != "en":
        out["action"] = label(option, lang)
    return out


def said_word(
    value: Any,
    tr: Callable[[str], str],
    words: dict[str, str],
    patterns: tuple[tuple[re.Pattern[str], str], ...] = (),
) -> Any:
    """A step's parameter as said by ``tr`` (a catalogue's gettext): a word of the game (``words``: a result, a
    fate event) translated, a value with a part to keep (``patterns``: "3 damage") translated as a template,
    anything else as it is.

    >>> pats = ((re.compile(r"(?P<n>\\d+) damage"), "{n} 点损失"),)
    >>> said_word("3 damage", lambda s: s, {"fails": "失败"}, pats), said_word("fails", lambda s: s, {"fails": "失败"})
    ('3 点损失', '失败')
    >>> said_word(4, str, {})
    4
    """
    if not isinstance(value, str):
        return value
    if value in words:
        return tr(words[value])
    for pattern, template in patterns:
        m = pattern.fullmatch(value)
        if m:
            return str(tr(template)).format(**m.groupdict())
    return value


class CalculatorError(errors.EngineError):
    """Input a battle calculator cannot use (what and where): ``code`` keys ``MESSAGES`` (an English template
    with ``{name}`` fields, translated by the engine's catalogue), ``params`` fill it; ``str()`` is English.
    A game's calculator subclasses it with its own ``MESSAGES`` (these two included).

    >>> err = CalculatorError("calc_bad_die", {"value": 7})
    >>> str(err), err.code, err.params
    ('die 7 is not 1–6', 'calc_bad_die', {'value': 7})
    >>> err.text("zh")
    '骰子 7 不是 1–6'
    """

    MESSAGES: ClassVar[dict[str, str]] = {
        "calc_bad_die": "die {value} is not 1–6",
        "calc_more_dice": "more dice are needed ({what}, {rule}); or give a seed",
    }

    def __init__(self, code: str, params: dict[str, Any] | None = None) -> None:
        self.code = code
        self.params = dict(params or {})
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The refusal in ``lang`` (``en``, ``zh``)."""
        template = self.MESSAGES.get(self.code, self.code)
        values = {k: self.said(v, lang) for k, v in self.params.items()}
        if lang.lower().startswith("en"):
            return template.format(**values)
        return str(catalogue(lang).gettext(template)).format(**values)

    @staticmethod
    def question(code: str, params: dict[str, Any], lang: str) -> str:
        """A decision's question in ``lang``; a game sets its own ``text``."""
        return code

    def said(self, value: Any, lang: str) -> Any:
        """A parameter as said: a list joined, a question (``{"code", "params"}``) by the game's ``question``."""
        if isinstance(value, dict) and "code" in value:
            return self.question(str(value["code"]), dict(value.get("params") or {}), lang)
        return ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else value


class LogError(errors.LogError):
    """A serialised action or state that cannot be read back, or a replay that does not match."""
