"""Every input of the boards pages: map and game-data uploads, and the battle calculator's form.

The calculator's form builds the documented calculator input (``docs/longhu.md``, ``docs/wenlu.md``: the
file of ``python -m engine battle GAME FILE``): the battle as JSON, the dice the table rolled, or the site's roll.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from boards.models import GameMap
from boards.services.maps import MAX_FILE_BYTES
from junling.parsers import InputRefused, load_json

MAX_BATTLE_CHARS = 50_000
MAX_DICE = 500


def _check_size(upload: Any) -> Any:
    if upload.size is not None and upload.size > MAX_FILE_BYTES:
        raise forms.ValidationError(
            _("The file is %(kb)d KB; the limit is %(limit)d KB.")
            % {"kb": upload.size // 1024, "limit": MAX_FILE_BYTES // 1024},
            code="too_large",
        )
    return upload


class MapImportForm(forms.Form):
    """An upload of a map file (``junling-map/1``), with an optional version label."""

    file = forms.FileField(
        label=gettext_lazy("Map file (JSON)"),
        error_messages={"required": gettext_lazy("Choose a JSON file to upload.")},
    )
    version = forms.CharField(label=gettext_lazy("Version (optional)"), required=False, max_length=50)

    def clean_file(self) -> Any:
        return _check_size(self.cleaned_data["file"])


class GameDataImportForm(forms.Form):
    """An upload of a game-data file, checked against a stored map version (default: the newest of the map
    the file names)."""

    file = forms.FileField(
        label=gettext_lazy("Game data file (JSON)"),
        error_messages={"required": gettext_lazy("Choose a JSON file to upload.")},
    )
    game_map = forms.ModelChoiceField(
        label=gettext_lazy("Map version (optional)"), queryset=GameMap.objects.none(), required=False
    )
    version = forms.CharField(label=gettext_lazy("Version (optional)"), required=False, max_length=50)

    def __init__(self, *args: Any, system_id: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game_map"].queryset = GameMap.objects.filter(system=system_id)  # type: ignore[attr-defined]

    def clean_file(self) -> Any:
        return _check_size(self.cleaned_data["file"])


class BattleForm(forms.Form):
    """The battle calculator's own fields: the battle as JSON (an import: given, it is the battle and redraws the
    fields of ``boards.battle_fields``), the dice, who rolls, and what to do (work it out, keep it as a log,
    download its JSON, import the JSON)."""

    CALCULATE, KEEP, EXPORT, IMPORT = "calculate", "keep", "export", "import"
    TABLE, SITE = "table", "site"

    battle = forms.CharField(
        label=gettext_lazy("Import a battle as the calculator's JSON input (it replaces the fields above)"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        max_length=MAX_BATTLE_CHARS,
        required=False,
        strip=False,
    )
    dice = forms.CharField(
        label=gettext_lazy("Dice rolled at the table, in order (e.g. 4 3 2 6)"),
        required=False,
        max_length=MAX_DICE * 3,
        help_text=gettext_lazy("In the order the steps ask for them: each step names the die it wants."),
    )
    seed = forms.IntegerField(
        label=gettext_lazy("Seed for the dice not given (optional)"),
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text=gettext_lazy("A seed the table agreed on rolls the dice not given, the same every time."),
    )
    roll = forms.ChoiceField(
        label=gettext_lazy("Who rolls the dice not given"),
        choices=[
            (TABLE, gettext_lazy("Nobody: every die is given (else the calculator says which die it needs)")),
            (SITE, gettext_lazy("Let the site roll them (seeded and committed)")),
        ],
        initial=TABLE,
        widget=forms.RadioSelect,
    )
    signed_seed = forms.CharField(required=False, max_length=200, widget=forms.HiddenInput)
    action = forms.ChoiceField(
        choices=[(CALCULATE, CALCULATE), (KEEP, KEEP), (EXPORT, EXPORT), (IMPORT, IMPORT)], required=False
    )

    def clean_battle(self) -> dict[str, Any] | None:
        """The imported battle, or None when the JSON box is left empty (the fields are the battle)."""
        if not (self.cleaned_data.get("battle") or "").strip():
            return None
        try:
            value = load_json(self.cleaned_data["battle"])  # the one JSON reader: its limits, its words
        except InputRefused as exc:
            raise forms.ValidationError(
                _("This is not JSON the calculator reads: %(why)s.") % {"why": exc.reason}, code="json"
            ) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("The battle must be a JSON object."), code="not_an_object")
        return value

    def clean_dice(self) -> list[int]:
        words = [w for w in re.split(r"[\s,，、]+", self.cleaned_data.get("dice") or "") if w]
        bad = [w for w in words if w not in {"1", "2", "3", "4", "5", "6"}]
        if bad:
            raise forms.ValidationError(
                _("A die is a number from 1 to 6, not %(value)s.") % {"value": bad[0][:10]}, code="die"
            )
        if len(words) > MAX_DICE:
            raise forms.ValidationError(_("At most %(n)d dice.") % {"n": MAX_DICE}, code="too_many")
        return [int(w) for w in words]

    def clean_action(self) -> str:
        return self.cleaned_data.get("action") or self.CALCULATE

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("action") == self.IMPORT and data.get("battle") is None and "battle" not in self.errors:
            self.add_error("battle", _("Paste the battle's JSON here to import it."))
        return data


MAX_LAYOUT_CHARS = 200_000


class MapLayoutForm(forms.Form):
    """The positions the map page's board was moved to: a JSON object of place id → ``[x, y]`` (``board.js`` fills
    it in); the map then checks the ids and the ranges."""

    positions = forms.CharField(
        max_length=MAX_LAYOUT_CHARS,
        widget=forms.HiddenInput,
        error_messages={"required": gettext_lazy("Move a place first: no position was changed.")},
    )

    def clean_positions(self) -> dict[str, tuple[float, float]]:
        try:
            data = load_json(self.cleaned_data["positions"])
        except InputRefused as exc:
            raise forms.ValidationError(str(exc), code="json") from None
        if not isinstance(data, dict) or not data:
            raise forms.ValidationError(_("The positions must be an object of place → [x, y]."), code="shape")
        out: dict[str, tuple[float, float]] = {}
        for place, point in data.items():
            if (
                not isinstance(point, list)
                or len(point) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in point)
            ):
                raise forms.ValidationError(
                    _("The position of %(place)s must be [x, y], two numbers.") % {"place": place}, code="point"
                )
            out[str(place)] = (round(float(point[0]), 1), round(float(point[1]), 1))
        return out
