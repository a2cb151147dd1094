"""The tables app's signals: another app (an event's round) hears of a table's end without the tables app
naming it."""

from __future__ import annotations

from django.dispatch import Signal

table_finished = Signal()
"""Sent with ``table`` (finished, its ``result`` stored) inside the transaction that finished it: a
receiver's writes commit with the end, or neither does."""
