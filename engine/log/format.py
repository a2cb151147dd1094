"""The log format's constants and the error of a log that cannot be read (``docs/log-format.md``)."""

from __future__ import annotations

from engine.game.errors import LogError

LOG_FORMAT = "junling-log/1"
"""The format version written in every header."""
MAX_LOG_BYTES = 64 * 1024 * 1024
"""A log file above 64 MiB is refused before it is read."""
MAX_ENTRIES = 100_000
"""A log with more entries is refused (a real game has a few hundred; the longest bot games a few thousand)."""
MAX_SEED = 2**63 - 1
"""Seeds are integers from 0 to 2**63 - 1."""

CHANCE_ACTOR = "chance"
REFEREE_ACTOR = "referee"
END = "end"


class LogFormatError(LogError):
    """A log cannot be read: what is wrong and where (``where`` is a JSON path such as ``entries[12].action``)."""

    def __init__(self, where: str, message: str, *, kind: str = "format", index: int | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message
        self.kind = kind
        self.index = index
