"""The in-memory channel layer (one web process: `make run`, a single uvicorn) with a cheaper expiry sweep.

channels' ``InMemoryChannelLayer`` sweeps out expired messages and group memberships on every ``receive``
and every ``group_send``: a walk over every channel of the process (each open socket waits on one) and
every membership of every group. At 500 live matches (1,000 sockets) that walk ran several times an
action, each time over about 2,000 entries (``docs/benchmarks.md``, session 6: about 3 % of the server's
CPU at 100 matches, growing with the number of sockets). Messages expire after ``expiry`` seconds (60) and
memberships after ``group_expiry`` (a day): sweeping at most once every :attr:`InMemoryChannelLayer.sweep_every`
seconds lets an expired message live that much longer, and changes nothing else.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer


class InMemoryChannelLayer(ChannelsInMemoryChannelLayer):
    """channels' in-memory layer whose expiry sweep runs at most once every ``sweep_every`` seconds."""

    sweep_every = 1.0
    """Seconds between two sweeps of expired messages and memberships (channels': every operation)."""

    _swept = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept < self.sweep_every:
            return
        self._swept = now
        super()._clean_expired()
