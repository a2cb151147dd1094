"""The forms of the refereed-play pages: every state-changing play view reads its input through one."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from decks.models import DeckVersion
from engine.game.actions import ACTION_KINDS, action_fields
from engine.game.players import INTERACTIVE as BOTS

CHOOSE_DECK = gettext_lazy("Choose one of your decks.")


def _deck_field(*, required: bool = True) -> forms.ModelChoiceField:
    return forms.ModelChoiceField(
        queryset=DeckVersion.objects.none(),
        required=required,
        error_messages={"required": CHOOSE_DECK, "invalid_choice": CHOOSE_DECK, "invalid": CHOOSE_DECK},
    )


def _best_of_field() -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        choices=[("1", "1"), ("3", "3")],
        coerce=int,
        empty_value=1,  # type: ignore[arg-type]  # any value (Django's docs); the stubs say str | None
        required=False,
        error_messages={"invalid_choice": gettext_lazy("A match is best of 1 or best of 3.")},
    )


class PlayForm(forms.Form):
    def first_error(self) -> str:
        """The first error message, for the page's one error line."""
        for errors in self.errors.values():
            return str(errors[0])
        return ""


class OwnDecksForm(PlayForm):
    """A form whose deck fields offer only the user's own deck versions."""

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        mine = DeckVersion.objects.filter(deck__owner_id=getattr(user, "pk", None)).select_related(
            "deck", "card_database_version"
        )
        for field in self.fields.values():
            if isinstance(field, forms.ModelChoiceField):
                field.queryset = mine


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


class BotMatchForm(OwnDecksForm, ClockFields):
    deck_version = _deck_field()
    bot_deck_version = _deck_field(required=False)
    bot = forms.ChoiceField(
        choices=[(b, b) for b in BOTS], error_messages={"invalid_choice": gettext_lazy("Choose a bot.")}
    )
    best_of = _best_of_field()


class ChallengeForm(OwnDecksForm):
    opponent = forms.CharField(max_length=150, error_messages={"required": gettext_lazy("Name a player to challenge.")})
    deck_version = _deck_field()
    best_of = _best_of_field()

    def clean_opponent(self) -> Any:
        username = self.cleaned_data["opponent"].strip()
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(_("There is no player named %(name)s.") % {"name": username or "—"})
        return user


class AcceptForm(OwnDecksForm):
    deck_version = _deck_field()


class ActForm(PlayForm):
    """An action from the table: the engine action's JSON, the step the page was drawn at, ticked cards.

    ``payment_choice`` names the action field the ticked boxes fill (``PaymentChoice.field``; the
    boxes carry that name); "1" from older pages means the boxes are named ``payment``.
    """

    action = forms.CharField(error_messages={"required": gettext_lazy("Choose an action.")})
    step = forms.IntegerField(required=False, min_value=0)
    payment_choice = forms.CharField(required=False)

    def clean_payment_choice(self) -> str:
        field = self.cleaned_data["payment_choice"]
        if field in ("", "0", "false", "False"):
            return ""
        return field if field in CHOSEN_FIELDS else "payment"

    def payment_or_none(self) -> list[str] | None:
        """The ticked cards when the control asked for a choice (possibly none ticked), else None."""
        field = self.cleaned_data["payment_choice"]
        if not field:
            return None
        return [str(v) for v in self.data.getlist(field)] if hasattr(self.data, "getlist") else []


CHOSEN_FIELDS = frozenset(f.name for kind in ACTION_KINDS for f in action_fields(kind) if f.is_list)
"""The fields of any action kind that a player fills by ticking cards (read from the declaration)."""
