"""The log format's constants and the error of a log that cannot be read (``docs/log-format.md``)."""

from __future__ import annotations

from engine.game.errors import LogError
from engine.messages import Message, Reader

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
    """A log cannot be read: what is wrong and where (``where`` is a JSON path such as ``entries[12].action``).

    ``said`` is what is wrong as a message (``log.*`` codes), ``message`` the same in English.
    """

    def __init__(self, where: str, message: Message | str, *, kind: str = "format", index: int | None = None) -> None:
        said = message if isinstance(message, Message) else Message("text", {"text": message})
        text = Reader("en").render(said)
        super().__init__(said)
        self.args = (f"{where}: {text}" if where else text,)
        self.where = where
        self.message = text
        self.kind = kind
        self.index = index
