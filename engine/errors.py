"""The one family of the engine's errors: every error an engine raises is an :class:`EngineError` (a
``ValueError``), and says which kind it is by its class.

Two kinds matter to every caller, whatever the game: :class:`IllegalAction` (the rules refuse an action; the
state is unchanged; ``code``, ``params`` and ``rule`` say why in the game's catalogue) and :class:`LogError` (a
serialised action, state or log cannot be read back). Each game's own classes (``engine.game.errors``,
``engine.boardgame.errors`` and the games' subclasses) derive from these, so the site catches one class for
any game (issue 25).

    >>> from engine.game.errors import IllegalAction as CardRefusal
    >>> from engine.longhu.errors import IllegalAction as LonghuRefusal
    >>> issubclass(CardRefusal, IllegalAction) and issubclass(LonghuRefusal, IllegalAction)
    True
    >>> from engine.game.errors import LogError as CardLogError
    >>> from engine.wenlu.errors import LogError as WenluLogError
    >>> issubclass(CardLogError, LogError) and issubclass(WenluLogError, LogError)
    True
    >>> issubclass(LogError, EngineError) and issubclass(EngineError, ValueError)
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class EngineError(ValueError):
    """Any error of the engine: bad input (a deck, a card file, a map, a log) or a refused action."""


class IllegalAction(EngineError):
    """An action the rules do not allow now; the state is left unchanged.

    Every game's refusal has ``code`` (a key of the game's message catalogue), ``params`` (its template's
    values), ``rule`` (the section or ruling: ``§3.6.5 rule 4``, ``ruling L11``); ``str()`` is the English reason."""

    code: str
    params: Mapping[str, Any]
    rule: str


class LogError(EngineError):
    """A serialised action, state or log that cannot be read back, or a replay that does not match."""
