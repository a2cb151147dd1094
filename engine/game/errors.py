"""Errors of the rules engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import errors
from engine.messages import Message, Reader


class IllegalAction(errors.IllegalAction):
    """An action the rules do not allow now; the state is left unchanged.

    ``code`` and ``params`` say why (a :class:`engine.messages.Message`, rendered for a reader in
    his language), ``rule`` names the section or ruling (``"§3.6.5 rule 4"``, ``"ruling G4"``).
    ``reason`` and ``str()`` are the English text, for a judge and for tests.

    >>> err = IllegalAction("refusal.not_in_hand", {"card": {"card": 3, "name": "关羽"}}, "§3.5")
    >>> str(err)
    '§3.5: 关羽 (#3) is not in your hand'
    >>> err.message.code, err.rule
    ('refusal.not_in_hand', '§3.5')
    """

    def __init__(self, code: str, params: Mapping[str, Any] | None = None, rule: str = "") -> None:
        super().__init__(code, params, rule)
        self.message = Message(code, params or {})
        self.code = code
        self.params = self.message.params
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason

    @property
    def reason(self) -> str:
        """Why, in English (rendered when asked: refusals are built often, read rarely)."""
        return Reader("en").render(self.message)


class GameSetupError(errors.EngineError):
    """A game cannot be set up: an unknown card in a deck, a malformed deck value.

    ``said`` is why, as a message (a plain text from a caller is wrapped as one); ``str()`` is English.
    """

    def __init__(self, message: Message | str) -> None:
        self.said = message if isinstance(message, Message) else Message("text", {"text": message})
        super().__init__(Reader("en").render(self.said))


class LogError(errors.LogError):
    """A serialised action or state cannot be read back (what is wrong and where).

    ``said`` is why, as a message (``log.*`` codes; a plain text from a caller is wrapped as one);
    ``str()`` is English.

    >>> err = LogError(Message("log.missing_field", {"kind": "move", "field": "'to'"}))
    >>> str(err), err.said.code
    ("move: the field 'to' is missing", 'log.missing_field')
    """

    def __init__(self, message: Message | str) -> None:
        self.said = message if isinstance(message, Message) else Message("text", {"text": message})
        super().__init__(Reader("en").render(self.said))
