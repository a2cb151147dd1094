"""The refusals of refereed play: both are ``junling.errors.Refused`` (code, message, status, params)."""

from __future__ import annotations

from junling.errors import Refused


class PlayRefused(Refused):
    """A match cannot be started or joined: an illegal deck, unsupported cards, a wrong owner or state."""

    code = "play.refused"


class ActionRefused(Refused):
    """An action was not applied: illegal (``rule`` and ``reason`` from the engine), stale, or out of turn.

    A stale refusal (the game moved on, or is over) is HTTP 409: the client should look again, not fix input.
    """

    code = "play.action_refused"

    def __init__(self, reason: str, rule: str = "", *, stale: bool = False, code: str | None = None) -> None:
        super().__init__(
            f"{rule}: {reason}" if rule else reason,
            code=code or ("play.stale" if stale else self.code),
            status=409 if stale else 400,
            params={"rule": rule, "reason": reason, "stale": stale},
        )
        self.rule = rule
        self.reason = reason
        self.stale = stale
