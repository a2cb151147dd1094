"""Every input of the tables app: a new table, joining, an action, a judge's replay."""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from junling.bots import bot_label
from tables import engines
from tables.logs import MAX_LOG_BYTES


def _system_choices() -> list[tuple[str, str]]:
    return [(s.id, s.display_name(get_language() or "zh-hans")) for s in engines.board_systems()]


def _bot_choices() -> list[tuple[str, str]]:
    names = sorted({b for s in engines.board_systems() for b in engines.bots(s.id)})
    return [("", "—"), *((b, bot_label(b)) for b in names)]


class CreateTableForm(forms.Form):
    system = forms.ChoiceField(label=_("Board game"), choices=_system_choices)
    seats = forms.IntegerField(label=_("Seats"), min_value=2, max_value=4, initial=2)
    my_seat = forms.IntegerField(label=_("Your seat"), min_value=1, max_value=4, initial=1)
    invite = forms.CharField(label=_("Invite players (names, separated by commas)"), required=False, max_length=200)
    bots = forms.IntegerField(label=_("Bots for the other seats"), min_value=0, max_value=3, initial=0)
    bot = forms.ChoiceField(label=_("Bot"), choices=_bot_choices, required=False)
    public = forms.BooleanField(
        label=_("Anyone may watch (spectators see the board and the feed, never a hand)"), required=False
    )
    clock_minutes = forms.IntegerField(
        label=_("Time control: minutes a seat (empty: no clock)"), required=False, min_value=1, max_value=180
    )
    clock_increment = forms.IntegerField(
        label=_("Seconds added a turn"), required=False, min_value=0, max_value=600, initial=0
    )

    def clean_invite(self) -> list[Any]:
        names = [n for n in re.split(r"[,，\s]+", self.cleaned_data.get("invite") or "") if n]
        users = list(get_user_model().objects.filter(username__in=names))
        missing = sorted(set(names) - {u.username for u in users})
        if missing:
            raise forms.ValidationError(_("No player is called %(names)s.") % {"names": ", ".join(missing)})
        return users

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        minutes = data.get("clock_minutes")
        data["clock_total"] = None if minutes is None else int(minutes) * 60
        data["clock_increment"] = int(data.get("clock_increment") or 0) if minutes is not None else 0
        if data.get("bots") and not data.get("bot"):
            bots = engines.bots(data["system"]) if data.get("system") else []
            if bots:
                data["bot"] = bots[0]
        return data


class JoinForm(forms.Form):
    seat = forms.IntegerField(required=False, min_value=0, max_value=3)


class ActForm(forms.Form):
    action = forms.CharField(max_length=4000)
    step = forms.IntegerField(min_value=0)


MAX_POSITION_CHARS = 400_000


def _json_field(text: str, *, what: Any) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise forms.ValidationError(_("%(what)s is not JSON.") % {"what": what}) from None


class PositionJudgeForm(forms.Form):
    """A board-game position (``junling-board-position/1``) and a move to check against it."""

    game = forms.ChoiceField(label=_("Board game"), choices=())
    position = forms.CharField(
        label=_("The position (JSON)"), widget=forms.Textarea(attrs={"rows": 6}), max_length=MAX_POSITION_CHARS
    )
    action = forms.CharField(label=_("The move (an action's JSON)"), max_length=2000)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [  # type: ignore[attr-defined]
            (s.id, s.name if (get_language() or "").startswith("zh") else s.name_en) for s in engines.board_systems()
        ]

    def clean_position(self) -> dict[str, Any]:
        data = _json_field(self.cleaned_data["position"], what=_("The position"))
        if not isinstance(data, dict):
            raise forms.ValidationError(_("The position must be a JSON object."))
        return data

    def clean_action(self) -> Any:
        return _json_field(self.cleaned_data["action"], what=_("The move"))


class JudgeForm(forms.Form):
    log = forms.FileField(label=_("A board-game table log (JSON)"), required=False)
    table = forms.IntegerField(label=_("Or a stored table's number"), required=False, min_value=1)

    def clean_log(self) -> Any:
        f = self.cleaned_data.get("log")
        if f is not None and f.size > MAX_LOG_BYTES:
            raise forms.ValidationError(_("The log is too big."))
        return f

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("log") and not data.get("table"):
            raise forms.ValidationError(_("Upload a log or name a table."))
        return data
