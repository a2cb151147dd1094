"""Errors of the rules engine."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged.

    ``rule`` names the section or ruling (``"§3.6.5 rule 4"``, ``"ruling G4"``), ``reason`` is a
    sentence a judge can read aloud.

    >>> err = IllegalAction("ruling G4", "关羽 is blocked")
    >>> str(err)
    'ruling G4: 关羽 is blocked'
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason


class GameSetupError(ValueError):
    """A game cannot be set up: an unknown card in a deck, a malformed deck value."""


class LogError(ValueError):
    """A serialised action or state cannot be read back (what is wrong and where)."""
