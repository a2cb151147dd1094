"""The lobby's forms: open a challenge, challenge a named player (both with an optional time control), take one."""

from __future__ import annotations

from matches.forms_play import ChallengeForm, ClockFields, OwnDecksForm, _best_of_field, _deck_field


class OpenChallengeForm(OwnDecksForm, ClockFields):
    deck_version = _deck_field()
    best_of = _best_of_field()


class DirectChallengeForm(ChallengeForm, ClockFields):
    """A challenge to a named player with a time control (the challenged player gets a notice)."""


class TakeChallengeForm(OwnDecksForm):
    deck_version = _deck_field()
