"""Forms of the spectator pages: an organiser's spectator delay and feature tables."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.forms_play import PlayForm

MAX_SPECTATOR_DELAY = 3600
"""An hour at most (seconds)."""


class SpectatorDelayForm(PlayForm):
    spectator_delay = forms.IntegerField(
        label=_("Spectator delay (seconds)"),
        min_value=0,
        max_value=MAX_SPECTATOR_DELAY,
        error_messages={
            "required": _("Give the delay in seconds (0 for none)."),
            "invalid": _("Give the delay in seconds (0 for none)."),
            "min_value": _("The delay is 0 seconds or more."),
            "max_value": _("The delay is an hour (3600 seconds) at most."),
        },
    )


class FeatureForm(PlayForm):
    featured = forms.TypedChoiceField(
        label=_("Feature table"),
        choices=[("1", "1"), ("0", "0")],
        coerce=lambda v: v == "1",
        error_messages={
            "required": _("Say whether the table is featured (1 or 0)."),
            "invalid_choice": _("Say whether the table is featured (1 or 0)."),
        },
    )
