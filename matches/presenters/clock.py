"""What the table shows of the clocks, a draw offer and a claim (``matches.services.play.clock``).

Computed from the stored clocks at the moment of reading: nothing here writes.
"""

from __future__ import annotations

from typing import Any

from junling.clocks import clock_text, control_text
from matches.models import RefereedGame, RefereedMatch
from matches.services.play import clock, windows

__all__ = ["clock_text", "control_text", "ending_view"]


def ending_view(refereed: RefereedMatch, row: RefereedGame | None, seat: int, bot: bool) -> dict[str, Any]:
    """The clocks (``you``/``opponent`` seconds and text, whose runs), the draw offer and what may be claimed."""
    if row is None:
        return {"clock": None, "draw": None, "can_claim": False, "can_offer_draw": False}
    now = windows.now()
    left = clock.remaining(row, now)
    playing = row.finished_at is None
    view: dict[str, Any] = {"clock": None}
    if left is not None:
        view["clock"] = {
            "control": control_text(refereed.clock_total, refereed.clock_increment),
            "you": {"seconds": left[seat], "text": clock_text(left[seat]), "running": row.clock_running == seat},
            "opponent": {
                "seconds": left[1 - seat],
                "text": clock_text(left[1 - seat]),
                "running": row.clock_running == 1 - seat,
            },
            "flagged": clock.flagged(row, now) is not None,
        }
    offered = row.draw_offered_by if playing else None
    view["draw"] = None if offered is None else ("yours" if offered == seat else "theirs")
    view["can_offer_draw"] = playing and not bot and offered is None
    opponent_out = clock.flagged(row, now) == 1 - seat
    # A bot never leaves, but its clock runs out like a player's.
    view["can_claim"] = playing and (opponent_out or (not bot and clock.is_gone(row, 1 - seat, now)))
    view["abandon_seconds"] = clock.ABANDON_SECONDS
    return view
