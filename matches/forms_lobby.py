"""The lobby's forms: open a challenge, challenge a named player (both with an optional time control), take one."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from matches.forms_play import ChallengeForm, OwnDecksForm, _best_of_field, _deck_field

CLOCK_BOUNDS = gettext_lazy("A time control is 1 to 180 minutes a player and 0 to 600 seconds a turn.")


class ClockFields(forms.Form):
    """An optional time control: minutes a player (empty: no clock) and seconds added a turn."""

    clock_minutes = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=180,
        error_messages={"min_value": CLOCK_BOUNDS, "max_value": CLOCK_BOUNDS, "invalid": CLOCK_BOUNDS},
    )
    clock_increment = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=600,
        error_messages={"min_value": CLOCK_BOUNDS, "max_value": CLOCK_BOUNDS, "invalid": CLOCK_BOUNDS},
    )

    def clock(self) -> dict[str, Any]:
        """The service's keyword arguments: ``clock_total`` (seconds or None) and ``clock_increment``."""
        minutes = self.cleaned_data.get("clock_minutes")
        increment = self.cleaned_data.get("clock_increment") or 0
        return {"clock_total": minutes * 60 if minutes else None, "clock_increment": increment if minutes else 0}


class OpenChallengeForm(OwnDecksForm, ClockFields):
    deck_version = _deck_field()
    best_of = _best_of_field()


class DirectChallengeForm(ChallengeForm, ClockFields):
    """A challenge to a named player with a time control (the challenged player gets a notice)."""


class TakeChallengeForm(OwnDecksForm):
    deck_version = _deck_field()


DRAW_VERBS = ("offer", "accept", "decline", "withdraw")
"""What a player may do about a draw offer (the URL's last part)."""
